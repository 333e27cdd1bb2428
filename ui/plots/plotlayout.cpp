#include "ui/plots/plotlayout.h"

#include <qcustomplot.h>

namespace attn::ui {

QCPLayoutGrid *startTitledFigure(QCustomPlot *plot, QCPTextElement **title)
{
    plot->setAutoAddPlottableToLegend(false);
    plot->plotLayout()->clear();
    QFont titleFont = plot->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    titleFont.setBold(true);
    *title = new QCPTextElement(plot, QString(), titleFont);
    plot->plotLayout()->addElement(0, 0, *title);
    auto *grid = new QCPLayoutGrid;
    plot->plotLayout()->addElement(1, 0, grid);
    return grid;
}

} // namespace attn::ui
