// The sequential colour maps of every heatmap and painted weight cell: viridis (van der Walt &
// Smith, matplotlib 1.5) and cividis (Nuñez, Anderton & Renslow 2018, "Optimizing colormaps with
// consideration for color vision deficiency", PLoS ONE 13(7): e0199239), as QCustomPlot gradients
// and as colours for views that paint cells themselves.
#pragma once

#include <QLineF>
#include <QPen>
#include <QRectF>
#include <QVector>

class QCPColorGradient;
class QColor;

namespace attn::ui {

enum class ColorMapKind; // ui/appsettings.h

/// `kind` with its stops evenly spaced over [0, 1] (10 for viridis, 11 for cividis), interpolated
/// in RGB; NaN cells (masked) are light grey (maskedColor()).
QCPColorGradient colorMapGradient(ColorMapKind kind);

/// `kind` at t ∈ [0, 1] (clamped; NaN reads as 0), interpolated linearly in RGB between the same
/// stops as colorMapGradient(kind): colorMapColor(kind, 0) is the first stop, 1 the last.
QColor colorMapColor(ColorMapKind kind, double t);

/// The gradient / colour of the map chosen in AppSettings::instance().colorMap(), or of a
/// ScopedColorMap while one lives. Views that use them repaint on AppSettings::colorMapChanged.
QCPColorGradient currentGradient();
QColor currentMapColor(double t);
/// The kind currentGradient() and currentMapColor() use.
ColorMapKind currentColorMap();

/// Makes currentColorMap() `kind` while it lives, without touching the saved settings: for
/// `attention-lab export --colormap`, whose figures are built after it. Not thread-safe.
class ScopedColorMap {
public:
    explicit ScopedColorMap(ColorMapKind kind);
    ~ScopedColorMap();
    ScopedColorMap(const ScopedColorMap &) = delete;
    ScopedColorMap &operator=(const ScopedColorMap &) = delete;

private:
    int m_previous; ///< the override before this one (−1: none)
};

/// colorMapGradient / colorMapColor of viridis and of cividis.
QCPColorGradient viridisGradient();
QColor viridisColor(double t);
QCPColorGradient cividisGradient();
QColor cividisColor(double t);

/// Black or white, whichever reads better on `background` (by relative luminance).
QColor contrastingTextColor(const QColor &background);

/// The colour for masked (never attended) cells.
QColor maskedColor();

/// The hatching that marks a masked cell besides its colour (for readers who cannot tell the grey
/// from the colour map): diagonal lines ("/") about `spacing` pixels apart, clipped to `cell`, as
/// plain lines so that SVG and PDF stay vector. Appended to `lines`.
void appendMaskedHatch(QVector<QLineF> &lines, const QRectF &cell, double spacing = 6.0);

/// The pen of that hatching: mid grey, 1 px.
QPen maskedHatchPen();

} // namespace attn::ui
