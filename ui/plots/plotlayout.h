// Laying out a figure of several axis rects under one bold title (the √d and scoring plots).
#pragma once

#include <QFont>
#include <QSize>
#include <QString>

class QCPLayoutGrid;
class QCPTextElement;
class QCustomPlot;

namespace attn::ui {

/// Clears `plot`'s layout (and its automatic legend entries), puts an empty bold title a fifth
/// larger than the plot's font in row 0 (returned in *title) and an empty grid in row 1 for the
/// caller's axis rects, which it returns. Both are owned by the plot.
QCPLayoutGrid *startTitledFigure(QCustomPlot *plot, QCPTextElement **title);

/// How a plot figure fits the size it is drawn at (a window or an export).
struct PlotFit {
    bool compact = false; ///< below 640 × 420: drop secondary text (legends, notes, long titles)
    double scale = 1.0;   ///< font factor: 1 up to 1000 × 700, growing with the size to at most 2.4
};

/// The fit for `size`: compact below 640 × 420 pixels; the scale is min(w/1000, h/700) kept
/// within [1, 2.4], so that a 2400 × 1600 export does not draw window-sized text.
PlotFit plotFitFor(QSize size);

/// `family` at `points` points, bold or not.
QFont pointFont(const QString &family, double points, bool bold = false);

} // namespace attn::ui
