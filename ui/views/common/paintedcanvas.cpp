#include "ui/views/common/paintedcanvas.h"

#include "ui/base/figurewidget.h"

#include <QEvent>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

namespace attn::ui {

PaintedCanvas::PaintedCanvas(FigurePainter paint, ToolTipAt toolTip, QWidget *parent)
    : QWidget(parent), m_paint(std::move(paint)), m_toolTip(std::move(toolTip))
{
    setMouseTracking(true);
    markFigure(this);
}

void PaintedCanvas::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    m_paint(painter, size());
}

void PaintedCanvas::mousePressEvent(QMouseEvent *event)
{
    if (m_click && event->button() == Qt::LeftButton) m_click(event->position(), size());
    QWidget::mousePressEvent(event);
}

bool PaintedCanvas::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = m_toolTip ? m_toolTip(help->pos(), size()) : QString();
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace attn::ui
