#include "ui/base/fitscrollarea.h"

#include <QEvent>
#include <QLayout>
#include <QScrollBar>

#include <algorithm>

namespace attn::ui {

namespace {

/// The smallest size `widget`'s layout (or the widget itself) accepts.
QSize minimumOf(const QWidget *widget)
{
    QSize minimum = widget->minimumSizeHint().expandedTo(QSize(0, 0));
    if (widget->minimumWidth() > 0) minimum.setWidth(widget->minimumWidth());
    if (widget->minimumHeight() > 0) minimum.setHeight(widget->minimumHeight());
    return minimum;
}

/// Sets its widget's minimum height after each resize and layout change (keepWrappedHeight()).
class WrappedHeight : public QObject {
public:
    explicit WrappedHeight(QWidget *widget) : QObject(widget), m_widget(widget)
    {
        widget->installEventFilter(this);
    }

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == m_widget &&
            (event->type() == QEvent::Resize || event->type() == QEvent::LayoutRequest))
            if (const QLayout *layout = m_widget->layout(); layout && layout->hasHeightForWidth()) {
                const int height = layout->minimumHeightForWidth(m_widget->width());
                if (height > 0 && height != m_widget->minimumHeight()) m_widget->setMinimumHeight(height);
            }
        return QObject::eventFilter(watched, event);
    }

private:
    QWidget *m_widget;
};

} // namespace

void keepWrappedHeight(QWidget *widget)
{
    new WrappedHeight(widget);
}

FitScrollArea::FitScrollArea(QWidget *page, QWidget *parent) : QScrollArea(parent)
{
    setFrameShape(QFrame::NoFrame);
    setFocusPolicy(Qt::NoFocus); // not a stop of its own on Tab: the page's controls are
    setWidgetResizable(false);   // fitPage() sizes the page
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setWidget(page);
    page->installEventFilter(this);
    fitPage();
}

QSize FitScrollArea::pageSizeFor(QSize available, QSize minimum, int horizontalBar, int verticalBar)
{
    QSize size = available;
    bool wide = minimum.width() > size.width();
    bool tall = minimum.height() > size.height();
    if (wide) size.rheight() -= horizontalBar;
    if (tall) size.rwidth() -= verticalBar;
    // A bar that one direction brings can make the other direction too small as well.
    if (!tall && minimum.height() > size.height()) tall = true, size.rwidth() -= verticalBar;
    if (!wide && minimum.width() > size.width()) wide = true, size.rheight() -= horizontalBar;
    return size.expandedTo(minimum);
}

QSize FitScrollArea::sizeHint() const
{
    // The page's own wish, so that a window sized to its contents gives the page its room.
    const QMargins frame = contentsMargins();
    return widget() ? widget()->sizeHint() + QSize(frame.left() + frame.right(), frame.top() + frame.bottom())
                    : QScrollArea::sizeHint();
}

void FitScrollArea::resizeEvent(QResizeEvent *event)
{
    QScrollArea::resizeEvent(event);
    fitPage();
}

bool FitScrollArea::eventFilter(QObject *watched, QEvent *event)
{
    // The page's minimum changes with its contents and fonts (a lesson step, presentation mode).
    if (watched == widget() && event->type() == QEvent::LayoutRequest) fitPage();
    return QScrollArea::eventFilter(watched, event);
}

void FitScrollArea::fitPage()
{
    QWidget *page = widget();
    if (!page) return;
    const int horizontalBar = horizontalScrollBar()->sizeHint().height();
    const int verticalBar = verticalScrollBar()->sizeHint().width();
    QSize minimum = minimumOf(page);
    QSize size = pageSizeFor(maximumViewportSize(), minimum, horizontalBar, verticalBar);
    // Wrapped text is taller in a narrower page: the least height at the width it gets (twice,
    // since a vertical scroll bar that this brings makes the page narrower still).
    if (const QLayout *layout = page->layout(); layout && layout->hasHeightForWidth()) {
        for (int pass = 0; pass < 2; ++pass) {
            minimum.setHeight(std::max(minimum.height(), layout->minimumHeightForWidth(size.width())));
            size = pageSizeFor(maximumViewportSize(), minimum, horizontalBar, verticalBar);
        }
    }
    if (page->size() != size) page->resize(size);
}

QWidget *pageOf(QWidget *widget)
{
    if (auto *area = dynamic_cast<FitScrollArea *>(widget)) return area->page();
    return widget;
}

} // namespace attn::ui
