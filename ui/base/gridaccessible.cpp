#include "ui/base/gridaccessible.h"

#include "ui/base/cellgrid.h"

#include <QCoreApplication>
#include <QPointer>
#include <QWidget>

namespace attn::ui {

namespace {

/// One cell of a GridAccessible: reads the grid live, so it never shows a stale value.
class GridCellAccessible : public QAccessibleInterface, public QAccessibleTableCellInterface {
public:
    GridCellAccessible(QWidget *widget, int row, int column) : m_widget(widget), m_row(row), m_column(column)
    {
    }

    CellGrid *grid() const { return m_widget ? cellGridOf(m_widget) : nullptr; }

    bool isValid() const override
    {
        const CellGrid *g = grid();
        return g && m_row < g->gridRows() && m_column < g->gridColumns();
    }
    QObject *object() const override { return nullptr; }
    QAccessibleInterface *parent() const override { return QAccessible::queryAccessibleInterface(m_widget); }
    QAccessibleInterface *child(int) const override { return nullptr; }
    int childCount() const override { return 0; }
    int indexOfChild(const QAccessibleInterface *) const override { return -1; }
    QAccessibleInterface *childAt(int, int) const override { return nullptr; }
    QString text(QAccessible::Text t) const override
    {
        const CellGrid *g = grid();
        if (!g) return {};
        switch (t) {
        case QAccessible::Name: return g->gridCellText(m_row, m_column);
        case QAccessible::Value: return g->gridCellValue(m_row, m_column);
        case QAccessible::Description:
            return g->gridCellMasked(m_row, m_column)
                       ? QCoreApplication::translate("attn::ui::CellGrid",
                                                     "masked: this key is not visible to this query")
                       : QString();
        default: return {};
        }
    }
    void setText(QAccessible::Text, const QString &) override {}
    QRect rect() const override
    {
        const CellGrid *g = grid();
        if (!g || !m_widget) return {};
        const QRect r = g->gridCellRect(m_row, m_column);
        return r.isEmpty() ? r : QRect(m_widget->mapToGlobal(r.topLeft()), r.size());
    }
    QAccessible::Role role() const override { return QAccessible::Cell; }
    QAccessible::State state() const override
    {
        QAccessible::State s;
        const CellGrid *g = grid();
        s.selectable = true;
        s.focusable = true;
        s.readOnly = !g || !g->gridCellEditable(m_row, m_column);
        s.selected = isSelected();
        s.focused = s.selected && m_widget && m_widget->hasFocus();
        return s;
    }
    void *interface_cast(QAccessible::InterfaceType type) override
    {
        return type == QAccessible::TableCellInterface ? static_cast<QAccessibleTableCellInterface *>(this)
                                                       : nullptr;
    }

    bool isSelected() const override
    {
        const CellGrid *g = grid();
        return g && g->gridCurrentRow() == m_row && g->gridCurrentColumn() == m_column;
    }
    QList<QAccessibleInterface *> columnHeaderCells() const override { return {}; }
    QList<QAccessibleInterface *> rowHeaderCells() const override { return {}; }
    int columnIndex() const override { return m_column; }
    int rowIndex() const override { return m_row; }
    int columnExtent() const override { return 1; }
    int rowExtent() const override { return 1; }
    QAccessibleInterface *table() const override { return parent(); }

private:
    QPointer<QWidget> m_widget;
    int m_row, m_column;
};

QAccessibleInterface *gridFactory(const QString &, QObject *object)
{
    auto *widget = qobject_cast<QWidget *>(object);
    if (widget && cellGridOf(widget)) return new GridAccessible(widget);
    return nullptr;
}

} // namespace

GridAccessible::GridAccessible(QWidget *widget) : QAccessibleWidget(widget, QAccessible::Table) {}

GridAccessible::~GridAccessible()
{
    for (QAccessible::Id id : std::as_const(m_cells)) QAccessible::deleteAccessibleInterface(id);
}

CellGrid *GridAccessible::grid() const
{
    return cellGridOf(widget());
}

void GridAccessible::dropCellsIfResized() const
{
    const CellGrid *g = grid();
    const int rows = g ? g->gridRows() : 0;
    const int columns = g ? g->gridColumns() : 0;
    if (rows == m_rows && columns == m_columns) return;
    for (QAccessible::Id id : std::as_const(m_cells)) QAccessible::deleteAccessibleInterface(id);
    m_cells.clear();
    m_rows = rows;
    m_columns = columns;
}

QAccessibleInterface *GridAccessible::cellAt(int row, int column) const
{
    dropCellsIfResized();
    if (row < 0 || column < 0 || row >= m_rows || column >= m_columns) return nullptr;
    const int index = row * m_columns + column;
    if (const auto it = m_cells.constFind(index); it != m_cells.constEnd())
        return QAccessible::accessibleInterface(*it);
    auto *cell = new GridCellAccessible(widget(), row, column);
    m_cells.insert(index, QAccessible::registerAccessibleInterface(cell));
    return cell;
}

QAccessibleInterface *GridAccessible::child(int index) const
{
    const int columns = columnCount();
    return columns > 0 && index >= 0 ? cellAt(index / columns, index % columns) : nullptr;
}

int GridAccessible::childCount() const
{
    return rowCount() * columnCount();
}

int GridAccessible::indexOfChild(const QAccessibleInterface *child) const
{
    const QAccessibleTableCellInterface *cell =
        child ? const_cast<QAccessibleInterface *>(child)->tableCellInterface() : nullptr;
    if (!cell || child->parent() != this) return -1;
    return cell->rowIndex() * columnCount() + cell->columnIndex();
}

QString GridAccessible::text(QAccessible::Text t) const
{
    const QString own = QAccessibleWidget::text(t);
    if (!own.isEmpty()) return own;
    const CellGrid *g = grid();
    if (!g) return own;
    if (t == QAccessible::Name) return g->gridCaption();
    if (t == QAccessible::Description)
        return QCoreApplication::translate("attn::ui::CellGrid",
                                           "%1 rows (queries) × %2 columns (keys); arrow keys move between "
                                           "cells")
            .arg(g->gridRows())
            .arg(g->gridColumns());
    return own;
}

void *GridAccessible::interface_cast(QAccessible::InterfaceType type)
{
    if (type == QAccessible::TableInterface) return static_cast<QAccessibleTableInterface *>(this);
    return QAccessibleWidget::interface_cast(type);
}

QAccessibleInterface *GridAccessible::caption() const
{
    return nullptr;
}

QAccessibleInterface *GridAccessible::summary() const
{
    return nullptr;
}

int GridAccessible::selectedCellCount() const
{
    return static_cast<int>(selectedCells().size());
}

QList<QAccessibleInterface *> GridAccessible::selectedCells() const
{
    const CellGrid *g = grid();
    QAccessibleInterface *cell = g ? cellAt(g->gridCurrentRow(), g->gridCurrentColumn()) : nullptr;
    return cell ? QList<QAccessibleInterface *>{cell} : QList<QAccessibleInterface *>{};
}

QString GridAccessible::columnDescription(int column) const
{
    const CellGrid *g = grid();
    return g ? g->gridColumnHeader(column) : QString();
}

QString GridAccessible::rowDescription(int row) const
{
    const CellGrid *g = grid();
    return g ? g->gridRowHeader(row) : QString();
}

int GridAccessible::columnCount() const
{
    const CellGrid *g = grid();
    return g ? g->gridColumns() : 0;
}

int GridAccessible::rowCount() const
{
    const CellGrid *g = grid();
    return g ? g->gridRows() : 0;
}

void GridAccessible::modelChange(QAccessibleTableModelChangeEvent *)
{
    dropCellsIfResized();
}

void installGridAccessibility()
{
    static bool installed = false;
    if (installed) return;
    installed = true;
    QAccessible::installFactory(gridFactory);
}

} // namespace attn::ui
