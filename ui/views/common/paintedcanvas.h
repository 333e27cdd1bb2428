// A widget that shows a QPainter-drawn figure and its tooltips: the on-screen half of the
// painted views (tiling, interventions, heads, position), whose files come from exportPainted().
#pragma once

#include "ui/views/common/paintedexport.h"

#include <QWidget>

#include <functional>

namespace attn::ui {

/// Paints the whole widget with `paint` (at the widget's size) and shows the tooltip `toolTip`
/// gives for the pointer position and the widget's size (none when it returns an empty string).
class PaintedCanvas : public QWidget {
public:
    using ToolTipAt = std::function<QString(QPointF pos, QSizeF size)>;
    using ClickAt = std::function<void(QPointF pos, QSizeF size)>;

    PaintedCanvas(FigurePainter paint, ToolTipAt toolTip, QWidget *parent);

    /// Called with the position of every left-button press and the widget's size.
    void setClickHandler(ClickAt click) { m_click = std::move(click); }

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    FigurePainter m_paint;
    ToolTipAt m_toolTip;
    ClickAt m_click;
};

} // namespace attn::ui
