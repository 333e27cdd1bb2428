#include "ui/lessons/predictioncover.h"

#include <QEvent>
#include <QPainter>

namespace attn::lessons {

PredictionCover::PredictionCover(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("predictionCover"));
    setAccessibleName(tr("Make your prediction first"));
    setAutoFillBackground(false);
    hide();
}

void PredictionCover::cover(QWidget *target)
{
    if (m_target) m_target->removeEventFilter(this);
    m_target = target;
    if (!target) {
        hide();
        return;
    }
    setParent(target);
    target->installEventFilter(this);
    setGeometry(target->rect());
    raise();
    show();
}

bool PredictionCover::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_target && event->type() == QEvent::Resize) {
        setGeometry(m_target->rect());
        raise();
    }
    return QWidget::eventFilter(watched, event);
}

void PredictionCover::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Window));
    QFont big = font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setBold(true);
    const QRect r = rect().adjusted(24, 0, -24, 0);
    const int mid = r.center().y();
    p.setPen(palette().color(QPalette::WindowText));
    p.setFont(big);
    p.drawText(QRect(r.left(), mid - 60, r.width(), 50),
               Qt::AlignHCenter | Qt::AlignBottom | Qt::TextWordWrap, tr("Make your prediction first"));
    p.setFont(font());
    p.drawText(QRect(r.left(), mid, r.width(), 80), Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap,
               tr("This step's weights stay hidden until you answer the question in the lesson panel and "
                  "press Reveal."));
}

} // namespace attn::lessons
