#include "ui/views/common/scorestable.h"

#include "ui/base/textcolors.h"
#include "ui/models/scorematrixmodel.h"
#include "ui/views/common/matrixclipboard.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace attn::ui {

ScoresTable::ScoresTable(doc::ScenarioDocument *document, QWidget *parent)
    : QGroupBox(parent), m_document(document)
{
    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("scoresTitle"));
    m_title->setTextFormat(Qt::RichText);
    m_title->setWordWrap(true); // the shape goes to a second line in a narrow view

    m_editDirectly = new QPushButton(tr("Edit scores directly"), this);
    m_editDirectly->setObjectName(QStringLiteral("editScoresDirectly"));
    m_editDirectly->setToolTip(
        tr("Replace Q·Kᵀ by a score matrix S equal to the logits shown, so that you can type scores.\n"
           "Scale and temperature are folded into S (both go back to 1): every weight stays the same.\n"
           "Choose a score kind above to compute the scores from Q and K again."));
    connect(m_editDirectly, &QPushButton::clicked, this, &ScoresTable::editScoresDirectly);

    m_model = new ScoreMatrixModel(document, this);
    connect(m_model, &ScoreMatrixModel::inputRejected, this, &ScoresTable::inputRejected);
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("STable"));
    m_table->setModel(m_model);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->horizontalHeader()->setMinimumSectionSize(56);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(24);
    m_table->setSelectionMode(QAbstractItemView::ContiguousSelection); // rectangles to copy and paste
    m_clipboard = new MatrixClipboard(document, doc::MatrixKind::Scores, m_table);

    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("scoresNote"));
    m_note->setWordWrap(true);
    setTextTone(m_note, TextTone::Secondary);

    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_editDirectly);
    bottom->addWidget(m_note, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_title);
    layout->addWidget(m_table);
    layout->addLayout(bottom);

    connect(m_model, &QAbstractItemModel::modelReset, this, &ScoresTable::updateFromModel);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &ScoresTable::updateFromModel);
    updateFromModel();
}

void ScoresTable::changeEvent(QEvent *event)
{
    QGroupBox::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_note) updateFromModel(); // the title's grey
}

QString ScoresTable::titleText() const
{
    return m_title->text();
}

void ScoresTable::updateFromModel()
{
    const Scenario &s = m_document->scenario();
    const bool raw = m_model->isEditable();
    const int heads = m_document->headCount(doc::TensorRole::Query);
    const QString size =
        QStringLiteral("n_q × n_k = %1 × %2").arg(m_model->rowCount()).arg(m_model->columnCount());
    QString which;
    if (heads > 1)
        which = raw && s.scores.size() == 1 ? tr(", shared by all %1 heads").arg(heads)
                                            : tr(", head %1").arg(m_document->selectedHead());
    const QString what =
        raw ? tr("<b>S</b> — raw scores%1, editable") : tr("<b>S</b> — scores (logits)%1, read-only");
    m_title->setText(what.arg(which) + QStringLiteral(" &nbsp; <span style='color:%1'>%2</span>")
                                           .arg(textColorName(TextTone::Secondary), size));
    m_title->setToolTip(
        raw ? tr("Raw scores replace Q·Kᵀ: Q and K are not used while S is given.\n"
                 "logits = scale · S / temperature (scale 1 unless set), then softmax per row.")
            : tr("Every score at once: S = scale · Q·Kᵀ / temperature (Vaswani et al. 2017, "
                 "§3.2.1), before masking; A = softmax of each row."));
    // As tall as its rows, up to 6 when S is the input being edited and 3 when it only shows the
    // computed logits (it scrolls), so that the weights heatmap below keeps its room.
    const int shownRows = raw ? 6 : 3;
    const int rows = std::clamp(m_model->rowCount(), 1, shownRows);
    const int scrollBar =
        m_model->columnCount() > 8 ? m_table->horizontalScrollBar()->sizeHint().height() : 0;
    m_table->setFixedHeight(m_table->horizontalHeader()->sizeHint().height() +
                            rows * m_table->verticalHeader()->defaultSectionSize() +
                            2 * m_table->frameWidth() + scrollBar + 2);
    m_editDirectly->setVisible(!raw);
    const QString bias = s.positional.kind == PositionalKind::Alibi ? tr(" + ALiBi bias") : QString();
    if (!raw && s.score == ScoreKind::Additive)
        m_note->setText(tr("S_ij = scale · vᵀtanh(W_q q_i + W_k k_j) / τ%1; A = softmax of each row over the "
                           "visible keys.")
                            .arg(bias));
    else if (!raw)
        m_note->setText(
            tr("S = scale · Q·Kᵀ / τ%1; A = softmax of each row over the visible keys.").arg(bias));
    else if (m_document->hasQueryAndKey())
        m_note->setText(
            tr("Q and K are not used while S is given; choose a score kind above to compute S from "
               "them again."));
    else
        m_note->setText(
            tr("This scenario gives S itself instead of Q and K; logits = scale · S / τ%1.").arg(bias));
    m_editDirectly->setEnabled(!m_locked);
    m_table->setEditTriggers(raw && !m_locked ? QAbstractItemView::AllEditTriggers
                                              : QAbstractItemView::NoEditTriggers);
}

bool ScoresTable::editScoresDirectly()
{
    if (usesRawScores(m_document->scenario())) return false;
    QString why;
    const std::optional<Scenario> edited =
        scenarioWithRawScores(m_document->scenario(), m_document->trace(), &why);
    if (!edited) {
        emit inputRejected(tr("Cannot edit the scores directly: %1.").arg(why));
        return false;
    }
    return m_document->replaceScenario(*edited, tr("Edit scores directly"));
}

void ScoresTable::setLocked(bool locked)
{
    m_locked = locked;
    m_table->setToolTip(locked ? tr("Locked in this step of the lesson") : QString());
    updateFromModel();
}

} // namespace attn::ui
