// A colour scale beside a colour map, drawn as a vector gradient (no raster image), so that SVG
// and PDF exports stay vector; QCPColorScale always draws an image.
#pragma once

#include <qcustomplot.h>

namespace attn::ui {

/// A vertical bar filled with a gradient over [dataRange().lower (bottom), dataRange().upper
/// (top)], with its ticks and label on the right axis. Add it to the plot's layout beside the map
/// and call setGradient() / setDataRange() together with the map's.
class ColorBar : public QCPAxisRect {
    Q_OBJECT

public:
    /// A bar `barWidth` pixels wide in `plot` (not yet in a layout).
    explicit ColorBar(QCustomPlot *plot, int barWidth = 14);

    void setGradient(const QCPColorGradient &gradient);
    QCPColorGradient gradient() const { return m_gradient; }

    void setDataRange(const QCPRange &range);
    QCPRange dataRange() const;

    /// The bar's width in pixels (without the ticks and label).
    void setBarWidth(int pixels);
    /// The label beside the ticks, e.g. "weight".
    void setLabel(const QString &label) { axis()->setLabel(label); }

    /// The axis with the ticks and the label (right of the bar).
    QCPAxis *axis() const { return QCPAxisRect::axis(QCPAxis::atRight); }

protected:
    void draw(QCPPainter *painter) override;

private:
    QCPColorGradient m_gradient;
};

} // namespace attn::ui
