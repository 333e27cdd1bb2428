#include "ui/plots/vectorcolormap.h"

#include <algorithm>
#include <cmath>

namespace attn::ui {

VectorColorMap::VectorColorMap(QCPAxis *keyAxis, QCPAxis *valueAxis) : QCPColorMap(keyAxis, valueAxis) {}

std::vector<double> VectorColorMap::cellEdges(QCPAxis *axis, const QCPRange &range, int n)
{
    // Cell centres lie at range.lower + i·step; a single cell spans the whole range.
    std::vector<double> edges(static_cast<std::size_t>(n) + 1);
    const double step = n > 1 ? (range.upper - range.lower) / (n - 1) : range.upper - range.lower;
    const double first = n > 1 ? range.lower - step / 2 : range.lower;
    for (int i = 0; i <= n; ++i) edges[std::size_t(i)] = std::round(axis->coordToPixel(first + i * step));
    return edges;
}

QColor VectorColorMap::cellColor(int keyIndex, int valueIndex) const
{
    const double value = data()->cell(keyIndex, valueIndex);
    if (std::isnan(value)) return gradient().nanColor();
    return gradient().color(value, dataRange(), dataScaleType() == QCPAxis::stLogarithmic);
}

void VectorColorMap::draw(QCPPainter *painter)
{
    if (!painter->modes().testFlag(QCPPainter::pmVectorized)) {
        QCPColorMap::draw(painter);
        return;
    }
    drawCells(painter);
}

void VectorColorMap::drawCells(QCPPainter *painter) const
{
    const int nKey = data()->keySize();
    const int nValue = data()->valueSize();
    if (nKey == 0 || nValue == 0 || !keyAxis() || !valueAxis()) return;
    const std::vector<double> keyEdges = cellEdges(keyAxis(), data()->keyRange(), nKey);
    const std::vector<double> valueEdges = cellEdges(valueAxis(), data()->valueRange(), nValue);
    const bool keyHorizontal = keyAxis()->orientation() == Qt::Horizontal;
    painter->save();
    painter->setAntialiasing(false);
    painter->setPen(Qt::NoPen);
    for (int v = 0; v < nValue; ++v) {
        const double v0 = valueEdges[std::size_t(v)];
        const double v1 = valueEdges[std::size_t(v) + 1];
        for (int k = 0; k < nKey; ++k) {
            const double k0 = keyEdges[std::size_t(k)];
            const double k1 = keyEdges[std::size_t(k) + 1];
            const QRectF cell = keyHorizontal ? QRectF(QPointF(k0, v0), QPointF(k1, v1)).normalized()
                                              : QRectF(QPointF(v0, k0), QPointF(v1, k1)).normalized();
            painter->fillRect(cell, cellColor(k, v));
        }
    }
    painter->restore();
}

} // namespace attn::ui
