#include "ui/shell/figureonlymode.h"

#include "ui/base/figurewidget.h"
#include "ui/base/fitscrollarea.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QStackedWidget>
#include <QStatusBar>
#include <QToolBar>

#include <algorithm>

namespace attn::ui {

namespace {

/// Whether `widget` is a figure or has one among its descendants.
bool holdsFigure(const QWidget *widget)
{
    if (isFigureWidget(widget)) return true;
    const QList<QWidget *> children = widget->findChildren<QWidget *>();
    return std::any_of(children.begin(), children.end(), [](const QWidget *w) { return isFigureWidget(w); });
}

void collect(QWidget *parent, std::vector<QWidget *> &out)
{
    for (QWidget *child : parent->findChildren<QWidget *>(QString(), Qt::FindDirectChildrenOnly)) {
        // The prediction cover stays: figure only must not reveal the weights a step hides.
        if (child->isWindow() || isFigureWidget(child) || child->inherits("attn::lessons::PredictionCover"))
            continue;
        if (holdsFigure(child))
            collect(child, out);
        else
            out.push_back(child);
    }
}

} // namespace

std::vector<QWidget *> nonFigureWidgets(QWidget *page)
{
    std::vector<QWidget *> out;
    if (!page || isFigureWidget(page) || !holdsFigure(page)) return out;
    collect(page, out);
    return out;
}

FigureOnlyMode::FigureOnlyMode(QMainWindow *window, QStackedWidget *pages, QMenu *viewMenu)
    : QObject(window), m_window(window), m_pages(pages)
{
    m_toggle = new QAction(tr("&Figure only"), this);
    m_toggle->setObjectName(QStringLiteral("figureOnlyAction"));
    m_toggle->setCheckable(true);
    m_toggle->setShortcut(QKeySequence(Qt::Key_F11));
    m_toggle->setStatusTip(tr("Show only the figure, full screen, for a projector (F11 or Esc to leave)"));
    connect(m_toggle, &QAction::toggled, this, &FigureOnlyMode::setActive);
    // Esc leaves the mode; it is only enabled then, so that it never takes Esc from a cell editor.
    m_leave = new QAction(tr("Leave figure only"), this);
    m_leave->setObjectName(QStringLiteral("leaveFigureOnlyAction"));
    m_leave->setShortcut(QKeySequence(Qt::Key_Escape));
    m_leave->setEnabled(false);
    connect(m_leave, &QAction::triggered, this, [this] { setActive(false); });
    // On the window itself as well: its shortcuts work while the menu bar is hidden.
    window->addAction(m_toggle);
    window->addAction(m_leave);
    if (viewMenu) {
        viewMenu->addSeparator();
        viewMenu->addAction(m_toggle);
    }
    connect(m_pages, &QStackedWidget::currentChanged, this, [this] {
        if (!m_active) return;
        restorePageControls();
        hidePageControls();
    });
}

void FigureOnlyMode::setActive(bool on)
{
    if (on == m_active) return;
    m_active = on;
    if (m_toggle->isChecked() != on) m_toggle->setChecked(on);
    m_leave->setEnabled(on);
    if (on) {
        m_stateBefore = m_window->windowState();
        QList<QWidget *> bars{m_window->menuBar(), m_window->statusBar()};
        for (QToolBar *bar : m_window->findChildren<QToolBar *>()) bars << bar;
        for (QDockWidget *dock : m_window->findChildren<QDockWidget *>()) bars << dock;
        for (QWidget *bar : bars) {
            // Only this window's own (not the performance panel's, not a floating dock).
            if (!bar || bar->isHidden() || bar->window() != m_window) continue;
            bar->hide();
            m_hiddenBars.emplace_back(bar);
        }
        hidePageControls();
        m_window->setWindowState(m_stateBefore | Qt::WindowFullScreen);
    } else {
        restorePageControls();
        for (const QPointer<QWidget> &bar : m_hiddenBars)
            if (bar) bar->show();
        m_hiddenBars.clear();
        m_window->setWindowState(m_stateBefore & ~Qt::WindowFullScreen);
    }
}

void FigureOnlyMode::hidePageControls()
{
    for (QWidget *widget : nonFigureWidgets(pageOf(m_pages->currentWidget()))) {
        if (widget->isHidden()) continue;
        widget->hide();
        m_hiddenControls.emplace_back(widget);
    }
}

void FigureOnlyMode::restorePageControls()
{
    for (const QPointer<QWidget> &widget : m_hiddenControls)
        if (widget) widget->show();
    m_hiddenControls.clear();
}

} // namespace attn::ui
