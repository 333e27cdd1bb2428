#include "ui/views/heads/headsfigure.h"

#include "ui/base/appsettings.h"
#include "ui/base/numbertext.h"
#include "ui/plots/tokenticks.h" // kAlwaysLabelled
#include "ui/plots/viridis.h"
#include "ui/views/common/paintfit.h"
#include "ui/views/common/weightgrid.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QVector>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

constexpr double kMargin = 12.0;
/// Room between a map and its row and column labels at the usual 14 px text: the selected map's
/// frame (3 px wide, 3 px out) and a clear gap. It grows with the text (labelGap()).
constexpr double kLabelGap = 9.0;

double labelGap(double fontPx)
{
    return kLabelGap * std::max(1.0, fontPx / 14.0);
}

/// Blue for negative, white for 0, red for positive; |value| / limit ≥ 1 is the full colour.
QColor divergingColor(double value, double limit)
{
    if (!std::isfinite(value)) return QColor(0xd9, 0x44, 0x8a);
    const double t = std::clamp(limit > 0 ? std::abs(value) / limit : 0.0, 0.0, 1.0);
    const QColor end = value < 0 ? QColor(0x21, 0x66, 0xac) : QColor(0xb2, 0x18, 0x2b);
    return QColor::fromRgbF(1 - t * (1 - end.redF()), 1 - t * (1 - end.greenF()), 1 - t * (1 - end.blueF()));
}

double maxAbs(const Matrix &m)
{
    double best = 0;
    for (Index i = 0; i < m.size(); ++i)
        if (std::isfinite(m.data()[i])) best = std::max(best, std::abs(m.data()[i]));
    return best;
}

/// A row of cells in `rect`, one per entry of `values`, coloured by sign with the number inside.
void paintVectorCells(QPainter &painter, const QRectF &rect, const Vector &values, double limit,
                      const QFont &font)
{
    const Index n = values.size();
    if (n == 0) return;
    const double cw = rect.width() / static_cast<double>(n);
    painter.setFont(font);
    QVector<QRectF> borders;
    borders.reserve(int(n));
    for (Index i = 0; i < n; ++i) {
        const QRectF cell(rect.left() + cw * static_cast<double>(i), rect.top(), cw, rect.height());
        const QColor fill = divergingColor(values(i), limit);
        painter.fillRect(cell, fill);
        borders.append(cell);
        painter.setPen(contrastingTextColor(fill));
        drawFittedText(painter, cell, compactNumber(values(i)), font); // all its digits, or none
    }
    // The borders in one call, over the fills.
    painter.setPen(QPen(QColor(0xaa, 0xaa, 0xaa), 0.5));
    painter.setBrush(Qt::NoBrush);
    painter.drawRects(borders);
}

/// `font` made smaller a pixel at a time, down to 7 px, until every label is at most `width`
/// wide and the line at most `height` high.
QFont shrunkToFit(QFont font, const QStringList &labels, double width, double height)
{
    const auto fits = [&](const QFont &f) {
        const QFontMetricsF metrics(f);
        if (metrics.height() > height) return false;
        for (const QString &label : labels)
            if (metrics.horizontalAdvance(label) > width) return false;
        return true;
    };
    while (font.pixelSize() > 7 && !fits(font)) font.setPixelSize(font.pixelSize() - 1);
    return font;
}

} // namespace

bool hasSinkWeights(const AttentionTrace &trace)
{
    return !trace.heads.empty() &&
           std::all_of(trace.heads.begin(), trace.heads.end(), [&](const HeadTrace &h) {
               return h.sink_weights.size() == trace.shapes.n_q && trace.shapes.n_q > 0;
           });
}

QColor headColor(int head)
{
    static const QColor colors[] = {QColor(0x00, 0x72, 0xb2), QColor(0xe6, 0x9f, 0x00),
                                    QColor(0x00, 0x9e, 0x73), QColor(0xcc, 0x79, 0xa7),
                                    QColor(0xd5, 0x5e, 0x00), QColor(0x56, 0xb4, 0xe9),
                                    QColor(0x99, 0x99, 0x33), QColor(0x88, 0x22, 0x55)};
    return colors[static_cast<std::size_t>(std::max(0, head)) % 8];
}

HeadsLayout layoutHeadsFigure(const HeadsFigureData &data, QSizeF size)
{
    HeadsLayout l;
    const double w = size.width();
    const double h = size.height();
    // Grows with large exports, and with presentation mode's text factor (the layout below
    // follows the text size, so that the larger lines keep their room).
    l.fontPx =
        std::clamp(std::min(h / 48.0, w / 68.0), 8.0, 30.0) * AppSettings::instance().figureTextScale();
    const double line = l.fontPx * 1.5;
    l.titleRect = QRectF(kMargin, kMargin, w - 2 * kMargin, l.fontPx * 1.3 * 1.5);
    // Two lines for the caption: it wraps in narrow figures.
    l.captionRect = QRectF(kMargin, l.titleRect.bottom(), w - 2 * kMargin, 2 * line);
    if (!data.trace || data.trace->heads.empty() || !data.message.isEmpty()) return l;

    const AttentionTrace &t = *data.trace;
    const int hq = static_cast<int>(t.heads.size());
    const int nq = static_cast<int>(t.shapes.n_q);
    const int nk = static_cast<int>(t.shapes.n_k);
    const int hkv = std::max(1, data.numKvHeads);
    const QFontMetricsF metrics(pixelFont(l.fontPx));
    for (const QString &label : data.queryLabels)
        l.queryLabelWidth =
            std::max(l.queryLabelWidth, metrics.horizontalAdvance(label) + labelGap(l.fontPx) + 2);
    l.queryLabelWidth = std::min(l.queryLabelWidth, w * 0.15);

    // The pipeline takes the bottom: label, the cells (as tall as W_o), a foot note.
    const double pipeTop = kMargin + (h - 2 * kMargin) * 0.64;
    l.footRect = QRectF(kMargin, h - kMargin - line, w - 2 * kMargin, line);
    l.pipelineLabel = QRectF(kMargin, pipeTop, w - 2 * kMargin, line);

    // The heatmaps: up to four per grid row.
    const int columns = hq <= 4 ? hq : (hq + 1) / 2;
    const int rows = (hq + columns - 1) / columns;
    const double gridTop = l.captionRect.bottom() + 4;
    const double gridBottom = pipeTop - 6;
    const double slotW = (w - 2 * kMargin - l.queryLabelWidth) / columns;
    const double slotH = (gridBottom - gridTop) / rows;
    const double pad = 10;
    // With sinks each map gets one more column, half a cell apart: the share no key received.
    const bool sinks = hasSinkWeights(t);
    const double columnsWide = nk + (sinks ? 1.5 : 0.0);
    const double cell = std::max(
        2.0, std::min((slotW - 2 * pad) / columnsWide, (slotH - 3.3 * line - 2 * pad) / std::max(1, nq)));
    for (int head = 0; head < hq; ++head) {
        const int r = head / columns;
        const int c = head % columns;
        const QRectF slot(kMargin + l.queryLabelWidth + c * slotW, gridTop + r * slotH, slotW, slotH);
        const double gw = cell * nk;
        const double gh = cell * nq;
        const double top = slot.top() + pad + 1.3 * line + (slot.height() - 2 * pad - 3.3 * line - gh) / 2;
        const double left = slot.center().x() - cell * columnsWide / 2;
        l.cells.emplace_back(left, top, gw, gh);
        if (sinks) l.sinkCells.emplace_back(left + gw + cell * 0.5, top, cell, gh);
        l.headTitle.emplace_back(slot.left(), top - 1.3 * line, slot.width(), line);
    }
    // One box per K/V group and grid row: the slots of the group's heads in that row.
    const int groupSize = hq / hkv;
    for (int r = 0; r < rows; ++r)
        for (int g = 0; g < hkv; ++g) {
            QRectF box;
            for (int head = g * groupSize; head < (g + 1) * groupSize; ++head) {
                if (head / columns != r) continue;
                const int c = head % columns;
                const QRectF slot(kMargin + l.queryLabelWidth + c * slotW, gridTop + r * slotH, slotW, slotH);
                box = box.isNull() ? slot : box.united(slot);
            }
            if (!box.isNull()) l.groups.emplace_back(g, box.adjusted(3, 3, -3, -3));
        }

    // Pipeline: concat (1 × H_q·d_v) · W_o (H_q·d_v × d_model) = output (1 × d_model).
    const Index nc = data.concatenated.size();
    const Index dm = data.output.size();
    if (nc > 0 && dm > 0 && data.W_o.rows() == nc && data.W_o.cols() == dm) {
        const double top = l.pipelineLabel.bottom() + 2;
        const double avail = l.footRect.top() - top - line - 4; // a line under W_o for its name
        const double sign = l.fontPx * 2.2;                     // room for "·" and "="
        // Strip cells cw wide; W_o cells at most half as wide, and W_o no taller than the room.
        const double cw = std::min(56.0 * std::max(1.0, l.fontPx / 14.0),
                                   0.92 * (w - 2 * kMargin - 2 * sign) / (nc + dm + 0.5 * dm));
        const double wc = std::max(1.0, std::min(cw * 0.5, avail / static_cast<double>(nc)));
        const double stripH = std::min(line * 1.3, avail);
        const double total = cw * nc + sign + wc * dm + sign + cw * dm;
        double x = (w - total) / 2;
        const double mid = top + wc * nc / 2;
        l.concatRect = QRectF(x, mid - stripH / 2, cw * nc, stripH);
        x += cw * nc + sign;
        l.projectionRect = QRectF(x, top, wc * dm, wc * nc);
        x += wc * dm + sign;
        l.outputRect = QRectF(x, mid - stripH / 2, cw * dm, stripH);
    }
    return l;
}

void paintHeadsFigure(QPainter &painter, QSizeF size, const HeadsFigureData &data, bool onScreen)
{
    beginFigure(painter, size);
    const HeadsLayout l = layoutHeadsFigure(data, size);
    const QFont font = pixelFont(l.fontPx);
    const QFont bold = pixelFont(l.fontPx, true);
    painter.setPen(Qt::black);
    drawFitted(painter, l.titleRect, Qt::AlignCenter, data.title, pixelFont(l.fontPx * 1.3, true));
    painter.setFont(font);
    painter.setPen(QColor(0x44, 0x44, 0x44));
    if (!data.message.isEmpty() || !data.trace || data.trace->heads.empty()) {
        painter.drawText(l.captionRect, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, data.message);
        painter.restore();
        return;
    }
    painter.drawText(l.captionRect, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap,
                     onScreen
                         ? QObject::tr("Rows: queries, columns: keys, colour: weight 0 → 1. A grey box holds "
                                       "the query heads that read one K/V head. Click a map to pick its head "
                                       "and query.")
                         : QObject::tr("Rows: queries, columns: keys, colour: weight 0 → 1. A grey box holds "
                                       "the query heads that read one K/V head."));
    const AttentionTrace &t = *data.trace;
    const int hq = static_cast<int>(t.heads.size());

    // Group boxes first, then each head's map.
    for (const auto &[group, box] : l.groups) {
        painter.setPen(QPen(QColor(0x9a, 0xa5, 0xb1), 1.2));
        painter.setBrush(QColor(0xf1, 0xf4, 0xf8));
        painter.drawRoundedRect(box, 8, 8);
        painter.setPen(QColor(0x4a, 0x55, 0x61));
        painter.setFont(font);
        painter.drawText(box.adjusted(0, 0, 0, -3), Qt::AlignHCenter | Qt::AlignBottom | Qt::TextSingleLine,
                         QObject::tr("K/V head %1").arg(group));
    }
    const QFontMetricsF metrics(font);
    for (int head = 0; head < hq; ++head) {
        const QRectF cells = l.cells[static_cast<std::size_t>(head)];
        const bool selected = head == data.selectedHead;
        painter.setFont(selected ? bold : font);
        painter.setPen(headColor(head).darker(selected ? 130 : 110));
        painter.drawText(l.headTitle[static_cast<std::size_t>(head)], Qt::AlignCenter | Qt::TextSingleLine,
                         QObject::tr("head %1").arg(head));
        paintWeightGrid(painter, cells, t.heads[static_cast<std::size_t>(head)], data.selectedQuery, font);
        if (head < static_cast<int>(l.sinkCells.size())) {
            // The sink's share of each row, in the same colours, with "sink" under it.
            HeadTrace sink;
            sink.weights = t.heads[static_cast<std::size_t>(head)].sink_weights; // (n_q, 1)
            sink.visible = BoolMatrix::Constant(t.shapes.n_q, 1, true);
            const QRectF column = l.sinkCells[static_cast<std::size_t>(head)];
            paintWeightGrid(painter, column, sink, data.selectedQuery, font);
            painter.setPen(QPen(QColor(0x55, 0x55, 0x55), 1, Qt::DashLine));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(column);
            painter.setFont(font);
            painter.setPen(Qt::black);
            painter.drawText(QRectF(column.left() - column.width() / 2, column.bottom() + labelGap(l.fontPx),
                                    column.width() * 2, l.fontPx * 1.4),
                             Qt::AlignHCenter | Qt::AlignTop | Qt::TextSingleLine,
                             metrics.elidedText(QObject::tr("sink"), Qt::ElideRight, column.width() * 2));
        }
        if (selected) {
            const double k = std::max(1.0, l.fontPx / 14.0);
            painter.setPen(QPen(headColor(head), 3 * k));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(cells.adjusted(-3 * k, -3 * k, 3 * k, 3 * k));
        }
        // Key labels under every map; query labels left of the maps of the first column.
        const double cw = cells.width() / std::max<Index>(1, t.shapes.n_k);
        const double ch = cells.height() / std::max<Index>(1, t.shapes.n_q);
        painter.setFont(font);
        painter.setPen(Qt::black);
        // Up to kAlwaysLabelled tokens every label is drawn: in a smaller font (down to 7 px) when
        // the cells are narrow or the rows low, then cut with "…" (the tooltips name every cell).
        // Beyond that, labels that could not be read are left out.
        const bool few =
            data.keyLabels.size() <= kAlwaysLabelled && data.queryLabels.size() <= kAlwaysLabelled;
        const bool keyLabelsFit = few || cw >= 1.5 * metrics.averageCharWidth();
        const bool queryLabelsFit = few || ch >= 0.75 * metrics.height();
        const QFont keyFont = shrunkToFit(font, data.keyLabels, cw, 1e9);
        const QFontMetricsF keyMetrics(keyFont);
        painter.setFont(keyFont);
        for (int j = 0; keyLabelsFit && j < data.keyLabels.size(); ++j)
            painter.drawText(QRectF(cells.left() + j * cw - 1, cells.bottom() + labelGap(l.fontPx), cw + 2,
                                    l.fontPx * 1.4),
                             Qt::AlignHCenter | Qt::AlignTop | Qt::TextSingleLine,
                             keyMetrics.elidedText(data.keyLabels[j], Qt::ElideRight, cw + 2));
        const QFont queryFont = shrunkToFit(font, data.queryLabels, l.queryLabelWidth, ch);
        QFont queryBold = queryFont;
        queryBold.setBold(true);
        if (queryLabelsFit &&
            (head == 0 || l.cells[static_cast<std::size_t>(head)].left() < l.cells.front().left() + 1))
            for (int i = 0; i < data.queryLabels.size(); ++i) {
                painter.setFont(i == data.selectedQuery ? queryBold : queryFont);
                painter.drawText(
                    QRectF(kMargin, cells.top() + i * ch, cells.left() - kMargin - labelGap(l.fontPx), ch),
                    Qt::AlignRight | Qt::AlignVCenter | Qt::TextSingleLine,
                    QFontMetricsF(queryFont).elidedText(data.queryLabels[i], Qt::ElideRight,
                                                        l.queryLabelWidth));
            }
    }

    // The pipeline of the selected query.
    if (!l.concatRect.isEmpty()) {
        const Index dv = t.shapes.d_v;
        painter.setFont(bold);
        painter.setPen(Qt::black);
        drawFitted(
            painter, l.pipelineLabel, Qt::AlignCenter,
            QObject::tr("Query “%1”: head outputs side by side = concatenation (1 × %2)  ·  W_o (%2 × "
                        "%3)  =  output (1 × %3)")
                .arg(data.queryLabels.value(data.selectedQuery))
                .arg(data.concatenated.size())
                .arg(data.output.size()),
            bold, QObject::tr("“%1”: concat · W_o = output").arg(data.queryLabels.value(data.selectedQuery)));
        const double limit = std::max({maxAbs(data.concatenated), maxAbs(data.output), 1e-12});
        paintVectorCells(painter, l.concatRect, data.concatenated, limit, font);
        paintVectorCells(painter, l.outputRect, data.output, limit, font);
        // Each head's block of the concatenation: a bar in the head's colour and its name.
        const double cw = l.concatRect.width() / static_cast<double>(data.concatenated.size());
        for (int head = 0; head < hq; ++head) {
            const QRectF block(l.concatRect.left() + cw * dv * head, l.concatRect.top(), cw * dv,
                               l.concatRect.height());
            painter.setPen(QPen(headColor(head), head == data.selectedHead ? 4 : 2.5));
            painter.drawLine(block.bottomLeft() + QPointF(1, 3), block.bottomRight() + QPointF(-1, 3));
            painter.setPen(headColor(head).darker(120));
            painter.drawText(
                QRectF(block.left(), block.bottom() + 4, block.width(), l.fontPx * 1.4),
                Qt::AlignCenter | Qt::TextSingleLine,
                metrics.elidedText(QObject::tr("head %1").arg(head), Qt::ElideRight, block.width()));
        }
        // W_o as a small matrix: its row r multiplies entry r of the concatenation.
        const Index rows = data.W_o.rows();
        const Index cols = data.W_o.cols();
        const double wc = l.projectionRect.width() / static_cast<double>(cols);
        const double wr = l.projectionRect.height() / static_cast<double>(rows);
        const double wLimit = std::max(maxAbs(data.W_o), 1e-12);
        const auto wColour = [&](int r, int c) { return divergingColor(data.W_o(r, c), wLimit); };
        if (!paintCellsAsImage(painter, l.projectionRect, int(rows), int(cols), wColour)) {
            for (Index r = 0; r < rows; ++r)
                for (Index c = 0; c < cols; ++c)
                    painter.fillRect(
                        QRectF(l.projectionRect.left() + wc * c, l.projectionRect.top() + wr * r, wc, wr),
                        wColour(int(r), int(c)));
        }
        for (int head = 0; head < hq; ++head) // which rows belong to which head
            painter.fillRect(
                QRectF(l.projectionRect.left() - 5, l.projectionRect.top() + wr * dv * head, 4, wr * dv),
                headColor(head));
        painter.setPen(QPen(QColor(0x66, 0x66, 0x66), 1));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(l.projectionRect);
        painter.setFont(pixelFont(l.fontPx * 1.6, true));
        painter.setPen(Qt::black);
        painter.drawText(QRectF(l.concatRect.right(), l.concatRect.top() - 10,
                                l.projectionRect.left() - l.concatRect.right(), l.concatRect.height() + 20),
                         Qt::AlignCenter, QStringLiteral("·"));
        painter.drawText(QRectF(l.projectionRect.right(), l.outputRect.top() - 10,
                                l.outputRect.left() - l.projectionRect.right(), l.outputRect.height() + 20),
                         Qt::AlignCenter, QStringLiteral("="));
        painter.setFont(font);
        painter.setPen(QColor(0x44, 0x44, 0x44));
        painter.drawText(QRectF(l.projectionRect.left() - 40, l.projectionRect.bottom() + 1,
                                l.projectionRect.width() + 80, l.fontPx * 1.4),
                         Qt::AlignCenter | Qt::TextSingleLine, QStringLiteral("W_o"));
        if (data.W_oFromScenario)
            drawFitted(painter, l.footRect, Qt::AlignCenter,
                       QObject::tr("Blue < 0 < red. W_o is the scenario's: edit it in the Q/K/V editor's W_o "
                                   "table, and every output entry follows."),
                       font, QObject::tr("Blue < 0 < red; W_o from the scenario."));
        else
            drawFitted(
                painter, l.footRect, Qt::AlignCenter,
                QObject::tr("Blue < 0 < red. W_o is fixed by the view (seeded Xavier-uniform, not trained): "
                            "every output entry mixes every head."),
                font, QObject::tr("Blue < 0 < red; W_o seeded, not trained."));
    }
    painter.restore();
}

HeadsHit headsHitAt(const HeadsFigureData &data, QSizeF size, QPointF pos)
{
    HeadsHit hit;
    if (!data.trace || data.trace->heads.empty() || !data.message.isEmpty()) return hit;
    const HeadsLayout l = layoutHeadsFigure(data, size);
    const int nq = static_cast<int>(data.trace->shapes.n_q);
    const int nk = static_cast<int>(data.trace->shapes.n_k);
    for (std::size_t head = 0; head < l.cells.size(); ++head)
        if (weightGridCellAt(l.cells[head], nq, nk, pos, &hit.row, &hit.column)) {
            hit.kind = HeadsHit::Kind::Cell;
            hit.head = static_cast<int>(head);
            return hit;
        }
    for (std::size_t head = 0; head < l.sinkCells.size(); ++head)
        if (weightGridCellAt(l.sinkCells[head], nq, 1, pos, &hit.row, &hit.column)) {
            hit.kind = HeadsHit::Kind::Sink;
            hit.head = static_cast<int>(head);
            return hit;
        }
    int unused = 0;
    if (weightGridCellAt(l.concatRect, 1, static_cast<int>(data.concatenated.size()), pos, &unused,
                         &hit.column))
        hit.kind = HeadsHit::Kind::Concat;
    else if (weightGridCellAt(l.outputRect, 1, static_cast<int>(data.output.size()), pos, &unused,
                              &hit.column))
        hit.kind = HeadsHit::Kind::Output;
    else if (weightGridCellAt(l.projectionRect, static_cast<int>(data.W_o.rows()),
                              static_cast<int>(data.W_o.cols()), pos, &hit.row, &hit.column))
        hit.kind = HeadsHit::Kind::Projection;
    return hit;
}

PaintedGrids headsGrids(const HeadsFigureData &data, QSizeF size)
{
    PaintedGrids grids;
    if (!data.trace) return grids;
    grids.caption = QObject::tr("Attention weights of every head");
    grids.queryLabels = data.queryLabels;
    grids.keyLabels = data.keyLabels;
    const HeadsLayout l = layoutHeadsFigure(data, size);
    for (std::size_t h = 0; h < data.trace->heads.size() && h < l.cells.size(); ++h) {
        grids.gridNames << QObject::tr("head %1").arg(h);
        grids.heads.push_back(&data.trace->heads[h]);
        grids.cells.push_back(l.cells[h]);
    }
    return grids;
}

} // namespace attn::ui
