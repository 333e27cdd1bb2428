#include "ui/views/common/weightgrid.h"

#include "ui/base/numbertext.h"
#include "ui/plots/viridis.h"

#include <QFontMetricsF>
#include <QImage>
#include <QPaintEngine>
#include <QPainter>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <vector>

namespace attn::ui {

namespace {

const QColor kNanColor(0xd9, 0x44, 0x8a); // NaN weights, as in the heatmap plot

} // namespace

bool paintCellsAsImage(QPainter &painter, const QRectF &target, int rows, int columns,
                       const std::function<QColor(int row, int column)> &colour)
{
    const QPaintEngine *engine = painter.paintEngine();
    if (!engine || engine->type() != QPaintEngine::Raster) return false;
    if (rows <= 0 || columns <= 0 || target.isEmpty()) return true;
    QImage image(columns, rows, QImage::Format_RGB32);
    for (int r = 0; r < rows; ++r) {
        auto *line = reinterpret_cast<QRgb *>(image.scanLine(r));
        for (int c = 0; c < columns; ++c) line[c] = colour(r, c).rgb();
    }
    painter.save();
    painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
    painter.drawImage(target, image);
    painter.restore();
    return true;
}

QString fittedNumber(double value, double width, const QFontMetricsF &metrics)
{
    // Every candidate of a finite value has at least one digit: a cell narrower than the
    // narrowest digit gets nothing, without shaping four strings (hundreds of cells per repaint
    // at 64 tokens).
    if (std::isfinite(value)) {
        double narrowest = metrics.horizontalAdvance(QLatin1Char('0'));
        for (char digit = '1'; digit <= '9'; ++digit)
            narrowest = std::min(narrowest, metrics.horizontalAdvance(QLatin1Char(digit)));
        if (narrowest + 4 > width) return {};
    }
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
    // Cell edges computed once, on whole units, and shared by neighbours; filled without
    // antialiasing: touching cells with no hairline seams on screen, in PNG and in SVG/PDF.
    std::vector<double> xs(static_cast<std::size_t>(nk) + 1), ys(static_cast<std::size_t>(nq) + 1);
    for (Index j = 0; j <= nk; ++j)
        xs[std::size_t(j)] = std::round(cells.left() + cw * static_cast<double>(j));
    for (Index i = 0; i <= nq; ++i)
        ys[std::size_t(i)] = std::round(cells.top() + ch * static_cast<double>(i));
    const bool numbers = ch >= 14;
    painter.save();
    painter.setFont(font);
    const QFontMetricsF metrics(font);
    const auto cellRect = [&](Index i, Index j) {
        return QRectF(QPointF(xs[std::size_t(j)], ys[std::size_t(i)]),
                      QPointF(xs[std::size_t(j) + 1], ys[std::size_t(i) + 1]));
    };
    const auto isMasked = [&](Index i, Index j) { return head.visible.size() != 0 && !head.visible(i, j); };
    const auto fillOf = [&](Index i, Index j) {
        const double w = head.weights(i, j);
        return std::isnan(w) ? kNanColor : isMasked(i, j) && w == 0.0 ? maskedColor() : currentMapColor(w);
    };
    // 1. The cells, without antialiasing: one image on screen and in PNG (a fill per cell was
    // 32 768 fills per repaint at 64 tokens × 8 heads), a rectangle per cell in SVG and PDF.
    const bool antialiased = painter.testRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::Antialiasing, false);
    const QRectF edges(QPointF(xs.front(), ys.front()), QPointF(xs.back(), ys.back()));
    if (!paintCellsAsImage(painter, edges, int(nq), int(nk), [&](int i, int j) { return fillOf(i, j); })) {
        for (Index i = 0; i < nq; ++i)
            for (Index j = 0; j < nk; ++j) painter.fillRect(cellRect(i, j), fillOf(i, j));
    }
    QVector<QLineF> hatch; // masked cells: a pattern as well as a colour
    for (Index i = 0; i < nq; ++i)
        for (Index j = 0; j < nk; ++j)
            if (isMasked(i, j)) appendMaskedHatch(hatch, cellRect(i, j));
    painter.setPen(maskedHatchPen());
    painter.drawLines(hatch);
    painter.setRenderHint(QPainter::Antialiasing, antialiased);
    // 2. Their values.
    for (Index i = 0; i < nq && numbers; ++i)
        for (Index j = 0; j < nk; ++j) {
            const double w = head.weights(i, j);
            painter.setPen(contrastingTextColor(fillOf(i, j)));
            // Weights lie in [0, 1]: three decimals (1e-5 reads "0.000"; the tooltip is exact), fewer
            // when the cell is narrow.
            const QString text = isMasked(i, j) && w == 0.0 ? QStringLiteral("—")
                                 : !std::isfinite(w)        ? compactNumber(w)
                                 : metrics.horizontalAdvance(QStringLiteral("0.000")) + 4 <= cw
                                     ? QString::number(w, 'f', 3)
                                     : fittedNumber(w, cw, metrics);
            painter.drawText(cellRect(i, j), Qt::AlignCenter | Qt::TextSingleLine, text);
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
