// The picture of the tiling lesson (lesson 13): the score matrix cut into tiles, the tiles
// visited so far, each query row's running max m and running sum ℓ, the output so far next to
// the naive output, and the cost lines. Pure drawing: TilingView computes every number.
#pragma once

#include "core/onlinesoftmax.h"
#include "ui/base/figuretable.h"
#include "ui/views/tiling/tilingdesigns.h"

#include <QRectF>
#include <QSizeF>
#include <QString>
#include <QStringList>

#include <vector>

class QPainter;

namespace attn::ui {

/// Everything the figure shows; filled by TilingView from the engine's numbers.
struct TilingFigureData {
    QString title;
    QStringList queryLabels;      ///< (n_q)
    QStringList keyLabels;        ///< (n_k)
    Matrix logits;                ///< (n_q, n_k) the head's logits
    BoolMatrix visible;           ///< (n_q, n_k)
    std::vector<ScoreTile> tiles; ///< in visiting order
    Index tilesDone = 0;          ///< tiles[0 … tilesDone−1] are visited
    OnlineSoftmaxState state;     ///< after tilesDone tiles
    Matrix partial;               ///< (n_q, d_v) acc / ℓ so far
    Matrix naive;                 ///< (n_q, d_v) attend()'s output of the head
    QString resultLine;           ///< the difference line under the matrix
    TilingDesigns designs;        ///< the four panels at the bottom
    QStringList notes;            ///< tilingDesignNotes(designs): the panels' sentences
    QString message;              ///< shown alone when non-empty (nothing to draw)
    /// The scenario is computed by linear attention: the linear-vs-softmax comparison takes the
    /// place of the tiles (paintLinearComparison), the panels stay below.
    bool linearFocus = false;
};

/// Where the figure's parts land for a given size (used for painting and for tooltips).
struct TilingFigureLayout {
    std::vector<QRectF> cells; ///< (n_q · n_k) row-major score cells
    std::vector<QRectF> rows;  ///< (n_q) rows of the m / ℓ table
    QRectF matrix;             ///< the whole score matrix
    QRectF designs;            ///< the panels of the other designs (see tilingDesignBoxes)
    QRectF linearChart;        ///< the large comparison when data.linearFocus, else empty
    double scale = 1;          ///< pixels of the size per logical unit of the layout
    double numberWidth = 62;   ///< one number column of the table, logical units
};

/// The layout of `data` drawn at `size` (pixels), in pixels of that size. The figure is laid
/// out at a logical size between 640 × 420 and 1200 × 800 and scaled to `size` (smaller exports
/// shrink, larger ones grow, fonts included), so it always fills the same share of the page.
TilingFigureLayout tilingLayout(const TilingFigureData &data, QSizeF size);

/// Draws the whole figure at `size` (pixels) with `painter` (screen, PNG, SVG and PDF alike).
void paintTilingFigure(QPainter &painter, QSizeF size, const TilingFigureData &data);

/// The figure as tables (View → Show as table): the head's logits with the tile each cell belongs
/// to and whether it is visited yet, then each query row's running max m, sum ℓ, output so far
/// and attend()'s output.
QList<FigureTable> tilingTables(const TilingFigureData &data);

} // namespace attn::ui
