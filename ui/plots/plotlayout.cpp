#include "ui/plots/plotlayout.h"

#include <algorithm>

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

PlotFit plotFitFor(QSize size)
{
    PlotFit fit;
    fit.compact = size.width() < 640 || size.height() < 420;
    fit.scale = std::clamp(std::min(size.width() / 1000.0, size.height() / 700.0), 1.0, 2.4);
    return fit;
}

QFont pointFont(const QString &family, double points, bool bold)
{
    QFont font(family);
    font.setPointSizeF(points);
    font.setBold(bold);
    return font;
}

} // namespace attn::ui
