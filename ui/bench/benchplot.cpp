#include "ui/bench/benchplot.h"

#include "core/kernels/registry.h"
#include "ui/base/numbertext.h"
#include "ui/plots/plotexport.h"

#include <QHelpEvent>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

/// Colour and marker of each kernel (Okabe–Ito colours, distinguishable with colour blindness).
struct KernelStyle {
    QColor color;
    QCPScatterStyle::ScatterShape shape;
};

KernelStyle kernelStyle(KernelKind kind)
{
    switch (kind) {
    case KernelKind::Naive: return {QColor(0xd5, 0x5e, 0x00), QCPScatterStyle::ssCircle};
    case KernelKind::Tiled: return {QColor(0x00, 0x72, 0xb2), QCPScatterStyle::ssSquare};
    case KernelKind::Windowed: return {QColor(0x00, 0x9e, 0x73), QCPScatterStyle::ssTriangle};
    case KernelKind::Linear: return {QColor(0xcc, 0x79, 0xa7), QCPScatterStyle::ssDiamond};
    }
    return {Qt::black, QCPScatterStyle::ssCross};
}

QString metricTitle(BenchMetric metric)
{
    switch (metric) {
    case BenchMetric::Latency: return BenchPlot::tr("Latency vs n");
    case BenchMetric::WorkMemory: return BenchPlot::tr("Working memory vs n");
    case BenchMetric::Throughput: return BenchPlot::tr("GFLOP/s vs n");
    }
    return {};
}

QString metricLabel(BenchMetric metric)
{
    switch (metric) {
    case BenchMetric::Latency: return BenchPlot::tr("median latency (ms)");
    case BenchMetric::WorkMemory: return BenchPlot::tr("kernel's own buffers (MiB)");
    case BenchMetric::Throughput: return BenchPlot::tr("GFLOP/s");
    }
    return {};
}

QString metricUnit(BenchMetric metric)
{
    switch (metric) {
    case BenchMetric::Latency: return QStringLiteral("ms");
    case BenchMetric::WorkMemory: return QStringLiteral("MiB");
    case BenchMetric::Throughput: return QStringLiteral("GFLOP/s");
    }
    return {};
}

/// A rate for a line label: "390", "57.3".
QString shortNumber(double value)
{
    return QString::number(value, 'f', value >= 100 ? 0 : 1);
}

} // namespace

BenchPlot::BenchPlot(BenchMetric metric, QWidget *parent) : QCustomPlot(parent), m_metric(metric)
{
    setMinimumSize(300, 240);
    plotLayout()->insertRow(0);
    m_title = new QCPTextElement(this, metricTitle(metric), QFont(font().family(), 11, QFont::Bold));
    plotLayout()->addElement(0, 0, m_title);
    setupAxes();
    clear();
}

BenchPlot::~BenchPlot() = default;

void BenchPlot::setupAxes()
{
    const QPen grid(QColor(0xdd, 0xdd, 0xdd), 1, Qt::DotLine);
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    xAxis->setLabel(tr("n (tokens, n_q = n_k)"));
    xAxis->grid()->setPen(grid);
    xAxis->setSubTicks(false);
    yAxis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> logTicker(new QCPAxisTickerLog);
    logTicker->setLogBase(10);
    logTicker->setSubTickCount(8);
    yAxis->setTicker(logTicker);
    yAxis->setNumberFormat(QStringLiteral("gb")); // 10⁴ rather than 1e+04
    yAxis->setNumberPrecision(4);
    yAxis->setLabel(metricLabel(m_metric));
    yAxis->grid()->setPen(grid);
    yAxis->grid()->setSubGridVisible(true);
    yAxis->grid()->setSubGridPen(QPen(QColor(0xee, 0xee, 0xee), 1, Qt::DotLine));

    legend->setVisible(true);
    legend->setFont(QFont(font().family(), 9));
    legend->setBrush(QColor(255, 255, 255, 220));
    legend->setBorderPen(QPen(QColor(0xbb, 0xbb, 0xbb)));
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
}

void BenchPlot::clear()
{
    clearGraphs();
    clearItems();
    m_roofValues.clear();
    m_points.clear();
    m_title->setText(metricTitle(m_metric));
    xAxis->setTicker(QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText));
    xAxis->setRange(100, 10000);
    yAxis->setRange(0.1, 100);
    legend->setVisible(false); // an empty legend is an empty box
    replot(QCustomPlot::rpQueuedReplot);
}

double BenchPlot::metricValue(BenchMetric metric, const bench::BenchResult &result)
{
    switch (metric) {
    case BenchMetric::Latency: return result.median_ms;
    case BenchMetric::WorkMemory: return double(result.work_bytes) / (1024.0 * 1024.0);
    case BenchMetric::Throughput: return result.gflops;
    }
    return 0;
}

void BenchPlot::setResults(const std::vector<bench::BenchResult> &results,
                           const std::optional<bench::Roof> &roof)
{
    clear();
    std::vector<KernelKind> order;
    QList<double> sizes;
    QStringList leftOut;
    double low = INFINITY;
    double high = 0;
    for (const bench::BenchResult &r : results) {
        const KernelKind kind = r.config.kernel;
        const auto found = std::find(order.begin(), order.end(), kind);
        const int series = static_cast<int>(found - order.begin());
        if (found == order.end()) {
            order.push_back(kind);
            const KernelStyle style = kernelStyle(kind);
            QCPGraph *graph = addGraph();
            graph->setName(QString::fromLatin1(kernels::kernelInfo(kind).name));
            graph->setPen(QPen(style.color, 2));
            graph->setScatterStyle(QCPScatterStyle(style.shape, style.color, style.color, 8));
        }
        const double n = double(r.config.n_k);
        const double value = metricValue(m_metric, r);
        const QString name = graph(series)->name();
        if (!(value > 0)) {
            leftOut << tr("%1 at n %2").arg(name).arg(r.config.n_k);
            continue;
        }
        graph(series)->addData(n, value);
        if (!sizes.contains(n)) sizes << n;
        low = std::min(low, value);
        high = std::max(high, value);
        m_points.push_back({QPointF(n, value), tr("%1, n %2: %3 %4")
                                                   .arg(name)
                                                   .arg(r.config.n_k)
                                                   .arg(exactNumber(value), metricUnit(m_metric))});
    }
    if (m_metric == BenchMetric::Throughput && roof && !results.empty()) {
        addRoofLine(roof->fma_gflops, tr("FMA peak %1 GFLOP/s").arg(shortNumber(roof->fma_gflops)),
                    Qt::DashLine);
        addRoofLine(roof->sgemm_gflops,
                    tr("SGEMM 2048³ (%1) %2 GFLOP/s")
                        .arg(QString::fromStdString(roof->sgemm_source), shortNumber(roof->sgemm_gflops)),
                    Qt::DashDotLine);
        for (const double v : m_roofValues) {
            low = std::min(low, v);
            high = std::max(high, v);
        }
    }
    if (!leftOut.isEmpty())
        m_title->setText(
            metricTitle(m_metric) + QLatin1Char('\n') +
            tr("not drawn (0 cannot sit on a log axis): %1").arg(leftOut.join(QStringLiteral(", "))));
    std::sort(sizes.begin(), sizes.end());
    legend->setVisible(graphCount() > 0);
    if (!sizes.isEmpty()) setRanges(sizes, low, high);
    replot(QCustomPlot::rpQueuedReplot);
}

void BenchPlot::addRoofLine(double value, const QString &label, Qt::PenStyle style)
{
    if (!(value > 0)) return;
    m_roofValues << value;
    auto *line = new QCPItemStraightLine(this);
    line->setPen(QPen(QColor(0x33, 0x33, 0x33), 1.5, style));
    line->point1->setCoords(1, value);
    line->point2->setCoords(2, value);
    line->setSelectable(false);
    auto *text = new QCPItemText(this);
    text->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    text->position->setTypeY(QCPItemPosition::ptPlotCoords);
    // At the left end: the smallest n is usually the furthest below the roof.
    text->position->setCoords(0.02, value);
    text->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    text->setFont(QFont(font().family(), 9));
    text->setColor(QColor(0x33, 0x33, 0x33));
    text->setBrush(QColor(255, 255, 255, 170)); // readable where a graph crosses, which stays visible
    text->setPadding(QMargins(2, 0, 2, 0));
    text->setText(label);
    text->setSelectable(false);
}

void BenchPlot::setRanges(const QList<double> &sizes, double low, double high)
{
    // x: ticks at the sizes that were run, a little room on either side.
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (const double n : sizes) ticker->addTick(n, QString::number(n, 'f', 0));
    xAxis->setTicker(ticker);
    xAxis->setRange(sizes.front() / 1.5, sizes.back() * 1.5);
    // y: whole decades, so that both ends carry a labelled power of ten, with room above the
    // highest point or line for the legend and the line labels.
    const double lower = std::pow(10.0, std::floor(std::log10(low / 1.2)));
    const double upper = std::pow(10.0, std::ceil(std::log10(high * 3)));
    yAxis->setRange(lower, upper);
}

QString BenchPlot::title() const
{
    return m_title->text();
}

QStringList BenchPlot::seriesNames() const
{
    QStringList names;
    for (int i = 0; i < graphCount(); ++i) names << graph(i)->name();
    return names;
}

QList<QPointF> BenchPlot::seriesPoints(int series) const
{
    QList<QPointF> points;
    if (series < 0 || series >= graphCount()) return points;
    const auto data = graph(series)->data();
    for (auto it = data->constBegin(); it != data->constEnd(); ++it) points << QPointF(it->key, it->value);
    return points;
}

QList<double> BenchPlot::roofLines() const
{
    return m_roofValues;
}

bool BenchPlot::event(QEvent *event)
{
    if (event->type() != QEvent::ToolTip) return QCustomPlot::event(event);
    const QPoint pos = static_cast<QHelpEvent *>(event)->pos();
    const Point *nearest = nullptr;
    double best = 10.0; // pixels
    for (const Point &p : m_points) {
        const QPointF pixel(xAxis->coordToPixel(p.position.x()), yAxis->coordToPixel(p.position.y()));
        const double distance = std::hypot(pixel.x() - pos.x(), pixel.y() - pos.y());
        if (distance < best) {
            best = distance;
            nearest = &p;
        }
    }
    if (!nearest) return QCustomPlot::event(event); // the plot's own tooltip, if any
    QToolTip::showText(static_cast<QHelpEvent *>(event)->globalPos(), nearest->text, this);
    return true;
}

bool BenchPlot::exportTo(const QString &path, const QString &format, QSize size, QString *error)
{
    return exportPlot(this, path, format, size, error);
}

} // namespace attn::ui
