// A scroll area for a page that lays itself out at whatever size it is given, down to its
// minimum size: above that minimum the page fills the area exactly (no scroll bar, its layout
// stretches as usual); below it the page keeps its minimum and the area scrolls. So the window
// around it can be as small as the screen, whatever the page's controls and fonts ask for.
#pragma once

#include <QScrollArea>

namespace attn::ui {

/// Holds `page` (it becomes the area's widget). Unlike QScrollArea::setWidgetResizable(), the
/// page is never made taller than the area because its wrapped text would like more height
/// (QScrollArea sizes a height-for-width page to its preferred height): only its minimum counts,
/// the least height its layout needs at the width it gets (wrapped lines included).
class FitScrollArea : public QScrollArea {
public:
    explicit FitScrollArea(QWidget *page, QWidget *parent = nullptr);

    QWidget *page() const { return widget(); }

    /// The size the page gets for a viewport of at most `available` (the area without scroll
    /// bars): `available`, grown to the page's minimum in each direction that needs it, with the
    /// room of the scroll bar that this brings taken from the other direction.
    static QSize pageSizeFor(QSize available, QSize minimum, int horizontalBar, int verticalBar);

    QSize sizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void fitPage();
};

/// The page `widget` holds when it is a FitScrollArea, else `widget` itself (null stays null).
QWidget *pageOf(QWidget *widget);

/// Keeps `widget`'s minimum height at the least height its layout needs at its current width
/// (wrapped lines included), from now on: for a widget in a QSplitter, which does not pass
/// height-for-width on, so that the page around it grows (and scrolls) instead of squeezing it.
void keepWrappedHeight(QWidget *widget);

} // namespace attn::ui
