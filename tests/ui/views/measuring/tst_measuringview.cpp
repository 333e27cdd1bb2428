// The measuring view (offscreen): the needle check at every depth with hand-computed windows,
// a tiny benchmark run on the worker thread (the GUI thread stays free; Cancel works), the
// checklist filled from the run, resetViewState, and export as PNG and SVG.
#include "plotfiles.h"
#include "strictwarnings.h"
#include "timeouts.h"
#include "ui/document/scenariodocument.h"
#include "ui/plots/measuringplot.h"
#include "ui/views/measuring/measuringview.h"
#include "workedexample.h"

#include <QComboBox>
#include <QElapsedTimer>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

using attn::doc::ScenarioDocument;
using attn::ui::MeasuringView;

namespace {

double value(const MeasuringView &view, const char *name)
{
    return view.taskValues().value(QString::fromLatin1(name), std::nan(""));
}

/// A plan that runs in well under a second once the roof is known.
attn::ui::BenchPlan tinyPlan()
{
    attn::ui::BenchPlan plan = MeasuringView::defaultPlan();
    plan.sizes = {16, 32};
    return plan;
}

void choose(MeasuringView &view, const char *combo, const QString &data)
{
    auto *box = view.findChild<QComboBox *>(QString::fromLatin1(combo));
    QVERIFY(box);
    const int index = box->findData(data);
    QVERIFY(index >= 0);
    box->setCurrentIndex(index);
}

/// The items of the visible legend of the view's plots, −1 when no legend is shown.
int visibleLegendItems(const MeasuringView &view)
{
    int items = -1;
    for (const QCustomPlot *plot : view.findChildren<QCustomPlot *>())
        for (int i = 0; i < plot->layerCount(); ++i)
            for (QCPLayerable *layerable : plot->layer(i)->children())
                if (auto *legend = qobject_cast<QCPLegend *>(layerable); legend && legend->realVisibility())
                    items = std::max(items, 0) + legend->itemCount();
    return items;
}

} // namespace

class TestMeasuringView : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void defaults();
    void needleAtEveryDepth();
    void needleStartsFromTheScenario();
    void hiddenPageWaitsForTheNeedle();
    void runFillsTheChecklist();
    void cancelStopsTheRun();
    void closingWhileRunningCancels();
    void resetKeepsResults();
    void exportsPngAndSvg();
};

void TestMeasuringView::defaults()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    MeasuringView view(&document);
    QCOMPARE(value(view, "repetitions"), 10.0);
    QCOMPARE(value(view, "runs_done"), 0.0);
    QCOMPARE(value(view, "results"), 0.0);
    QCOMPARE(value(view, "checklist_filled"), 0.0);
    QCOMPARE(value(view, "checklist_complete"), 0.0);
    const QStringList list = view.checklist();
    QCOMPARE(list.size(), 10);
    for (const QString &line : list) QVERIFY2(line.startsWith(QStringLiteral("☐")), qPrintable(line));
    QCOMPARE(list.first(), QStringLiteral("☐ n (n_q = n_k): —"));
    QCOMPARE(list.last(), QStringLiteral("☐ p95: —"));
    const attn::ui::BenchPlan plan = view.plan();
    QCOMPARE(plan.sizes, (std::vector<attn::Index>{256, 512, 1024}));
    QCOMPARE(plan.num_query_heads, 4);
    QCOMPARE(plan.num_kv_heads, 1);
    QCOMPARE(plan.configs().size(), std::size_t(6)); // naive and tiled at three sizes
    QVERIFY(view.findChild<QPushButton *>(QStringLiteral("measuringRun"))->isEnabled());
    QVERIFY(!view.findChild<QPushButton *>(QStringLiteral("measuringCancel"))->isEnabled());
    // Before the first run the latency plot has no legend box (an empty one looked like a fault).
    QCOMPARE(visibleLegendItems(view), -1);
}

void TestMeasuringView::hiddenPageWaitsForTheNeedle()
{
    // A hidden page of the window does not run the needle check at start-up (tens of
    // milliseconds); a task check or showing the page catches up.
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    QWidget window;
    auto *view = new MeasuringView(&document, &window);
    QVERIFY(view->needle().empty());
    QCOMPARE(view->currentTaskValues().value(QStringLiteral("needle_depths_found")), 11.0);
    QCOMPARE(int(view->needle().size()), MeasuringView::kDepths);
    auto *hidden = new MeasuringView(&document, &window);
    QVERIFY(hidden->needle().empty());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(int(hidden->needle().size()), MeasuringView::kDepths);
}

void TestMeasuringView::needleAtEveryDepth()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample())); // naive kernel, no window
    MeasuringView view(&document);
    QCOMPARE(int(view.needle().size()), MeasuringView::kDepths);
    // Needle positions round(depth · 2047): depth 0.5 → key 1024 (1023.5 rounds away from 0).
    QCOMPARE(view.needle()[5].position, attn::Index(1024));
    QCOMPARE(view.needle()[9].position, attn::Index(1842));
    QCOMPARE(value(view, "needle_depths_found"), 11.0);
    QCOMPARE(value(view, "needle_reach"), 2048.0);
    for (const auto &p : view.needle()) QVERIFY(p.cosine > 0.99);

    // A window of 256 keys sees keys 1792 … 2047: only depths 0.9 (key 1842) and 1 are found.
    choose(view, "needleWindow", QStringLiteral("256"));
    QCOMPARE(value(view, "needle_reach"), 256.0);
    QCOMPARE(value(view, "needle_depths_found"), 2.0);
    QVERIFY(!view.needle()[8].retrieved); // key 1638 < 1792
    QVERIFY(view.needle()[9].retrieved);
    // 1024 keys: keys 1024 … 2047, so depths 0.5 … 1.
    choose(view, "needleWindow", QStringLiteral("1024"));
    QCOMPARE(value(view, "needle_depths_found"), 6.0);
    QVERIFY(view.needle()[5].retrieved && !view.needle()[4].retrieved);
    // Linear attention is not softmax: with no window it still misses the needle everywhere.
    choose(view, "needleWindow", QStringLiteral("0"));
    choose(view, "needleKernel", QStringLiteral("linear"));
    QCOMPARE(value(view, "needle_kernel"), 3.0);
    QCOMPARE(value(view, "needle_depths_found"), 0.0);
    for (const auto &p : view.needle()) QVERIFY2(p.cosine < 0.9, qPrintable(QString::number(p.cosine)));
    // Tiled with no window is exact again, and so is windowed when its window covers everything.
    choose(view, "needleKernel", QStringLiteral("tiled"));
    QCOMPARE(value(view, "needle_depths_found"), 11.0);
    choose(view, "needleKernel", QStringLiteral("windowed"));
    QCOMPARE(value(view, "needle_depths_found"), 11.0);
    choose(view, "needleKernel", QStringLiteral("tiled"));
    // The figure shows the same points and shades what the window hides.
    choose(view, "needleWindow", QStringLiteral("512"));
    QCOMPARE(int(view.plot()->figure().needle.size()), 11);
    QCOMPARE(view.plot()->figure().visibleFromDepth, (2048.0 - 512.0) / 2047.0);
}

void TestMeasuringView::needleStartsFromTheScenario()
{
    attn::Scenario s = attn::test::workedExample();
    s.kernel = attn::KernelKind::Windowed;
    s.mask.causal = true;
    s.mask.window = attn::Window{255, 0};
    s.query.resize(2, 2);
    s.query << 1, 0, 0, 1;
    s.query_tokens = {"a", "b"};
    ScenarioDocument document;
    QString error;
    QVERIFY2(document.load(s, &error), qPrintable(error));
    MeasuringView view(&document);
    QCOMPARE(value(view, "needle_kernel"), 2.0);
    QCOMPARE(value(view, "needle_reach"), 256.0);
    QCOMPARE(value(view, "needle_depths_found"), 2.0);
}

void TestMeasuringView::runFillsTheChecklist()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    MeasuringView view(&document);
    view.setPlan(tinyPlan());
    view.findChild<QSpinBox *>(QStringLiteral("measuringRepetitions"))->setValue(5);
    QSignalSpy finished(&view, &MeasuringView::runFinished);
    QElapsedTimer clock;
    clock.start();
    view.findChild<QPushButton *>(QStringLiteral("measuringRun"))->click();
    QVERIFY(clock.elapsed() < 200); // the roof and the kernels run on the worker thread
    QVERIFY(view.isRunning());
    QCOMPARE(value(view, "running"), 1.0);
    QVERIFY(!view.findChild<QPushButton *>(QStringLiteral("measuringRun"))->isEnabled());
    QVERIFY(!view.run()); // one run at a time
    QTRY_VERIFY_WITH_TIMEOUT(!view.isRunning(), attn::test::scaledTimeout(60000));
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.first().first().toBool(), false);
    QCOMPARE(view.results().size(), std::size_t(4));
    QCOMPARE(value(view, "runs_done"), 1.0);
    QCOMPARE(value(view, "results"), 4.0);
    QCOMPARE(value(view, "checklist_complete"), 1.0);
    QCOMPARE(value(view, "checklist_filled"), 10.0);
    QCOMPARE(visibleLegendItems(view), 4); // median and p95 of naive and tiled
    QCOMPARE(view.findChild<QProgressBar *>(QStringLiteral("measuringProgress"))->value(), 1000);
    for (const attn::bench::BenchResult &r : view.results()) {
        QVERIFY(r.repetitions >= 3 && r.repetitions <= 5);
        QVERIFY(r.median_ms > 0 && r.p95_ms >= r.median_ms);
        QVERIFY(r.max_abs_error < 1e-4);
    }
    const QStringList list = view.checklist();
    QCOMPARE(list[0], QStringLiteral("✓ n (n_q = n_k): 16, 32"));
    QCOMPARE(list[1], QStringLiteral("✓ heads q/kv: 4 query : 1 K/V"));
    QCOMPARE(list[2], QStringLiteral("✓ head_dim: 64"));
    QCOMPARE(list[3], QStringLiteral("✓ window: none (every pair)"));
    QCOMPARE(list[4], QStringLiteral("✓ dtype: f32"));
    QCOMPARE(list[5], QStringLiteral("✓ kernel: naive, tiled"));
    QVERIFY2(list[8].startsWith(QStringLiteral("✓ median (n 32): naive ")) &&
                 list[8].contains(QStringLiteral(", tiled ")),
             qPrintable(list[8]));
    QVERIFY2(list[9].startsWith(QStringLiteral("✓ p95 (n 32): naive ")) &&
                 list[9].contains(QStringLiteral(" runs)")),
             qPrintable(list[9]));
    // K/V bytes at n 32: 32 keys · 1 K/V head · (K and V) · 64 · 4 bytes = 16384 bytes = 0.016 MiB.
    QVERIFY2(list[6].endsWith(QStringLiteral("; K/V 0.016 MiB")), qPrintable(list[6]));
    QVERIFY(view.plot()->checklistText().contains(list[2]));
    QCOMPARE(view.plot()->latencySeries(),
             (QStringList{QStringLiteral("naive median"), QStringLiteral("naive p95"),
                          QStringLiteral("tiled median"), QStringLiteral("tiled p95")}));
}

void TestMeasuringView::cancelStopsTheRun()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    MeasuringView view(&document);
    attn::ui::BenchPlan plan = tinyPlan();
    plan.sizes = {16, 32, 64, 128, 256, 512, 1024};
    view.setPlan(plan);
    QSignalSpy finished(&view, &MeasuringView::runFinished);
    QVERIFY(view.run());
    view.findChild<QPushButton *>(QStringLiteral("measuringCancel"))->click();
    QTRY_VERIFY_WITH_TIMEOUT(!view.isRunning(), attn::test::scaledTimeout(60000));
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.first().first().toBool(), true);
    QVERIFY(view.results().size() < plan.configs().size());
    QCOMPARE(value(view, "runs_done"), 0.0);
    QCOMPARE(value(view, "checklist_complete"), 0.0);
    QVERIFY(view.findChild<QPushButton *>(QStringLiteral("measuringRun"))->isEnabled());
}

void TestMeasuringView::closingWhileRunningCancels()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    QElapsedTimer clock;
    {
        MeasuringView view(&document);
        QVERIFY(view.run()); // the whole lesson plan: seconds of work
        QTest::qWait(50);
        clock.start();
    } // the destructor cancels and waits for the current kernel call only
    QVERIFY2(clock.elapsed() < 3000, qPrintable(QString::number(clock.elapsed())));
}

void TestMeasuringView::resetKeepsResults()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    MeasuringView view(&document);
    view.findChild<QSpinBox *>(QStringLiteral("measuringRepetitions"))->setValue(20);
    choose(view, "needleKernel", QStringLiteral("linear"));
    choose(view, "needleWindow", QStringLiteral("128"));
    QCOMPARE(value(view, "repetitions"), 20.0);
    view.resetViewState();
    QCOMPARE(value(view, "repetitions"), 10.0);
    QCOMPARE(value(view, "needle_kernel"), 0.0); // the worked example's naive kernel
    QCOMPARE(value(view, "needle_reach"), 2048.0);
    QCOMPARE(value(view, "needle_depths_found"), 11.0);
}

void TestMeasuringView::exportsPngAndSvg()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    MeasuringView view(&document);
    view.resize(1100, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTemporaryDir dir;
    for (const QString format : {QStringLiteral("png"), QStringLiteral("svg")}) {
        const QString path = dir.filePath(QStringLiteral("measuring.") + format);
        QString error;
        QVERIFY2(view.exportTo(path, format, QSize(1000, 700), &error), qPrintable(error));
        const QString problem = attn::test::checkFigureFile(path, format, QSize(1000, 700));
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }
    QString error;
    QVERIFY(!view.exportTo(dir.filePath(QStringLiteral("m.png")), QStringLiteral("png"), QSize(), &error));
    QVERIFY(!error.isEmpty());
}

QTEST_MAIN(TestMeasuringView)
#include "tst_measuringview.moc"
