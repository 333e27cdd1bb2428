#include "ui/plots/measuringplot.h"

#include "core/kernels/registry.h"
#include "ui/base/numbertext.h"
#include "ui/plots/plotexport.h"
#include "ui/plots/plotlayout.h"

#include <QFontMetricsF>
#include <QHelpEvent>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <map>

namespace attn::ui {

namespace {

/// The colours of BenchPlot, so that a kernel looks the same in the panel and the lesson.
QColor kernelColor(KernelKind kind)
{
    switch (kind) {
    case KernelKind::Naive: return {0xd5, 0x5e, 0x00};
    case KernelKind::Tiled: return {0x00, 0x72, 0xb2};
    case KernelKind::Windowed: return {0x00, 0x9e, 0x73};
    case KernelKind::Linear: return {0xcc, 0x79, 0xa7};
    }
    return Qt::black;
}

QString kernelName(KernelKind kind)
{
    return QString::fromLatin1(kernels::kernelInfo(kind).name);
}

const QColor kFound(0x1b, 0x9e, 0x77);
const QColor kLost(0xd7, 0x19, 0x1c);
constexpr double kRetrievedCosine = 0.9; // bench::NeedleResult::retrieved

} // namespace

MeasuringPlot::MeasuringPlot(QWidget *parent) : QCustomPlot(parent)
{
    QCPLayoutGrid *grid = startTitledFigure(this, &m_title);
    QFont headerFont = font();
    headerFont.setBold(true);
    m_latencyTitle = new QCPTextElement(this, tr("Latency against n (this machine, this run)"), headerFont);
    m_needleTitle = new QCPTextElement(this, QString(), headerFont);
    m_latencyRect = new QCPAxisRect(this);
    m_needleRect = new QCPAxisRect(this);
    grid->addElement(0, 0, m_latencyTitle);
    grid->addElement(0, 1, m_needleTitle);
    grid->addElement(1, 0, m_latencyRect);
    grid->addElement(1, 1, m_needleRect);
    grid->setRowStretchFactors({0.01, 1.0});
    QFont listFont = font();
    listFont.setPointSizeF(listFont.pointSizeF() * 0.95);
    QFont boldList = listFont;
    boldList.setBold(true);
    m_checklistHeader = new QCPTextElement(this, QString(), boldList);
    auto *lists = new QCPLayoutGrid;
    plotLayout()->addElement(2, 0, m_checklistHeader);
    plotLayout()->addElement(3, 0, lists);
    for (int c = 0; c < 2; ++c) {
        m_checklist[c] = new QCPTextElement(this, QString(), listFont);
        m_checklist[c]->setTextFlags(Qt::AlignLeft | Qt::AlignTop);
        m_checklist[c]->setMargins(QMargins(4, 2, 4, 8));
        lists->addElement(0, c, m_checklist[c]);
    }
    lists->setColumnStretchFactors({0.8, 1.2});
    plotLayout()->setRowStretchFactors({0.01, 1.0, 0.01, 0.01});

    const QPen gridPen(QColor(0xdd, 0xdd, 0xdd), 1, Qt::DotLine);
    QCPAxis *x = m_latencyRect->axis(QCPAxis::atBottom);
    QCPAxis *y = m_latencyRect->axis(QCPAxis::atLeft);
    x->setScaleType(QCPAxis::stLogarithmic);
    y->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> logTicker(new QCPAxisTickerLog);
    y->setTicker(logTicker);
    x->setLabel(tr("n (n_q = n_k)"));
    y->setLabel(tr("latency per call, ms"));
    x->grid()->setPen(gridPen);
    y->grid()->setPen(gridPen);
    m_legend = new QCPLegend;
    m_latencyRect->insetLayout()->addElement(m_legend, Qt::AlignTop | Qt::AlignLeft);
    m_legend->setLayer(QStringLiteral("legend"));
    m_legend->setBrush(QColor(255, 255, 255, 220));
    m_legend->setBorderPen(QPen(QColor(0xbb, 0xbb, 0xbb)));

    QCPAxis *depth = m_needleRect->axis(QCPAxis::atBottom);
    QCPAxis *cosine = m_needleRect->axis(QCPAxis::atLeft);
    depth->setLabel(tr("needle depth (0 = first key, 1 = last)"));
    cosine->setLabel(tr("cos(output, needle's value)"));
    depth->setRange(-0.05, 1.05);
    cosine->setRange(-1.05, 1.15);
    depth->grid()->setPen(gridPen);
    cosine->grid()->setPen(gridPen);
    m_points = font().pointSizeF();
}

void MeasuringPlot::fitTo(QSize size)
{
    const PlotFit fit = plotFitFor(size);
    m_compact = fit.compact;
    m_width = size.width();
    m_points = m_compact ? 6.5 : font().pointSizeF() * fit.scale;
    applyFit();
}

void MeasuringPlot::applyFit()
{
    const QString family = font().family();
    const auto sized = [&](double factor, bool bold = false) {
        return pointFont(family, m_points * factor, bold);
    };
    m_title->setFont(sized(1.2, true));
    m_latencyTitle->setFont(sized(1.0, true));
    m_needleTitle->setFont(sized(1.0, true));
    // Each panel title in full when it fits half the width, else shorter.
    const QFontMetricsF titleMetrics(sized(1.0, true));
    const auto fitting = [&](const QString &full, const QString &shorter) {
        return !m_compact && titleMetrics.horizontalAdvance(full) <= m_width / 2.0 - 16 ? full : shorter;
    };
    m_latencyTitle->setText(
        fitting(tr("Latency against n (this machine, this run)"), tr("Latency against n")));
    const QString needleShort =
        m_figure.needleShortTitle.isEmpty() ? m_figure.needleTitle : m_figure.needleShortTitle;
    m_needleTitle->setText(m_compact ? tr("Needle check") : fitting(m_figure.needleTitle, needleShort));
    m_checklistHeader->setFont(sized(0.95, true));
    m_checklistHeader->setText(m_compact ? QString() : m_figure.checklistHeader);
    m_checklistHeader->setVisible(!m_compact);
    for (int c = 0; c < 2; ++c) {
        m_checklist[c]->setFont(sized(0.95));
        m_checklist[c]->setText(m_compact
                                    ? QString()
                                    : (c == 0 ? m_figure.checklist.mid(0, 6) : m_figure.checklist.mid(6))
                                          .join(QLatin1Char('\n')));
        m_checklist[c]->setVisible(!m_compact);
    }
    m_legend->setFont(sized(0.9));
    m_legend->setVisible(!m_compact && m_legend->itemCount() > 0); // no empty box before the first run
    for (QCPAxisRect *rect : {m_latencyRect, m_needleRect})
        for (QCPAxis *axis : {rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft)}) {
            axis->setTickLabelFont(sized(1.0));
            axis->setLabelFont(sized(1.0));
        }
    m_latencyRect->axis(QCPAxis::atBottom)->setLabel(m_compact ? tr("n") : tr("n (n_q = n_k)"));
    m_latencyRect->axis(QCPAxis::atLeft)->setLabel(m_compact ? tr("ms") : tr("latency per call, ms"));
    m_needleRect->axis(QCPAxis::atBottom)
        ->setLabel(m_compact ? tr("depth") : tr("needle depth (0 = first key, 1 = last)"));
    m_needleRect->axis(QCPAxis::atLeft)
        ->setLabel(m_compact ? tr("cosine") : tr("cos(output, needle's value)"));
    if (m_emptyLabel) {
        m_emptyLabel->setFont(sized(1.0));
        m_emptyLabel->setText(m_compact ? tr("No run yet") : tr("No run yet: press Run."));
    }
    if (m_outsideLabel) {
        m_outsideLabel->setFont(sized(1.0));
        m_outsideLabel->setVisible(!m_compact);
    }
}

void MeasuringPlot::resizeEvent(QResizeEvent *event)
{
    QCustomPlot::resizeEvent(event);
    fitTo(size());
}

void MeasuringPlot::changeEvent(QEvent *event)
{
    QCustomPlot::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        fitTo(size());
        replot(rpQueuedReplot);
    }
}

MeasuringPlot::~MeasuringPlot() = default;

void MeasuringPlot::setFigure(const MeasuringFigure &figure)
{
    m_figure = figure;
    m_title->setText(figure.title);
    clearGraphs();
    clearItems();
    m_outsideLabel = nullptr;
    m_emptyLabel = nullptr;
    drawLatency();
    drawNeedle();
    applyFit();
    replot(rpQueuedReplot);
}

void MeasuringPlot::drawLatency()
{
    QCPAxis *x = m_latencyRect->axis(QCPAxis::atBottom);
    QCPAxis *y = m_latencyRect->axis(QCPAxis::atLeft);
    m_legend->clearItems();
    // Kernels in order of first appearance; each n once (the last result wins).
    std::vector<KernelKind> kinds;
    std::map<KernelKind, std::map<Index, const bench::BenchResult *>> byKernel;
    for (const bench::BenchResult &r : m_figure.results) {
        if (!byKernel.count(r.config.kernel)) kinds.push_back(r.config.kernel);
        byKernel[r.config.kernel][r.config.n_k] = &r;
    }
    double low = 1e300, high = 0;
    QSharedPointer<QCPAxisTickerText> sizeTicks(new QCPAxisTickerText);
    double smallest = 1e300, largest = 0;
    for (const KernelKind kind : kinds) {
        const QColor color = kernelColor(kind);
        QCPGraph *median = addGraph(x, y);
        QCPGraph *p95 = addGraph(x, y);
        median->setName(tr("%1 median").arg(kernelName(kind)));
        p95->setName(tr("%1 p95").arg(kernelName(kind)));
        median->setPen(QPen(color, 2));
        median->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, color, Qt::white, 7));
        p95->setPen(QPen(color, 1.5, Qt::DashLine));
        p95->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, color, 7));
        for (const auto &[n, r] : byKernel[kind]) {
            if (r->median_ms > 0) median->addData(double(n), r->median_ms);
            if (r->p95_ms > 0) p95->addData(double(n), r->p95_ms);
            for (const double v : {r->median_ms, r->p95_ms})
                if (v > 0) {
                    low = std::min(low, v);
                    high = std::max(high, v);
                }
            sizeTicks->addTick(double(n), QString::number(n));
            smallest = std::min(smallest, double(n));
            largest = std::max(largest, double(n));
        }
        median->addToLegend(m_legend);
        p95->addToLegend(m_legend);
    }
    m_legend->setVisible(!kinds.empty());
    x->setTicker(sizeTicks);
    if (largest > 0) {
        x->setRange(smallest / 1.4, largest * 1.4);
        y->setRange(low / 2, high * 4); // room above for the legend
    } else {
        x->setRange(100, 2000);
        y->setRange(0.01, 100);
        auto *empty = new QCPItemText(this);
        empty->position->setType(QCPItemPosition::ptAxisRectRatio);
        empty->position->setAxisRect(m_latencyRect);
        empty->position->setCoords(0.5, 0.5);
        empty->setClipAxisRect(m_latencyRect);
        empty->setText(tr("No run yet: press Run."));
        empty->setColor(QColor(0x55, 0x55, 0x55));
        m_emptyLabel = empty;
    }
}

void MeasuringPlot::drawNeedle()
{
    QCPAxis *x = m_needleRect->axis(QCPAxis::atBottom);
    QCPAxis *y = m_needleRect->axis(QCPAxis::atLeft);
    if (m_figure.visibleFromDepth > 0) {
        auto *outside = new QCPItemRect(this);
        outside->setClipAxisRect(m_needleRect);
        outside->topLeft->setAxes(x, y);
        outside->bottomRight->setAxes(x, y);
        outside->topLeft->setCoords(-0.05, 1.15);
        outside->bottomRight->setCoords(m_figure.visibleFromDepth, -1.05);
        outside->setPen(Qt::NoPen);
        outside->setBrush(QColor(0xe8, 0xe8, 0xe8));
        outside->setLayer(QStringLiteral("background"));
        auto *label = new QCPItemText(this);
        label->setClipAxisRect(m_needleRect);
        label->position->setAxes(x, y);
        label->position->setCoords(std::max(0.0, m_figure.visibleFromDepth / 2), -0.6);
        label->setText(tr("outside the window"));
        m_outsideLabel = label;
        label->setColor(QColor(0x55, 0x55, 0x55));
    }
    auto *threshold = new QCPItemStraightLine(this);
    threshold->setClipAxisRect(m_needleRect);
    threshold->point1->setAxes(x, y);
    threshold->point2->setAxes(x, y);
    threshold->point1->setCoords(0, kRetrievedCosine);
    threshold->point2->setCoords(1, kRetrievedCosine);
    threshold->setPen(QPen(QColor(0x66, 0x66, 0x66), 1, Qt::DashLine));
    QCPGraph *found = addGraph(x, y);
    QCPGraph *lost = addGraph(x, y);
    for (QCPGraph *g : {found, lost}) g->setLineStyle(QCPGraph::lsNone);
    found->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, kFound, kFound, 9));
    lost->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, QPen(kLost, 2.5), Qt::NoBrush, 10));
    found->setName(tr("retrieved (cos ≥ 0.9)"));
    lost->setName(tr("lost"));
    for (const NeedlePoint &p : m_figure.needle) (p.retrieved ? found : lost)->addData(p.depth, p.cosine);
}

QStringList MeasuringPlot::latencySeries() const
{
    QStringList names;
    for (int i = 0; i < graphCount(); ++i)
        if (graph(i)->keyAxis() == m_latencyRect->axis(QCPAxis::atBottom)) names << graph(i)->name();
    return names;
}

QString MeasuringPlot::checklistText() const
{
    // From the figure, not the text elements: a small fit leaves those empty.
    return m_figure.checklistHeader + QLatin1Char('\n') +
           m_figure.checklist.mid(0, 6).join(QLatin1Char('\n')) + QLatin1Char('\n') +
           m_figure.checklist.mid(6).join(QLatin1Char('\n'));
}

QString MeasuringPlot::toolTipAt(const QPoint &pos) const
{
    if (m_needleRect->rect().contains(pos)) {
        const double px = pos.x();
        for (const NeedlePoint &p : m_figure.needle) {
            const double cx = m_needleRect->axis(QCPAxis::atBottom)->coordToPixel(p.depth);
            if (std::abs(cx - px) <= 6)
                return tr("needle at depth %1 (key %2)\ncos(output, needle's value) = %3\n%4")
                    .arg(compactNumber(p.depth))
                    .arg(p.position)
                    .arg(exactNumber(p.cosine), p.retrieved ? tr("retrieved (≥ 0.9)") : tr("lost (< 0.9)"));
        }
        return {};
    }
    if (!m_latencyRect->rect().contains(pos)) return {};
    const QCPAxis *x = m_latencyRect->axis(QCPAxis::atBottom);
    const QCPAxis *y = m_latencyRect->axis(QCPAxis::atLeft);
    for (const bench::BenchResult &r : m_figure.results)
        for (const double v : {r.median_ms, r.p95_ms}) {
            if (v <= 0) continue;
            const QPointF c(x->coordToPixel(double(r.config.n_k)), y->coordToPixel(v));
            if (std::hypot(c.x() - pos.x(), c.y() - pos.y()) <= 7)
                return tr("%1 at n %2: median %3 ms, p95 %4 ms over %5 timed runs\n%6 GFLOP/s, %7 tokens/s")
                    .arg(kernelName(r.config.kernel))
                    .arg(r.config.n_k)
                    .arg(exactNumber(r.median_ms), exactNumber(r.p95_ms))
                    .arg(r.repetitions)
                    .arg(compactNumber(r.gflops), compactNumber(r.tokens_per_s));
        }
    return {};
}

bool MeasuringPlot::exportTo(const QString &path, const QString &format, QSize size, QString *error)
{
    fitTo(size);
    const bool ok = exportPlot(this, path, format, size, error);
    fitTo(this->size());
    replot(rpQueuedReplot);
    return ok;
}

bool MeasuringPlot::event(QEvent *event)
{
    if (event->type() != QEvent::ToolTip) return QCustomPlot::event(event);
    const auto *help = static_cast<QHelpEvent *>(event);
    const QString text = toolTipAt(help->pos());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(help->globalPos(), text, this);
    return true;
}

} // namespace attn::ui
