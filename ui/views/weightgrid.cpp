#include "ui/views/weightgrid.h"

#include "ui/numbertext.h"
#include "ui/plots/viridis.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QStringList>

#include <cmath>

namespace attn::ui {

namespace {

const QColor kNanColor(0xd9, 0x44, 0x8a); // NaN weights, as in the heatmap plot

} // namespace

QString fittedNumber(double value, double width, const QFontMetricsF &metrics)
{
    QStringList candidates = {compactNumber(value), QString::number(value, 'f', 2)};
    if (std::abs(value) >= 0.05) candidates << QString::number(value, 'f', 1); // never "-0.0"
    candidates << QString::number(value, 'g', 2);
    for (const QString &text : candidates)
        if (metrics.horizontalAdvance(text) + 4 <= width) return text;
    return {};
}

void paintWeightGrid(QPainter &painter, const QRectF &cells, const HeadTrace &head, int selectedRow,
                     const QFont &font)
{
    const Index nq = head.weights.rows();
    const Index nk = head.weights.cols();
    if (nq == 0 || nk == 0 || cells.isEmpty()) return;
    const double cw = cells.width() / static_cast<double>(nk);
    const double ch = cells.height() / static_cast<double>(nq);
    const bool numbers = ch >= 14;
    painter.save();
    painter.setFont(font);
    const QFontMetricsF metrics(font);
    for (Index i = 0; i < nq; ++i)
        for (Index j = 0; j < nk; ++j) {
            const QRectF cell(cells.left() + cw * static_cast<double>(j),
                              cells.top() + ch * static_cast<double>(i), cw, ch);
            const double w = head.weights(i, j);
            const bool masked = head.visible.size() != 0 && !head.visible(i, j);
            const QColor fill = std::isnan(w)        ? kNanColor
                                : masked && w == 0.0 ? maskedColor()
                                                     : viridisColor(w);
            painter.fillRect(cell, fill);
            if (!numbers) continue;
            painter.setPen(contrastingTextColor(fill));
            // Weights lie in [0, 1]: three decimals (1e-5 reads "0.000"; the tooltip is exact), fewer
            // when the cell is narrow.
            const QString text = masked && w == 0.0  ? QStringLiteral("—")
                                 : !std::isfinite(w) ? compactNumber(w)
                                 : metrics.horizontalAdvance(QStringLiteral("0.000")) + 4 <= cw
                                     ? QString::number(w, 'f', 3)
                                     : fittedNumber(w, cw, metrics);
            painter.drawText(cell, Qt::AlignCenter | Qt::TextSingleLine, text);
        }
    painter.setPen(QPen(QColor(0x66, 0x66, 0x66), 1));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(cells);
    if (nq > 1 && selectedRow >= 0 && selectedRow < nq) {
        painter.setPen(QPen(Qt::black, 2));
        painter.drawRect(QRectF(cells.left(), cells.top() + ch * selectedRow, cells.width(), ch));
    }
    painter.restore();
}

bool weightGridCellAt(const QRectF &cells, int nQ, int nK, QPointF pos, int *row, int *column)
{
    if (nQ <= 0 || nK <= 0 || !cells.contains(pos)) return false;
    *column = std::clamp(static_cast<int>((pos.x() - cells.left()) / cells.width() * nK), 0, nK - 1);
    *row = std::clamp(static_cast<int>((pos.y() - cells.top()) / cells.height() * nQ), 0, nQ - 1);
    return true;
}

} // namespace attn::ui
