// A widget that shows a QPainter-drawn figure and its tooltips: the on-screen half of the
// painted views (tiling, interventions, heads, position), whose files come from exportPainted().
#pragma once

#include "ui/base/figuretable.h"
#include "ui/views/common/paintedexport.h"

#include <QWidget>

#include <functional>

namespace attn::ui {

/// Paints the whole widget with `paint` (at the widget's size) and shows the tooltip `toolTip`
/// gives for the pointer position and the widget's size (none when it returns an empty string).
class PaintedCanvas : public QWidget, public FigureTableSource {
public:
    using ToolTipAt = std::function<QString(QPointF pos, QSizeF size)>;
    using ClickAt = std::function<void(QPointF pos, QSizeF size)>;
    using Tables = std::function<QList<FigureTable>()>;

    PaintedCanvas(FigurePainter paint, ToolTipAt toolTip, QWidget *parent);

    /// Called with the position of every left-button press and the widget's size.
    void setClickHandler(ClickAt click) { m_click = std::move(click); }
    /// The figure's numbers for View → Show as table (none until set).
    void setTables(Tables tables) { m_tables = std::move(tables); }
    QList<FigureTable> figureTables() const override { return m_tables ? m_tables() : QList<FigureTable>(); }

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    FigurePainter m_paint;
    ToolTipAt m_toolTip;
    ClickAt m_click;
    Tables m_tables;
};

} // namespace attn::ui
