// View → Figure only (F11): the docks, bars, tables and controls go and the figures stay; F11 or
// Esc brings everything back; the action is in the View menu and in the shortcuts dialog.
#include "strictwarnings.h"
#include "ui/base/figurewidget.h"
#include "ui/base/fitscrollarea.h"
#include "ui/base/resources.h"
#include "ui/plots/barplot.h"
#include "ui/plots/heatmapplot.h"
#include "ui/shell/figureonlymode.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/shortcutsdialog.h"
#include "ui/views/qkv/qkveditorview.h"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTableWidget>
#include <QTest>
#include <QToolBar>
#include <QVBoxLayout>

using attn::ui::MainWindow;

class TestFigureOnlyMode : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init() { attn::test::failOnQtWarnings(); }
    void keepsOnlyTheFigures();
    void f11AndEscToggleTheWindow();
    void figureViewKeepsItsCanvas();
    void listedInTheViewMenuAndTheShortcuts();
};

void TestFigureOnlyMode::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    attn::ui::initResources();
}

void TestFigureOnlyMode::keepsOnlyTheFigures()
{
    // A page: a label, a row with a table and a figure, and a figure alone.
    QWidget page;
    auto *layout = new QVBoxLayout(&page);
    auto *label = new QLabel(QStringLiteral("caption"), &page);
    auto *row = new QWidget(&page);
    auto *rowLayout = new QVBoxLayout(row);
    auto *table = new QTableView(row);
    auto *figure = new QWidget(row);
    attn::ui::markFigure(figure);
    rowLayout->addWidget(table);
    rowLayout->addWidget(figure);
    auto *plot = new attn::ui::BarPlot(&page);
    layout->addWidget(label);
    layout->addWidget(row);
    layout->addWidget(plot);
    const std::vector<QWidget *> hidden = attn::ui::nonFigureWidgets(&page);
    // The label and the table go; the row holds a figure (it stays, its table goes); the
    // figures and what is inside the plot stay.
    QCOMPARE(hidden.size(), std::size_t(2));
    QVERIFY(std::find(hidden.begin(), hidden.end(), label) != hidden.end());
    QVERIFY(std::find(hidden.begin(), hidden.end(), table) != hidden.end());
    // A page without a figure, or a figure itself, stays whole.
    QWidget plain;
    new QLabel(QStringLiteral("text"), &plain);
    QVERIFY(attn::ui::nonFigureWidgets(&plain).empty());
    QVERIFY(attn::ui::nonFigureWidgets(figure).empty());
}

void TestFigureOnlyMode::f11AndEscToggleTheWindow()
{
    MainWindow window;
    window.show();
    window.activateWindow(); // the window's shortcuts need it active
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.showView(QStringLiteral("qkv")));
    auto *mode = window.findChild<attn::ui::FigureOnlyMode *>();
    QVERIFY(mode);
    auto *dock = window.findChild<QDockWidget *>(QStringLiteral("lessonDock"));
    QVERIFY(dock);
    dock->show();
    QTableView *queries = window.editorView()->tableView(attn::doc::TensorRole::Query);
    auto *heatmap = window.editorView()->findChild<attn::ui::HeatmapPlot *>();
    auto *bars = window.editorView()->findChild<attn::ui::BarPlot *>();
    QVERIFY(queries->isVisible() && heatmap->isVisible() && bars->isVisible());

    QTest::keyClick(&window, Qt::Key_F11);
    QVERIFY(mode->isActive());
    QVERIFY(mode->toggleAction()->isChecked());
    QVERIFY(window.windowState() & Qt::WindowFullScreen);
    QVERIFY(!window.menuBar()->isVisible());
    QVERIFY(!window.statusBar()->isVisible());
    QVERIFY(!dock->isVisible());
    for (QToolBar *bar : window.findChildren<QToolBar *>()) QVERIFY(!bar->isVisible());
    QVERIFY(!queries->isVisible());
    QVERIFY(!window.findChild<QComboBox *>(QStringLiteral("querySelector"))->isVisible());
    QVERIFY(heatmap->isVisible());
    QVERIFY(bars->isVisible());

    // Esc brings everything back as it was.
    QTest::keyClick(&window, Qt::Key_Escape);
    QVERIFY(!mode->isActive());
    QVERIFY(!mode->toggleAction()->isChecked());
    QVERIFY(!(window.windowState() & Qt::WindowFullScreen));
    QVERIFY(window.menuBar()->isVisible());
    QVERIFY(window.statusBar()->isVisible());
    QVERIFY(dock->isVisible());
    QVERIFY(queries->isVisible());
    QVERIFY(heatmap->isVisible());

    // F11 again, then F11 to leave; Esc does nothing outside the mode (a cell editor keeps it).
    QTest::keyClick(&window, Qt::Key_F11);
    QVERIFY(mode->isActive());
    QTest::keyClick(&window, Qt::Key_F11);
    QVERIFY(!mode->isActive());
    QVERIFY(queries->isVisible());
    QVERIFY(!window.findChild<QAction *>(QStringLiteral("leaveFigureOnlyAction"))->isEnabled());
}

void TestFigureOnlyMode::figureViewKeepsItsCanvas()
{
    MainWindow window(QStringLiteral("xiaohong"));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.showView(QStringLiteral("heads")));
    auto *mode = window.findChild<attn::ui::FigureOnlyMode *>();
    mode->setActive(true);
    QWidget *canvas = window.findChild<QWidget *>(QStringLiteral("headsCanvas"));
    QVERIFY(canvas);
    QVERIFY(canvas->isVisible());
    QVERIFY(!window.findChild<QComboBox *>(QStringLiteral("kvGrouping"))->isVisible());
    // Another page while the mode is on: its controls go too, the first page's come back.
    QVERIFY(window.showView(QStringLiteral("mask")));
    QVERIFY(window.findChild<QComboBox *>(QStringLiteral("kvGrouping"))->isVisibleTo(canvas->parentWidget()));
    QVERIFY(window.showView(QStringLiteral("qkv")));
    QVERIFY(!window.editorView()->tableView(attn::doc::TensorRole::Key)->isVisible());
    mode->setActive(false);
    QVERIFY(window.editorView()->tableView(attn::doc::TensorRole::Key)->isVisible());
}

void TestFigureOnlyMode::listedInTheViewMenuAndTheShortcuts()
{
    MainWindow window;
    auto *view = window.findChild<QMenu *>(QStringLiteral("viewMenu"));
    QVERIFY(view);
    QAction *action = window.findChild<QAction *>(QStringLiteral("figureOnlyAction"));
    QVERIFY(action);
    QVERIFY(view->actions().contains(action));
    QCOMPARE(action->shortcut(), QKeySequence(Qt::Key_F11));
    attn::ui::ShortcutsDialog dialog;
    dialog.setActions(window.menuBar());
    auto *table = dialog.findChild<QTableWidget *>(QStringLiteral("shortcutsTable"));
    bool f11 = false;
    bool esc = false;
    for (int r = 0; r < table->rowCount(); ++r) {
        const QString text = table->item(r, 1)->text();
        const QString keys = table->item(r, 2)->text();
        if (text == QStringLiteral("Figure only") &&
            keys == QKeySequence(Qt::Key_F11).toString(QKeySequence::NativeText))
            f11 = true;
        if (text.startsWith(QStringLiteral("Leave figure only")) && keys.contains(QStringLiteral("Esc")))
            esc = true;
    }
    QVERIFY(f11);
    QVERIFY(esc);
}

QTEST_MAIN(TestFigureOnlyMode)
#include "tst_figureonlymode.moc"
