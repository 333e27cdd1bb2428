// Keeps a top-level window within its screen's available area: on show, and whenever its
// minimum size changes (a lesson step, presentation mode's fonts), a window that would reach past
// the screen is made smaller and moved back in. Its pages scroll rather than grow it (FitScrollArea).
#pragma once

#include <QObject>
#include <QRect>

class QWidget;

namespace attn::ui {

/// The frame geometry that `frame` (a window's frame, title bar included; `margins` the frame
/// around its contents) takes within `available`: as large as it is, but at most `available`, and
/// never below `minimum` (the contents' minimum size); then moved so that it lies inside.
QRect fittedFrame(const QRect &frame, const QMargins &margins, const QSize &minimum, const QRect &available);

/// Resizes and moves `window` so that its frame lies within `available` (see fittedFrame()).
/// A maximised or full-screen window is left alone. Returns whether the frame now fits, which
/// it cannot when the window's minimum size is larger than `available`.
bool fitWindowInto(QWidget *window, const QRect &available);

/// Fits `window` into its screen's available geometry on show and after each change of its
/// layout (a child of the window). The offscreen platform has no real screen: there it does
/// nothing by itself (tests call fitWindowInto() with the geometry they mean).
class ScreenFit : public QObject {
public:
    explicit ScreenFit(QWidget *window);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void fitSoon();

    QWidget *m_window;
    bool m_pending = false;
};

} // namespace attn::ui
