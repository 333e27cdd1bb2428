#include "ui/plots/scalingplot.h"

#include "ui/base/numbertext.h"
#include "ui/plots/plotlayout.h"
#include "ui/plots/tokenticks.h"

#include <QHelpEvent>
#include <QToolTip>

#include <cmath>

namespace attn::ui {

namespace {

const QColor kPlainColor(0xd9, 0x5f, 0x02);  // plain dot: orange
const QColor kScaledColor(0x1b, 0x6c, 0x8c); // scaled dot: blue, as the arcs
const QColor kReferenceColor(0x88, 0x88, 0x88);
constexpr Index kMaxLabelledKeys = 12; // bars get their weight written above them up to this many keys

QCPAxisRect *newRect(QCustomPlot *plot, const QString &xLabel, const QString &yLabel)
{
    auto *rect = new QCPAxisRect(plot);
    rect->axis(QCPAxis::atBottom)->setLabel(xLabel);
    rect->axis(QCPAxis::atLeft)->setLabel(yLabel);
    for (QCPAxis *axis : rect->axes()) axis->grid()->setPen(QPen(QColor(0xe4, 0xe4, 0xe4), 0));
    return rect;
}

void useLog2(QCPAxis *axis)
{
    axis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
    ticker->setLogBase(2);
    ticker->setSubTickCount(0);
    axis->setTicker(ticker);
    axis->setNumberFormat(QStringLiteral("g"));
    axis->setNumberPrecision(4);
}

QCPGraph *newCurve(QCPAxisRect *rect, const QString &name, const QColor &color, Qt::PenStyle style)
{
    QCPGraph *graph =
        rect->parentPlot()->addGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    graph->setName(name);
    graph->setPen(QPen(color, style == Qt::SolidLine ? 2.0 : 1.2, style));
    if (style == Qt::SolidLine) graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color, 5));
    return graph;
}

QCPLegend *newLegend(QCPAxisRect *rect, Qt::Alignment where)
{
    auto *legend = new QCPLegend;
    rect->insetLayout()->addElement(legend, where);
    legend->setLayer(QStringLiteral("legend"));
    legend->setBrush(QColor(255, 255, 255, 220));
    legend->setBorderPen(QPen(QColor(0xcc, 0xcc, 0xcc)));
    QFont font = legend->font();
    font.setPointSizeF(font.pointSizeF() * 0.9);
    legend->setFont(font);
    return legend;
}

} // namespace

ScalingPlot::ScalingPlot(QWidget *parent) : QCustomPlot(parent)
{
    QCPLayoutGrid *curvesGrid = startTitledFigure(this, &m_title);
    m_spreadRect = newRect(this, tr("d_k"), tr("spread (std) of the scores"));
    m_entropyRect = newRect(this, tr("d_k"), tr("mean softmax entropy (nats)"));
    curvesGrid->addElement(0, 0, m_spreadRect);
    curvesGrid->addElement(0, 1, m_entropyRect);
    m_rowCaption = new QCPTextElement(this, QString(), font());
    plotLayout()->addElement(2, 0, m_rowCaption);
    m_rowRect = newRect(this, QString(), tr("weight"));
    plotLayout()->addElement(3, 0, m_rowRect);
    plotLayout()->setRowStretchFactors({0.01, 3.0, 0.01, 2.0});
    setupCurves();
    setupRow();
    // Which token labels fit depends on the axis length of the last layout.
    connect(this, &QCustomPlot::afterReplot, this, [this] {
        const QStringList labels = m_plain.size() > 0 ? m_keyLabels : QStringList();
        if (setTokenTicks(m_rowRect->axis(QCPAxis::atBottom), labels, true)) replot(rpQueuedReplot);
    });
}

ScalingPlot::~ScalingPlot() = default;

void ScalingPlot::setupCurves()
{
    // 1. Spread: both axes log 2, so √d_k is a straight line of slope ½.
    useLog2(m_spreadRect->axis(QCPAxis::atBottom));
    useLog2(m_spreadRect->axis(QCPAxis::atLeft));
    m_spreadRect->axis(QCPAxis::atLeft)->setRange(0.5, 32);
    QCPLegend *spreadLegend = newLegend(m_spreadRect, Qt::AlignTop | Qt::AlignLeft);
    m_spreadPlain = newCurve(m_spreadRect, tr("plain q·k"), kPlainColor, Qt::SolidLine);
    m_spreadScaled = newCurve(m_spreadRect, tr("scaled q·k/√d_k"), kScaledColor, Qt::SolidLine);
    m_spreadRoot = newCurve(m_spreadRect, tr("√d_k"), kReferenceColor, Qt::DashLine);
    for (QCPGraph *g : {m_spreadPlain, m_spreadScaled, m_spreadRoot}) g->addToLegend(spreadLegend);

    // 2. Entropy: log 2 d_k, linear nats; ln n_k is the uniform (flattest) softmax.
    useLog2(m_entropyRect->axis(QCPAxis::atBottom));
    QCPLegend *entropyLegend = newLegend(m_entropyRect, Qt::AlignBottom | Qt::AlignLeft);
    m_entropyPlain = newCurve(m_entropyRect, tr("plain"), kPlainColor, Qt::SolidLine);
    m_entropyScaled = newCurve(m_entropyRect, tr("scaled"), kScaledColor, Qt::SolidLine);
    m_entropyUniform = newCurve(m_entropyRect, QString(), kReferenceColor, Qt::DashLine);
    m_entropyUniform->addToLegend(entropyLegend);

    // The marked d_k: a dotted vertical line and rings on the curves.
    for (QCPAxisRect *rect : {m_spreadRect, m_entropyRect}) {
        auto *line = new QCPItemStraightLine(this);
        line->setClipAxisRect(rect);
        line->setPen(QPen(Qt::black, 1, Qt::DotLine));
        for (QCPItemPosition *p : {line->point1, line->point2})
            p->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        QCPGraph *marker = addGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        marker->setLineStyle(QCPGraph::lsNone);
        marker->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::black, 2), Qt::NoBrush, 11));
        (rect == m_spreadRect ? m_spreadLine : m_entropyLine) = line;
        (rect == m_spreadRect ? m_spreadMarker : m_entropyMarker) = marker;
    }
    m_entropyMarker->addToLegend(entropyLegend);
}

void ScalingPlot::setupRow()
{
    // 3. The live row: two bars per key, plain to the left, scaled to the right.
    QCPAxis *keys = m_rowRect->axis(QCPAxis::atBottom);
    QCPAxis *weights = m_rowRect->axis(QCPAxis::atLeft);
    weights->setRange(0, 1.12);
    keys->grid()->setVisible(false);
    QCPLegend *rowLegend = newLegend(m_rowRect, Qt::AlignTop | Qt::AlignRight);
    m_plainBars = new QCPBars(keys, weights);
    m_scaledBars = new QCPBars(keys, weights);
    for (QCPBars *bars : {m_plainBars, m_scaledBars}) {
        const QColor color = bars == m_plainBars ? kPlainColor : kScaledColor;
        bars->setWidth(0.38);
        bars->setPen(QPen(color.darker(120)));
        bars->setBrush(color);
        bars->addToLegend(rowLegend);
    }
    m_plainBars->setName(tr("without scaling (plain q·k)"));
    m_scaledBars->setName(tr("with 1/√d_k (scaled)"));
}

void ScalingPlot::setCurves(const std::vector<ScalingPoint> &points, Index numKeys, Index trials)
{
    m_points = points;
    m_numKeys = numKeys;
    m_title->setText(tr("Why divide by √d_k: q and %1 keys with random N(0, 1) entries, %2 draws per d_k")
                         .arg(numKeys)
                         .arg(trials));
    QVector<double> dims, stdPlain, stdScaled, root, entPlain, entScaled, uniform;
    for (const ScalingPoint &p : points) {
        dims << double(p.d_k);
        stdPlain << p.std_plain;
        stdScaled << p.std_scaled;
        root << std::sqrt(double(p.d_k));
        entPlain << p.entropy_plain;
        entScaled << p.entropy_scaled;
        uniform << std::log(double(numKeys));
    }
    m_spreadPlain->setData(dims, stdPlain, true);
    m_spreadScaled->setData(dims, stdScaled, true);
    m_spreadRoot->setData(dims, root, true);
    m_entropyPlain->setData(dims, entPlain, true);
    m_entropyScaled->setData(dims, entScaled, true);
    m_entropyUniform->setData(dims, uniform, true);
    m_entropyUniform->setName(tr("uniform: ln %1").arg(numKeys));
    m_entropyRect->axis(QCPAxis::atLeft)->setRange(0, std::log(double(std::max<Index>(numKeys, 2))) * 1.08);
    setMarker(ScalingPoint());
}

void ScalingPlot::setMarker(const ScalingPoint &point)
{
    const bool shown = point.d_k > 0;
    const double dk = double(point.d_k);
    m_spreadLine->setVisible(shown);
    m_entropyLine->setVisible(shown);
    m_spreadLine->point1->setCoords(dk, 1);
    m_spreadLine->point2->setCoords(dk, 2);
    m_entropyLine->point1->setCoords(dk, 0);
    m_entropyLine->point2->setCoords(dk, 1);
    m_spreadMarker->data()->clear();
    m_entropyMarker->data()->clear();
    m_entropyMarker->setName(shown ? tr("this scenario: d_k = %1").arg(point.d_k)
                                   : tr("this scenario: no q·k"));
    if (shown) {
        m_spreadMarker->setData({dk, dk}, {point.std_plain, point.std_scaled});
        m_entropyMarker->setData({dk, dk}, {point.entropy_plain, point.entropy_scaled});
    }
    const double right = std::max(m_points.empty() ? 1.0 : double(m_points.back().d_k), dk) * 1.4;
    for (QCPAxisRect *rect : {m_spreadRect, m_entropyRect})
        rect->axis(QCPAxis::atBottom)->setRange(0.7, right);
    replot(rpQueuedReplot);
}

void ScalingPlot::setRow(const Vector &plainWeights, const Vector &plainLogits, const Vector &scaledWeights,
                         const Vector &scaledLogits, const QStringList &keyLabels, const QString &caption)
{
    m_plain = plainWeights;
    m_plainLogits = plainLogits;
    m_scaled = scaledWeights;
    m_scaledLogits = scaledLogits;
    m_keyLabels = keyLabels;
    m_plainBars->data()->clear();
    m_scaledBars->data()->clear();
    for (QCPItemText *label : m_barLabels) removeItem(label);
    m_barLabels.clear();
    for (Index j = 0; j < m_plain.size(); ++j) {
        m_plainBars->addData(double(j) - 0.2, m_plain(j));
        m_scaledBars->addData(double(j) + 0.2, m_scaled(j));
        if (m_plain.size() > kMaxLabelledKeys) continue;
        for (const auto &[x, w] :
             {std::pair(double(j) - 0.2, m_plain(j)), std::pair(double(j) + 0.2, m_scaled(j))}) {
            auto *label = new QCPItemText(this);
            label->setClipAxisRect(m_rowRect);
            label->position->setAxes(m_rowRect->axis(QCPAxis::atBottom), m_rowRect->axis(QCPAxis::atLeft));
            label->position->setCoords(x, std::isnan(w) ? 0.0 : w);
            label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
            label->setPadding(QMargins(0, 2, 0, 2));
            label->setText(weightNumber(w));
            m_barLabels.push_back(label);
        }
    }
    m_rowRect->axis(QCPAxis::atBottom)->setRange(-0.7, std::max<double>(1, m_plain.size()) - 0.3);
    setTokenTicks(m_rowRect->axis(QCPAxis::atBottom), m_plain.size() > 0 ? keyLabels : QStringList(), true);
    m_rowCaption->setText(caption);
    replot(rpQueuedReplot);
}

QString ScalingPlot::rowCaption() const
{
    return m_rowCaption->text();
}

QString ScalingPlot::curveToolTip(int index) const
{
    if (index < 0 || index >= static_cast<int>(m_points.size())) return {};
    const ScalingPoint &p = m_points[static_cast<std::size_t>(index)];
    return tr("d_k = %1\nspread of q·k = %2 (√d_k = %3)\nspread of q·k/√d_k = %4\n"
              "mean entropy: plain %5, scaled %6 nats (uniform ln %7 = %8)\n"
              "mean largest weight: plain %9, scaled %10")
        .arg(p.d_k)
        .arg(exactNumber(p.std_plain), exactNumber(std::sqrt(double(p.d_k))), exactNumber(p.std_scaled),
             exactNumber(p.entropy_plain), exactNumber(p.entropy_scaled))
        .arg(m_numKeys)
        .arg(exactNumber(std::log(double(m_numKeys))), exactNumber(p.max_weight_plain),
             exactNumber(p.max_weight_scaled));
}

QString ScalingPlot::keyToolTip(int key) const
{
    if (key < 0 || key >= m_plain.size()) return {};
    return tr("key “%1”\nwithout scaling: weight %2, logit %3\nwith 1/√d_k: weight %4, logit %5")
        .arg(m_keyLabels.value(key), exactNumber(m_plain(key)), exactNumber(m_plainLogits(key)),
             exactNumber(m_scaled(key)), exactNumber(m_scaledLogits(key)));
}

bool ScalingPlot::event(QEvent *event)
{
    if (event->type() != QEvent::ToolTip) return QCustomPlot::event(event);
    const auto *help = static_cast<QHelpEvent *>(event);
    const QPoint pos = help->pos();
    QString text;
    for (QCPAxisRect *rect : {m_spreadRect, m_entropyRect}) {
        if (!rect->rect().contains(pos) || m_points.empty()) continue;
        // The nearest d_k of the curves on the log axis.
        const double x = std::log(rect->axis(QCPAxis::atBottom)->pixelToCoord(pos.x()));
        int best = 0;
        for (int i = 1; i < static_cast<int>(m_points.size()); ++i)
            if (std::abs(std::log(double(m_points[i].d_k)) - x) <
                std::abs(std::log(double(m_points[best].d_k)) - x))
                best = i;
        text = curveToolTip(best);
    }
    if (m_rowRect->rect().contains(pos))
        text = keyToolTip(
            static_cast<int>(std::lround(m_rowRect->axis(QCPAxis::atBottom)->pixelToCoord(pos.x()))));
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(help->globalPos(), text, this);
    return true;
}

} // namespace attn::ui
