// A plain line figure: a few named curves over one x axis, on a left axis and, optionally, a
// right one (loss and accuracy over the training steps; accuracy against sequence length).
#pragma once

#include <QColor>
#include <QString>
#include <qcustomplot.h>

#include <vector>

namespace attn::ui {

/// One curve: (x, y) points in order of x; NaN values leave a gap.
struct CurveData {
    QString name;
    std::vector<double> x;
    std::vector<double> y;
    QColor color;
    double width = 2.0;
    Qt::PenStyle style = Qt::SolidLine;
    bool markers = false;   ///< a circle at every point
    bool rightAxis = false; ///< drawn against the right axis
};

/// A titled plot of CurveData with a legend; its text grows in presentation mode. Hovering a point shows its
/// curve's name, x and exact y (toolTipAt); Show as table lists every curve's points (plotTables).
class CurvePlot : public QCustomPlot {
    Q_OBJECT

public:
    explicit CurvePlot(QWidget *parent = nullptr);
    ~CurvePlot() override;

    void setTitle(const QString &title);
    QString title() const;
    /// Axis labels; an empty `rightLabel` hides the right axis.
    void setLabels(const QString &xLabel, const QString &leftLabel, const QString &rightLabel = {});
    /// Replaces every curve; the left axis runs from 0 to the largest value (at least `leftTop`),
    /// the right one from 0 to `rightTop`.
    void setCurves(const std::vector<CurveData> &curves, double leftTop = 1.0, double rightTop = 1.0);
    /// The x range (lo < hi).
    void setXRange(double lo, double hi);
    /// Where the legend sits inside the axes (default: right, vertically centred).
    void setLegendCorner(Qt::Alignment where);
    /// Integer ticks at exactly these x values (e.g. the sequence lengths measured); empty: automatic.
    void setXTicks(const std::vector<double> &ticks);

    /// The tooltip at widget position `pos`: the nearest point's curve, x and exact y; empty when
    /// no point is within 12 pixels.
    QString toolTipAt(const QPoint &pos) const;

protected:
    bool event(QEvent *event) override;

private:
    /// Title 11 pt bold, tick and axis labels 9 pt, legend 7 pt, times presentation mode's factor.
    void applyTextScale();

    QCPTextElement *m_title = nullptr;
    QCPAxisRect *m_rect = nullptr;
    QCPLegend *m_legend = nullptr;
};

} // namespace attn::ui
