#include "ui/views/qkv/tablelock.h"

#include <QAbstractItemView>
#include <QKeyEvent>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QTableView>

#include <algorithm>

namespace attn::ui {

QPixmap lockPixmap(int size, const QColor &color, qreal devicePixelRatio)
{
    QPixmap pixmap(QSize(size, size) * devicePixelRatio);
    pixmap.setDevicePixelRatio(devicePixelRatio);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    const qreal s = size;
    // The shackle: an arch over the body.
    QPen pen(color, std::max<qreal>(1.5, s * 0.12));
    pen.setCapStyle(Qt::FlatCap);
    painter.setPen(pen);
    painter.setBrush(Qt::NoBrush);
    const QRectF arch(s * 0.28, s * 0.08, s * 0.44, s * 0.5);
    QPainterPath shackle;
    shackle.moveTo(arch.left(), s * 0.48);
    shackle.lineTo(arch.left(), arch.center().y());
    shackle.arcTo(arch, 180, -180);
    shackle.lineTo(arch.right(), s * 0.48);
    painter.drawPath(shackle);
    // The body, with a keyhole cut out of it.
    painter.setPen(Qt::NoPen);
    painter.setBrush(color);
    const QRectF body(s * 0.16, s * 0.45, s * 0.68, s * 0.5);
    painter.drawRoundedRect(body, s * 0.08, s * 0.08);
    painter.setCompositionMode(QPainter::CompositionMode_Clear);
    painter.drawEllipse(QPointF(s * 0.5, s * 0.66), s * 0.07, s * 0.07);
    painter.drawRect(QRectF(s * 0.47, s * 0.68, s * 0.06, s * 0.16));
    return pixmap;
}

TableLock::TableLock(QTableView *table, QLabel *icon, QObject *parent)
    : QObject(parent), m_table(table), m_icon(icon)
{
    table->installEventFilter(this);
    table->viewport()->installEventFilter(this);
    m_icon->setVisible(false);
}

void TableLock::setReason(const QString &reason, bool otherwiseEditable)
{
    const bool wasLocked = isLocked();
    if (!wasLocked && !reason.isEmpty()) m_unlockedToolTip = m_table->toolTip();
    m_reason = reason;
    const bool locked = isLocked();
    m_table->setEditTriggers(locked || !otherwiseEditable ? QAbstractItemView::NoEditTriggers
                                                          : QAbstractItemView::AllEditTriggers);
    // The tooltip (and so the accessible name the window derives from it) comes back on unlocking.
    if (locked)
        m_table->setToolTip(reason);
    else if (wasLocked)
        m_table->setToolTip(m_unlockedToolTip);
    // Locked cells sit on the window's colour, as a disabled field does, but stay readable.
    QPalette palette = m_table->parentWidget() ? m_table->parentWidget()->palette() : m_table->palette();
    if (locked) palette.setColor(QPalette::Base, palette.color(QPalette::Window));
    m_table->setPalette(palette);
    m_icon->setToolTip(reason);
    const int size = m_icon->fontMetrics().height();
    if (locked) {
        m_icon->setPixmap(
            lockPixmap(size, m_icon->palette().color(QPalette::WindowText), m_icon->devicePixelRatioF()));
        m_icon->setGeometry(0, 0, size, size);
    }
    // The icon is a child of the title: the title's text moves right to make room for it.
    if (auto *title = qobject_cast<QLabel *>(m_icon->parentWidget()))
        title->setContentsMargins(locked ? size + 4 : 0, 0, 0, 0);
    m_icon->setVisible(locked);
}

bool TableLock::eventFilter(QObject *watched, QEvent *event)
{
    if (!isLocked()) return QObject::eventFilter(watched, event);
    if (event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        const bool control = key->modifiers() & (Qt::ControlModifier | Qt::MetaModifier | Qt::AltModifier);
        const bool edits = key->key() == Qt::Key_F2 || key->key() == Qt::Key_Return ||
                           key->key() == Qt::Key_Enter || key->key() == Qt::Key_Delete ||
                           key->key() == Qt::Key_Backspace ||
                           (!control && !key->text().isEmpty() && key->text().at(0).isPrint());
        if (edits) {
            emit refused(m_reason);
            return true;
        }
    } else if (event->type() == QEvent::MouseButtonDblClick && watched == m_table->viewport()) {
        emit refused(m_reason);
        return true;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace attn::ui
