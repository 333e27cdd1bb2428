// What a heatmap or a grid of cells tells the keyboard, the screen reader and the table twin: rows of
// queries, columns of keys, each cell's weight and whether it is masked. A widget that draws such a
// grid implements CellGrid; the keyboard walker (CellGridKeys), the accessible table (GridAccessible)
// and View → Show as table read it, so they never look at how the grid is painted.
#pragma once

#include <QRect>
#include <QString>

class QWidget;

namespace attn::ui {

/// A grid of rows (queries) × columns (keys). Indices are 0-based; every function may be called
/// with any index and answers an empty string, false or an empty rectangle outside the grid.
class CellGrid {
public:
    virtual ~CellGrid() = default;

    virtual int gridRows() const = 0;
    virtual int gridColumns() const = 0;
    /// The label of row `row`, e.g. the query token "she".
    virtual QString gridRowHeader(int row) const = 0;
    /// The label of column `column`, e.g. the key token "Xiaohong".
    virtual QString gridColumnHeader(int column) const = 0;
    /// The cell's number as the figure shows it, e.g. "0.549"; empty when the cell has none.
    virtual QString gridCellValue(int row, int column) const = 0;
    /// True when the key of `column` is not visible to the query of `row`.
    virtual bool gridCellMasked(int row, int column) const = 0;
    /// The box of the cell in the widget's coordinates (for the tooltip and the screen reader).
    virtual QRect gridCellRect(int row, int column) const = 0;

    /// What the rows and the columns are, in words: "query" and "key" unless overridden.
    virtual QString gridRowNoun() const;
    virtual QString gridColumnNoun() const;
    /// What the number is: "weight" unless overridden.
    virtual QString gridValueNoun() const;
    /// One line naming the grid, e.g. "Attention weights, head 0"; the table's caption.
    virtual QString gridCaption() const { return {}; }

    /// The keyboard cursor (−1 when the grid is empty).
    virtual int gridCurrentRow() const { return m_currentRow; }
    virtual int gridCurrentColumn() const { return m_currentColumn; }
    /// Moves the keyboard cursor (clamped into the grid) and calls gridCurrentCellChanged().
    virtual void gridSetCurrentCell(int row, int column);
    /// Enter on the current cell: edits it where the view allows; false when it does nothing.
    virtual bool gridActivateCell(int row, int column);
    /// True when Enter edits the cell (the mask editor); read-only grids answer false.
    virtual bool gridCellEditable(int row, int column) const;

    /// The cell in one sentence for the status line and the screen reader:
    /// "query she, key Xiaohong, weight 0.549" (", masked" after the weight when it is).
    QString gridCellText(int row, int column) const;

protected:
    /// Called after the cursor moved (repaint the cursor); nothing by default.
    virtual void gridCurrentCellChanged() {}

private:
    int m_currentRow = 0;
    int m_currentColumn = 0;
};

/// Tells the user where the cursor of `grid` (drawn by `widget`) is: the cell's sentence in the
/// status line (a QStatusTipEvent, which the main window shows), a tooltip at the cell and a
/// focus event for the screen reader.
void announceGridCell(QWidget *widget, const CellGrid &grid);

/// The CellGrid `widget` implements, or nullptr.
CellGrid *cellGridOf(QWidget *widget);

} // namespace attn::ui
