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

bool drawFittedText(QPainter &painter, const QRectF &cell, const QString &text, const QFont &font)
{
    if (text.isEmpty()) return false;
    const double room = cell.width() - 4;
    QFont fitted = font;
    const double width = QFontMetricsF(font).horizontalAdvance(text);
    if (width > room) {
        // Smaller, never shorter: the same digits in a font down to 60 % of the given one.
        const double factor = room / width;
        if (factor < 0.6 || (font.pointSizeF() <= 0 && font.pixelSize() <= 0)) return false;
        if (font.pointSizeF() > 0)
            fitted.setPointSizeF(font.pointSizeF() * factor);
        else
            fitted.setPixelSize(std::max(1, int(std::floor(font.pixelSize() * factor))));
        if (QFontMetricsF(fitted).horizontalAdvance(text) > room) return false;
    }
    painter.setFont(fitted);
    painter.drawText(cell, Qt::AlignCenter | Qt::TextSingleLine, text);
    painter.setFont(font);
    return true;
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
            // Weights as every view writes them (weightNumber: the Decimals setting, "<0.001" for a
            // tiny one); a narrow cell gets a smaller font, never fewer digits (0.549 is not 0.5).
            const QString text = isMasked(i, j) && w == 0.0 ? QStringLiteral("—") : weightNumber(w);
            drawFittedText(painter, cellRect(i, j), text, font);
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
