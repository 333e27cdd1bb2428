#include "ui/views/heads/headsview.h"

#include "core/multihead.h"
#include "ui/base/numbertext.h"
#include "ui/document/scenariodocument.h"
#include "ui/views/common/gridcanvas.h"
#include "ui/views/common/paintedcanvas.h"
#include "ui/views/common/paintedexport.h"
#include "ui/views/heads/headsfigure.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QVBoxLayout>

namespace attn::ui {

namespace {

/// Columns [head·width, (head+1)·width) of every row of `m` for the given heads, averaged.
Matrix meanOfBlocks(const Matrix &m, const std::vector<int> &heads, Index width)
{
    Matrix sum = Matrix::Zero(m.rows(), width);
    for (int h : heads) sum += m.middleCols(h * width, width);
    return sum / static_cast<double>(heads.size());
}

} // namespace

Scenario withKvHeads(const Scenario &scenario, int numKvHeads)
{
    const int hq = scenario.num_query_heads;
    const int oldKv = scenario.num_kv_heads;
    if (numKvHeads < 1 || hq % numKvHeads != 0)
        throw ScenarioError("heads", "query heads " + std::to_string(hq) + " is not a multiple of kv heads " +
                                         std::to_string(numKvHeads));
    Scenario out = scenario;
    out.num_kv_heads = numKvHeads;
    const int groupSize = hq / numKvHeads;
    const auto rebuild = [&](const Matrix &m) -> Matrix {
        if (m.size() == 0 || oldKv < 1) return m;
        const Index width = m.cols() / oldKv; // d_k for K, d_v for V
        Matrix result(m.rows(), width * numKvHeads);
        for (int g = 0; g < numKvHeads; ++g) {
            // The K/V heads that the query heads of new group g read before, once per query head.
            std::vector<int> old;
            for (int h = g * groupSize; h < (g + 1) * groupSize; ++h) old.push_back(kvHeadFor(h, hq, oldKv));
            result.middleCols(g * width, width) = meanOfBlocks(m, old, width); // (n_k, width)
        }
        return result;
    };
    out.key = rebuild(scenario.key);
    out.value = rebuild(scenario.value);
    return out;
}

HeadsView::HeadsView(doc::ScenarioDocument *document, QWidget *parent)
    : FigureView(document, parent), m_document(document)
{
    setObjectName(QStringLiteral("headsView"));
    m_grouping = new QComboBox(this);
    m_grouping->setObjectName(QStringLiteral("kvGrouping"));
    m_grouping->setToolTip(
        tr("How many K/V heads the query heads share. Fewer K/V heads: a smaller KV cache; "
           "switching averages the K/V heads of each new group (Ainslie et al. 2023, §2.1)."));
    m_head = new QComboBox(this);
    m_head->setObjectName(QStringLiteral("headSelector"));
    m_head->setToolTip(tr("The highlighted query head (also chosen by clicking its map)"));
    m_query = new QComboBox(this);
    m_query->setObjectName(QStringLiteral("queryChooser"));
    m_query->setToolTip(tr("The query whose head outputs, concatenation and projection are shown"));
    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("K/V heads:"), this));
    top->addWidget(m_grouping);
    top->addStretch(1);
    top->addWidget(new QLabel(tr("Query:"), this));
    top->addWidget(m_query);
    top->addWidget(new QLabel(tr("Head:"), this));
    top->addWidget(m_head);
    auto *canvas = new GridCanvas([this](QPainter &p, QSizeF size) { paintFigure(p, size, true); },
                                  [this](QPointF pos, QSizeF size) { return toolTipAt(pos, size); },
                                  [this](QSizeF size) { return headsGrids(figureData(), size); },
                                  [this](int head, int query, int) {
                                      m_document->setSelectedHead(head);
                                      m_document->setSelectedQuery(query);
                                  },
                                  this);
    canvas->setClickHandler([this](QPointF pos, QSizeF size) { clickAt(pos, size); });
    canvas->setObjectName(QStringLiteral("headsCanvas"));
    canvas->setMinimumSize(420, 320);
    m_canvas = canvas;
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_canvas, 1);
    // Tab goes as the row reads: K/V heads, query, head, then the grid.
    setTabOrder(m_grouping, m_query);
    setTabOrder(m_query, m_head);
    setTabOrder(m_head, m_canvas);

    // Every change of the choice (by the learner, a test or the lesson checker) is one edit.
    connect(m_grouping, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0 && m_grouping->itemData(index).toInt() != m_document->scenario().num_kv_heads)
            setNumKvHeads(m_grouping->itemData(index).toInt());
    });
    connect(m_head, &QComboBox::currentIndexChanged, m_document, &doc::ScenarioDocument::setSelectedHead);
    connect(m_query, &QComboBox::currentIndexChanged, m_document, &doc::ScenarioDocument::setSelectedQuery);
    const auto refreshShown = whenShown([this] { refresh(); });
    connect(m_document, &doc::ScenarioDocument::traceChanged, this, refreshShown);
    connect(m_document, &doc::ScenarioDocument::selectedQueryChanged, this, refreshShown);
    connect(m_document, &doc::ScenarioDocument::selectedHeadChanged, this, refreshShown);
    refresh();
}

HeadsView::~HeadsView()
{
    // The canvas calls back into this view (painting, the keyboard walk on focus-out): it goes
    // before this view's members do, not in ~QWidget, which moves the focus while closing.
    delete m_canvas;
}

const Matrix &HeadsView::outputProjection() const
{
    return m_Wo;
}

const Vector &HeadsView::projectedOutput() const
{
    return m_output;
}

void HeadsView::refresh()
{
    const AttentionTrace &t = m_document->trace();
    const int hq = static_cast<int>(t.heads.size());
    {
        const QSignalBlocker b1(m_grouping), b2(m_head), b3(m_query);
        m_grouping->clear();
        for (int kv = hq; kv >= 1; --kv) {
            if (hq % kv != 0) continue;
            const QString kind = kv == hq  ? QStringLiteral("MHA")
                                 : kv == 1 ? QStringLiteral("MQA")
                                           : QStringLiteral("GQA");
            m_grouping->addItem(QStringLiteral("%1 (H_kv = %2)").arg(kind).arg(kv), QString::number(kv));
        }
        m_grouping->setCurrentIndex(
            m_grouping->findData(QString::number(m_document->scenario().num_kv_heads)));
        m_grouping->setEnabled(m_document->traceIsCurrent() && hq > 1);
        m_head->clear();
        for (int h = 0; h < hq; ++h) m_head->addItem(QString::number(h));
        m_head->setCurrentIndex(m_document->selectedHead());
        m_query->clear();
        m_query->addItems(m_document->traceQueryLabels());
        m_query->setCurrentIndex(m_document->selectedQuery());
    }
    m_Wo = Matrix();
    m_output = Vector();
    m_WoFromScenario = false;
    if (m_document->traceIsCurrent() && hq > 0 && t.shapes.d_v > 0) {
        const Index dv = t.shapes.d_v;
        const Scenario &s = m_document->scenario();
        const Index q = m_document->selectedQuery();
        if (s.W_o.rows() == hq * dv) {
            // The scenario's own output projection (and b_o), as compute's projected_output.
            m_Wo = s.W_o;                                                    // (H_q·d_v, d_out)
            m_output = projectOutput(s, t.output.row(q)).row(0).transpose(); // (d_out)
            m_WoFromScenario = true;
        } else {
            // W_o depends on H_q and d_v only, so switching the grouping keeps it.
            MultiHeadConfig config{hq * dv, hq, hq, dv, dv};
            m_Wo = initMultiHead(config, kOutputSeed).W_o;   // (H_q·d_v, d_model)
            m_output = (t.output.row(q) * m_Wo).transpose(); // (d_model)
        }
    }
    m_canvas->update();
    emit taskValuesChanged();
}

QString HeadsView::title() const
{
    if (!m_document->traceIsCurrent()) return tr("Nothing to show");
    const int hq = m_document->scenario().num_query_heads;
    const int kv = m_document->scenario().num_kv_heads;
    const QString kind = kv == hq  ? QStringLiteral("MHA")
                         : kv == 1 ? QStringLiteral("MQA")
                                   : QStringLiteral("GQA");
    return (kv == 1 ? tr("%1 query heads, %2 K/V head (%3): the weights of every head")
                    : tr("%1 query heads, %2 K/V heads (%3): the weights of every head"))
        .arg(hq)
        .arg(kv)
        .arg(kind);
}

HeadsFigureData HeadsView::figureData() const
{
    HeadsFigureData d;
    d.title = title();
    if (!m_document->traceIsCurrent()) {
        d.message = m_document->lastError();
        return d;
    }
    d.trace = &m_document->trace();
    d.queryLabels = m_document->traceQueryLabels();
    d.keyLabels = m_document->traceKeyLabels();
    d.selectedQuery = m_document->selectedQuery();
    d.selectedHead = m_document->selectedHead();
    d.numKvHeads = m_document->scenario().num_kv_heads;
    d.W_o = m_Wo;
    d.W_oFromScenario = m_WoFromScenario;
    if (m_Wo.size() > 0) d.concatenated = d.trace->output.row(d.selectedQuery).transpose();
    d.output = m_output;
    return d;
}

bool HeadsView::setNumKvHeads(int numKvHeads)
{
    const Scenario &s = m_document->scenario();
    if (numKvHeads == s.num_kv_heads) return true;
    try {
        const Scenario edited = withKvHeads(s, numKvHeads);
        if (m_document->replaceScenario(edited, tr("Use %1 K/V heads").arg(numKvHeads))) return true;
    } catch (const ScenarioError &) {
    }
    refresh(); // the combo box back to the scenario's grouping
    return false;
}

void HeadsView::paintFigure(QPainter &painter, QSizeF size, bool onScreen) const
{
    paintHeadsFigure(painter, size, figureData(), onScreen);
}

void HeadsView::clickAt(QPointF pos, QSizeF size)
{
    const HeadsHit hit = headsHitAt(figureData(), size, pos);
    if (hit.kind != HeadsHit::Kind::Cell && hit.kind != HeadsHit::Kind::Sink) return;
    m_document->setSelectedHead(hit.head);
    m_document->setSelectedQuery(hit.row);
}

QString HeadsView::toolTipAt(QPointF pos, QSizeF size) const
{
    const HeadsFigureData d = figureData();
    const HeadsHit hit = headsHitAt(d, size, pos);
    const AttentionTrace &t = m_document->trace();
    const Index dv = t.shapes.d_v;
    switch (hit.kind) {
    case HeadsHit::Kind::Cell: {
        const HeadTrace &head = t.heads[static_cast<std::size_t>(hit.head)];
        QString text =
            tr("head %1 (reads K/V head %2)\nquery “%3” → key “%4”\nweight = %5\nscore (logit) = %6")
                .arg(hit.head)
                .arg(head.kv_head)
                .arg(d.queryLabels.value(hit.row), d.keyLabels.value(hit.column),
                     exactNumber(head.weights(hit.row, hit.column)),
                     exactNumber(head.logits(hit.row, hit.column)));
        if (head.visible.size() != 0 && !head.visible(hit.row, hit.column)) text += tr("\nmasked");
        return text;
    }
    case HeadsHit::Kind::Sink:
        return tr("head %1: query “%2” → the sink\nweight = %3\nThe sink's term exp(s) is in the softmax "
                  "denominator but carries no value: this share of the row reads nothing.")
            .arg(hit.head)
            .arg(d.queryLabels.value(hit.row),
                 exactNumber(t.heads[static_cast<std::size_t>(hit.head)].sink_weights(hit.row)));
    case HeadsHit::Kind::Concat:
        return tr("concatenation[%1] = head %2 output[%3] = %4")
            .arg(hit.column)
            .arg(hit.column / dv)
            .arg(hit.column % dv)
            .arg(exactNumber(d.concatenated(hit.column)));
    case HeadsHit::Kind::Projection:
        return tr("W_o[%1][%2] = %3\n(row %1 multiplies head %4's output entry %5)")
            .arg(hit.row)
            .arg(hit.column)
            .arg(exactNumber(m_Wo(hit.row, hit.column)))
            .arg(hit.row / dv)
            .arg(hit.row % dv);
    case HeadsHit::Kind::Output:
        return tr("output[%1] = Σ_r concatenation[r] · W_o[r][%1] = %2")
            .arg(hit.column)
            .arg(exactNumber(m_output(hit.column)));
    case HeadsHit::Kind::None: break;
    }
    return {};
}

QRectF HeadsView::cellRect(int head, int row, int column) const
{
    const HeadsFigureData d = figureData();
    if (!d.trace || head < 0 || head >= static_cast<int>(d.trace->heads.size()) || row < 0 ||
        row >= d.trace->shapes.n_q || column < 0 || column >= d.trace->shapes.n_k)
        return {};
    const HeadsLayout l = layoutHeadsFigure(d, m_canvas->size());
    const QRectF cells = l.cells[static_cast<std::size_t>(head)];
    const double cw = cells.width() / static_cast<double>(d.trace->shapes.n_k);
    const double ch = cells.height() / static_cast<double>(d.trace->shapes.n_q);
    return {cells.left() + cw * column, cells.top() + ch * row, cw, ch};
}

bool HeadsView::exportTo(const QString &path, const QString &format, QSize size, QString *error) const
{
    return exportPainted(
        path, format, size, [this](QPainter &painter, QSizeF figure) { paintFigure(painter, figure); },
        error);
}

QMap<QString, double> HeadsView::taskValues() const
{
    return {{QStringLiteral("num_kv_heads"), m_document->scenario().num_kv_heads},
            {QStringLiteral("selected_head"), m_document->selectedHead()}};
}

void HeadsView::resetViewState()
{
    // The grouping and the query are the scenario's; the highlighted head starts at 0, as when
    // a step opens.
    m_document->setSelectedHead(0);
    refresh();
}

} // namespace attn::ui
