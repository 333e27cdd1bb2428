#include "ui/views/qkv/qkveditorview.h"

#include "ui/base/fitscrollarea.h"
#include "ui/base/textcolors.h"
#include "ui/models/matrixtablemodel.h"
#include "ui/plots/barplot.h"
#include "ui/plots/heatmapplot.h"
#include "ui/views/common/matrixclipboard.h"
#include "ui/views/common/scorecontrols.h"
#include "ui/views/common/scorestable.h"
#include "ui/views/qkv/editortext.h"
#include "ui/views/qkv/projectionpanel.h"
#include "ui/views/qkv/tablelock.h"
#include "ui/views/qkv/tensorbuttons.h"

#include <QComboBox>
#include <QEvent>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QTextDocumentFragment>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace attn::ui {

using doc::TensorRole;

namespace {

int indexOf(TensorRole role)
{
    return static_cast<int>(role);
}

} // namespace

QkvEditorView::QkvEditorView(doc::ScenarioDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_documentAlive(document)
{
    m_shapesLabel = new QLabel(this);
    m_shapesLabel->setObjectName(QStringLiteral("shapesLabel"));
    QFont big = m_shapesLabel->font();
    big.setPointSizeF(big.pointSizeF() * 1.25);
    big.setBold(true);
    m_shapesLabel->setFont(big);
    m_shapesLabel->setWordWrap(true); // two lines rather than a wider view
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
    // The scenario's own explanation (its "comment", e.g. why V equals K in a preset) is about
    // the whole scenario: it stands above the tables, not under one of them.
    m_scenarioNote = new QLabel(tensors);
    m_scenarioNote->setObjectName(QStringLiteral("scenarioNote"));
    m_scenarioNote->setWordWrap(true);
    m_scenarioNote->setTextFormat(Qt::PlainText);
    m_scenarioNote->setStyleSheet(QStringLiteral("QLabel { font-style: italic; }"));
    setTextTone(m_scenarioNote, TextTone::Secondary); // readable on the dark theme too
    m_scenarioNote->setVisible(false);
    tensorLayout->addWidget(m_scenarioNote);
    m_projectionPanel = new ProjectionPanel(m_document, tensors);
    connect(m_projectionPanel, &ProjectionPanel::inputRejected, this, &QkvEditorView::showMessage);
    tensorLayout->addWidget(m_projectionPanel, 1);
    for (TensorRole role : {TensorRole::Query, TensorRole::Key, TensorRole::Value})
        tensorLayout->addWidget(createTensorPanel(role), 1);
    auto *scoreControls = new ScoreControls(m_document, this); // score kind, scale, temperature

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    // The tensors scroll on their own when the window is low (1280 × 720, presentation mode):
    // each table keeps two rows in sight, and the plots keep the window's whole height.
    auto *tensorArea = new FitScrollArea(tensors, splitter);
    tensorArea->setObjectName(QStringLiteral("tensorArea"));
    splitter->addWidget(tensorArea);
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
    layout->addWidget(scoreControls);
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
    connect(scoreControls, &ScoreControls::inputRejected, this, &QkvEditorView::showMessage);

    updateScenario();
    updateTrace();
}

QkvEditorView::~QkvEditorView()
{
    // ~QWidget closes a top-level view, and an open cell editor then commits its text to the
    // document, whose signals must not reach this half-destroyed view (UBSan: invalid downcast).
    if (m_documentAlive) QObject::disconnect(m_documentAlive, nullptr, this, nullptr);
}

QWidget *QkvEditorView::createTensorPanel(TensorRole role)
{
    const int i = indexOf(role);
    auto *box = new QGroupBox(this);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(6, 6, 6, 6);
    m_panelTitles[i] = new QLabel(box);
    m_panelTitles[i]->setTextFormat(Qt::RichText);
    // The padlock sits inside the title, left of its text: the title stays the label just before
    // the table in the layout, which names the table for screen readers.
    m_lockIcons[i] = new QLabel(m_panelTitles[i]);
    m_lockIcons[i]->setObjectName(doc::tensorName(role) + QStringLiteral("Lock"));
    m_panelTitles[i]->setWordWrap(true); // the shapes go to a second line in a narrow column
    layout->addWidget(m_panelTitles[i]);

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
    // Tab in a cell's editor goes to the next cell; once Esc has closed the editor, Tab leaves the
    // table (with every edit trigger on, Tab from cell to cell would never let the keyboard out).
    table->setTabKeyNavigation(false);
    // A rectangle of cells, for copy and paste with a spreadsheet (Ctrl+C, Ctrl+V, context menu).
    table->setSelectionMode(QAbstractItemView::ContiguousSelection);
    m_tables[i] = table;
    m_locks[i] = new TableLock(table, m_lockIcons[i], this);
    connect(m_locks[i], &TableLock::refused, this, &QkvEditorView::showNote);
    const doc::MatrixKind kind = role == TensorRole::Query ? doc::MatrixKind::Query
                                 : role == TensorRole::Key ? doc::MatrixKind::Key
                                                           : doc::MatrixKind::Value;
    m_clipboards[i] = new MatrixClipboard(m_document, kind, table);
    connect(m_clipboards[i], &MatrixClipboard::refused, this, &QkvEditorView::showMessage);
    layout->addWidget(table, 1);

    layout->addLayout(createTensorButtons(m_document, role, box,
                                          {[this, role] { return targetRow(role); },
                                           [this, role] { return targetDim(role); },
                                           [this](const QString &message) { showMessage(message); }}));
    return box;
}

QWidget *QkvEditorView::createPlotsPanel()
{
    auto *panel = new QWidget(this);
    auto *layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 0, 0);
    keepWrappedHeight(panel); // in a splitter: its wrapped lines must not squeeze the plots
    m_heatmap = new HeatmapPlot(panel);
    m_barPlot = new BarPlot(panel);
    auto *plots = new QSplitter(Qt::Vertical, panel);
    plots->addWidget(m_heatmap);
    plots->addWidget(m_barPlot);
    plots->setStretchFactor(0, 3);
    plots->setStretchFactor(1, 2);
    plots->setChildrenCollapsible(false);
    auto *scores = new ScoresTable(m_document, panel); // S: the logits, or raw scores to edit
    m_scoresTable = scores;
    connect(scores, &ScoresTable::inputRejected, this, &QkvEditorView::showMessage);
    connect(scores->clipboard(), &MatrixClipboard::refused, this, &QkvEditorView::showMessage);
    layout->addWidget(scores);
    // Everything below the scores shows weights or outputs: one area a lesson can cover.
    m_weightsArea = new QWidget(panel);
    m_weightsArea->setObjectName(QStringLiteral("weightsArea"));
    layout->addWidget(m_weightsArea, 1);
    layout = new QVBoxLayout(m_weightsArea);
    layout->setContentsMargins(0, 0, 0, 0);
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

MatrixClipboard *QkvEditorView::matrixClipboard(doc::MatrixKind kind) const
{
    switch (kind) {
    case doc::MatrixKind::Query: return m_clipboards[0];
    case doc::MatrixKind::Key: return m_clipboards[1];
    case doc::MatrixKind::Value: return m_clipboards[2];
    case doc::MatrixKind::Scores: break;
    }
    return m_scoresTable->clipboard();
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

void QkvEditorView::fitTableRows()
{
    for (QTableView *table : m_tables) {
        // Rows as tall as the text (presentation mode's fonts are larger), and at least two of
        // them (or all) in sight: the table's minimum height, which the tensor column scrolls for.
        const int row = std::max(24, table->fontMetrics().height() + 8);
        table->verticalHeader()->setDefaultSectionSize(row);
        const int rows = std::min(table->model()->rowCount(), 2);
        const int frame = 2 * table->frameWidth();
        table->setMinimumHeight(table->horizontalHeader()->sizeHint().height() + rows * row + frame +
                                table->horizontalScrollBar()->sizeHint().height());
    }
}

void QkvEditorView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange && m_messageLabel) fitTableRows();
    if (event->type() == QEvent::PaletteChange && m_messageLabel) updateScenario(); // the titles' grey
}

void QkvEditorView::updateScenario()
{
    m_shapesLabel->setText(shapesLine(*m_document));
    // With learned projections Q, K and V are products: edit X or a W matrix instead.
    const bool projected = m_document->scenario().projection.has_value();
    for (TensorRole role : {TensorRole::Query, TensorRole::Key, TensorRole::Value}) {
        const int i = indexOf(role);
        QString title = tensorPanelTitle(*m_document, role);
        if (projected) {
            title += tr(" — computed from X: edit X or %1 above")
                         .arg(role == TensorRole::Query ? QStringLiteral("W_q")
                              : role == TensorRole::Key ? QStringLiteral("W_k")
                                                        : QStringLiteral("W_v"));
        }
        m_panelTitles[i]->setText(title);
        // The table is named by its title for screen readers, whatever the layout around it.
        m_tables[i]->setAccessibleName(QTextDocumentFragment::fromHtml(title).toPlainText().simplified());
        m_locks[i]->setReason(m_locks[i]->reason(), !projected); // a lesson's lock outlives edits
    }
    updateSelectors();
    if (m_messageLabel) fitTableRows();
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
    // Keep the selected query's row of Q in sight (a lesson may open on a query far down). After
    // the pending layout: a step that just opened has not given the table its final height yet.
    QTableView *queries = tableView(TensorRole::Query);
    QTimer::singleShot(0, queries, [queries, row] {
        if (row < queries->model()->rowCount())
            queries->scrollTo(queries->model()->index(row, 0), QAbstractItemView::PositionAtCenter);
    });

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
    const bool masked = h.visible.rows() > row && !h.visible.row(row).all();
    const auto scores = [&](bool exact) {
        return h.visible.rows() > row
                   ? ::attn::ui::scoresText(h.logits.row(row), h.visible.row(row), exact, keys)
                   : vectorText(h.logits.row(row), exact, keys);
    };
    QString line = tr("Query “%1”: scores = %2 → weights = %3")
                       .arg(label, scores(false), weightsText(h.weights.row(row), false, keys));
    if (masked) line += tr(" (— = masked: left out of softmax)");
    m_scoresLabel->setText(line);
    m_scoresLabel->setToolTip(tr("scores (logits) = %1\nweights = %2")
                                  .arg(scores(true), weightsText(h.weights.row(row), true, keys)));
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
    m_messageLabel->setStyleSheet(QStringLiteral("QLabel { font-weight: bold; }"));
    setTextTone(m_messageLabel, TextTone::Error);
    m_messageLabel->setText(message);
    m_messageLabel->setVisible(!message.isEmpty());
}

void QkvEditorView::showNote(const QString &note)
{
    m_messageLabel->setStyleSheet(QString());
    setTextTone(m_messageLabel, TextTone::Warning);
    m_messageLabel->setText(note);
    m_messageLabel->setVisible(!note.isEmpty());
}

void QkvEditorView::setScenarioNote(const QString &note)
{
    m_scenarioNote->setText(note.simplified());
    m_scenarioNote->setVisible(!note.trimmed().isEmpty());
}

void QkvEditorView::setTensorLocked(TensorRole role, const QString &reason)
{
    m_locks[indexOf(role)]->setReason(reason, !m_document->scenario().projection.has_value());
}

QString QkvEditorView::lockReason(TensorRole role) const
{
    return m_locks[indexOf(role)]->reason();
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
