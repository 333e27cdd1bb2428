#include "ui/base/cellgridkeys.h"

#include "ui/base/cellgrid.h"

#include <QKeyEvent>
#include <QWidget>

namespace attn::ui {

CellGridKeys::CellGridKeys(QWidget *widget) : QObject(widget), m_widget(widget)
{
    widget->setFocusPolicy(Qt::StrongFocus);
    widget->installEventFilter(this);
}

bool CellGridKeys::step(QWidget *widget, CellGrid &grid, int rows, int columns)
{
    const int row = grid.gridCurrentRow();
    const int column = grid.gridCurrentColumn();
    grid.gridSetCurrentCell(row + rows, column + columns);
    announceGridCell(widget, grid);
    return grid.gridCurrentRow() != row || grid.gridCurrentColumn() != column;
}

bool CellGridKeys::eventFilter(QObject *watched, QEvent *event)
{
    CellGrid *grid = watched == m_widget ? cellGridOf(m_widget) : nullptr;
    if (!grid) return QObject::eventFilter(watched, event);
    switch (event->type()) {
    case QEvent::FocusIn:
        grid->gridSetCurrentCell(grid->gridCurrentRow(), grid->gridCurrentColumn());
        announceGridCell(m_widget, *grid);
        break;
    case QEvent::FocusOut: grid->gridSetCurrentCell(grid->gridCurrentRow(), grid->gridCurrentColumn()); break;
    case QEvent::KeyPress: {
        auto *key = static_cast<QKeyEvent *>(event);
        const Qt::KeyboardModifiers mods = key->modifiers() & ~Qt::KeypadModifier;
        const int row = grid->gridCurrentRow();
        const int column = grid->gridCurrentColumn();
        const int last = grid->gridColumns() - 1;
        if (mods == Qt::NoModifier) {
            switch (key->key()) {
            case Qt::Key_Left: step(m_widget, *grid, 0, -1); return true;
            case Qt::Key_Right: step(m_widget, *grid, 0, 1); return true;
            case Qt::Key_Up: step(m_widget, *grid, -1, 0); return true;
            case Qt::Key_Down: step(m_widget, *grid, 1, 0); return true;
            case Qt::Key_Home: step(m_widget, *grid, 0, -column); return true;
            case Qt::Key_End: step(m_widget, *grid, 0, last - column); return true;
            case Qt::Key_Return:
            case Qt::Key_Enter:
                if (grid->gridActivateCell(row, column)) announceGridCell(m_widget, *grid);
                return true;
            default: break;
            }
        } else if (mods == Qt::ControlModifier && key->key() == Qt::Key_Home) {
            step(m_widget, *grid, -row, -column);
            return true;
        } else if (mods == Qt::ControlModifier && key->key() == Qt::Key_End) {
            step(m_widget, *grid, grid->gridRows() - 1 - row, last - column);
            return true;
        }
        break;
    }
    default: break;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace attn::ui
