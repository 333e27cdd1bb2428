// A QCPColorMap that draws its cells as filled rectangles when the painter is vectorised (SVG and
// PDF export), so that figures carry no embedded raster image; on screen it draws the usual image.
#pragma once

#include <qcustomplot.h>

#include <vector>

namespace attn::ui {

/// A colour map whose vector output is one filled rectangle per cell, touching its neighbours:
/// every cell edge is computed once (rounded to whole device units) and shared by the two cells
/// on either side, and the cells are drawn without antialiasing, so a viewer shows no hairline
/// seams. NaN cells take the gradient's NaN colour. Non-interpolated maps only (setInterpolate
/// is ignored in vector output).
class VectorColorMap : public QCPColorMap {
public:
    VectorColorMap(QCPAxis *keyAxis, QCPAxis *valueAxis);

    /// The colour cell (keyIndex, valueIndex) is drawn in: gradient() at its value over
    /// dataRange(), or the NaN colour.
    QColor cellColor(int keyIndex, int valueIndex) const;

protected:
    void draw(QCPPainter *painter) override;
    /// Draws every cell as a rectangle (the vector path of draw()).
    void drawCells(QCPPainter *painter) const;

    /// The pixel edges of the cells along an axis: n + 1 values for n cells (rounded; shared by
    /// neighbouring cells). `range` is the data range of the cell centres, `axis` maps to pixels.
    static std::vector<double> cellEdges(QCPAxis *axis, const QCPRange &range, int n);
};

} // namespace attn::ui
