#include "ui/base/cellgrid.h"

#include <QAccessible>
#include <QCoreApplication>
#include <QStatusTipEvent>
#include <QToolTip>
#include <QWidget>

#include <algorithm>

namespace attn::ui {

QString CellGrid::gridRowNoun() const
{
    return QCoreApplication::translate("attn::ui::CellGrid", "query");
}

QString CellGrid::gridColumnNoun() const
{
    return QCoreApplication::translate("attn::ui::CellGrid", "key");
}

QString CellGrid::gridValueNoun() const
{
    return QCoreApplication::translate("attn::ui::CellGrid", "weight");
}

void CellGrid::gridSetCurrentCell(int row, int column)
{
    m_currentRow = std::clamp(row, 0, std::max(0, gridRows() - 1));
    m_currentColumn = std::clamp(column, 0, std::max(0, gridColumns() - 1));
    gridCurrentCellChanged();
}

bool CellGrid::gridActivateCell(int, int)
{
    return false;
}

bool CellGrid::gridCellEditable(int, int) const
{
    return false;
}

QString CellGrid::gridCellText(int row, int column) const
{
    if (row < 0 || column < 0 || row >= gridRows() || column >= gridColumns()) return {};
    //: A heatmap cell read aloud: "query she, key Xiaohong"
    QString text = QCoreApplication::translate("attn::ui::CellGrid", "%1 %2, %3 %4")
                       .arg(gridRowNoun(), gridRowHeader(row), gridColumnNoun(), gridColumnHeader(column));
    const QString value = gridCellValue(row, column);
    if (!value.isEmpty())
        text += QCoreApplication::translate("attn::ui::CellGrid", ", %1 %2").arg(gridValueNoun(), value);
    if (gridCellMasked(row, column)) text += QCoreApplication::translate("attn::ui::CellGrid", ", masked");
    return text;
}

void announceGridCell(QWidget *widget, const CellGrid &grid)
{
    const int row = grid.gridCurrentRow();
    const int column = grid.gridCurrentColumn();
    const QString text = grid.gridCellText(row, column);
    if (text.isEmpty()) return;
    QStatusTipEvent tip(text);
    QCoreApplication::sendEvent(widget, &tip);
    const QRect cell = grid.gridCellRect(row, column);
    if (widget->isVisible() && !cell.isEmpty())
        QToolTip::showText(widget->mapToGlobal(cell.bottomRight()), text, widget, cell);
    if (QAccessible::isActive()) {
        QAccessibleEvent focus(widget, QAccessible::Focus);
        focus.setChild(row * grid.gridColumns() + column);
        QAccessible::updateAccessibility(&focus);
    }
}

CellGrid *cellGridOf(QWidget *widget)
{
    return dynamic_cast<CellGrid *>(widget);
}

} // namespace attn::ui
