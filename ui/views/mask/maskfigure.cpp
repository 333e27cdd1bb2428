#include "ui/views/mask/maskfigure.h"

#include "ui/base/numbertext.h"
#include "ui/plots/viridis.h"
#include "ui/views/common/paintfit.h"
#include "ui/views/common/weightgrid.h"

#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPaintEngine>
#include <QPainter>
#include <QVector>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

constexpr double kMargin = 14.0;
constexpr double kMaxCell = 100.0;             // a few tokens do not make giant cells
const QColor kNanColor(0xd9, 0x44, 0x8a);      // NaN weights, as in the heatmap
const QColor kRowNoteColor(0x7a, 0x4b, 0x00);  // rows that see no key and their policy
const QColor kSelectedColor(0xf3, 0x9c, 0x12); // the selected query, as in the sentence view
const QColor kCrossColor(0x8c, 0x8c, 0x8c);    // the cross on masked cells

double maxAdvance(const QStringList &texts, const QFont &font)
{
    const QFontMetricsF metrics(font);
    double widest = 0;
    for (const QString &text : texts) widest = std::max(widest, metrics.horizontalAdvance(text));
    return widest;
}

/// Backward-diagonal hatching over `rect`: a Qt::BDiagPattern brush on raster devices, lines on
/// vector devices (SVG and PDF would otherwise embed the pattern as an image or drop it).
void hatch(QPainter &painter, const QRectF &rect, const QColor &color)
{
    painter.save();
    const QPaintEngine *engine = painter.paintEngine();
    if (engine && engine->type() == QPaintEngine::Raster) {
        painter.setPen(Qt::NoPen);
        painter.setBrush(QBrush(color, Qt::BDiagPattern));
        painter.drawRect(rect);
    } else {
        // Each line runs from (x, bottom) up to (x + h, top); keep the part inside the rectangle
        // (computed, because QSvgGenerator ignores clipping).
        painter.setPen(QPen(color, 0.8));
        const double h = rect.height();
        for (double x = rect.left() - h; x < rect.right(); x += 7.0) {
            const double from = std::max(0.0, rect.left() - x);
            const double to = std::min(h, rect.right() - x);
            if (from < to)
                painter.drawLine(QPointF(x + from, rect.bottom() - from),
                                 QPointF(x + to, rect.bottom() - to));
        }
    }
    painter.restore();
}

} // namespace

QRectF MaskFigureLayout::cell(int query, int key) const
{
    if (query < 0 || query >= n_q || key < 0 || key >= n_k) return {};
    return {grid.left() + key * cellWidth, grid.top() + query * cellHeight, cellWidth, cellHeight};
}

QRectF MaskFigureLayout::paddingBox(int key) const
{
    if (key < 0 || key >= n_k) return {};
    return {grid.left() + key * cellWidth + 2, paddingStrip.top(), cellWidth - 4, paddingStrip.height()};
}

QRectF MaskFigureLayout::queryLabel(int query) const
{
    if (query < 0 || query >= n_q) return {};
    return {queryLabelBand.left(), grid.top() + query * cellHeight, queryLabelBand.width(), cellHeight};
}

MaskFigureLayout layoutMaskFigure(const MaskFigureData &data, QSizeF size, const QFont &base)
{
    MaskFigureLayout l;
    const double w = size.width();
    const double h = size.height();
    l.n_q = static_cast<int>(data.queryLabels.size());
    l.n_k = static_cast<int>(data.keyLabels.size());
    const double titlePx = std::clamp(h / 28.0, 12.0, 18.0);
    const double labelPx = std::clamp(h / 32.0, 10.0, 15.0);
    const double smallPx = std::clamp(labelPx * 0.85, 9.0, 13.0);
    l.titleFont = pixelFont(titlePx, true, base);
    l.labelFont = pixelFont(labelPx, false, base);
    l.smallFont = pixelFont(smallPx, false, base);
    l.titleRect = QRectF(kMargin, kMargin, w - 2 * kMargin, titlePx * 1.5);
    l.summaryRect = QRectF(kMargin, l.titleRect.bottom(), w - 2 * kMargin, smallPx * 1.6);
    l.checkRect = QRectF(kMargin, h - kMargin - smallPx * 2.8, w - 2 * kMargin, smallPx * 2.8); // two lines
    l.legendRect = QRectF(kMargin, l.checkRect.top() - smallPx * 2.4, w - 2 * kMargin, smallPx * 2.2);
    if (l.n_q == 0 || l.n_k == 0) return l;

    // Columns: query labels | grid | policy notes. Rows: key labels, grid, key_padding strip.
    bool anyEmptyRow = false;
    for (bool empty : data.rowSeesNothing) anyEmptyRow = anyEmptyRow || empty;
    QStringList rowTexts = data.queryLabels;
    for (QString &text : rowTexts) text = QStringLiteral("⊘ ") + text;
    rowTexts << QStringLiteral("key_padding");
    const double queryBand = std::min(maxAdvance(rowTexts, l.labelFont) + 12, w * 0.22);
    const double policyBand =
        anyEmptyRow ? std::min(QFontMetricsF(l.smallFont).horizontalAdvance(data.policyNote) + 16, w * 0.3)
                    : 0;
    const double availWidth = std::max(10.0, w - 2 * kMargin - queryBand - policyBand);
    double cell = std::min(kMaxCell, availWidth / l.n_k);
    const double keyAdvance = maxAdvance(data.keyLabels, l.labelFont);
    l.rotateKeyLabels = keyAdvance + 8 > cell;
    const double keyBand = l.rotateKeyLabels ? std::min(keyAdvance + 8, h * 0.18) : labelPx * 1.7;
    const double stripHeight = std::max(labelPx * 1.5, 14.0);
    const double top = l.summaryRect.bottom() + 6 + keyBand;
    const double bottom = l.legendRect.top() - 8 - stripHeight - 6;
    cell = std::max(4.0, std::min(cell, (bottom - top) / l.n_q));
    l.cellWidth = l.cellHeight = cell;
    const double cellPx = std::clamp(cell * 0.3, 7.0, labelPx);
    l.cellFont = pixelFont(cellPx, false, base);

    // The policy note takes what the grid leaves, up to its full length.
    const double policyWidth =
        anyEmptyRow ? std::max(policyBand,
                               std::min(QFontMetricsF(l.smallFont).horizontalAdvance(data.policyNote) + 16,
                                        w - 2 * kMargin - queryBand - cell * l.n_k))
                    : 0.0;
    const double blockWidth = queryBand + cell * l.n_k + policyWidth;
    const double left = std::max(kMargin, (w - blockWidth) / 2);
    const double spare = std::max(0.0, (bottom - top) - cell * l.n_q);
    const double gridTop = top + spare / 3; // most of the spare room below, where the legend is
    l.queryLabelBand = QRectF(left, gridTop, queryBand, cell * l.n_q);
    l.grid = QRectF(left + queryBand, gridTop, cell * l.n_k, cell * l.n_q);
    l.keyLabelBand = QRectF(l.grid.left(), gridTop - keyBand, l.grid.width(), keyBand);
    l.policyBand = QRectF(l.grid.right(), gridTop, policyWidth, l.grid.height());
    l.paddingStrip = QRectF(l.grid.left(), l.grid.bottom() + 6, l.grid.width(), stripHeight);
    return l;
}

void paintMaskFigure(QPainter &painter, const MaskFigureData &data, const MaskFigureLayout &l, QSizeF size)
{
    beginFigure(painter, size);
    painter.setFont(l.titleFont);
    painter.drawText(l.titleRect, Qt::AlignCenter | Qt::TextSingleLine, data.title);
    painter.setFont(l.smallFont);
    painter.setPen(QColor(0x44, 0x44, 0x44));
    painter.drawText(l.summaryRect, Qt::AlignCenter | Qt::TextSingleLine, data.maskSummary);
    if (!data.message.isEmpty() || l.n_q == 0 || l.n_k == 0) {
        painter.drawText(QRectF(QPointF(0, 0), size), Qt::AlignCenter | Qt::TextWordWrap, data.message);
        painter.restore();
        return;
    }

    // Key labels above the columns (turned upright when they do not fit), query labels left.
    const QFontMetricsF labelMetrics(l.labelFont);
    painter.setFont(l.labelFont);
    painter.setPen(Qt::black);
    for (int k = 0; k < l.n_k; ++k) {
        const QRectF column = l.cell(0, k);
        if (l.rotateKeyLabels) {
            const QString text =
                labelMetrics.elidedText(data.keyLabels[k], Qt::ElideRight, l.keyLabelBand.height() - 6);
            painter.save();
            painter.translate(column.center().x(), l.keyLabelBand.bottom() - 4);
            painter.rotate(-90);
            painter.drawText(QRectF(0, -column.width() / 2, l.keyLabelBand.height(), column.width()),
                             Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine, text);
            painter.restore();
        } else {
            const QRectF box(column.left(), l.keyLabelBand.top(), column.width(), l.keyLabelBand.height());
            painter.drawText(box, Qt::AlignHCenter | Qt::AlignBottom | Qt::TextSingleLine,
                             labelMetrics.elidedText(data.keyLabels[k], Qt::ElideRight, column.width()));
        }
    }
    for (int q = 0; q < l.n_q; ++q) {
        const bool empty = q < static_cast<int>(data.rowSeesNothing.size()) && data.rowSeesNothing[q];
        const bool selected = q == data.selectedQuery;
        QFont font = l.labelFont;
        font.setBold(selected);
        painter.setFont(font);
        painter.setPen(empty ? kRowNoteColor : Qt::black);
        const QString text = (empty ? QStringLiteral("⊘ ") : QString()) + data.queryLabels[q];
        painter.drawText(l.queryLabel(q).adjusted(0, 0, -8, 0),
                         Qt::AlignRight | Qt::AlignVCenter | Qt::TextSingleLine,
                         QFontMetricsF(font).elidedText(text, Qt::ElideLeft, l.queryLabelBand.width() - 8));
    }

    // Cells: the weight in the current colour map on [0, 1]; masked cells grey with a cross.
    const QFontMetricsF cellMetrics(l.cellFont);
    const bool numbersFit = cellMetrics.horizontalAdvance(QStringLiteral("0.000")) + 4 <= l.cellWidth &&
                            cellMetrics.height() + 2 <= l.cellHeight;
    painter.setFont(l.cellFont);
    const auto fillOf = [&data](int q, int k) {
        const double weight = data.weights(q, k);
        return data.visible(q, k) ? (std::isnan(weight) ? kNanColor : currentMapColor(weight))
                                  : maskedColor();
    };
    // 1. The fills: on screen and in PNG (the raster engine) one image of a pixel per cell, scaled
    // without smoothing (a rectangle per cell was most of an edit's repaint at 64 tokens); SVG and
    // PDF keep a rectangle per cell.
    const QRectF cells(l.grid.left(), l.grid.top(), l.n_k * l.cellWidth, l.n_q * l.cellHeight);
    if (!paintCellsAsImage(painter, cells, l.n_q, l.n_k, fillOf)) {
        for (int q = 0; q < l.n_q; ++q)
            for (int k = 0; k < l.n_k; ++k) painter.fillRect(l.cell(q, k), fillOf(q, k));
    }
    // 2. White lines between the cells, and a cross on each masked cell, each in one call.
    QVector<QLineF> gridLines;
    gridLines.reserve(l.n_q + l.n_k + 2);
    for (int q = 0; q <= l.n_q; ++q)
        gridLines.append(QLineF(cells.left(), cells.top() + q * l.cellHeight, cells.right(),
                                cells.top() + q * l.cellHeight));
    for (int k = 0; k <= l.n_k; ++k)
        gridLines.append(QLineF(cells.left() + k * l.cellWidth, cells.top(), cells.left() + k * l.cellWidth,
                                cells.bottom()));
    // Axis-parallel lines without antialiasing: crisp, and several times cheaper at 64 × 64.
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.setPen(QPen(Qt::white, 1.0));
    painter.drawLines(gridLines);
    painter.restore();
    QVector<QLineF> crosses;
    for (int q = 0; q < l.n_q; ++q)
        for (int k = 0; k < l.n_k; ++k) {
            if (data.visible(q, k)) continue;
            const QRectF box = l.cell(q, k);
            const QRectF inner = box.adjusted(box.width() * 0.22, box.height() * 0.22, -box.width() * 0.22,
                                              -box.height() * 0.22);
            crosses.append(QLineF(inner.topLeft(), inner.bottomRight()));
            crosses.append(QLineF(inner.topRight(), inner.bottomLeft()));
        }
    painter.setPen(QPen(kCrossColor, std::max(1.0, l.cellWidth / 30)));
    painter.drawLines(crosses);
    // 3. The numbers.
    for (int q = 0; q < l.n_q && numbersFit; ++q)
        for (int k = 0; k < l.n_k; ++k) {
            if (!data.visible(q, k)) continue;
            const QColor fill = fillOf(q, k);
            painter.setPen(contrastingTextColor(fill));
            painter.drawText(l.cell(q, k), Qt::AlignCenter | Qt::TextSingleLine,
                             compactNumber(data.weights(q, k)));
        }

    // Rows that see no key: hatched, with the policy named to the right.
    for (int q = 0; q < l.n_q; ++q) {
        if (q >= static_cast<int>(data.rowSeesNothing.size()) || !data.rowSeesNothing[q]) continue;
        const QRectF row(l.grid.left(), l.cell(q, 0).top(), l.grid.width(), l.cellHeight);
        hatch(painter, row, QColor(0x7a, 0x4b, 0x00, 170));
        painter.setPen(QPen(kRowNoteColor, 1.5));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(row);
        painter.setFont(l.smallFont);
        painter.drawText(QRectF(l.policyBand.left() + 8, row.top(), l.policyBand.width() - 8, row.height()),
                         Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, data.policyNote);
    }

    // A masked cell shows a number only when the policy gave it a weight (uniform, nan), on a
    // light plate so that it reads over the cross and the hatching.
    for (int q = 0; numbersFit && q < l.n_q; ++q)
        for (int k = 0; k < l.n_k; ++k) {
            const double weight = data.weights(q, k);
            if (data.visible(q, k) || weight == 0.0) continue;
            const QRectF box = l.cell(q, k);
            const QString text = compactNumber(weight);
            const double tw = cellMetrics.horizontalAdvance(text) + 6;
            const double th = cellMetrics.height() + 2;
            painter.setPen(Qt::NoPen);
            painter.setBrush(QColor(255, 255, 255, 225));
            painter.drawRoundedRect(QRectF(box.center().x() - tw / 2, box.center().y() - th / 2, tw, th), 2,
                                    2);
            painter.setPen(std::isnan(weight) ? kNanColor : QColor(Qt::black));
            painter.drawText(box, Qt::AlignCenter | Qt::TextSingleLine, text);
        }

    // The selected query's row, and the keyboard cursor.
    if (data.selectedQuery >= 0 && data.selectedQuery < l.n_q) {
        painter.setPen(QPen(kSelectedColor, 2.0));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(
            QRectF(l.grid.left(), l.cell(data.selectedQuery, 0).top(), l.grid.width(), l.cellHeight));
    }
    const QRectF cursor = l.cell(data.cursorQuery, data.cursorKey);
    if (!cursor.isEmpty()) {
        painter.setPen(QPen(Qt::black, 2.0, Qt::DashLine));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(cursor.adjusted(2, 2, -2, -2));
    }

    // The key_padding strip: one box per key, real or padding.
    painter.setFont(l.smallFont);
    painter.setPen(QColor(0x44, 0x44, 0x44));
    painter.drawText(QRectF(l.queryLabelBand.left(), l.paddingStrip.top(), l.queryLabelBand.width() - 8,
                            l.paddingStrip.height()),
                     Qt::AlignRight | Qt::AlignVCenter | Qt::TextSingleLine, QStringLiteral("key_padding"));
    const QFontMetricsF smallMetrics(l.smallFont);
    const bool wordsFit = std::max(smallMetrics.horizontalAdvance(QObject::tr("real")),
                                   smallMetrics.horizontalAdvance(QObject::tr("pad"))) +
                              4 <=
                          l.cellWidth - 4;
    for (int k = 0; k < l.n_k; ++k) {
        const bool padding = k < static_cast<int>(data.keyIsPadding.size()) && data.keyIsPadding[k];
        const QRectF box = l.paddingBox(k);
        painter.setPen(QPen(padding ? kRowNoteColor : QColor(0xaa, 0xaa, 0xaa), 1.0));
        painter.setBrush(padding ? QColor(0xfd, 0xe2, 0xb8) : QColor(Qt::white));
        painter.drawRoundedRect(box, 3, 3);
        painter.setPen(padding ? kRowNoteColor : QColor(0x55, 0x55, 0x55));
        const QString text = padding ? (wordsFit ? QObject::tr("pad") : QStringLiteral("×"))
                                     : (wordsFit ? QObject::tr("real") : QStringLiteral("✓"));
        painter.drawText(box, Qt::AlignCenter | Qt::TextSingleLine, text);
    }

    // Legend: the colour scale, the masked swatch, the hatched swatch.
    const QRectF legend = l.legendRect;
    const double barHeight = legend.height() * 0.5;
    const double y = legend.center().y() - barHeight / 2;
    const QString weightZero = QObject::tr("weight 0");
    const double textWidth = smallMetrics.horizontalAdvance(weightZero);
    const double barWidth = std::min(160.0, legend.width() * 0.25);
    const double total = textWidth + 6 + barWidth + 6 + 12 + barHeight * 3 + 230;
    double x = std::max(legend.left(), legend.center().x() - total / 2);
    painter.setPen(QColor(0x44, 0x44, 0x44));
    painter.drawText(QRectF(x, legend.top(), textWidth, legend.height()), Qt::AlignVCenter | Qt::AlignRight,
                     weightZero);
    x += textWidth + 6;
    QLinearGradient gradient(QPointF(x, 0), QPointF(x + barWidth, 0));
    for (int i = 0; i <= 9; ++i) gradient.setColorAt(i / 9.0, currentMapColor(i / 9.0));
    painter.setPen(Qt::NoPen);
    painter.setBrush(gradient);
    painter.drawRect(QRectF(x, y, barWidth, barHeight));
    x += barWidth + 6;
    painter.setPen(QColor(0x44, 0x44, 0x44));
    painter.drawText(QRectF(x, legend.top(), 12, legend.height()), Qt::AlignVCenter | Qt::AlignLeft,
                     QStringLiteral("1"));
    x += 12 + barHeight;
    const QRectF masked(x, y, barHeight * 1.3, barHeight);
    painter.setPen(QPen(Qt::white, 1.0));
    painter.setBrush(maskedColor());
    painter.drawRect(masked);
    painter.setPen(QPen(kCrossColor, 1.0));
    painter.drawLine(masked.topLeft(), masked.bottomRight());
    painter.drawLine(masked.topRight(), masked.bottomLeft());
    x += masked.width() + 4;
    painter.setPen(QColor(0x44, 0x44, 0x44));
    const QString maskedText = QObject::tr("masked (excluded before softmax)");
    painter.drawText(QRectF(x, legend.top(), smallMetrics.horizontalAdvance(maskedText) + 2, legend.height()),
                     Qt::AlignVCenter | Qt::AlignLeft, maskedText);

    if (!data.checkText.isEmpty()) {
        QFont font = l.smallFont;
        font.setBold(true);
        painter.setFont(font);
        painter.setPen(data.checkColor);
        painter.drawText(l.checkRect, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, data.checkText);
    }
    painter.restore();
}

} // namespace attn::ui
