#include "ui/shell/accessactions.h"

#include "ui/base/appsettings.h"
#include "ui/base/fitscrollarea.h"
#include "ui/base/gridaccessible.h"
#include "ui/plots/plottables.h"
#include "ui/shell/accessnames.h"
#include "ui/shell/figuretabledialog.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/shortcutsdialog.h"
#include "ui/views/viewregistry.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QStackedWidget>

namespace attn::ui {

namespace {

QStackedWidget *pages(MainWindow *window)
{
    if (auto *stack = qobject_cast<QStackedWidget *>(window->centralWidget())) return stack;
    return window->centralWidget() ? window->centralWidget()->findChild<QStackedWidget *>() : nullptr;
}

} // namespace

AccessActions::AccessActions(MainWindow *window) : QObject(window), m_window(window)
{
    installGridAccessibility();
    AppSettings &settings = AppSettings::instance();

    m_showTable = new QAction(tr("Show as &table"), this);
    m_showTable->setObjectName(QStringLiteral("showTableAction"));
    m_showTable->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    m_showTable->setStatusTip(tr("The numbers of the figure on screen as a table you can copy"));
    connect(m_showTable, &QAction::triggered, this, &AccessActions::showTable);

    m_highContrast = new QAction(tr("&High contrast"), this);
    m_highContrast->setObjectName(QStringLiteral("highContrastAction"));
    m_highContrast->setCheckable(true);
    m_highContrast->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
    m_highContrast->setStatusTip(tr("White text on black with a yellow focus (also in Preferences → Theme)"));
    m_highContrast->setChecked(settings.theme() == ThemeChoice::HighContrast);
    connect(m_highContrast, &QAction::toggled, this, [](bool on) {
        AppSettings &s = AppSettings::instance();
        if (on != (s.theme() == ThemeChoice::HighContrast))
            s.setTheme(on ? ThemeChoice::HighContrast : ThemeChoice::System);
    });
    connect(&settings, &AppSettings::themeChanged, m_highContrast,
            [this](ThemeChoice theme) { m_highContrast->setChecked(theme == ThemeChoice::HighContrast); });

    m_bilingual = new QAction(tr("&Bilingual lesson text"), this);
    m_bilingual->setObjectName(QStringLiteral("bilingualAction"));
    m_bilingual->setCheckable(true);
    m_bilingual->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B));
    m_bilingual->setStatusTip(
        tr("Show the English text under the translated lesson text, for mixed classrooms"));
    m_bilingual->setChecked(settings.bilingual());
    connect(m_bilingual, &QAction::toggled, &settings, &AppSettings::setBilingual);
    connect(&settings, &AppSettings::bilingualChanged, m_bilingual, &QAction::setChecked);

    if (QMenu *view = window->findChild<QMenu *>(QStringLiteral("viewMenu"))) {
        view->addSeparator();
        view->addAction(m_showTable);
        view->addAction(m_highContrast);
        view->addAction(m_bilingual);
    }

    QMenu *help = window->findChild<QMenu *>(QStringLiteral("helpMenu"));
    if (!help) {
        help = window->menuBar()->addMenu(tr("&Help"));
        help->setObjectName(QStringLiteral("helpMenu"));
    }
    m_shortcuts = help->addAction(tr("&Keyboard shortcuts"), this, &AccessActions::showShortcuts);
    m_shortcuts->setObjectName(QStringLiteral("shortcutsAction"));
    m_shortcuts->setShortcut(QKeySequence::HelpContents);
    m_shortcuts->setStatusTip(tr("Every action of the menus with its shortcut, and the keys of the figures"));

    // Accessible names: each page by its View menu entry, and every unnamed control or figure in it
    // by its tooltip (again when a page is shown: views add controls as scenarios change).
    if (QStackedWidget *stack = pages(window)) {
        const auto nameAll = [stack] {
            const std::vector<FigureViewInfo> &infos = figureViews();
            for (int i = 0; i < stack->count(); ++i) {
                QWidget *page = pageOf(stack->widget(i));
                QString title = i == 0 || i > static_cast<int>(infos.size())
                                    ? tr("Q/K/V editor")
                                    : infos[std::size_t(i - 1)].menuText;
                title.remove(QLatin1Char('&'));
                if (page->accessibleName().isEmpty()) page->setAccessibleName(title);
                nameUnnamedWidgets(page, tr("%1 figure").arg(title));
            }
        };
        nameAll();
        connect(stack, &QStackedWidget::currentChanged, this, nameAll);
    }
    if (auto *dock = window->findChild<QDockWidget *>(QStringLiteral("lessonDock")))
        nameUnnamedWidgets(dock, dock->windowTitle());
}

void AccessActions::showTable()
{
    QStackedWidget *stack = pages(m_window);
    QWidget *page = stack ? pageOf(stack->currentWidget()) : nullptr;
    auto *dialog = m_window->findChild<FigureTableDialog *>();
    if (!dialog) dialog = new FigureTableDialog(m_window);
    dialog->setTables(figureTablesIn(page));
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
}

void AccessActions::showShortcuts()
{
    auto *dialog = m_window->findChild<ShortcutsDialog *>();
    if (!dialog) dialog = new ShortcutsDialog(m_window);
    dialog->setActions(m_window->menuBar());
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
}

} // namespace attn::ui
