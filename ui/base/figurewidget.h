// Which widgets of a page draw its figure: the plots, and the painted canvases that say so. The
// window's figure-only mode (F11) keeps them and hides the rest of the page.
#pragma once

class QWidget;

namespace attn::ui {

/// True for a widget that draws a figure: a plot (QCustomPlot), or a widget marked with markFigure().
bool isFigureWidget(const QWidget *widget);

/// Marks `widget` (a painted view or canvas) as a figure.
void markFigure(QWidget *widget);

} // namespace attn::ui
