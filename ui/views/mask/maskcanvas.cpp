#include "ui/views/mask/maskcanvas.h"

#include "ui/base/figurewidget.h"
#include "ui/views/mask/maskfigure.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <utility>

namespace attn::ui {

MaskCanvas::MaskCanvas(std::function<MaskFigureData()> figure, std::function<QString(int, int)> cellToolTip,
                       QWidget *parent)
    : QWidget(parent), m_figure(std::move(figure)), m_cellToolTip(std::move(cellToolTip))
{
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setMinimumSize(280, 220);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    markFigure(this);
}

MaskCanvas::~MaskCanvas() = default;

QRectF MaskCanvas::cellRect(int query, int key) const
{
    const MaskFigureData data = m_figure();
    return layoutMaskFigure(data, size(), font()).cell(query, key);
}

QRectF MaskCanvas::paddingRect(int key) const
{
    const MaskFigureData data = m_figure();
    return layoutMaskFigure(data, size(), font()).paddingBox(key);
}

void MaskCanvas::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    const MaskFigureData data = m_figure();
    paintMaskFigure(painter, data, layoutMaskFigure(data, size(), font()), size());
    if (hasFocus()) {
        painter.setPen(QPen(palette().color(QPalette::Highlight), 1, Qt::DotLine));
        painter.drawRect(rect().adjusted(1, 1, -2, -2));
    }
}

void MaskCanvas::mousePressEvent(QMouseEvent *event)
{
    setFocus(Qt::MouseFocusReason);
    event->accept();
    const QPointF pos = event->position();
    const MaskFigureData data = m_figure();
    const MaskFigureLayout l = layoutMaskFigure(data, size(), font());
    for (int k = 0; k < l.n_k; ++k)
        if (l.paddingBox(k).contains(pos)) {
            emit paddingClicked(k, k < static_cast<int>(data.keyIsPadding.size()) && data.keyIsPadding[k]);
            return;
        }
    for (int q = 0; q < l.n_q; ++q) {
        if (l.queryLabel(q).contains(pos)) {
            emit queryLabelClicked(q);
            return;
        }
        for (int k = 0; k < l.n_k; ++k)
            if (l.cell(q, k).contains(pos)) {
                emit cellClicked(q, k);
                return;
            }
    }
}

bool MaskCanvas::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        QString text;
        if (toolTipAt(help->pos(), &text))
            QToolTip::showText(help->globalPos(), text, this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

bool MaskCanvas::toolTipAt(QPointF pos, QString *text) const
{
    const MaskFigureData data = m_figure();
    const MaskFigureLayout l = layoutMaskFigure(data, size(), font());
    for (int k = 0; k < l.n_k; ++k)
        if (l.paddingBox(k).contains(pos)) {
            *text = tr("key_padding of “%1”: click to mark it as padding or as a real token")
                        .arg(data.keyLabels.value(k));
            return true;
        }
    for (int q = 0; q < l.n_q; ++q)
        for (int k = 0; k < l.n_k; ++k)
            if (l.cell(q, k).contains(pos)) {
                *text = m_cellToolTip(q, k);
                return true;
            }
    return false;
}

} // namespace attn::ui
