// Laying out a figure of several axis rects under one bold title (the √d and scoring plots).
#pragma once

class QCPLayoutGrid;
class QCPTextElement;
class QCustomPlot;

namespace attn::ui {

/// Clears `plot`'s layout (and its automatic legend entries), puts an empty bold title a fifth
/// larger than the plot's font in row 0 (returned in *title) and an empty grid in row 1 for the
/// caller's axis rects, which it returns. Both are owned by the plot.
QCPLayoutGrid *startTitledFigure(QCustomPlot *plot, QCPTextElement **title);

} // namespace attn::ui
