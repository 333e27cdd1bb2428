// View → Figure only (F11): the figure of the page on screen, full screen, for a projector. The
// docks, tool bars, menu bar and status bar go, and so do the page's tables and controls; F11 or
// Esc brings everything back as it was.
#pragma once

#include <QObject>
#include <QPointer>
#include <QWidget>

#include <vector>

class QAction;
class QMainWindow;
class QMenu;
class QStackedWidget;

namespace attn::ui {

/// The widgets of `page` to hide so that only its figures (isFigureWidget()) remain: every widget that
/// neither holds a figure nor lies inside one, taken as high up as possible. Empty when `page` has no figure
/// widget (or is one): then the page stays whole.
std::vector<QWidget *> nonFigureWidgets(QWidget *page);

/// The mode for `window`, whose pages are `pages`; adds its action to `viewMenu` (a child of the
/// window; the action and Esc also work while the menu bar is hidden).
class FigureOnlyMode : public QObject {
    Q_OBJECT

public:
    FigureOnlyMode(QMainWindow *window, QStackedWidget *pages, QMenu *viewMenu);

    QAction *toggleAction() const { return m_toggle; }
    bool isActive() const { return m_active; }

    void setActive(bool on);

private:
    void hidePageControls();
    void restorePageControls();

    QMainWindow *m_window;
    QStackedWidget *m_pages;
    QAction *m_toggle = nullptr;
    QAction *m_leave = nullptr;
    bool m_active = false;
    Qt::WindowStates m_stateBefore;
    std::vector<QPointer<QWidget>> m_hiddenBars;     // docks, tool bars, menu and status bar
    std::vector<QPointer<QWidget>> m_hiddenControls; // of the page on screen
};

} // namespace attn::ui
