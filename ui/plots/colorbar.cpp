#include "ui/plots/colorbar.h"

#include <QLinearGradient>

namespace attn::ui {

ColorBar::ColorBar(QCustomPlot *plot, int barWidth) : QCPAxisRect(plot, true)
{
    for (QCPAxis::AxisType type : {QCPAxis::atBottom, QCPAxis::atLeft, QCPAxis::atTop})
        QCPAxisRect::axis(type)->setVisible(false);
    QCPAxis *right = axis();
    right->setVisible(true);
    right->setSubTicks(false);
    right->grid()->setVisible(false);
    setBarWidth(barWidth);
    setRangeDrag({});
    setRangeZoom({});
    setDataRange(QCPRange(0, 1));
}

void ColorBar::setBarWidth(int pixels)
{
    setMinimumSize(pixels, 0);
    setMaximumSize(pixels, QWIDGETSIZE_MAX);
}

void ColorBar::setGradient(const QCPColorGradient &gradient)
{
    m_gradient = gradient;
}

void ColorBar::setDataRange(const QCPRange &range)
{
    axis()->setRange(range);
    QCPAxisRect::axis(QCPAxis::atLeft)->setRange(range);
}

QCPRange ColorBar::dataRange() const
{
    return axis()->range();
}

void ColorBar::draw(QCPPainter *painter)
{
    // The gradient's own stops as a linear gradient: a vector fill in SVG and PDF alike.
    const QRect bar = rect();
    if (bar.isEmpty()) return;
    QLinearGradient fill(QPointF(0, bar.bottom() + 1), QPointF(0, bar.top()));
    const QMap<double, QColor> stops = m_gradient.colorStops();
    for (auto it = stops.cbegin(); it != stops.cend(); ++it) fill.setColorAt(it.key(), it.value());
    painter->save();
    painter->setPen(Qt::NoPen);
    painter->setBrush(fill);
    painter->drawRect(bar);
    painter->restore();
}

} // namespace attn::ui
