#include "ui/views/tiling/tilingview.h"

#include "core/attention.h"
#include "core/cost.h"
#include "core/rnn.h"
#include "ui/base/numbertext.h"
#include "ui/document/scenariodocument.h"
#include "ui/views/common/paintedcanvas.h"
#include "ui/views/common/paintedexport.h"
#include "ui/views/common/queryselector.h"
#include "ui/views/tiling/tilingfigure.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>
#include <limits>

namespace attn::ui {

namespace {

constexpr int kDefaultBlock = 2;
constexpr int kDefaultWindow = 2;

} // namespace

TilingView::TilingView(doc::ScenarioDocument *document, QWidget *parent)
    : FigureView(document, parent), m_document(document), m_figure(std::make_unique<TilingFigureData>())
{
    setObjectName(QStringLiteral("tilingView"));
    auto spin = [this](const char *name, int lo, int hi, int value, const QString &tip) {
        auto *box = new QSpinBox(this);
        box->setObjectName(QLatin1String(name));
        box->setRange(lo, hi);
        box->setValue(value);
        box->setToolTip(tip);
        return box;
    };
    m_blockQuery = spin("blockQuery", 1, 64, kDefaultBlock, tr("B_r: query rows per tile"));
    m_blockKey = spin("blockKey", 1, 64, kDefaultBlock, tr("B_c: key columns per tile"));
    m_step = new QPushButton(tr("Step"), this);
    m_step->setObjectName(QStringLiteral("stepButton"));
    m_play = new QPushButton(tr("Play"), this);
    m_play->setObjectName(QStringLiteral("playButton"));
    m_play->setCheckable(true);
    m_reset = new QPushButton(tr("Reset"), this);
    m_reset->setObjectName(QStringLiteral("resetButton"));
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("tilingStatus"));
    m_kvHeads = new QComboBox(this);
    m_kvHeads->setObjectName(QStringLiteral("kvHeadsCombo"));
    for (int h = kModelQueryHeads; h >= 1; h /= 2) {
        const QString kind = h == kModelQueryHeads ? tr("MHA") : h == 1 ? tr("MQA") : tr("GQA");
        m_kvHeads->addItem(tr("%1 (%2)").arg(h).arg(kind), h);
    }
    m_kvHeads->setToolTip(tr("num_kv_heads of the reference model (%1 query heads)").arg(kModelQueryHeads));
    m_window =
        spin("windowSpin", 1, 64, kDefaultWindow, tr("w: how many keys back one layer's window reaches"));
    m_layers = spin("layersSpin", 1, 64, 1, tr("L: stacked windowed layers"));

    m_tileControls = new QWidget(this);
    auto *row1 = new QHBoxLayout(m_tileControls);
    row1->setContentsMargins(0, 0, 0, 0);
    row1->addWidget(new QLabel(tr("Tile B_r ×"), this));
    row1->addWidget(m_blockQuery);
    row1->addWidget(new QLabel(tr("B_c"), this));
    row1->addWidget(m_blockKey);
    row1->addSpacing(12);
    row1->addWidget(m_step);
    row1->addWidget(m_play);
    row1->addWidget(m_reset);
    row1->addSpacing(12);
    row1->addWidget(m_status, 1);
    auto *row2 = new QHBoxLayout;
    row2->addWidget(new QLabel(tr("K/V heads"), this));
    row2->addWidget(m_kvHeads);
    row2->addSpacing(12);
    row2->addWidget(new QLabel(tr("Reach panel: window w"), this));
    row2->addWidget(m_window);
    row2->addWidget(new QLabel(tr("layers L"), this));
    row2->addWidget(m_layers);
    row2->addStretch(1);
    row2->addWidget(new QuerySelector(m_document, this));
    m_canvas = new PaintedCanvas([this](QPainter &p, QSizeF size) { paintFigure(p, size); },
                                 [this](QPointF pos, QSizeF size) { return toolTipAt(pos, size); }, this);
    m_canvas->setObjectName(QStringLiteral("tilingCanvas"));
    static_cast<PaintedCanvas *>(m_canvas)->setTables([this] { return tilingTables(*m_figure); });
    m_canvas->setMinimumSize(640, 420);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_tileControls);
    layout->addLayout(row2);
    layout->addWidget(m_canvas, 1);

    m_timer = new QTimer(this);
    m_timer->setInterval(700);
    connect(m_timer, &QTimer::timeout, this, [this] {
        step();
        if (tilesDone() >= tilesTotal()) m_play->setChecked(false);
    });
    connect(m_play, &QPushButton::toggled, this, [this](bool on) {
        if (on && tilesDone() >= tilesTotal()) replay(0);
        if (on)
            m_timer->start();
        else
            m_timer->stop();
    });
    connect(m_step, &QPushButton::clicked, this, &TilingView::step);
    connect(m_reset, &QPushButton::clicked, this, &TilingView::restart);
    connect(m_blockQuery, &QSpinBox::valueChanged, this, &TilingView::rebuild);
    connect(m_blockKey, &QSpinBox::valueChanged, this, &TilingView::rebuild);
    connect(m_kvHeads, &QComboBox::currentIndexChanged, this, &TilingView::refresh);
    connect(m_window, &QSpinBox::valueChanged, this, &TilingView::refresh);
    connect(m_layers, &QSpinBox::valueChanged, this, &TilingView::refresh);
    const auto rebuildShown = whenShown([this] { rebuild(); });
    connect(m_document, &doc::ScenarioDocument::traceChanged, this, rebuildShown);
    connect(m_document, &doc::ScenarioDocument::selectedHeadChanged, this, rebuildShown);
    connect(m_document, &doc::ScenarioDocument::selectedQueryChanged, this, whenShown([this] { refresh(); }));
    rebuild();
}

TilingView::~TilingView()
{
    // The canvas calls back into this view (painting, the keyboard walk on focus-out): it goes
    // before this view's members do, not in ~QWidget, which moves the focus while closing.
    delete m_canvas;
}

void TilingView::rebuild()
{
    m_play->setChecked(false);
    TilingFigureData &f = *m_figure;
    f = TilingFigureData();
    m_value = Matrix();
    m_softmaxWeights = Matrix();
    const int head = m_document->selectedHead();
    // The tiles replay softmax; a scenario computed by the linear kernel is compared with the
    // naive softmax of the same scenario instead of its own (non-softmax) output.
    AttentionTrace softmax;
    const bool linearScenario =
        m_document->traceIsCurrent() && m_document->scenario().kernel == KernelKind::Linear;
    if (linearScenario) {
        Scenario naive = m_document->scenario();
        naive.kernel = KernelKind::Naive;
        softmax = attend(naive);
    }
    const AttentionTrace &trace = linearScenario ? softmax : m_document->trace();
    if (!m_document->traceIsCurrent() || head >= int(trace.heads.size())) {
        f.title = tr("Tiled attention");
        f.message = tr("Nothing to show: %1").arg(m_document->lastError());
        refresh();
        return;
    }
    const HeadTrace &h = trace.heads[std::size_t(head)];
    const Index d_v = trace.shapes.d_v;
    m_value = m_document->scenario().value.middleCols(h.kv_head * d_v, d_v); // (n_k, d_v)
    f.queryLabels = m_document->traceQueryLabels();
    f.keyLabels = m_document->traceKeyLabels();
    f.logits = h.logits;
    f.visible = h.visible;
    f.naive = h.output;
    const QSignalBlocker blockQuery(m_blockQuery), blockKey(m_blockKey); // clamping is not a new choice
    m_blockQuery->setMaximum(int(std::max<Index>(1, trace.shapes.n_q)));
    m_blockKey->setMaximum(int(std::max<Index>(1, trace.shapes.n_k)));
    m_softmaxWeights = h.weights;
    f.linearFocus = linearScenario;
    m_tileControls->setVisible(!linearScenario);
    f.tiles = flashTileOrder(trace.shapes.n_q, trace.shapes.n_k, m_blockQuery->value(), m_blockKey->value());

    // Linear attention on the same input, by the engine's linear kernel.
    m_linearMessage.clear();
    m_linearWeights = Matrix();
    m_linearDifference = std::numeric_limits<double>::quiet_NaN();
    try {
        Scenario linear = m_document->scenario();
        linear.kernel = KernelKind::Linear;
        const AttentionTrace other = attend(linear);
        const HeadTrace &lh = other.heads[std::size_t(head)];
        m_linearDifference = (lh.output - h.output).cwiseAbs().maxCoeff();
        m_linearWeights = lh.weights;
    } catch (const std::exception &e) {
        m_linearMessage = QString::fromUtf8(e.what());
    }
    replay(0);
}

void TilingView::replay(Index done)
{
    TilingFigureData &f = *m_figure;
    f.state = startOnlineSoftmax(f.logits.rows(), f.naive.cols());
    f.tilesDone = 0;
    for (Index t = 0; t < done && t < Index(f.tiles.size()); ++t) {
        visitTile(f.state, f.logits, f.visible, m_value, f.tiles[std::size_t(t)]);
        f.tilesDone = t + 1;
    }
    refresh();
}

void TilingView::step()
{
    TilingFigureData &f = *m_figure;
    if (f.tilesDone >= Index(f.tiles.size())) return;
    visitTile(f.state, f.logits, f.visible, m_value, f.tiles[std::size_t(f.tilesDone)]);
    f.tilesDone = f.state.tiles_done;
    refresh();
}

void TilingView::restart()
{
    m_play->setChecked(false);
    replay(0);
}

int TilingView::tilesDone() const
{
    return int(m_figure->tilesDone);
}

int TilingView::tilesTotal() const
{
    return int(m_figure->tiles.size());
}

double TilingView::maxDifference() const
{
    const TilingFigureData &f = *m_figure;
    if (f.naive.size() == 0) return std::numeric_limits<double>::quiet_NaN();
    double worst = 0;
    for (Index i = 0; i < f.naive.rows(); ++i)
        if (f.visible.row(i).any())
            worst = std::max(worst, (f.partial.row(i) - f.naive.row(i)).cwiseAbs().maxCoeff());
    return worst;
}

void TilingView::refresh()
{
    TilingFigureData &f = *m_figure;
    if (f.message.isEmpty()) {
        f.partial = onlineOutput(f.state);
        const int n = tilesTotal(), done = tilesDone();
        f.title = f.linearFocus
                      ? tr("Linear attention (this scenario's kernel) against softmax on the same Q, K, V")
                      : tr("FlashAttention-2 tiles (Dao 2023, Alg. 1): B_r × B_c = %1 × %2, tile %3 of %4")
                            .arg(m_blockQuery->value())
                            .arg(m_blockKey->value())
                            .arg(done)
                            .arg(n);
        if (m_document->trace().heads.size() > 1) f.title += tr(", head %1").arg(m_document->selectedHead());
        f.resultLine =
            done == 0  ? tr("Press Step to visit the first tile: a tiled kernel computes no logit before its "
                             "tile is visited.")
            : done < n ? tr("Keys not yet visited are missing: max |output so far − naive| = %1")
                             .arg(compactNumber(maxDifference()))
                       : tr("Every tile visited: max |tiled − naive| = %1, the same output up to rounding")
                             .arg(compactNumber(maxDifference()));
        m_status->setText(tr("%1 of %2 tiles").arg(done).arg(n));
    } else {
        f.partial = Matrix();
        m_status->setText(QString());
    }
    m_step->setEnabled(tilesDone() < tilesTotal());
    updateNotes();
    m_canvas->update();
    emit taskValuesChanged();
}

void TilingView::updateNotes()
{
    TilingFigureData &f = *m_figure;
    TilingDesigns &d = f.designs;
    d = TilingDesigns();
    const Shapes &s = m_document->trace().shapes;
    const TileSpec tile{m_blockQuery->value(), m_blockKey->value()};
    d.refTokens = kModelTokens;
    d.refHeadDim = kModelHeadDim;
    d.refTile = kReferenceTile;
    d.refNaiveBytes = cost::naiveScoreBytes(kModelTokens, kModelTokens, cost::DType::F16, 1);
    d.refTiledBytes = cost::tiledWorkingSet(kModelTokens, kModelTokens, kModelHeadDim, kModelHeadDim,
                                            TileSpec{kReferenceTile, kReferenceTile}, cost::DType::F16, 1)
                          .total;
    if (f.message.isEmpty()) {
        d.hasScenario = true;
        const auto pairs = std::uint64_t(f.visible.count());
        d.flops = cost::attentionFlops(pairs, s.d_k, s.d_v);
        d.naiveBytes = cost::naiveScoreBytes(s.n_q, s.n_k, cost::DType::F32, 1);
        const cost::TiledWorkingSet tiled =
            cost::tiledWorkingSet(s.n_q, s.n_k, s.d_k, s.d_v, tile, cost::DType::F32, 1);
        d.tileBytes = tiled.tile_buffers;
        d.rowBytes = tiled.row_statistics;
        d.blockQuery = int(tile.query);
        d.blockKey = int(tile.key);
    }
    cost::KvCacheSpec spec;
    spec.layers = d.layers = kModelLayers;
    spec.sequence_length = d.tokens = kModelTokens;
    spec.head_dim = d.headDim = kModelHeadDim;
    spec.dtype = cost::DType::F16;
    d.queryHeads = kModelQueryHeads;
    spec.num_kv_heads = d.kvHeads = m_kvHeads->currentData().toInt();
    d.kvBytes = cost::kvCacheBytes(spec);
    spec.num_kv_heads = kModelQueryHeads;
    d.mhaBytes = cost::kvCacheBytes(spec);
    spec.num_kv_heads = 1;
    d.mqaBytes = cost::kvCacheBytes(spec);
    d.windowTokens = int(std::max<Index>(2, s.n_k));
    d.window = m_window->value();
    d.windowLayers = m_layers->value();
    // Positions reachable back from the last token (L · w, as attn::pathLength counts hops). The
    // number of layers needed to reach the first token is not shown: lesson 13 asks for it.
    d.reach = std::min(d.windowTokens - 1, d.window * d.windowLayers);
    d.firstLabel = f.keyLabels.value(0, tr("the first token"));
    d.lastLabel = f.keyLabels.value(d.windowTokens - 1, tr("the last token"));
    d.linearMessage = m_linearMessage;
    d.linearDifference = m_linearDifference;
    const int query = m_document->selectedQuery();
    if (m_linearWeights.rows() > query && m_softmaxWeights.rows() > query) {
        d.softmaxWeights = m_softmaxWeights.row(query).transpose();
        d.linearWeights = m_linearWeights.row(query).transpose();
    }
    d.queryLabel = m_document->traceQueryLabels().value(query);
    d.keyLabels = f.keyLabels;
    f.notes = tilingDesignNotes(d);
}

QMap<QString, double> TilingView::taskValues() const
{
    const int n = int(std::max<Index>(2, m_document->trace().shapes.n_k));
    const int kv = m_kvHeads->currentData().toInt();
    return {
        {QStringLiteral("tiles_done"), tilesDone()},
        {QStringLiteral("tiles_total"), tilesTotal()},
        {QStringLiteral("block_query"), m_blockQuery->value()},
        {QStringLiteral("block_key"), m_blockKey->value()},
        {QStringLiteral("max_difference"), maxDifference()},
        {QStringLiteral("kv_heads"), kv},
        {QStringLiteral("kv_cache_ratio"), double(kModelQueryHeads) / kv},
        {QStringLiteral("window"), m_window->value()},
        {QStringLiteral("layers"), m_layers->value()},
        {QStringLiteral("reaches_first"),
         m_layers->value() >= int(pathLength(Mixer::WindowAttention, 0, n - 1, m_window->value())) ? 1 : 0}};
}

void TilingView::resetViewState()
{
    const QSignalBlocker b1(m_blockQuery), b2(m_blockKey), b3(m_kvHeads), b4(m_window), b5(m_layers);
    m_blockQuery->setValue(kDefaultBlock);
    m_blockKey->setValue(kDefaultBlock);
    m_kvHeads->setCurrentIndex(0);
    m_window->setValue(kDefaultWindow);
    m_layers->setValue(1);
    rebuild();
}

QString TilingView::toolTipAt(QPointF pos, QSizeF size) const
{
    const TilingFigureData &f = *m_figure;
    const TilingFigureLayout l = tilingLayout(f, size);
    const Index n_k = f.logits.cols();
    for (std::size_t c = 0; c < l.cells.size(); ++c) {
        if (!l.cells[c].contains(pos)) continue;
        const Index i = Index(c) / n_k, j = Index(c) % n_k;
        const double w = m_softmaxWeights(i, j);
        return tr("query “%1”, key “%2”\nlogit %3%4\nfinal weight %5")
            .arg(f.queryLabels.value(int(i)), f.keyLabels.value(int(j)), exactNumber(f.logits(i, j)),
                 f.visible(i, j) ? QString() : tr(" (masked: skipped)"), exactNumber(w));
    }
    for (std::size_t r = 0; r < l.rows.size(); ++r) {
        if (!l.rows[r].contains(pos)) continue;
        const Index i = Index(r);
        QStringList partial, naive;
        for (Index k = 0; k < f.naive.cols(); ++k) {
            partial << exactNumber(f.partial(i, k));
            naive << exactNumber(f.naive(i, k));
        }
        return tr("query “%1”\nrunning max m = %2\nrunning sum ℓ = %3\noutput so far [%4]\nnaive output [%5]")
            .arg(f.queryLabels.value(int(i)), exactNumber(f.state.m(i)), exactNumber(f.state.l(i)),
                 partial.join(QStringLiteral(", ")), naive.join(QStringLiteral(", ")));
    }
    if (l.linearChart.contains(pos)) {
        const QRectF logical(l.linearChart.topLeft() / l.scale, l.linearChart.size() / l.scale);
        const int j = linearComparisonKeyAt(logical, f.designs, pos / l.scale);
        if (j >= 0)
            return tr("query “%1”, key “%2”\nsoftmax weight %3\nlinear-attention weight %4")
                .arg(f.designs.queryLabel, f.keyLabels.value(j), exactNumber(f.designs.softmaxWeights(j)),
                     exactNumber(f.designs.linearWeights(j)));
    }
    if (l.designs.contains(pos)) {
        const std::vector<QRectF> boxes = tilingDesignBoxes(l.designs);
        for (std::size_t b = 0; b < boxes.size(); ++b)
            if (boxes[b].contains(pos)) return f.notes.value(int(b));
    }
    return {};
}

void TilingView::paintFigure(QPainter &painter, QSizeF size) const
{
    paintTilingFigure(painter, size, *m_figure);
}

bool TilingView::exportTo(const QString &path, const QString &format, QSize size, QString *error) const
{
    return exportPainted(
        path, format, size, [this](QPainter &p, QSizeF s) { paintFigure(p, s); }, error);
}

} // namespace attn::ui
