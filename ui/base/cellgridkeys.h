// The keyboard walk of a heatmap or grid: arrow keys move a cursor cell, the status line and a
// tooltip say where it is, Enter edits where the grid allows.
#pragma once

#include <QObject>

class QWidget;

namespace attn::ui {

class CellGrid;

/// Walks the CellGrid that `widget` implements (installed as its event filter; a child of it).
/// The widget takes the focus by Tab and by click. Keys: ←/→/↑/↓ one cell, Home/End the first or
/// last key of the row, Ctrl+Home/Ctrl+End the first or last cell, Enter/Return activates the cell
/// (CellGrid::gridActivateCell). Every move and every focus-in announces the cell
/// (announceGridCell). Keys with other modifiers pass through (the window's shortcuts).
class CellGridKeys : public QObject {
    Q_OBJECT

public:
    explicit CellGridKeys(QWidget *widget);

    /// Moves the cursor of `grid` by (rows, columns) and announces the cell; false when it
    /// did not move.
    static bool step(QWidget *widget, CellGrid &grid, int rows, int columns);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QWidget *m_widget;
};

} // namespace attn::ui
