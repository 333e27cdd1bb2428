// The window for a learner without a mouse or without colours: lesson 7 walked with the keyboard
// alone, the mask editor read through QAccessible, View → Show as table, Help → Keyboard shortcuts,
// the high-contrast theme and the bilingual toggle.
#include "strictwarnings.h"
#include "ui/base/appsettings.h"
#include "ui/base/cellgrid.h"
#include "ui/base/fitscrollarea.h"
#include "ui/document/scenariodocument.h"
#include "ui/lessons/lessonnavigator.h"
#include "ui/shell/accessactions.h"
#include "ui/shell/accessnames.h"
#include "ui/shell/figuretabledialog.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/shortcutsdialog.h"

#include <QAccessible>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <functional>

using attn::ui::MainWindow;

namespace {

/// Presses Tab until `wanted` holds for the focus widget (at most 80 times); the focus widget or null.
QWidget *tabUntil(const std::function<bool(QWidget *)> &wanted, Qt::Key key = Qt::Key_Tab)
{
    QStringList seen;
    for (int i = 0; i < 200; ++i) {
        QWidget *focus = QApplication::focusWidget();
        if (focus && wanted(focus)) return focus;
        // In a table's cell editor Tab goes to the next cell: Esc closes the editor, then Tab leaves.
        if (focus && focus->parentWidget() &&
            focus->parentWidget()->objectName() == QLatin1String("qt_scrollarea_viewport")) {
            QTest::keyClick(focus, Qt::Key_Escape);
            focus = QApplication::focusWidget();
        }
        seen << (focus ? QString::fromLatin1(focus->metaObject()->className()) + QLatin1Char(' ') +
                             focus->objectName()
                       : QStringLiteral("(none)"));
        QTest::keyClick(focus ? focus : QApplication::activeWindow(), key);
    }
    qInfo("Tab visited: %s", qPrintable(seen.join(QStringLiteral(", "))));
    return nullptr;
}

/// Tabs to the widget named `name` or into it (a table's cell editor).
QWidget *tabToObject(const QString &name)
{
    return tabUntil([&](QWidget *w) {
        for (; w; w = w->parentWidget())
            if (w->objectName() == name && w->isVisible()) return true;
        return false;
    });
}

/// Presses `key` `times` times, each time on the widget that has the focus then, as a keyboard does.
void press(Qt::Key key, int times = 1, Qt::KeyboardModifiers mods = Qt::NoModifier)
{
    for (int i = 0; i < times; ++i) QTest::keyClick(QApplication::focusWidget(), key, mods);
}

/// Types `text` into the cell editor that has the focus (a table opens one on the current cell) and
/// commits it with Enter.
void typeIntoCell(const QString &text)
{
    QTest::keyClicks(QApplication::focusWidget(), text);
    press(Qt::Key_Return);
    QCoreApplication::processEvents(); // the delegate commits and closes its editor queued
}

} // namespace

class TestAccessActions : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        attn::ui::AppSettings::instance().useFile(m_dir.filePath(QStringLiteral("settings.ini")));
    }
    void init() { attn::test::failOnQtWarnings(); }
    void lessonSevenWithTheKeyboardAlone();
    void maskEditorIsATableForTheScreenReader();
    void everyControlAndFigureHasAName();
    void everyGridIsReadThroughQAccessible();
    void showAsTableCopiesTheNumbers();
    void shortcutsListEveryAction();
    void highContrastIsRemembered();
    void bilingualIsRemembered();

private:
    QTemporaryDir m_dir;
};

void TestAccessActions::lessonSevenWithTheKeyboardAlone()
{
    MainWindow window;
    window.resize(1280, 720);
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    attn::lessons::LessonNavigator *navigator = window.lessonNavigator();
    QVERIFY(window.openLesson(QStringLiteral("07-masks"), 0));

    // Step 1 (Q/K/V editor): "like" puts more than 0.8 on "I" after its query becomes (3, 0).
    // Tab enters the Q table on its first cell, whose editor opens at once: Esc closes it.
    QVERIFY(tabToObject(QStringLiteral("QTable")));
    press(Qt::Key_Escape);
    press(Qt::Key_Down); // "like", its first column
    typeIntoCell(QStringLiteral("3"));
    press(Qt::Key_Right);
    typeIntoCell(QStringLiteral("0"));
    const attn::Matrix &query = window.document()->scenario().query;
    QVERIFY2(
        navigator->isTaskMet(),
        qPrintable(QStringLiteral("step 1 not met: Q row 1 = (%1, %2)").arg(query(1, 0)).arg(query(1, 1))));
    press(Qt::Key_PageDown);
    QCOMPARE(navigator->currentStep(), 1);

    // Step 2 (mask editor): hide every key after its query, cell by cell with the arrows and Space.
    QWidget *mask = tabUntil([](QWidget *w) {
        const attn::ui::CellGrid *grid = attn::ui::cellGridOf(w);
        return grid && grid->gridCellEditable(0, 0);
    });
    QVERIFY(mask);
    press(Qt::Key_Up, 3);
    press(Qt::Key_Left, 3);
    QCOMPARE(window.statusBar()->currentMessage(), QStringLiteral("query I, key I, weight 0.372"));
    for (int row = 0; row < 4; ++row) {
        for (int key = 1; key < 4; ++key) {
            press(Qt::Key_Right);
            if (key > row) press(Qt::Key_Space);
        }
        press(Qt::Key_Left, 3);
        if (row < 3) press(Qt::Key_Down);
    }
    QVERIFY2(navigator->isTaskMet(), "step 2 not met");
    // The status line read the last cell toggled: "like" hidden from "I" is said to be masked.
    press(Qt::Key_Up, 3);
    press(Qt::Key_Right);
    QCOMPARE(window.statusBar()->currentMessage(), QStringLiteral("query I, key like, weight 0.000, masked"));
    press(Qt::Key_PageDown);
    QCOMPARE(navigator->currentStep(), 2);

    // Step 3 (Q/K/V editor): the value of "tea" becomes (10, 10).
    QVERIFY(tabToObject(QStringLiteral("VTable")));
    press(Qt::Key_Escape);
    press(Qt::Key_Down, 3); // "tea"
    typeIntoCell(QStringLiteral("10"));
    press(Qt::Key_Right);
    typeIntoCell(QStringLiteral("10"));
    QVERIFY2(navigator->isTaskMet(), "step 3 not met");
    press(Qt::Key_PageDown);
    QCOMPARE(navigator->currentStep(), 3);
    press(Qt::Key_PageDown); // step 4 has no task
    QCOMPARE(navigator->currentStep(), 4);

    // Step 5 (mask editor): the policy "uniform" from its combo box, by arrow keys.
    // The mask editor's controls come before its grid: Shift+Tab from the grid reaches them (Tab
    // from the lesson panel goes to the grid, the view's focus proxy, and past them).
    auto *policy = qobject_cast<QComboBox *>(tabUntil(
        [](QWidget *w) {
            auto *box = qobject_cast<QComboBox *>(w);
            return box && box->findText(QStringLiteral("uniform")) >= 0;
        },
        Qt::Key_Backtab));
    QVERIFY(policy);
    for (int i = 0; i < policy->count() && policy->currentText() != QLatin1String("uniform"); ++i)
        press(Qt::Key_Down);
    QCOMPARE(policy->currentText(), QStringLiteral("uniform"));
    QVERIFY2(navigator->isTaskMet(), "step 5 not met");
}

void TestAccessActions::maskEditorIsATableForTheScreenReader()
{
    MainWindow window;
    QVERIFY(window.openLesson(QStringLiteral("07-masks"), 4)); // "c" sees no key
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QWidget *mask = nullptr;
    for (QWidget *w : window.findChildren<QWidget *>())
        if (attn::ui::cellGridOf(w) && w->isVisible() && attn::ui::cellGridOf(w)->gridCellEditable(0, 0))
            mask = w;
    QVERIFY(mask);
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(mask);
    QVERIFY(iface && iface->tableInterface());
    QAccessibleTableInterface *table = iface->tableInterface();
    QCOMPARE(table->rowCount(), 3);
    QCOMPARE(table->columnCount(), 3);
    // visible [[1,1,0],[0,1,1],[0,0,0]]; "a" = (1, 0) against k1 = ?, read every cell's mask.
    const bool visible[3][3] = {{true, true, false}, {false, true, true}, {false, false, false}};
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) {
            const QString name = table->cellAt(r, c)->text(QAccessible::Name);
            QCOMPARE(name.endsWith(QStringLiteral(", masked")), !visible[r][c]);
            QVERIFY(!table->cellAt(r, c)->state().readOnly); // Enter or Space toggles it
        }
    QCOMPARE(table->cellAt(2, 0)->text(QAccessible::Name),
             QStringLiteral("query c, key k1, weight 0.000, masked"));
}

void TestAccessActions::everyControlAndFigureHasAName()
{
    MainWindow window(QStringLiteral("xiaohong"));
    window.resize(1280, 720);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *stack = qobject_cast<QStackedWidget *>(window.centralWidget());
    QVERIFY(stack);
    QStringList unnamed;
    for (int i = 0; i < stack->count(); ++i) {
        stack->setCurrentIndex(i);
        QWidget *page = attn::ui::pageOf(stack->currentWidget());
        QVERIFY2(!page->accessibleName().isEmpty(), qPrintable(QString::number(i)));
        for (const QString &widget : attn::ui::unnamedWidgets(page))
            unnamed << page->accessibleName() + QStringLiteral(": ") + widget;
    }
    QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(QStringLiteral("; "))));
    QVERIFY2(attn::ui::unnamedWidgets(window.lessonNavigator()).isEmpty(),
             qPrintable(attn::ui::unnamedWidgets(window.lessonNavigator()).join(QStringLiteral(", "))));
}

void TestAccessActions::everyGridIsReadThroughQAccessible()
{
    MainWindow window(QStringLiteral("xiaohong"));
    window.resize(1280, 720);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *stack = qobject_cast<QStackedWidget *>(window.centralWidget());
    QStringList withGrids;
    for (int i = 0; i < stack->count(); ++i) {
        stack->setCurrentIndex(i);
        QWidget *page = stack->currentWidget();
        for (QWidget *w : page->findChildren<QWidget *>()) {
            const attn::ui::CellGrid *grid = attn::ui::cellGridOf(w);
            if (!grid || !w->isVisible() || grid->gridRows() == 0) continue;
            QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(w);
            QVERIFY(iface);
            QAccessibleTableInterface *table = iface->tableInterface();
            QVERIFY2(table, qPrintable(page->accessibleName()));
            QVERIFY(!iface->text(QAccessible::Name).isEmpty());
            for (int r = 0; r < table->rowCount(); ++r)
                for (int c = 0; c < table->columnCount(); ++c) {
                    const QString name = table->cellAt(r, c)->text(QAccessible::Name);
                    QVERIFY2(name.startsWith(QStringLiteral("query ")) &&
                                 name.contains(QStringLiteral(", key ")) &&
                                 name.contains(QStringLiteral(", weight ")),
                             qPrintable(page->accessibleName() + QStringLiteral(": ") + name));
                }
            withGrids << page->accessibleName();
        }
    }
    // The heatmap of the Q/K/V editor, the mask editor, every head and the position view.
    QVERIFY2(withGrids.size() >= 4, qPrintable(withGrids.join(QStringLiteral(", "))));
}

void TestAccessActions::showAsTableCopiesTheNumbers()
{
    MainWindow window(QStringLiteral("xiaohong"));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *actions = window.findChild<attn::ui::AccessActions *>();
    QVERIFY(actions);
    QCOMPARE(actions->showTableAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_T));
    actions->showTableAction()->trigger();
    auto *dialog = window.findChild<attn::ui::FigureTableDialog *>();
    QVERIFY(dialog && dialog->isVisible());
    const QList<attn::ui::FigureTable> tables = dialog->tables();
    const auto found = std::find_if(tables.begin(), tables.end(), [](const attn::ui::FigureTable &t) {
        return t.corner == QLatin1String("query \\ key");
    });
    QVERIFY(found != tables.end()); // the heatmap's, beside the bars' table
    const attn::ui::FigureTable &weights = *found;
    QCOMPARE(weights.rowHeaders.value(4), QStringLiteral("she"));
    QCOMPARE(weights.columnHeaders.value(0), QStringLiteral("Xiaohong"));
    QCOMPARE(weights.cells[4][0], QStringLiteral("0.549"));
    dialog->findChild<QTabWidget *>()->setCurrentIndex(static_cast<int>(found - tables.begin()));
    dialog->copyCurrent();
    const QStringList lines = QApplication::clipboard()->text().split(QLatin1Char('\n'));
    QVERIFY(lines.value(0).startsWith(QStringLiteral("query \\ key\tXiaohong\ttold")));
    QVERIFY2(lines.value(5).startsWith(QStringLiteral("she\t0.549\t0.027")), qPrintable(lines.value(5)));
    // Every view gives its numbers or says it has none: the menu entry never fails.
    for (const QString &view : {QStringLiteral("scaling"), QStringLiteral("mask"), QStringLiteral("cost")}) {
        QVERIFY(window.showView(view));
        actions->showTableAction()->trigger();
        QVERIFY2(!dialog->tables().isEmpty(), qPrintable(view));
    }
}

void TestAccessActions::shortcutsListEveryAction()
{
    MainWindow window;
    auto *actions = window.findChild<attn::ui::AccessActions *>();
    actions->shortcutsAction()->trigger();
    auto *dialog = window.findChild<attn::ui::ShortcutsDialog *>();
    QVERIFY(dialog && dialog->isVisible());
    const QList<QStringList> rows = dialog->rows();
    const auto row = [&](const QString &action) {
        for (const QStringList &r : rows)
            if (r.value(1) == action) return r;
        return QStringList();
    };
    QCOMPARE(row(QStringLiteral("Show as table")).value(2),
             QKeySequence(Qt::CTRL | Qt::Key_T).toString(QKeySequence::NativeText));
    QCOMPARE(row(QStringLiteral("Undo")).value(2),
             QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText));
    QCOMPARE(row(QStringLiteral("Next step")).value(2), QStringLiteral("PgDown, Ctrl+Right"));
    QVERIFY(!row(QStringLiteral("Move between cells")).isEmpty());
    // Every entry of every menu is listed.
    int menuActions = 0;
    std::function<void(QMenu *)> count = [&](QMenu *menu) {
        for (QAction *a : menu->actions())
            if (a->menu())
                count(a->menu());
            else if (!a->isSeparator() && a->isVisible())
                ++menuActions;
    };
    for (QAction *a : window.menuBar()->actions())
        if (a->menu()) count(a->menu());
    QCOMPARE(static_cast<int>(rows.size()),
             menuActions +
                 9); // and the keys of figures, grids, the training lab, the encoder-decoder page, Esc
    // Every menu entry (the rows before the figures' keys) has a shortcut of its own: none
    // missing, none given twice.
    QStringList missing, twice;
    QMap<QString, QString> owner;
    for (const QStringList &r : rows.mid(0, menuActions)) {
        const QString keys = r.value(2);
        if (keys.isEmpty()) missing << r.value(0) + " → " + r.value(1);
        for (const QString &key : keys.split(QStringLiteral(", "), Qt::SkipEmptyParts)) {
            if (owner.contains(key)) twice << key + ": " + owner[key] + " and " + r.value(1);
            owner[key] = r.value(1);
        }
    }
    QVERIFY2(missing.isEmpty(), qPrintable("no shortcut: " + missing.join("; ")));
    QVERIFY2(twice.isEmpty(), qPrintable("one shortcut, two actions: " + twice.join("; ")));
}

void TestAccessActions::highContrastIsRemembered()
{
    MainWindow window;
    auto *actions = window.findChild<attn::ui::AccessActions *>();
    QVERIFY(!actions->highContrastAction()->isChecked());
    actions->highContrastAction()->trigger();
    QCOMPARE(attn::ui::AppSettings::instance().theme(), attn::ui::ThemeChoice::HighContrast);
    QSettings stored(m_dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    QCOMPARE(stored.value(QStringLiteral("display/theme")).toString(), QStringLiteral("high-contrast"));
    actions->highContrastAction()->trigger();
    QCOMPARE(attn::ui::AppSettings::instance().theme(), attn::ui::ThemeChoice::System);
}

void TestAccessActions::bilingualIsRemembered()
{
    MainWindow window;
    auto *actions = window.findChild<attn::ui::AccessActions *>();
    QVERIFY(!actions->bilingualAction()->isChecked());
    actions->bilingualAction()->trigger();
    QVERIFY(attn::ui::AppSettings::instance().bilingual());
    QSettings stored(m_dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    QCOMPARE(stored.value(QStringLiteral("display/bilingual")).toBool(), true);
    attn::ui::AppSettings::instance().setBilingual(false);
    QVERIFY(!actions->bilingualAction()->isChecked());
}

QTEST_MAIN(TestAccessActions)
#include "tst_accessactions.moc"
