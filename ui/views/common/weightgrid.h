// A heatmap of one head's attention weights painted with QPainter: the cells the multi-head and
// position views draw (and hit-test) inside their own figures.
#pragma once

#include "core/attention.h"

#include <QColor>
#include <QFont>
#include <QRectF>

#include <functional>

class QFontMetricsF;
class QPainter;

namespace attn::ui {

/// A matrix of coloured cells (rows × columns) over `target`, cell (r, c) in colour(r, c), as one
/// image of a pixel per cell scaled without smoothing: on screen and in PNG thousands of cells
/// cost one draw instead of one fill each. Only for the raster engine (QWidget, QImage, QPixmap):
/// returns false and paints nothing on another device (SVG, PDF), where the caller paints one
/// rectangle per cell so that the output stays vector.
bool paintCellsAsImage(QPainter &painter, const QRectF &target, int rows, int columns,
                       const std::function<QColor(int row, int column)> &colour);

/// Paints the weights (n_q, n_k) of `head` into `cells`: query i is row i (top to bottom), key j
/// column j (left to right). Colours are the colour map of AppSettings (currentMapColor) over [0, 1]; a cell
/// not visible in HeadTrace::visible is grey (maskedColor()) and a NaN weight pink. When a cell is at least
/// 14 px tall its value is written in `font` as weightNumber() writes it ("0.549", "<0.001";
/// "—" on a masked cell of weight 0; "NaN"), in a smaller font when the cell is narrow
/// (drawFittedText). Query row
/// `selectedRow` (if in range and n_q > 1) is outlined in black.
void paintWeightGrid(QPainter &painter, const QRectF &cells, const HeadTrace &head, int selectedRow,
                     const QFont &font);

/// Draws `text` centred in `cell` with `font`, or with the font shrunk (down to 60 %) so that it
/// fits; a number keeps all its digits. False (nothing drawn) when even 60 % does not fit.
bool drawFittedText(QPainter &painter, const QRectF &cell, const QString &text, const QFont &font);

/// The cell of a (nQ, nK) grid painted into `cells` under `pos`: true with *row and *column set,
/// false outside.
bool weightGridCellAt(const QRectF &cells, int nQ, int nK, QPointF pos, int *row, int *column);

} // namespace attn::ui
