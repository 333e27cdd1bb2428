#include "ui/views/tiling/tilingfigure.h"

#include "ui/base/numbertext.h"
#include "ui/plots/viridis.h"
#include "ui/views/common/paintfit.h"

#include <QFont>
#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

constexpr double kMargin = 14;
constexpr double kTitleHeight = 30;
constexpr double kLabelWidth = 64;   // query labels left of the matrix and in the table
constexpr double kHeaderHeight = 24; // key labels above the matrix, column names above the table
constexpr double kLineHeight = 19;
constexpr double kGap = 28;
constexpr double kDesignsHeight = 118; // one row of design panels
constexpr double kNarrow = 800;        // below this logical width: narrower table, panels 2 × 2

const QColor kCurrent(0xe6, 0x61, 0x00); // the tile just visited
const QColor kTouched(0xfd, 0xe3, 0xcc); // table rows the current tile updated
const QColor kUnvisited(Qt::white);

/// The table shows at most this many output dims, then "…" (the row's tooltip has them all):
/// at d_v = 16 and 64 tokens the full table was 2 000 texts per repaint and squeezed the matrix.
constexpr Index kShownDims = 3;

Index shownDims(Index d_v)
{
    return std::min(d_v, kShownDims);
}

/// The width of the "…" column after the shown dims, in number columns (0 when all are shown).
double ellipsisColumns(Index d_v)
{
    return d_v > kShownDims ? 0.5 : 0.0;
}

/// One number column of the table.
double numberWidth(double width)
{
    return width < kNarrow ? 50 : 62;
}

/// The design panels: one row of four, or two rows of two on a narrow figure
/// (tilingDesignBoxes follows the same rule).
double designsHeight(double width)
{
    return width - 2 * kMargin < 760 ? 2 * kDesignsHeight + 10 : kDesignsHeight;
}

double bottomHeight(double width)
{
    return kLineHeight * 1.8 + designsHeight(width) + 8;
}

/// Logical size range of the layout; sizes outside it are scaled (see tilingLayout).
constexpr double kMinWidth = 640, kMinHeight = 420, kMaxWidth = 1200, kMaxHeight = 800;

double layoutScale(QSizeF size)
{
    return figureScale(size, {kMinWidth, kMinHeight}, {kMaxWidth, kMaxHeight});
}

QRectF scaled(const QRectF &r, double s)
{
    return QRectF(r.topLeft() * s, r.size() * s);
}

QString mText(double m)
{
    return std::isinf(m) ? (m < 0 ? QStringLiteral("−∞") : QStringLiteral("∞")) : compactNumber(m);
}

} // namespace

namespace {

/// The layout at a logical size (before figureScale).
TilingFigureLayout logicalLayout(const TilingFigureData &d, QSizeF size)
{
    TilingFigureLayout l;
    const Index n_q = d.logits.rows(), n_k = d.logits.cols();
    if (n_q == 0 || n_k == 0 || !d.message.isEmpty()) return l;
    if (d.linearFocus) {
        const double top = kMargin + kTitleHeight;
        const double panels = designsHeight(size.width());
        const double height = std::max(120.0, size.height() - top - kMargin - panels - 12);
        l.linearChart = QRectF(kMargin, top, size.width() - 2 * kMargin, height);
        l.designs = QRectF(kMargin, l.linearChart.bottom() + 12, size.width() - 2 * kMargin, panels);
        return l;
    }
    const Index d_v = d.naive.cols();
    l.numberWidth = numberWidth(size.width());
    const double outputWidth = (double(shownDims(d_v)) + ellipsisColumns(d_v)) * l.numberWidth;
    const double tableWidth = kLabelWidth + 2 * l.numberWidth + 2 * outputWidth + kGap;
    const double left = kMargin + kLabelWidth;
    const double top = kMargin + kTitleHeight + kHeaderHeight;
    const double availW = std::max(40.0, size.width() - 2 * kMargin - kLabelWidth - tableWidth);
    const double availH = std::max(40.0, size.height() - top - kMargin - bottomHeight(size.width()));
    const double cell = std::clamp(std::min(availW / n_k, availH / n_q), 14.0, 96.0);
    l.matrix = QRectF(left, top, cell * n_k, cell * n_q);
    for (Index i = 0; i < n_q; ++i)
        for (Index j = 0; j < n_k; ++j) l.cells.emplace_back(left + j * cell, top + i * cell, cell, cell);
    const double tableLeft = l.matrix.right() + kGap;
    for (Index i = 0; i < n_q; ++i) l.rows.emplace_back(tableLeft, top + i * cell, tableWidth - kGap, cell);
    const double y = l.matrix.bottom() + 10 + kLineHeight * 1.5;
    l.designs = QRectF(kMargin, y, size.width() - 2 * kMargin, designsHeight(size.width()));
    return l;
}

} // namespace

TilingFigureLayout tilingLayout(const TilingFigureData &d, QSizeF size)
{
    const double s = layoutScale(size);
    TilingFigureLayout l = logicalLayout(d, size / s);
    l.scale = s;
    if (s == 1) return l;
    for (QRectF &r : l.cells) r = scaled(r, s);
    for (QRectF &r : l.rows) r = scaled(r, s);
    l.matrix = scaled(l.matrix, s);
    l.designs = scaled(l.designs, s);
    l.linearChart = scaled(l.linearChart, s);
    return l;
}

void paintTilingFigure(QPainter &p, QSizeF deviceSize, const TilingFigureData &d)
{
    const QSizeF size = beginFigure(p, deviceSize, layoutScale(deviceSize));
    drawFitted(p, QRectF(kMargin, kMargin, size.width() - 2 * kMargin, 20), Qt::AlignLeft | Qt::AlignVCenter,
               d.title, pixelFont(16, true), {}, 11);
    const TilingFigureLayout l = logicalLayout(d, size);
    if (d.message.isEmpty() && !l.linearChart.isEmpty()) {
        paintLinearComparison(p, l.linearChart, d.designs);
        paintTilingDesigns(p, l.designs, d.designs);
        p.restore();
        return;
    }
    if (l.cells.empty()) {
        p.setFont(pixelFont(14));
        p.drawText(QRectF(kMargin, kMargin + kTitleHeight, size.width() - 2 * kMargin, 3 * kLineHeight),
                   Qt::AlignLeft | Qt::TextWordWrap, d.message);
        p.restore();
        return;
    }
    const Index n_q = d.logits.rows(), n_k = d.logits.cols(), d_v = d.naive.cols();
    const double cell = l.cells[0].width();

    // 1. The score cells: visited ones coloured by logit, the others pale, masked ones grey.
    double lo = INFINITY, hi = -INFINITY;
    for (Index i = 0; i < n_q; ++i)
        for (Index j = 0; j < n_k; ++j)
            if (d.visible(i, j) && std::isfinite(d.logits(i, j))) {
                lo = std::min(lo, d.logits(i, j));
                hi = std::max(hi, d.logits(i, j));
            }
    const QFont cellFont = pixelFont(std::clamp(cell * 0.27, 8.0, 13.0));
    p.setFont(cellFont);
    // Cells too small for a number get none (the tooltip has it), and no border below 8 px:
    // at 64 × 64 tokens that is thousands of text layouts and strokes saved per repaint.
    const QFontMetricsF cellMetrics(cellFont);
    const bool cellText =
        cellMetrics.horizontalAdvance(QStringLiteral("-0.000")) <= cell - 2 && cellMetrics.height() <= cell;
    const bool cellBorders = cell >= 8;
    std::vector<char> visited(std::size_t(n_q * n_k), 0); // (n_q · n_k) 1 = its tile was visited
    for (Index t = 0; t < d.tilesDone && t < Index(d.tiles.size()); ++t) {
        const ScoreTile &tile = d.tiles[std::size_t(t)];
        for (Index i = tile.row_begin; i < tile.row_end; ++i)
            for (Index j = tile.col_begin; j < tile.col_end; ++j) visited[std::size_t(i * n_k + j)] = 1;
    }
    for (Index i = 0; i < n_q; ++i)
        for (Index j = 0; j < n_k; ++j) {
            const QRectF r = l.cells[std::size_t(i * n_k + j)];
            const bool done = visited[std::size_t(i * n_k + j)] != 0;
            QColor fill = kUnvisited;
            if (!d.visible(i, j))
                fill = maskedColor();
            else if (done)
                fill = currentMapColor(hi > lo ? (d.logits(i, j) - lo) / (hi - lo) : 0.5);
            p.fillRect(r, fill);
            // Not yet visited: no text, since a tiled kernel forms a tile's logits when it visits it.
            if (!cellText || (d.visible(i, j) && !done)) continue;
            p.setPen(done && d.visible(i, j) ? contrastingTextColor(fill) : QColor(0x90, 0x90, 0x90));
            p.drawText(r, Qt::AlignCenter,
                       d.visible(i, j) ? compactNumber(d.logits(i, j)) : QStringLiteral("—"));
        }
    // The cell grid in one call (a stroke per cell costs thousands of paths at 64 × 64).
    if (cellBorders) {
        QVector<QLineF> grid;
        grid.reserve(int(n_q + n_k + 2));
        for (Index i = 0; i <= n_q; ++i)
            grid.append(QLineF(l.matrix.left(), l.matrix.top() + i * cell, l.matrix.left() + n_k * cell,
                               l.matrix.top() + i * cell));
        for (Index j = 0; j <= n_k; ++j)
            grid.append(QLineF(l.matrix.left() + j * cell, l.matrix.top(), l.matrix.left() + j * cell,
                               l.matrix.top() + n_q * cell));
        p.setPen(QPen(QColor(0xd8, 0xd8, 0xd8), 1));
        p.setRenderHint(QPainter::Antialiasing, false); // axis-parallel: crisp, and far cheaper
        p.drawLines(grid);
        p.setRenderHint(QPainter::Antialiasing, true);
    }
    // 2. Tile borders (one call, no antialiasing: a thousand tiles at 64 × 64), the current on top.
    p.setBrush(Qt::NoBrush);
    QVector<QRectF> tileRects;
    tileRects.reserve(int(d.tiles.size()));
    for (const ScoreTile &tile : d.tiles)
        tileRects.append(
            QRectF(l.matrix.left() + tile.col_begin * cell, l.matrix.top() + tile.row_begin * cell,
                   (tile.col_end - tile.col_begin) * cell, (tile.row_end - tile.row_begin) * cell));
    // 1 px below 8 px cells: Qt strokes one-pixel aliased pens on a fast path, wider ones through
    // the general stroker (hundreds of tiles at 64 × 64).
    p.setPen(QPen(QColor(0x40, 0x40, 0x40), cellBorders ? 1.5 : 1.0));
    p.setRenderHint(QPainter::Antialiasing, false);
    p.drawRects(tileRects);
    p.setRenderHint(QPainter::Antialiasing, true);
    if (d.tilesDone > 0 && d.tilesDone <= Index(d.tiles.size())) {
        const ScoreTile &tile = d.tiles[std::size_t(d.tilesDone - 1)];
        const QRectF r(l.matrix.left() + tile.col_begin * cell, l.matrix.top() + tile.row_begin * cell,
                       (tile.col_end - tile.col_begin) * cell, (tile.row_end - tile.row_begin) * cell);
        p.setPen(QPen(kCurrent, 4));
        p.drawRect(r.adjusted(1, 1, -1, -1));
    }
    // 3. Token labels: keys above, queries to the left.
    const QFont labelFont = pixelFont(std::clamp(cell * 0.3, 9.0, 13.0));
    p.setFont(labelFont);
    p.setPen(Qt::black);
    for (Index j = 0; j < n_k; ++j)
        p.drawText(
            QRectF(l.matrix.left() + j * cell, l.matrix.top() - kHeaderHeight, cell, kHeaderHeight - 3),
            Qt::AlignHCenter | Qt::AlignBottom, d.keyLabels.value(int(j)));
    for (Index i = 0; i < n_q; ++i)
        p.drawText(QRectF(kMargin, l.matrix.top() + i * cell, kLabelWidth - 6, cell),
                   Qt::AlignRight | Qt::AlignVCenter, d.queryLabels.value(int(i)));

    // 4. The table: per query row m, ℓ, output so far, naive output.
    const ScoreTile *current = d.tilesDone > 0 ? &d.tiles[std::size_t(d.tilesDone - 1)] : nullptr;
    const double x0 = l.rows[0].left();
    const double nw = l.numberWidth;
    const Index shown = shownDims(d_v);
    const double outputWidth = (double(shown) + ellipsisColumns(d_v)) * nw;
    const double widths[] = {kLabelWidth, nw, nw, outputWidth, outputWidth};
    const QString dims = shown < d_v ? QObject::tr(" (%1 of %2)").arg(shown).arg(d_v) : QString();
    const QString headers[] = {QObject::tr("query"), QObject::tr("max m"), QObject::tr("sum ℓ"),
                               QObject::tr("output so far") + dims, QObject::tr("naive output") + dims};
    double x = x0;
    for (int c = 0; c < 5; ++c) {
        drawFitted(p, QRectF(x, l.matrix.top() - kHeaderHeight, widths[c], kHeaderHeight - 3),
                   Qt::AlignHCenter | Qt::AlignBottom, headers[c], pixelFont(12, true), {}, 8);
        x += widths[c];
    }
    const QFont rowFont = pixelFont(std::clamp(cell * 0.3, 9.0, 13.0));
    p.setFont(rowFont);
    // Rows lower than a line of text get no numbers (they would overprint each other).
    const bool rowText = QFontMetricsF(rowFont).height() <= cell + 1;
    for (Index i = 0; i < n_q; ++i) {
        const QRectF row = l.rows[std::size_t(i)];
        if (current && i >= current->row_begin && i < current->row_end) p.fillRect(row, kTouched);
        p.setPen(QColor(0xd0, 0xd0, 0xd0));
        p.drawLine(row.bottomLeft(), row.bottomRight());
        if (!rowText) continue;
        p.setPen(Qt::black);
        QStringList texts = {d.queryLabels.value(int(i)), mText(d.state.m(i)), compactNumber(d.state.l(i))};
        x = x0;
        for (int c = 0; c < 3; ++c) {
            p.drawText(QRectF(x, row.top(), widths[c], row.height()), Qt::AlignCenter, texts[c]);
            x += widths[c];
        }
        for (const Matrix *m : {&d.partial, &d.naive}) {
            for (Index k = 0; k < shown; ++k) {
                p.drawText(QRectF(x, row.top(), nw, row.height()), Qt::AlignCenter,
                           compactNumber((*m)(i, k)));
                x += nw;
            }
            if (shown < d_v) {
                p.drawText(QRectF(x, row.top(), ellipsisColumns(d_v) * nw, row.height()), Qt::AlignCenter,
                           QStringLiteral("…"));
                x += ellipsisColumns(d_v) * nw;
            }
        }
    }
    // Column separators of the table.
    p.setPen(QColor(0xb0, 0xb0, 0xb0));
    x = x0;
    for (int c = 0; c < 4; ++c) {
        x += widths[c];
        p.drawLine(QPointF(x, l.matrix.top() - kHeaderHeight + 4), QPointF(x, l.matrix.bottom()));
    }

    // 5. The result line and the notes.
    double y = std::max(l.matrix.bottom(), l.rows.back().bottom()) + 10;
    p.setPen(Qt::black);
    drawFitted(p, QRectF(kMargin, y, size.width() - 2 * kMargin, kLineHeight * 1.4),
               Qt::AlignLeft | Qt::AlignVCenter, d.resultLine, pixelFont(14, true), {}, 10);
    paintTilingDesigns(p, l.designs, d.designs);
    p.restore();
}

QList<FigureTable> tilingTables(const TilingFigureData &d)
{
    if (!d.message.isEmpty() || d.linearFocus || d.logits.size() == 0) return {};
    const Index nq = d.logits.rows(), nk = d.logits.cols();
    std::vector<int> tileOf(std::size_t(nq * nk), -1);
    for (std::size_t t = 0; t < d.tiles.size(); ++t)
        for (Index i = d.tiles[t].row_begin; i < d.tiles[t].row_end; ++i)
            for (Index j = d.tiles[t].col_begin; j < d.tiles[t].col_end; ++j)
                tileOf[std::size_t(i * nk + j)] = int(t);
    FigureTable logits;
    logits.caption =
        QObject::tr("Logits, by tile (%1 of %2 tiles visited)").arg(d.tilesDone).arg(d.tiles.size());
    logits.corner = QObject::tr("query \\ key");
    logits.columnHeaders = d.keyLabels;
    for (Index i = 0; i < nq; ++i) {
        logits.rowHeaders << d.queryLabels.value(int(i));
        QStringList row;
        for (Index j = 0; j < nk; ++j) {
            const int t = tileOf[std::size_t(i * nk + j)];
            const bool masked = d.visible.size() > 0 && !d.visible(i, j);
            const QString state = t < 0             ? QString()
                                  : t < d.tilesDone ? QObject::tr("tile %1, visited").arg(t + 1)
                                                    : QObject::tr("tile %1").arg(t + 1);
            row << (masked ? QObject::tr("masked") : exactNumber(d.logits(i, j))) +
                       (state.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(state));
        }
        logits.cells << row;
    }
    FigureTable rows;
    rows.caption = QObject::tr("Online softmax state after %1 tiles").arg(d.tilesDone);
    rows.corner = QObject::tr("query");
    rows.columnHeaders = {QObject::tr("running max m"), QObject::tr("running sum ℓ"),
                          QObject::tr("output so far"), QObject::tr("attend()'s output")};
    const auto vectorText = [](const Matrix &m, Index i) {
        QStringList parts;
        if (i < m.rows())
            for (Index c = 0; c < m.cols(); ++c) parts << exactNumber(m(i, c));
        return parts.join(QStringLiteral(", "));
    };
    for (Index i = 0; i < nq; ++i) {
        rows.rowHeaders << d.queryLabels.value(int(i));
        const double m = i < d.state.m.size() ? d.state.m(i) : std::nan("");
        const double l = i < d.state.l.size() ? d.state.l(i) : std::nan("");
        rows.cells << QStringList{std::isinf(m) ? QObject::tr("−∞ (no visible key yet)") : exactNumber(m),
                                  exactNumber(l), vectorText(d.partial, i), vectorText(d.naive, i)};
    }
    return {logits, rows};
}

} // namespace attn::ui
