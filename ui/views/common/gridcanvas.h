// A painted canvas that holds one or more weight grids (the heads view, the position view) and
// exposes them as one CellGrid: the keyboard walks the cells, the screen reader reads them and
// View → Show as table lists them.
#pragma once

#include "core/attention.h"
#include "ui/base/cellgrid.h"
#include "ui/views/common/paintedcanvas.h"

#include <QStringList>

#include <functional>
#include <vector>

namespace attn::ui {

/// The grids a canvas paints, stacked: grid g's rows follow grid g − 1's, so that one CellGrid
/// row is (grid, query). Every grid has the same keys.
struct PaintedGrids {
    QString caption;
    QStringList gridNames;                ///< (grids) e.g. "head 1"; one grid: may be empty
    QStringList queryLabels;              ///< (n_q)
    QStringList keyLabels;                ///< (n_k)
    std::vector<const HeadTrace *> heads; ///< (grids) weights and visible, each (n_q, n_k); not owned
    std::vector<QRectF> cells;            ///< (grids) the box of each grid's cells at the canvas's size
};

/// PaintedCanvas + CellGrid over the PaintedGrids that `grids` gives for the canvas's size (called at
/// every question, so it follows the document). The keyboard cursor is outlined while the canvas has
/// the focus; Enter calls `activate` with (grid, query, key).
class GridCanvas : public PaintedCanvas, public CellGrid {
public:
    using GridsAt = std::function<PaintedGrids(QSizeF size)>;
    using Activate = std::function<void(int grid, int query, int key)>;

    GridCanvas(FigurePainter paint, ToolTipAt toolTip, GridsAt grids, Activate activate, QWidget *parent);

    int gridRows() const override;
    int gridColumns() const override;
    QString gridRowHeader(int row) const override;
    QString gridColumnHeader(int column) const override;
    QString gridCellValue(int row, int column) const override;
    bool gridCellMasked(int row, int column) const override;
    QRect gridCellRect(int row, int column) const override;
    QString gridCaption() const override;
    bool gridActivateCell(int row, int column) override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void gridCurrentCellChanged() override { update(); }

private:
    /// The grid and query of CellGrid row `row`; false outside.
    bool locate(const PaintedGrids &g, int row, int *grid, int *query) const;

    GridsAt m_grids;
    Activate m_activate;
};

} // namespace attn::ui
