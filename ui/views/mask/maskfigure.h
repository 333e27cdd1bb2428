// The mask editor's figure: a grid of queries (rows) × keys (columns) with each cell's weight,
// masked cells crossed out, rows that see no key hatched with the policy named, a key_padding
// strip, a colour scale and the masked-token check. Layout and painting only; the data comes from
// the document's trace (MaskEditorView fills MaskFigureData).
#pragma once

#include "core/attention.h"

#include <QColor>
#include <QFont>
#include <QRectF>
#include <QStringList>

#include <vector>

class QPainter;

namespace attn::ui {

/// Everything the figure shows, taken from one trace and one scenario.
struct MaskFigureData {
    QString title;                    ///< first line, e.g. "Mask and weights, head 0"
    QString maskSummary;              ///< second line, e.g. "causal · key_padding: 1 padded key"
    QStringList queryLabels;          ///< (n_q)
    QStringList keyLabels;            ///< (n_k)
    Matrix weights;                   ///< (n_q, n_k) the selected head's weights
    BoolMatrix visible;               ///< (n_q, n_k) the selected head's visibility
    std::vector<bool> keyIsPadding;   ///< (n_k) true = padding; empty = no key_padding
    std::vector<bool> rowSeesNothing; ///< (n_q) rows with no visible key (reported by the trace)
    QString policyNote;     ///< written next to a row that sees nothing, e.g. "policy “zero”: …"
    int selectedQuery = -1; ///< row drawn with a marker
    int cursorQuery = -1;   ///< keyboard cursor cell (screen only; −1 = none)
    int cursorKey = -1;
    QString checkText; ///< the masked-token check line; empty = none
    QColor checkColor; ///< its colour (green: passed, red: failed, grey: nothing to check)
    QString message;   ///< drawn instead of the grid when nothing can be drawn
};

/// Where every part of the figure goes for one size (pixels).
struct MaskFigureLayout {
    QFont titleFont, labelFont, cellFont, smallFont;
    QRectF titleRect, summaryRect;
    QRectF grid; ///< the n_q × n_k cells
    double cellWidth = 0, cellHeight = 0;
    bool rotateKeyLabels = false;
    QRectF keyLabelBand;   ///< above the grid
    QRectF queryLabelBand; ///< left of the grid
    QRectF policyBand;     ///< right of the grid: the policy of rows that see nothing
    QRectF paddingStrip;   ///< below the grid: one box per key, "real" or "pad"
    QRectF legendRect;     ///< colour scale and the masked swatch
    QRectF checkRect;      ///< the masked-token check line
    int n_q = 0, n_k = 0;

    /// The box of cell (query, key), or an empty rectangle when out of range.
    QRectF cell(int query, int key) const;
    /// The key_padding box of key `key`, or an empty rectangle.
    QRectF paddingBox(int key) const;
    /// The label box of query `query` (left of its row), or an empty rectangle.
    QRectF queryLabel(int query) const;
};

/// Lays the figure out in `size` (pixels); fonts are derived from `base` in pixel sizes.
MaskFigureLayout layoutMaskFigure(const MaskFigureData &data, QSizeF size, const QFont &base);

/// Draws the figure with `painter` into `size`. On raster devices rows that see nothing are
/// filled with a Qt::BDiagPattern brush; on SVG and PDF the same hatching is drawn as lines, so
/// the vector files hold no raster image.
void paintMaskFigure(QPainter &painter, const MaskFigureData &data, const MaskFigureLayout &layout,
                     QSizeF size);

} // namespace attn::ui
