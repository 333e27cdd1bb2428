// The viridis colour map (van der Walt & Smith, matplotlib 1.5) as a QCustomPlot gradient.
#pragma once

class QCPColorGradient;
class QColor;

namespace attn::ui {

/// Viridis with 10 evenly spaced stops over [0, 1]; NaN cells (masked) are light grey.
/// Perceptually uniform and readable in greyscale and by colour-blind readers.
QCPColorGradient viridisGradient();

/// Viridis at t ∈ [0, 1] (clamped; NaN reads as 0), interpolated linearly in RGB between the same
/// ten stops as viridisGradient(): for views that paint cells themselves.
QColor viridisColor(double t);

/// Black or white, whichever reads better on `background` (by relative luminance).
QColor contrastingTextColor(const QColor &background);

/// The colour for masked (never attended) cells.
QColor maskedColor();

} // namespace attn::ui
