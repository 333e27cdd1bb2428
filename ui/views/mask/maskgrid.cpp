// MaskCanvas as a CellGrid: what the screen reader and the table twin read of the mask editor.
#include "ui/views/mask/maskcanvas.h"

#include "ui/base/numbertext.h"
#include "ui/views/mask/maskfigure.h"

namespace attn::ui {

namespace {

bool inside(const MaskFigureData &d, int row, int column)
{
    return row >= 0 && column >= 0 && row < d.weights.rows() && column < d.weights.cols() &&
           d.visible.rows() == d.weights.rows() && d.visible.cols() == d.weights.cols();
}

} // namespace

int MaskCanvas::gridRows() const
{
    return static_cast<int>(m_figure().weights.rows());
}

int MaskCanvas::gridColumns() const
{
    return static_cast<int>(m_figure().weights.cols());
}

QString MaskCanvas::gridRowHeader(int row) const
{
    return m_figure().queryLabels.value(row);
}

QString MaskCanvas::gridColumnHeader(int column) const
{
    return m_figure().keyLabels.value(column);
}

QString MaskCanvas::gridCellValue(int row, int column) const
{
    const MaskFigureData d = m_figure();
    return inside(d, row, column) ? compactNumber(d.weights(row, column)) : QString();
}

bool MaskCanvas::gridCellMasked(int row, int column) const
{
    const MaskFigureData d = m_figure();
    return inside(d, row, column) && !d.visible(row, column);
}

QRect MaskCanvas::gridCellRect(int row, int column) const
{
    return cellRect(row, column).toAlignedRect();
}

QString MaskCanvas::gridCaption() const
{
    return m_figure().title;
}

int MaskCanvas::gridCurrentRow() const
{
    return m_figure().cursorQuery;
}

int MaskCanvas::gridCurrentColumn() const
{
    return m_figure().cursorKey;
}

bool MaskCanvas::gridCellEditable(int row, int column) const
{
    return inside(m_figure(), row, column);
}

} // namespace attn::ui
