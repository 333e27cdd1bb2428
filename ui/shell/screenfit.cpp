#include "ui/shell/screenfit.h"

#include <QEvent>
#include <QGuiApplication>
#include <QScreen>
#include <QTimer>
#include <QWidget>

#include <algorithm>

namespace attn::ui {

QRect fittedFrame(const QRect &frame, const QMargins &margins, const QSize &minimum, const QRect &available)
{
    const QSize chrome(margins.left() + margins.right(), margins.top() + margins.bottom());
    const QSize size = frame.size().boundedTo(available.size()).expandedTo(minimum + chrome);
    QRect fitted(frame.topLeft(), size);
    // Right and bottom first, so that a frame larger than the screen keeps its top-left corner in.
    if (fitted.right() > available.right()) fitted.moveRight(available.right());
    if (fitted.bottom() > available.bottom()) fitted.moveBottom(available.bottom());
    if (fitted.left() < available.left()) fitted.moveLeft(available.left());
    if (fitted.top() < available.top()) fitted.moveTop(available.top());
    return fitted;
}

bool fitWindowInto(QWidget *window, const QRect &available)
{
    if (window->isMaximized() || window->isFullScreen()) return true;
    const QRect frame = window->frameGeometry();
    const QRect inner = window->geometry();
    const QMargins margins(inner.left() - frame.left(), inner.top() - frame.top(),
                           frame.right() - inner.right(), frame.bottom() - inner.bottom());
    const QSize minimum = window->minimumSizeHint().expandedTo(window->minimumSize());
    const QRect fitted = fittedFrame(frame, margins, minimum, available);
    if (fitted != frame) {
        window->resize(fitted.size() -
                       QSize(margins.left() + margins.right(), margins.top() + margins.bottom()));
        window->move(fitted.topLeft()); // move() places the frame
    }
    return available.contains(window->frameGeometry());
}

ScreenFit::ScreenFit(QWidget *window) : QObject(window), m_window(window)
{
    if (QGuiApplication::platformName() == QLatin1String("offscreen")) return;
    window->installEventFilter(this);
}

bool ScreenFit::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && (event->type() == QEvent::Show || event->type() == QEvent::LayoutRequest ||
                                event->type() == QEvent::ScreenChangeInternal))
        fitSoon();
    return QObject::eventFilter(watched, event);
}

void ScreenFit::fitSoon()
{
    if (m_pending) return;
    m_pending = true;
    // After the layout has settled (the window's minimum size is set when its layout activates).
    QTimer::singleShot(0, this, [this] {
        m_pending = false;
        if (m_window->isVisible() && m_window->screen())
            fitWindowInto(m_window, m_window->screen()->availableGeometry());
    });
}

} // namespace attn::ui
