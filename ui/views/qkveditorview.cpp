#include "ui/views/qkveditorview.h"

#include "ui/models/matrixtablemodel.h"
#include "ui/numbertext.h"
#include "ui/plots/barplot.h"
#include "ui/plots/heatmapplot.h"

#include <QComboBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace attn::ui {

using doc::TensorRole;

namespace {

int indexOf(TensorRole role)
{
    return static_cast<int>(role);
}

/// Entries written in the scores, weights and output lines; the rest are elided.
constexpr Index kShownEntries = 16;
/// Entries written in their tooltips (exact values are long; hover a plot for the others).
constexpr Index kShownExactEntries = 64;

/// "[1.340, 1.321]" (compact) or, with `exact`, the shortest exact form of each value. At most
/// kShownEntries (kShownExactEntries when exact) entries, then "… (1000 keys)" naming the count
/// with `noun`. With `groupSize` > 0, head blocks of that many values are separated by " | ".
QString vectorText(const Eigen::Ref<const Eigen::RowVectorXd> &row, bool exact, const QString &noun,
                   int groupSize = 0)
{
    const Index limit = exact ? kShownExactEntries : kShownEntries;
    QString text = QStringLiteral("[");
    for (Index j = 0; j < std::min(row.size(), limit); ++j) {
        if (j > 0) text += groupSize > 0 && j % groupSize == 0 ? QStringLiteral(" | ") : QStringLiteral(", ");
        text += exact ? exactNumber(row(j)) : compactNumber(row(j));
    }
    if (row.size() > limit) text += QStringLiteral(", … (%1 %2)").arg(row.size()).arg(noun);
    return text + QLatin1Char(']');
}

QToolButton *makeButton(const QString &text, const QString &toolTip, QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setText(text);
    button->setToolTip(toolTip);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    return button;
}

} // namespace

QkvEditorView::QkvEditorView(doc::ScenarioDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document)
{
    m_shapesLabel = new QLabel(this);
    m_shapesLabel->setObjectName(QStringLiteral("shapesLabel"));
    QFont big = m_shapesLabel->font();
    big.setPointSizeF(big.pointSizeF() * 1.25);
    big.setBold(true);
    m_shapesLabel->setFont(big);
    m_shapesLabel->setToolTip(tr("Q: n_q × (H_q·d_k)   K: n_k × (H_kv·d_k)   V: n_k × (H_kv·d_v)\n"
                                 "A = softmax(scores): n_q × n_k per head   O = A·V: n_q × (H_q·d_v)"));

    m_querySelector = new QComboBox(this);
    m_querySelector->setObjectName(QStringLiteral("querySelector"));
    m_querySelector->setToolTip(tr("The query whose weights and output are shown"));
    // Wide enough for the longest token of every scenario loaded, not only the first.
    m_querySelector->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_querySelector->setMinimumContentsLength(4);
    m_headSelector = new QComboBox(this);
    m_headSelector->setToolTip(tr("The query head shown in the heatmap"));
    m_headSelector->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_headCaption = new QLabel(tr("Head:"), this);

    auto *top = new QHBoxLayout;
    top->addWidget(m_shapesLabel, 1);
    top->addWidget(new QLabel(tr("Query:"), this));
    top->addWidget(m_querySelector);
    top->addWidget(m_headCaption);
    top->addWidget(m_headSelector);

    auto *tensors = new QWidget(this);
    auto *tensorLayout = new QVBoxLayout(tensors);
    tensorLayout->setContentsMargins(0, 0, 0, 0);
    for (TensorRole role : {TensorRole::Query, TensorRole::Key, TensorRole::Value})
        tensorLayout->addWidget(createTensorPanel(role), 1);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(tensors);
    splitter->addWidget(createPlotsPanel());
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    splitter->setChildrenCollapsible(false);
    splitter->setSizes({560, 800}); // the plots get the larger share at first

    m_messageLabel = new QLabel(this);
    m_messageLabel->setObjectName(QStringLiteral("messageLabel"));
    m_messageLabel->setWordWrap(true);
    m_messageLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_messageLabel);

    connect(m_document, &doc::ScenarioDocument::scenarioChanged, this, &QkvEditorView::updateScenario);
    connect(m_document, &doc::ScenarioDocument::traceChanged, this, &QkvEditorView::updateTrace);
    connect(m_document, &doc::ScenarioDocument::selectedQueryChanged, this, &QkvEditorView::updateSelection);
    connect(m_document, &doc::ScenarioDocument::selectedHeadChanged, this, &QkvEditorView::updateTrace);
    connect(m_querySelector, &QComboBox::currentIndexChanged, m_document,
            &doc::ScenarioDocument::setSelectedQuery);
    connect(m_headSelector, &QComboBox::currentIndexChanged, m_document,
            &doc::ScenarioDocument::setSelectedHead);
    connect(m_heatmap, &HeatmapPlot::querySelected, m_document, &doc::ScenarioDocument::setSelectedQuery);
    connect(m_document, &doc::ScenarioDocument::editRefused, this, &QkvEditorView::showMessage);

    updateScenario();
    updateTrace();
}

QkvEditorView::~QkvEditorView() = default;

QWidget *QkvEditorView::createTensorPanel(TensorRole role)
{
    const int i = indexOf(role);
    auto *box = new QGroupBox(this);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(6, 6, 6, 6);
    m_panelTitles[i] = new QLabel(box);
    m_panelTitles[i]->setTextFormat(Qt::RichText);
    layout->addWidget(m_panelTitles[i]);
    if (role == TensorRole::Value) {
        // The scenario's own explanation (its "comment"), e.g. why V equals K in a preset.
        m_scenarioNote = new QLabel(box);
        m_scenarioNote->setObjectName(QStringLiteral("scenarioNote"));
        m_scenarioNote->setWordWrap(true);
        m_scenarioNote->setTextFormat(Qt::PlainText);
        m_scenarioNote->setStyleSheet(QStringLiteral("QLabel { color: #444; font-style: italic; }"));
        m_scenarioNote->setVisible(false);
        layout->addWidget(m_scenarioNote);
    }

    m_models[i] = new MatrixTableModel(m_document, role, this);
    connect(m_models[i], &MatrixTableModel::inputRejected, this, &QkvEditorView::showMessage);
    auto *table = new QTableView(box);
    table->setObjectName(doc::tensorName(role) + QStringLiteral("Table"));
    table->setModel(m_models[i]);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    table->horizontalHeader()->setMinimumSectionSize(56);
    table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    table->verticalHeader()->setDefaultSectionSize(24);
    table->setEditTriggers(QAbstractItemView::AllEditTriggers);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tables[i] = table;
    layout->addWidget(table, 1);

    const bool isQuery = role == TensorRole::Query;
    const bool isValue = role == TensorRole::Value;
    const QString rowWord = isQuery ? tr("query") : tr("key");
    const QString dimWord = isValue ? QStringLiteral("d_v") : QStringLiteral("d_k");
    auto *addRow = makeButton(isQuery ? tr("Add query") : tr("Add key"),
                              isQuery ? tr("Add a query (a row of zeros in Q)")
                                      : tr("Add a key (a row of zeros in both K and V)"),
                              box);
    auto *removeRow = makeButton(isQuery ? tr("Remove query") : tr("Remove key"),
                                 isQuery ? tr("Remove the selected query (or the last one) from Q")
                                         : tr("Remove the selected key (or the last one) from K and V"),
                                 box);
    auto *addDim = makeButton(tr("Add %1 column").arg(dimWord),
                              isValue ? tr("Add a feature column to V (d_v grows by one)")
                                      : tr("Add a feature column to both Q and K (d_k grows by one)"),
                              box);
    auto *removeDim =
        makeButton(tr("Remove %1 column").arg(dimWord),
                   isValue ? tr("Remove the selected feature column (or the last one) from V")
                           : tr("Remove the selected feature column (or the last one) from Q and K"),
                   box);
    addRow->setObjectName(QStringLiteral("add_%1_%2").arg(doc::tensorName(role), rowWord));
    removeRow->setObjectName(QStringLiteral("remove_%1_%2").arg(doc::tensorName(role), rowWord));
    addDim->setObjectName(QStringLiteral("add_%1_%2").arg(doc::tensorName(role), dimWord));
    removeDim->setObjectName(QStringLiteral("remove_%1_%2").arg(doc::tensorName(role), dimWord));

    connect(addRow, &QToolButton::clicked, this,
            [this, isQuery] { isQuery ? m_document->addQuery() : m_document->addKey(); });
    // Each button checks its own condition; an edit the engine cannot compute is refused by
    // the document, which says why through editRefused().
    connect(removeRow, &QToolButton::clicked, this, [this, role, isQuery, rowWord] {
        const int count = isQuery ? m_document->queryCount() : m_document->keyCount();
        if (count <= 1) {
            showMessage(tr("Cannot remove the last %1: attention needs at least one.").arg(rowWord));
            return;
        }
        isQuery ? m_document->removeQuery(targetRow(role)) : m_document->removeKey(targetRow(role));
    });
    connect(addDim, &QToolButton::clicked, this, [this, isValue] {
        if (!isValue && !m_document->hasQueryAndKey()) {
            showMessage(tr("This scenario gives raw scores instead of Q and K: there is no d_k to change."));
            return;
        }
        isValue ? m_document->addValueDim() : m_document->addKeyDim();
    });
    connect(removeDim, &QToolButton::clicked, this, [this, role, isValue, dimWord] {
        if (!isValue && !m_document->hasQueryAndKey()) {
            showMessage(tr("This scenario gives raw scores instead of Q and K: there is no d_k to change."));
            return;
        }
        if (m_document->headWidth(role) <= 1) {
            showMessage(tr("Cannot remove the last %1 column: %1 must be at least 1.").arg(dimWord));
            return;
        }
        isValue ? m_document->removeValueDim(targetDim(role)) : m_document->removeKeyDim(targetDim(role));
    });

    auto *buttons = new QHBoxLayout;
    for (QToolButton *button : {addRow, removeRow, addDim, removeDim}) buttons->addWidget(button);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    return box;
}

QWidget *QkvEditorView::createPlotsPanel()
{
    auto *panel = new QWidget(this);
    auto *layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 0, 0);
    m_heatmap = new HeatmapPlot(panel);
    m_barPlot = new BarPlot(panel);
    auto *plots = new QSplitter(Qt::Vertical, panel);
    plots->addWidget(m_heatmap);
    plots->addWidget(m_barPlot);
    plots->setStretchFactor(0, 3);
    plots->setStretchFactor(1, 2);
    plots->setChildrenCollapsible(false);
    layout->addWidget(plots, 1);

    m_scoresLabel = new QLabel(panel);
    m_scoresLabel->setObjectName(QStringLiteral("scoresLabel"));
    m_scoresLabel->setWordWrap(true);
    m_scoresLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_outputCaption = new QLabel(panel);
    m_outputLabel = new QLabel(panel);
    m_outputLabel->setObjectName(QStringLiteral("outputLabel"));
    QFont big = m_outputLabel->font();
    big.setPointSizeF(big.pointSizeF() * 1.3);
    big.setBold(true);
    m_outputLabel->setFont(big);
    m_outputLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_outputLabel->setWordWrap(true);
    auto *output = new QHBoxLayout;
    output->addWidget(m_outputCaption);
    output->addWidget(m_outputLabel, 1);
    layout->addWidget(m_scoresLabel);
    layout->addLayout(output);
    return panel;
}

MatrixTableModel *QkvEditorView::model(TensorRole role) const
{
    return m_models[indexOf(role)];
}

QTableView *QkvEditorView::tableView(TensorRole role) const
{
    return m_tables[indexOf(role)];
}

QString QkvEditorView::shapesText() const
{
    return m_shapesLabel->text();
}

QString QkvEditorView::outputText() const
{
    return m_outputLabel->text();
}

QString QkvEditorView::scoresText() const
{
    return m_scoresLabel->text();
}

QString QkvEditorView::messageText() const
{
    return m_messageLabel->text();
}

void QkvEditorView::updateScenario()
{
    const Scenario &s = m_document->scenario();
    const auto dims = [](const Matrix &m) { return QStringLiteral("%1×%2").arg(m.rows()).arg(m.cols()); };
    const int nq = m_document->queryCount();
    const int nk = m_document->keyCount();
    const int hq = m_document->headCount(TensorRole::Query);
    const int dv = m_document->valueDim();
    QString a = QStringLiteral("%1×%2").arg(nq).arg(nk);
    if (hq > 1) a = tr("%1 per head (%2 heads)").arg(a).arg(hq);
    m_shapesLabel->setText(tr("Q %1, K %2, V %3 → A %4, O %5×%6")
                               .arg(dims(s.query), dims(s.key), dims(s.value), a)
                               .arg(nq)
                               .arg(hq * dv));

    const int dk = m_document->keyDim();
    const int hkv = m_document->headCount(TensorRole::Key);
    const auto heads = [](int h, const QString &w) {
        return h > 1 ? QStringLiteral("%1·%2").arg(h).arg(w) : w;
    };
    m_panelTitles[0]->setText(tr("<b>Q</b> — queries: what each token looks for &nbsp; "
                                 "<span style='color:#555'>n_q × %1 = %2 × %3</span>")
                                  .arg(heads(hq, QStringLiteral("d_k")))
                                  .arg(nq)
                                  .arg(hq * dk));
    m_panelTitles[1]->setText(tr("<b>K</b> — keys: what each token offers to be matched (how much to take) "
                                 "&nbsp; <span style='color:#555'>n_k × %1 = %2 × %3</span>")
                                  .arg(heads(hkv, QStringLiteral("d_k")))
                                  .arg(nk)
                                  .arg(hkv * dk));
    m_panelTitles[2]->setText(tr("<b>V</b> — values: what each token hands over (what to take) "
                                 "&nbsp; <span style='color:#555'>n_k × %1 = %2 × %3</span>")
                                  .arg(heads(hkv, QStringLiteral("d_v")))
                                  .arg(nk)
                                  .arg(hkv * dv));
    updateSelectors();
}

void QkvEditorView::updateSelectors()
{
    const QSignalBlocker blockQuery(m_querySelector);
    m_querySelector->clear();
    for (int i = 0; i < m_document->queryCount(); ++i) m_querySelector->addItem(m_document->queryLabel(i));
    m_querySelector->setCurrentIndex(m_document->selectedQuery());

    const QSignalBlocker blockHead(m_headSelector);
    const Scenario &s = m_document->scenario();
    const int hq = m_document->headCount(TensorRole::Query);
    m_headSelector->clear();
    for (int h = 0; h < hq; ++h)
        m_headSelector->addItem(tr("head %1 (K/V head %2)").arg(h).arg(kvHeadFor(h, hq, s.num_kv_heads)));
    m_headSelector->setCurrentIndex(m_document->selectedHead());
    m_headSelector->setVisible(hq > 1);
    m_headCaption->setVisible(hq > 1);
}

void QkvEditorView::updateTrace()
{
    const AttentionTrace &trace = m_document->trace();
    const int head = m_document->selectedHead();
    const QStringList queryLabels = m_document->traceQueryLabels();
    const QStringList keyLabels = m_document->traceKeyLabels();
    if (head < static_cast<int>(trace.heads.size())) {
        m_heatmap->setHead(trace.heads[head], queryLabels, keyLabels,
                           m_document->scenario().mask.all_masked_rows);
        m_heatmap->setTitle(
            trace.heads.size() > 1
                ? tr("Attention weights A, head %1 (K/V head %2)").arg(head).arg(trace.heads[head].kv_head)
                : tr("Attention weights A"));
    } else {
        m_heatmap->clear();
    }

    const QString error = m_document->lastError();
    if (!error.isEmpty())
        showMessage(
            tr("Cannot compute this scenario: %1 — the plots show the last valid result.").arg(error));
    else
        showNote(m_document->nanNote()); // empty when every entry is a number
    updateSelection();
}

void QkvEditorView::updateSelection()
{
    const AttentionTrace &trace = m_document->trace();
    const int row = m_document->selectedQuery();
    const int head = m_document->selectedHead();
    if (m_querySelector->currentIndex() != row) {
        const QSignalBlocker block(m_querySelector);
        m_querySelector->setCurrentIndex(row);
    }
    m_heatmap->setSelectedQuery(row);

    const QString label = m_document->traceQueryLabels().value(row);
    if (head >= static_cast<int>(trace.heads.size()) || row >= trace.output.rows()) {
        m_barPlot->clear();
        m_scoresLabel->clear();
        m_outputCaption->setText(tr("Output:"));
        m_outputLabel->setText(tr("O = (not computed)"));
        m_outputLabel->setToolTip({});
        return;
    }
    const HeadTrace &h = trace.heads[head];
    m_barPlot->setQueryRow(h, row, m_document->traceKeyLabels(), label,
                           m_document->scenario().mask.all_masked_rows);

    const QString keys = tr("keys");
    m_scoresLabel->setText(tr("Query “%1”: scores = %2 → weights = %3")
                               .arg(label, vectorText(h.logits.row(row), false, keys),
                                    vectorText(h.weights.row(row), false, keys)));
    m_scoresLabel->setToolTip(
        tr("scores (logits) = %1\nweights = %2")
            .arg(vectorText(h.logits.row(row), true, keys), vectorText(h.weights.row(row), true, keys)));
    const int groupSize = trace.heads.size() > 1 ? static_cast<int>(trace.shapes.d_v) : 0;
    const QString values = tr("values");
    m_outputCaption->setText(tr("Output of “%1” (weights · V):").arg(label));
    m_outputLabel->setText(QStringLiteral("O = ") +
                           vectorText(trace.output.row(row), false, values, groupSize));
    m_outputLabel->setToolTip(QStringLiteral("O = ") +
                              vectorText(trace.output.row(row), true, values, groupSize));
}

void QkvEditorView::showMessage(const QString &message)
{
    m_messageLabel->setStyleSheet(QStringLiteral("QLabel { color: #c0392b; font-weight: bold; }"));
    m_messageLabel->setText(message);
    m_messageLabel->setVisible(!message.isEmpty());
}

void QkvEditorView::showNote(const QString &note)
{
    m_messageLabel->setStyleSheet(QStringLiteral("QLabel { color: #7a4b00; }"));
    m_messageLabel->setText(note);
    m_messageLabel->setVisible(!note.isEmpty());
}

void QkvEditorView::setScenarioNote(const QString &note)
{
    m_scenarioNote->setText(note.simplified());
    m_scenarioNote->setVisible(!note.trimmed().isEmpty());
}

QString QkvEditorView::scenarioNote() const
{
    return m_scenarioNote->text();
}

int QkvEditorView::targetRow(TensorRole role) const
{
    const QModelIndex current = tableView(role)->currentIndex();
    if (current.isValid()) return current.row();
    return (role == TensorRole::Query ? m_document->queryCount() : m_document->keyCount()) - 1;
}

int QkvEditorView::targetDim(TensorRole role) const
{
    const int width = m_document->headWidth(role);
    const QModelIndex current = tableView(role)->currentIndex();
    if (current.isValid() && width > 0) return current.column() % width;
    return width - 1;
}

} // namespace attn::ui
