#include "ui/views/common/gridcanvas.h"

#include "ui/base/cellgridkeys.h"
#include "ui/base/numbertext.h"

#include <QPainter>

namespace attn::ui {

GridCanvas::GridCanvas(FigurePainter paint, ToolTipAt toolTip, GridsAt grids, Activate activate,
                       QWidget *parent)
    : PaintedCanvas(std::move(paint), std::move(toolTip), parent), m_grids(std::move(grids)),
      m_activate(std::move(activate))
{
    new CellGridKeys(this);
}

bool GridCanvas::locate(const PaintedGrids &g, int row, int *grid, int *query) const
{
    const int nq = static_cast<int>(g.queryLabels.size());
    if (nq == 0 || row < 0 || row >= nq * static_cast<int>(g.heads.size())) return false;
    *grid = row / nq;
    *query = row % nq;
    const HeadTrace *head = g.heads[std::size_t(*grid)];
    return head && head->weights.rows() == nq && head->weights.cols() == g.keyLabels.size();
}

int GridCanvas::gridRows() const
{
    const PaintedGrids g = m_grids(size());
    return static_cast<int>(g.queryLabels.size() * g.heads.size());
}

int GridCanvas::gridColumns() const
{
    return static_cast<int>(m_grids(size()).keyLabels.size());
}

QString GridCanvas::gridRowHeader(int row) const
{
    const PaintedGrids g = m_grids(size());
    int grid = 0, query = 0;
    if (!locate(g, row, &grid, &query)) return {};
    const QString name = g.gridNames.value(grid);
    return name.isEmpty() ? g.queryLabels[query] : QStringLiteral("%1 (%2)").arg(g.queryLabels[query], name);
}

QString GridCanvas::gridColumnHeader(int column) const
{
    return m_grids(size()).keyLabels.value(column);
}

QString GridCanvas::gridCellValue(int row, int column) const
{
    const PaintedGrids g = m_grids(size());
    int grid = 0, query = 0;
    if (!locate(g, row, &grid, &query) || column < 0 || column >= g.keyLabels.size()) return {};
    return weightNumber(g.heads[std::size_t(grid)]->weights(query, column));
}

bool GridCanvas::gridCellMasked(int row, int column) const
{
    const PaintedGrids g = m_grids(size());
    int grid = 0, query = 0;
    if (!locate(g, row, &grid, &query) || column < 0 || column >= g.keyLabels.size()) return false;
    const BoolMatrix &visible = g.heads[std::size_t(grid)]->visible;
    return visible.size() != 0 && !visible(query, column);
}

QRect GridCanvas::gridCellRect(int row, int column) const
{
    const PaintedGrids g = m_grids(size());
    int grid = 0, query = 0;
    const int nk = static_cast<int>(g.keyLabels.size());
    if (!locate(g, row, &grid, &query) || column < 0 || column >= nk || std::size_t(grid) >= g.cells.size())
        return {};
    const QRectF box = g.cells[std::size_t(grid)];
    const double w = box.width() / nk, h = box.height() / static_cast<double>(g.queryLabels.size());
    return QRectF(box.left() + column * w, box.top() + query * h, w, h).toAlignedRect();
}

QString GridCanvas::gridCaption() const
{
    return m_grids(size()).caption;
}

bool GridCanvas::gridActivateCell(int row, int column)
{
    const PaintedGrids g = m_grids(size());
    int grid = 0, query = 0;
    if (!m_activate || !locate(g, row, &grid, &query)) return false;
    m_activate(grid, query, column);
    return true;
}

void GridCanvas::paintEvent(QPaintEvent *event)
{
    PaintedCanvas::paintEvent(event);
    if (!hasFocus()) return;
    const QRect cell = gridCellRect(gridCurrentRow(), gridCurrentColumn());
    if (cell.isEmpty()) return;
    // White under black dashes: visible on the darkest and the lightest colour of the map.
    QPainter painter(this);
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(Qt::white, 4));
    painter.drawRect(cell.adjusted(2, 2, -2, -2));
    painter.setPen(QPen(Qt::black, 2, Qt::DashLine));
    painter.drawRect(cell.adjusted(2, 2, -2, -2));
}

} // namespace attn::ui
