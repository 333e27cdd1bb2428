// The screen reader's view of a heatmap or grid: a table whose cells read
// "query she, key Xiaohong, weight 0.549", for every widget that implements CellGrid.
#pragma once

#include <QAccessibleWidget>
#include <QHash>

namespace attn::ui {

class CellGrid;

/// The accessible table of a widget implementing CellGrid: role Table, one child per cell (row-major,
/// child i is cell (i / columns, i % columns)), the query labels as row descriptions and the key
/// labels as column descriptions; a cell's Name is CellGrid::gridCellText(), its Value the number.
/// The keyboard cursor is the one selected cell. The cells are created on demand and follow the grid:
/// when its size changes, the old cells are dropped.
class GridAccessible : public QAccessibleWidget, public QAccessibleTableInterface {
public:
    explicit GridAccessible(QWidget *widget);
    ~GridAccessible() override;

    CellGrid *grid() const;

    // QAccessibleInterface
    QAccessibleInterface *child(int index) const override;
    int childCount() const override;
    int indexOfChild(const QAccessibleInterface *child) const override;
    QString text(QAccessible::Text t) const override;
    void *interface_cast(QAccessible::InterfaceType type) override;

    // QAccessibleTableInterface
    QAccessibleInterface *caption() const override;
    QAccessibleInterface *summary() const override;
    QAccessibleInterface *cellAt(int row, int column) const override;
    int selectedCellCount() const override;
    QList<QAccessibleInterface *> selectedCells() const override;
    QString columnDescription(int column) const override;
    QString rowDescription(int row) const override;
    int columnCount() const override;
    int rowCount() const override;
    int selectedColumnCount() const override { return 0; }
    int selectedRowCount() const override { return 0; }
    QList<int> selectedColumns() const override { return {}; }
    QList<int> selectedRows() const override { return {}; }
    bool isColumnSelected(int) const override { return false; }
    bool isRowSelected(int) const override { return false; }
    bool selectRow(int) override { return false; }
    bool selectColumn(int) override { return false; }
    bool unselectRow(int) override { return false; }
    bool unselectColumn(int) override { return false; }
    void modelChange(QAccessibleTableModelChangeEvent *event) override;

private:
    void dropCellsIfResized() const;

    mutable QHash<int, QAccessible::Id> m_cells; ///< row-major index → registered cell
    mutable int m_rows = 0, m_columns = 0;       ///< the grid's size when m_cells were made
};

/// Installs the factory that gives every CellGrid widget a GridAccessible (once per process).
void installGridAccessibility();

} // namespace attn::ui
