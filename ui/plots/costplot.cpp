#include "ui/plots/costplot.h"

#include "core/cost.h"
#include "ui/base/appsettings.h"
#include "ui/plots/plotlayout.h"

#include <QHelpEvent>
#include <QLocale>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

const QColor kPairs(0x1b, 0x6c, 0x8c);
const QColor kFlops(0xc0, 0x39, 0x2b);
const QColor kScores(0x7d, 0x3c, 0x98);
const QColor kCache(0x1e, 0x84, 0x49);

QString markerName(std::int64_t n)
{
    // Decimal thousands throughout: 1K = 1,000 tokens, as 100K = 100,000 and 1M = 1,000,000.
    switch (n) {
    case 1000: return QStringLiteral("1K");
    case 10000: return QStringLiteral("10K");
    case 100000: return QStringLiteral("100K");
    case 1000000: return QStringLiteral("1M");
    default: return QString::number(n);
    }
}

} // namespace

CostSettings::CostSettings() : dtype(cost::DType::F16) {}

CostPoint costAt(const CostSettings &s, std::int64_t n)
{
    CostPoint p;
    p.n = n;
    p.pairs = cost::pairCount(n, n);
    cost::PairPattern window{n, n, false, std::nullopt, std::nullopt, Alignment::TopLeft};
    if (s.window > 0) {
        window.causal = true;
        window.window_left = s.window - 1;
        window.window_right = 0;
    }
    p.window_pairs = cost::visiblePairCount(window);
    p.flops =
        cost::attentionFlops(cost::PairPattern{n, n, false, std::nullopt, std::nullopt, Alignment::TopLeft},
                             s.head_dim, s.head_dim, s.num_query_heads);
    p.window_flops = cost::attentionFlops(window, s.head_dim, s.head_dim, s.num_query_heads);
    p.score_bytes = cost::naiveScoreBytes(n, n, s.dtype, s.num_query_heads);
    cost::KvCacheSpec kv{s.layers, n, s.num_kv_heads, s.head_dim, s.dtype, 1};
    p.kv_bytes = cost::kvCacheBytes(kv);
    kv.num_kv_heads = s.num_query_heads;
    p.kv_mha_bytes = cost::kvCacheBytes(kv);
    kv.num_kv_heads = 1;
    p.kv_mqa_bytes = cost::kvCacheBytes(kv);
    return p;
}

const std::vector<std::int64_t> &costCurveSizes()
{
    static const std::vector<std::int64_t> sizes = [] {
        std::vector<std::int64_t> v;
        for (int k = 16; k <= 80; ++k) v.push_back(std::llround(std::pow(2.0, k / 4.0)));
        return v;
    }();
    return sizes;
}

const std::vector<std::int64_t> &costMarkerSizes()
{
    static const std::vector<std::int64_t> sizes = {1000, 10000, 100000, 1000000};
    return sizes;
}

QString groupedInteger(std::uint64_t value)
{
    QLocale english(QLocale::English);
    english.setNumberOptions(QLocale::DefaultNumberOptions);
    return english.toString(static_cast<qulonglong>(value));
}

QString binaryBytes(std::uint64_t bytes)
{
    static const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double v = static_cast<double>(bytes);
    int u = 0;
    while (v >= 1024.0 && u < 6) {
        v /= 1024.0;
        ++u;
    }
    if (u == 0) return QStringLiteral("%1 B").arg(bytes);
    const int decimals = v >= 100 ? 0 : v >= 10 ? 1 : 2;
    QString text = QString::number(v, 'f', decimals);
    if (text.contains(QLatin1Char('.'))) {
        while (text.endsWith(QLatin1Char('0'))) text.chop(1);
        if (text.endsWith(QLatin1Char('.'))) text.chop(1);
    }
    return text + QLatin1Char(' ') + QLatin1String(units[u]);
}

QString shortCount(double value)
{
    static const struct {
        double scale;
        const char *suffix;
    } steps[] = {{1e15, "P"}, {1e12, "T"}, {1e9, "B"}, {1e6, "M"}, {1e3, "K"}};
    for (const auto &step : steps)
        if (value >= step.scale) {
            const double v = value / step.scale;
            return QString::number(v, 'g', 3) + QLatin1String(step.suffix);
        }
    return QString::number(value, 'g', 3);
}

CostPlot::CostPlot(QWidget *parent) : QCustomPlot(parent)
{
    setMinimumSize(480, 320);
    QCPLayoutGrid *grid = startTitledFigure(this, &m_title);
    m_title->setText(tr("What attention costs as the sequence grows (log–log axes)"));
    m_work = new QCPAxisRect(this);
    m_memory = new QCPAxisRect(this);
    grid->addElement(0, 0, m_work);
    grid->addElement(0, 1, m_memory);
    m_caption = new QCPTextElement(this);
    plotLayout()->addElement(2, 0, m_caption);

    QSharedPointer<QCPAxisTickerLog> decades(new QCPAxisTickerLog);
    decades->setLogBase(1000);
    decades->setSubTickCount(2);
    QSharedPointer<QCPAxisTickerText> binary(new QCPAxisTickerText);
    static const char *units[] = {"1 B", "1 KiB", "1 MiB", "1 GiB", "1 TiB", "1 PiB", "1 EiB"};
    for (int u = 0; u < 7; ++u) binary->addTick(std::pow(1024.0, u), QLatin1String(units[u]));
    const QPen gridPen(QColor(0xdd, 0xdd, 0xdd), 1, Qt::DotLine);
    for (QCPAxisRect *rect : {m_work, m_memory}) {
        QCPAxis *x = rect->axis(QCPAxis::atBottom);
        QCPAxis *y = rect->axis(QCPAxis::atLeft);
        x->setScaleType(QCPAxis::stLogarithmic);
        y->setScaleType(QCPAxis::stLogarithmic);
        x->setSubTicks(false);
        x->setRange(10, 1.6e6);
        x->grid()->setPen(gridPen);
        y->grid()->setPen(gridPen);
        auto *legend = new QCPLegend;
        rect->insetLayout()->addElement(legend, Qt::AlignTop | Qt::AlignLeft); // the empty corner
        legend->setLayer(QStringLiteral("legend"));
        legend->setBrush(QColor(255, 255, 255, 225));
        legend->setBorderPen(QPen(QColor(0xbb, 0xbb, 0xbb)));
        (rect == m_work ? m_workLegend : m_memoryLegend) = legend;
    }
    QCPAxis *workY = m_work->axis(QCPAxis::atLeft);
    workY->setTicker(decades);
    workY->setNumberFormat(QStringLiteral("gb"));
    QCPAxis *memY = m_memory->axis(QCPAxis::atLeft);
    memY->setTicker(binary);
    memY->setSubTicks(false);
    memY->setLabel(tr("bytes"));
    setSettings(CostSettings());
}

CostPlot::~CostPlot() = default;

QCPGraph *CostPlot::addCurve(QCPAxisRect *rect, QCPLegend *legend, const QString &name, const QPen &pen)
{
    QCPGraph *g = addGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    g->setName(name);
    g->setPen(pen);
    if (legend) g->addToLegend(legend);
    return g;
}

void CostPlot::fitTo(QSize size)
{
    const PlotFit fit = plotFitFor(size);
    m_compact = fit.compact;
    m_fontScale = fit.scale;
    applyFit();
}

void CostPlot::applyFit()
{
    // Presentation mode enlarges the text (the widget's font grows with the application's).
    const double k = (m_compact ? 0.8 : m_fontScale) * AppSettings::instance().figureTextScale();
    const QString family = font().family();
    m_title->setFont(pointFont(family, 11 * k, true));
    m_title->setText(m_compact ? tr("Attention cost against n (log–log)")
                               : tr("What attention costs as the sequence grows (log–log axes)"));
    m_caption->setFont(QFont(family, qRound(10 * k)));
    m_caption->setText(m_compact ? m_compactCaption : m_fullCaption);
    const QFont axisFont(family, qRound(9 * k)), tickFont(family, qRound(8.5 * k));
    for (QCPAxisRect *rect : {m_work, m_memory}) {
        for (QCPAxis *axis : {rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft)}) {
            axis->setLabelFont(axisFont);
            axis->setTickLabelFont(tickFont);
        }
        QCPAxis *x = rect->axis(QCPAxis::atBottom);
        x->setLabel(m_compact ? tr("n (tokens)") : tr("n (tokens, n_q = n_k = n)"));
        // Three ticks in a small figure: the seven of the full one would run into each other.
        QSharedPointer<QCPAxisTickerText> ticks(new QCPAxisTickerText);
        for (const std::int64_t n : m_compact
                                        ? std::vector<std::int64_t>{10, 1000, 1000000}
                                        : std::vector<std::int64_t>{10, 100, 1000, 10000, 100000, 1000000})
            ticks->addTick(static_cast<double>(n), n >= 1000 ? markerName(n) : QString::number(n));
        x->setTicker(ticks);
    }
    m_work->axis(QCPAxis::atLeft)->setLabel(m_compact ? tr("count") : tr("count (pairs, FLOP)"));
    for (QCPLegend *legend : {m_workLegend, m_memoryLegend}) {
        legend->setVisible(!m_compact);
        legend->setFont(QFont(family, qRound(8 * k)));
    }
    for (QCPItemText *label : m_markerLabels) {
        label->setVisible(!m_compact);
        label->setFont(QFont(family, qRound(8 * k)));
    }
}

void CostPlot::resizeEvent(QResizeEvent *event)
{
    QCustomPlot::resizeEvent(event);
    fitTo(size());
}

void CostPlot::changeEvent(QEvent *event)
{
    QCustomPlot::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        fitTo(size());
        replot(rpQueuedReplot);
    }
}

void CostPlot::clearAll()
{
    m_markerLabels.clear();
    // The extra legends first: removing a graph only updates the plot's main legend.
    m_workLegend->clearItems();
    m_memoryLegend->clearItems();
    clearGraphs();
    clearItems();
}

void CostPlot::setSettings(const CostSettings &settings)
{
    m_settings = settings;
    clearAll();
    const CostSettings &s = settings;
    const bool window = s.window > 0;
    const QString heads = tr("%1 heads").arg(s.num_query_heads);
    try {
        std::vector<CostPoint> points;
        for (const std::int64_t n : costCurveSizes()) points.push_back(costAt(s, n));
        const auto curve = [&](QCPAxisRect *rect, QCPLegend *legend, const QString &name, const QPen &pen,
                               std::uint64_t CostPoint::*field) {
            QCPGraph *g = addCurve(rect, legend, name, pen);
            for (const CostPoint &p : points) g->addData(double(p.n), double(p.*field));
            return g;
        };
        curve(m_work, m_workLegend, tr("pairs n² (no mask: all pairs)"), QPen(kPairs, 2.4),
              &CostPoint::pairs);
        if (window)
            curve(m_work, m_workLegend,
                  tr("pairs, causal window: last %1 keys, itself included")
                      .arg(groupedInteger(std::uint64_t(s.window))),
                  QPen(kPairs, 2.0, Qt::DashLine), &CostPoint::window_pairs);
        curve(m_work, m_workLegend, tr("FLOP of all n² pairs, %1, head_dim %2").arg(heads).arg(s.head_dim),
              QPen(kFlops, 2.4), &CostPoint::flops);
        if (window)
            curve(m_work, m_workLegend,
                  tr("FLOP, causal window of %1 keys").arg(groupedInteger(std::uint64_t(s.window))),
                  QPen(kFlops, 2.0, Qt::DashLine), &CostPoint::window_flops);
        const QString dtype = QString::fromLatin1(cost::toString(s.dtype));
        curve(m_memory, m_memoryLegend, tr("naive scores, one layer, %1, %2").arg(heads, dtype),
              QPen(kScores, 2.4), &CostPoint::score_bytes);
        const QString kind = s.num_kv_heads == s.num_query_heads ? tr("MHA")
                             : s.num_kv_heads == 1               ? tr("MQA")
                                                                 : tr("GQA");
        curve(m_memory, m_memoryLegend,
              tr("KV cache, %1 layers, %2 K/V heads (%3)").arg(s.layers).arg(s.num_kv_heads).arg(kind),
              QPen(kCache, 2.4), &CostPoint::kv_bytes);
        if (s.num_kv_heads != s.num_query_heads)
            curve(m_memory, m_memoryLegend, tr("KV cache if MHA (%1 K/V heads)").arg(s.num_query_heads),
                  QPen(kCache, 1.3, Qt::DashLine), &CostPoint::kv_mha_bytes);
        if (s.num_kv_heads != 1)
            curve(m_memory, m_memoryLegend, tr("KV cache if MQA (1 K/V head)"),
                  QPen(kCache, 1.3, Qt::DotLine), &CostPoint::kv_mqa_bytes);

        // Markers with their values on the pairs and score curves.
        for (const bool memory : {false, true}) {
            QCPAxisRect *rect = memory ? m_memory : m_work;
            QCPGraph *dots = addCurve(rect, nullptr, QString(), QPen(memory ? kScores : kPairs, 1.5));
            dots->setLineStyle(QCPGraph::lsNone);
            dots->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 7));
            for (const std::int64_t n : costMarkerSizes()) {
                const CostPoint p = costAt(s, n);
                const double y = memory ? double(p.score_bytes) : double(p.pairs);
                dots->addData(double(n), y);
                auto *label = new QCPItemText(this);
                label->setClipAxisRect(rect);
                label->position->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
                label->position->setCoords(double(n), y);
                label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
                label->setPadding(QMargins(0, 0, 6, 4));
                m_markerLabels.append(label);
                label->setColor(memory ? kScores.darker(120) : kPairs.darker(120));
                label->setText(memory ? tr("%1: %2").arg(markerName(n), binaryBytes(p.score_bytes))
                                      : tr("%1: %2").arg(markerName(n), shortCount(double(p.pairs))));
            }
        }

        // n and 2n on both panels.
        for (QCPAxisRect *rect : {m_work, m_memory})
            for (const std::int64_t at : {s.n, 2 * s.n}) {
                auto *line = new QCPItemStraightLine(this);
                line->setClipAxisRect(rect);
                for (QCPItemPosition *pos : {line->point1, line->point2})
                    pos->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
                line->point1->setCoords(double(at), 1);
                line->point2->setCoords(double(at), 10);
                line->setPen(QPen(QColor(0x55, 0x55, 0x55), 1.2, at == s.n ? Qt::SolidLine : Qt::DashLine));
            }

        const CostPoint a = costAt(s, s.n);
        const CostPoint b = costAt(s, 2 * s.n);
        const auto ratio = [](std::uint64_t x, std::uint64_t y) {
            return QString::number(double(y) / double(x), 'f', 2);
        };
        QString text = tr("n = %1 (solid line) → 2n = %2 (dashed): pairs ×%3, FLOP ×%4, score bytes ×%5, "
                          "KV cache ×%6")
                           .arg(groupedInteger(std::uint64_t(s.n)), groupedInteger(std::uint64_t(2 * s.n)),
                                ratio(a.pairs, b.pairs), ratio(a.flops, b.flops),
                                ratio(a.score_bytes, b.score_bytes), ratio(a.kv_bytes, b.kv_bytes));
        if (window) {
            text += tr("\nWith the causal window of %1 keys: pairs ×%2")
                        .arg(groupedInteger(std::uint64_t(s.window)), ratio(a.window_pairs, b.window_pairs));
            if (s.window >= s.n)
                text += tr("; W ≥ n hides only later keys: the causal n(n + 1)/2 = %1 pairs, about half of "
                           "n² = %2")
                            .arg(groupedInteger(a.window_pairs), groupedInteger(a.pairs));
        }
        m_fullCaption =
            text + tr("\nMarks in decimal thousands: 1K = 1,000 tokens → 1,000,000 pairs; 100K = 100,000 "
                      "tokens → 10,000,000,000 pairs");
        m_compactCaption = tr("n → 2n: pairs ×%1, scores ×%2, KV ×%3")
                               .arg(window ? ratio(a.window_pairs, b.window_pairs) : ratio(a.pairs, b.pairs),
                                    ratio(a.score_bytes, b.score_bytes), ratio(a.kv_bytes, b.kv_bytes));
        m_caption->setTextColor(Qt::black);
        for (QCPAxisRect *rect : {m_work, m_memory}) {
            double lower = 1e300, upper = 1;
            for (QCPGraph *g : rect->graphs()) {
                bool found = false;
                const QCPRange r = g->getValueRange(found);
                if (found) {
                    lower = std::min(lower, r.lower);
                    upper = std::max(upper, r.upper);
                }
            }
            // A fifth of the decades again above the curves: the legend's room, top left.
            const double low = std::max(1.0, std::min(lower, upper) / 40);
            rect->axis(QCPAxis::atLeft)
                ->setRange(low, upper * std::pow(10.0, 0.22 * std::log10(upper / low)));
        }
    } catch (const std::exception &e) {
        clearAll();
        m_fullCaption = m_compactCaption = tr("Nothing to draw: %1").arg(QString::fromUtf8(e.what()));
        m_caption->setTextColor(QColor(0xa0, 0x20, 0x20));
    }
    applyFit();
    replot(QCustomPlot::rpQueuedReplot);
}

QString CostPlot::caption() const
{
    return m_fullCaption;
}

QString CostPlot::toolTipAt(std::int64_t n) const
{
    try {
        const CostPoint p = costAt(m_settings, n);
        QString text =
            tr("n = %1\npairs = %2\nFLOP = %3\nnaive score bytes (one layer) = %4 (%5)\n"
               "KV cache bytes = %6 (%7)")
                .arg(groupedInteger(std::uint64_t(n)), groupedInteger(p.pairs), groupedInteger(p.flops),
                     groupedInteger(p.score_bytes), binaryBytes(p.score_bytes), groupedInteger(p.kv_bytes),
                     binaryBytes(p.kv_bytes));
        if (m_settings.window > 0)
            text += tr("\nwith the causal window of %1 keys: pairs = %2, FLOP = %3")
                        .arg(groupedInteger(std::uint64_t(m_settings.window)))
                        .arg(groupedInteger(p.window_pairs), groupedInteger(p.window_flops));
        return text;
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
}

bool CostPlot::event(QEvent *event)
{
    if (event->type() != QEvent::ToolTip) return QCustomPlot::event(event);
    auto *help = static_cast<QHelpEvent *>(event);
    for (QCPAxisRect *rect : {m_work, m_memory}) {
        if (!rect->rect().contains(help->pos())) continue;
        const double x = rect->axis(QCPAxis::atBottom)->pixelToCoord(help->pos().x());
        std::int64_t best = costCurveSizes().front();
        for (const std::int64_t n : costCurveSizes())
            if (std::abs(std::log(double(n) / x)) < std::abs(std::log(double(best) / x))) best = n;
        QToolTip::showText(help->globalPos(), toolTipAt(best), this);
        return true;
    }
    QToolTip::hideText();
    return true;
}

} // namespace attn::ui
