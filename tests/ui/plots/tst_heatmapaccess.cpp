// HeatmapPlot for the keyboard and the screen reader: the cursor walks the cells, the status line
// says where it is, and QAccessible reads every cell of the table ("query she, key Xiaohong, weight
// 0.549"), the row and column headers, and the selection.
#include "strictwarnings.h"
#include "ui/base/gridaccessible.h"
#include "ui/base/resources.h"
#include "ui/plots/figureexport.h"
#include "ui/plots/heatmapplot.h"
#include "ui/plots/plottables.h"

#include <QAccessible>
#include <QMainWindow>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>

#include <cmath>

using attn::ui::HeatmapPlot;

namespace {

/// The xiaohong preset's trace: 8 tokens, "she" (query 4) puts 0.548846 on "Xiaohong" (key 0):
/// scores q·k/√4 = (6, 0, 0.9, 0, 3.9, 0, 0, 0)/2, softmax by hand.
attn::AttentionTrace xiaohongTrace()
{
    attn::ui::initResources();
    return attn::attend(attn::ui::loadPresetScenario(QStringLiteral("xiaohong")));
}

QStringList tokens()
{
    return {"Xiaohong", "told", "Ming", "that", "she", "would", "come", "tomorrow"};
}

/// 2 queries × 3 keys; query 0 sees keys 0 and 1 (0.25, 0.75), query 1 sees key 2 only.
attn::HeadTrace maskedHead()
{
    attn::HeadTrace head;
    head.weights.resize(2, 3);
    head.weights << 0.25, 0.75, 0.0, 0.0, 0.0, 1.0;
    head.logits = attn::Matrix::Zero(2, 3);
    head.visible.resize(2, 3);
    head.visible << true, true, false, false, false, true;
    head.output = attn::Matrix::Zero(2, 1);
    return head;
}

} // namespace

class TestHeatmapAccess : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { attn::ui::installGridAccessibility(); }
    void init() { attn::test::failOnQtWarnings(); }
    void screenReaderReadsEveryCell();
    void masksAreReadAloud();
    void arrowsWalkTheCellsAndTheStatusLineFollows();
    void enterSelectsTheQuery();
    void tableTwinHasTheSameNumbers();
};

void TestHeatmapAccess::screenReaderReadsEveryCell()
{
    HeatmapPlot plot;
    plot.setHead(xiaohongTrace().heads[0], tokens(), tokens());
    plot.setTitle(QStringLiteral("Attention weights A"));
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(&plot);
    QVERIFY(iface);
    QCOMPARE(iface->role(), QAccessible::Table);
    QCOMPARE(iface->text(QAccessible::Name), QStringLiteral("Attention weights A"));
    QVERIFY(iface->text(QAccessible::Description).contains(QStringLiteral("8 rows")));
    QAccessibleTableInterface *table = iface->tableInterface();
    QVERIFY(table);
    QCOMPARE(table->rowCount(), 8);
    QCOMPARE(table->columnCount(), 8);
    QCOMPARE(iface->childCount(), 64);
    QCOMPARE(table->rowDescription(4), QStringLiteral("she"));
    QCOMPARE(table->columnDescription(0), QStringLiteral("Xiaohong"));
    QAccessibleInterface *cell = table->cellAt(4, 0);
    QVERIFY(cell);
    QCOMPARE(cell->role(), QAccessible::Cell);
    QCOMPARE(cell->text(QAccessible::Name), QStringLiteral("query she, key Xiaohong, weight 0.549"));
    QCOMPARE(cell->text(QAccessible::Value), QStringLiteral("0.549"));
    QVERIFY(cell->state().readOnly);
    QAccessibleTableCellInterface *tableCell = cell->tableCellInterface();
    QVERIFY(tableCell);
    QCOMPARE(tableCell->rowIndex(), 4);
    QCOMPARE(tableCell->columnIndex(), 0);
    QCOMPARE(iface->indexOfChild(cell), 32);
    QCOMPARE(iface->child(32), cell); // the same interface every time
    // "she" → "she" by hand: exp(1.95 − 3) / Σ = 0.192062.
    QCOMPARE(table->cellAt(4, 4)->text(QAccessible::Name),
             QStringLiteral("query she, key she, weight 0.192"));
    // Every cell reads its own row and column.
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 8; ++c) {
            const QString name = table->cellAt(r, c)->text(QAccessible::Name);
            QVERIFY2(
                name.startsWith(QStringLiteral("query %1, key %2, weight ").arg(tokens()[r], tokens()[c])),
                qPrintable(name));
        }
    QVERIFY(!table->cellAt(8, 0));
    QVERIFY(!table->cellAt(0, -1));
}

void TestHeatmapAccess::masksAreReadAloud()
{
    HeatmapPlot plot;
    plot.setHead(maskedHead(), {"a", "b"}, {"x", "y", "z"});
    QAccessibleTableInterface *table = QAccessible::queryAccessibleInterface(&plot)->tableInterface();
    QCOMPARE(table->cellAt(0, 1)->text(QAccessible::Name), QStringLiteral("query a, key y, weight 0.750"));
    QCOMPARE(table->cellAt(0, 2)->text(QAccessible::Name),
             QStringLiteral("query a, key z, weight 0.000, masked"));
    QVERIFY(table->cellAt(0, 2)->text(QAccessible::Description).startsWith(QStringLiteral("masked")));
    QVERIFY(table->cellAt(0, 1)->text(QAccessible::Description).isEmpty());
    // A smaller grid drops the cells it no longer has.
    attn::HeadTrace one = maskedHead();
    one.weights = one.weights.topRows(1).eval();
    one.logits = one.logits.topRows(1).eval();
    one.visible = one.visible.topRows(1).eval();
    plot.setHead(one, {"a"}, {"x", "y", "z"});
    QCOMPARE(table->rowCount(), 1);
    QVERIFY(!table->cellAt(1, 0));
    QCOMPARE(table->cellAt(0, 0)->text(QAccessible::Name), QStringLiteral("query a, key x, weight 0.250"));
}

void TestHeatmapAccess::arrowsWalkTheCellsAndTheStatusLineFollows()
{
    QMainWindow window;
    auto *plot = new HeatmapPlot(&window);
    window.setCentralWidget(plot);
    window.statusBar(); // created, as the main window does, so that status tips have a place to go
    window.resize(640, 480);
    plot->setHead(xiaohongTrace().heads[0], tokens(), tokens());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(plot->focusPolicy(), Qt::StrongFocus);
    plot->setFocus(Qt::TabFocusReason);
    QSignalSpy selected(plot, &HeatmapPlot::querySelected);
    connect(plot, &HeatmapPlot::querySelected, plot, &HeatmapPlot::setSelectedQuery); // as the view does
    QTest::keyClick(plot, Qt::Key_Down);
    QTest::keyClick(plot, Qt::Key_Right);
    QCOMPARE(plot->gridCurrentRow(), 1);
    QCOMPARE(plot->gridCurrentColumn(), 1);
    QCOMPARE(window.statusBar()->currentMessage(),
             QStringLiteral("query told, key told, weight %1").arg(plot->gridCellValue(1, 1)));
    QCOMPARE(selected.count(), 1); // moving to another row selects its query
    QCOMPARE(selected.at(0).at(0).toInt(), 1);
    QTest::keyClick(plot, Qt::Key_End);
    QCOMPARE(plot->gridCurrentColumn(), 7);
    QTest::keyClick(plot, Qt::Key_Right); // stays at the edge
    QCOMPARE(plot->gridCurrentColumn(), 7);
    QTest::keyClick(plot, Qt::Key_End, Qt::ControlModifier);
    QCOMPARE(plot->gridCurrentRow(), 7);
    QTest::keyClick(plot, Qt::Key_Home, Qt::ControlModifier);
    QCOMPARE(plot->gridCurrentRow(), 0);
    QCOMPARE(plot->gridCurrentColumn(), 0);
    for (int i = 0; i < 4; ++i) QTest::keyClick(plot, Qt::Key_Down);
    QCOMPARE(window.statusBar()->currentMessage(), QStringLiteral("query she, key Xiaohong, weight 0.549"));
    // The cell on screen is the one read: its box lies under the cell's centre.
    const QRect box = plot->gridCellRect(4, 0);
    QVERIFY(!box.isEmpty());
    QCOMPARE(QAccessible::queryAccessibleInterface(plot)->tableInterface()->selectedCells().value(0)->text(
                 QAccessible::Name),
             QStringLiteral("query she, key Xiaohong, weight 0.549"));
    QVERIFY(plot->cellToolTip(4, 0).contains(QStringLiteral("“Xiaohong”")));
}

void TestHeatmapAccess::enterSelectsTheQuery()
{
    HeatmapPlot plot;
    plot.setHead(maskedHead(), {"a", "b"}, {"x", "y", "z"});
    QSignalSpy selected(&plot, &HeatmapPlot::querySelected);
    plot.gridSetCurrentCell(1, 2);
    QTest::keyClick(&plot, Qt::Key_Return);
    QCOMPARE(selected.count(), 1);
    QCOMPARE(selected.at(0).at(0).toInt(), 1);
    QVERIFY(!plot.gridCellEditable(1, 2)); // weights are computed: nothing to edit here
}

void TestHeatmapAccess::tableTwinHasTheSameNumbers()
{
    HeatmapPlot plot;
    plot.setHead(maskedHead(), {"a", "b"}, {"x", "y", "z"});
    const QList<attn::ui::FigureTable> tables = attn::ui::figureTablesIn(&plot);
    QCOMPARE(tables.size(), 1);
    const attn::ui::FigureTable &t = tables[0];
    QCOMPARE(t.columnHeaders, QStringList({"x", "y", "z"}));
    QCOMPARE(t.rowHeaders, QStringList({"a", "b"}));
    QCOMPARE(t.cells[0], QStringList({"0.250", "0.750", "0.000 (masked)"}));
    QCOMPARE(t.cells[1], QStringList({"0.000 (masked)", "0.000 (masked)", "1.000"}));
    QCOMPARE(t.toTsv(), QStringLiteral("query \\ key\tx\ty\tz\n"
                                       "a\t0.250\t0.750\t0.000 (masked)\n"
                                       "b\t0.000 (masked)\t0.000 (masked)\t1.000\n"));
}

QTEST_MAIN(TestHeatmapAccess)
#include "tst_heatmapaccess.moc"
