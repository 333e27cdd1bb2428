// HeatmapPlot as a CellGrid: what the keyboard walk, the screen reader and the table twin read.
#include "ui/plots/heatmapplot.h"

#include "ui/base/numbertext.h"

#include <cmath>

namespace attn::ui {

QString HeatmapPlot::gridRowHeader(int row) const
{
    return row >= 0 && row < queryCount() ? m_queryLabels.value(row) : QString();
}

QString HeatmapPlot::gridColumnHeader(int column) const
{
    return column >= 0 && column < keyCount() ? m_keyLabels.value(column) : QString();
}

QString HeatmapPlot::gridCellValue(int row, int column) const
{
    if (row < 0 || column < 0 || row >= queryCount() || column >= keyCount()) return {};
    return weightNumber(m_weights(row, column));
}

QRect HeatmapPlot::gridCellRect(int row, int column) const
{
    if (row < 0 || column < 0 || row >= queryCount() || column >= keyCount()) return {};
    const QPointF a(xAxis->coordToPixel(column - 0.5), yAxis->coordToPixel(row - 0.5));
    const QPointF b(xAxis->coordToPixel(column + 0.5), yAxis->coordToPixel(row + 0.5));
    return QRectF(a, b).normalized().toAlignedRect();
}

bool HeatmapPlot::gridActivateCell(int row, int)
{
    if (row < 0 || row >= queryCount()) return false;
    emit querySelected(row);
    return true;
}

void HeatmapPlot::gridCurrentCellChanged()
{
    if (!m_cursorRect) {
        // White under black dashes: visible on the darkest and the lightest colour of the map.
        m_cursorRect = new QCPItemRect(this);
        m_cursorRect->setPen(QPen(Qt::white, 4));
        m_cursorRect->setBrush(Qt::NoBrush);
        m_cursorRect->setSelectable(false);
        m_cursorDashes = new QCPItemRect(this);
        m_cursorDashes->setPen(QPen(Qt::black, 2, Qt::DashLine));
        m_cursorDashes->setBrush(Qt::NoBrush);
        m_cursorDashes->setSelectable(false);
    }
    const int row = gridCurrentRow();
    const int column = gridCurrentColumn();
    const bool show = hasFocus() && row >= 0 && row < queryCount() && column >= 0 && column < keyCount();
    m_cursorRect->setVisible(show);
    m_cursorDashes->setVisible(show);
    if (show) {
        m_cursorRect->topLeft->setCoords(column - 0.45, row - 0.45);
        m_cursorRect->bottomRight->setCoords(column + 0.45, row + 0.45);
        m_cursorDashes->topLeft->setCoords(column - 0.45, row - 0.45);
        m_cursorDashes->bottomRight->setCoords(column + 0.45, row + 0.45);
        // Walking down the rows selects each query, as a click on the row does.
        if (row != m_selectedQuery && queryCount() > 1) emit querySelected(row);
    }
    replot(QCustomPlot::rpQueuedReplot);
}

} // namespace attn::ui
