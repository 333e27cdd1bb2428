// The performance panel offscreen: a tiny benchmark runs to the end on the worker thread and
// fills the table and the plots; a longer one is cancelled mid-run and the panel stays usable;
// impossible runs are refused with the harness's reason; the plan survives a restart.
// Nothing here asserts a speed.
#include "plotfiles.h"
#include "strictwarnings.h"
#include "timeouts.h"

#include "core/sysinfo.h"
#include "ui/bench/benchplan.h"
#include "ui/bench/benchplot.h"
#include "ui/bench/benchresultsmodel.h"
#include "ui/bench/performancepanel.h"
#include "ui/shell/mainwindow.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using attn::KernelKind;
using attn::ui::BenchMetric;
using attn::ui::BenchPlan;
using attn::ui::BenchResultsModel;
using attn::ui::PerformancePanel;

Q_DECLARE_METATYPE(BenchPlan)

namespace {

/// n = 64, the tiled kernel only, 2 heads sharing one K/V head, d = 16, one thread, 2 timed runs.
BenchPlan tinyPlan()
{
    BenchPlan plan;
    plan.kernels = {KernelKind::Tiled};
    plan.sizes = {64};
    plan.num_query_heads = 2;
    plan.num_kv_heads = 1;
    plan.head_dim = 16;
    plan.threads = 1;
    plan.repetitions = 2;
    return plan;
}

/// Runs `panel`'s plan to its end; false when it did not start or did not finish in time.
bool runToEnd(PerformancePanel &panel, bool *cancelled = nullptr)
{
    QSignalSpy finished(&panel, &PerformancePanel::runFinished);
    if (!panel.run()) return false;
    if (!finished.wait(attn::test::scaledTimeout(90000))) return false;
    if (cancelled) *cancelled = finished.at(0).at(0).toBool();
    return true;
}

QString cell(const BenchResultsModel &model, int row, BenchResultsModel::Column column)
{
    return model.index(row, static_cast<int>(column)).data().toString();
}

} // namespace

class TestPerformancePanel : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void parsesSizes_data();
    void parsesSizes();
    void runsATinyBenchmarkToTheEnd();
    void cancelsMidRunAndStaysUsable();
    void refusesImpossibleRuns_data();
    void refusesImpossibleRuns();
    void remembersTheLastPlan();
    void ignoresBrokenSettings();
    void mainWindowOpensThePanel();
};

void TestPerformancePanel::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // QSettings go to a test location
    QCoreApplication::setOrganizationName(QStringLiteral("Attention Lab Tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_performancepanel"));
}

void TestPerformancePanel::init()
{
    attn::test::failOnQtWarnings();
    QSettings().clear();
}

void TestPerformancePanel::parsesSizes_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QList<qint64>>("sizes"); // empty = refused

    QTest::addRow("commas") << "256, 1024, 4096" << QList<qint64>{256, 1024, 4096};
    QTest::addRow("k is 1024") << "1k 4K" << QList<qint64>{1024, 4096};
    QTest::addRow("duplicates dropped, order kept") << "64,16, 64" << QList<qint64>{64, 16};
    QTest::addRow("empty") << " , " << QList<qint64>{};
    QTest::addRow("zero") << "0" << QList<qint64>{};
    QTest::addRow("not a number") << "64, lots" << QList<qint64>{};
    QTest::addRow("too big") << "16777217" << QList<qint64>{};
}

void TestPerformancePanel::parsesSizes()
{
    QFETCH(QString, text);
    QFETCH(QList<qint64>, sizes);
    QString error;
    const std::vector<attn::Index> parsed = attn::ui::parseSizes(text, &error);
    QCOMPARE(QList<qint64>(parsed.begin(), parsed.end()), sizes);
    QCOMPARE(error.isEmpty(), !sizes.isEmpty());
}

void TestPerformancePanel::runsATinyBenchmarkToTheEnd()
{
    PerformancePanel panel;
    QAbstractItemModelTester tester(panel.resultsModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    panel.setPlan(tinyPlan());
    QSignalSpy progressed(&panel, &PerformancePanel::progressed);
    QSignalSpy finished(&panel, &PerformancePanel::runFinished);

    QVERIFY(panel.run());
    QVERIFY(panel.isRunning());
    QVERIFY(!panel.runButton()->isEnabled());
    QVERIFY(panel.cancelButton()->isEnabled());
    QVERIFY(!panel.run()); // one run at a time
    QVERIFY(finished.wait(attn::test::scaledTimeout(90000)));
    QCOMPARE(finished.at(0).at(0).toBool(), false);
    // The GUI thread's event loop delivered the worker's progress while it ran.
    QVERIFY(!progressed.isEmpty());
    QCOMPARE(progressed.last().at(0).toDouble(), 1.0);
    QVERIFY(!panel.isRunning());
    QVERIFY(panel.runButton()->isEnabled());
    QVERIFY(!panel.cancelButton()->isEnabled());

    // The table: one row, the configuration as asked, two timed runs, checked against a reference.
    const BenchResultsModel &model = *panel.resultsModel();
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(cell(model, 0, BenchResultsModel::Column::Kernel), QStringLiteral("tiled"));
    QCOMPARE(cell(model, 0, BenchResultsModel::Column::Size), QStringLiteral("64"));
    QCOMPARE(cell(model, 0, BenchResultsModel::Column::Heads), QStringLiteral("2:1"));
    QCOMPARE(cell(model, 0, BenchResultsModel::Column::HeadDim), QStringLiteral("16"));
    QCOMPARE(cell(model, 0, BenchResultsModel::Column::DType), QStringLiteral("f32"));
    QCOMPARE(cell(model, 0, BenchResultsModel::Column::Threads), QStringLiteral("1"));
    const attn::bench::BenchResult &result = model.results().front();
    QCOMPARE(result.repetitions, 2);
    QVERIFY(result.median_ms > 0);
    QVERIFY(result.gflops > 0);
    QVERIFY(std::isfinite(result.max_abs_error));
    QVERIFY2(result.max_abs_error < 1e-4, qPrintable(QString::number(result.max_abs_error)));
    QVERIFY(model.roof().has_value());
    QVERIFY(model.roof()->fma_gflops > 0);
    QCOMPARE(model.roof()->threads, 1);
    QVERIFY(result.roof_fraction > 0);

    // The plots: one tiled graph with one point at n = 64 each; the roof as two lines.
    for (attn::ui::BenchPlot *plot : {panel.latencyPlot(), panel.memoryPlot(), panel.throughputPlot()}) {
        QCOMPARE(plot->seriesNames(), QStringList{QStringLiteral("tiled")});
        const double value = attn::ui::BenchPlot::metricValue(plot->metric(), result);
        if (value > 0) {
            QCOMPARE(plot->seriesPoints(0), QList<QPointF>{QPointF(64, value)});
        } else {
            QVERIFY(plot->seriesPoints(0).isEmpty()); // 0 cannot sit on a log axis
            QVERIFY(plot->title().contains(QStringLiteral("not drawn")));
        }
    }
    QCOMPARE(panel.throughputPlot()->roofLines(),
             (QList<double>{model.roof()->fma_gflops, model.roof()->sgemm_gflops}));
    QVERIFY(panel.latencyPlot()->roofLines().isEmpty());

    // The configuration beside the results.
    const QString configuration = panel.configurationText();
    QVERIFY2(configuration.contains(QStringLiteral("kernels: tiled")), qPrintable(configuration));
    QVERIFY(configuration.contains(QStringLiteral("n (n_q = n_k): 64")));
    QVERIFY(configuration.contains(QStringLiteral("heads q:kv: 2:1")));
    QVERIFY(configuration.contains(QStringLiteral("FMA peak")));
    // What the build runs on, and the memory roof a decode step is held against.
    QVERIFY2(configuration.contains(QStringLiteral("instruction set: %1, %2 vector registers")
                                        .arg(QString::fromStdString(attn::bench::instructionSet()))
                                        .arg(model.roof()->vector_registers)),
             qPrintable(configuration));
    QVERIFY(model.roof()->read_gbps > 0);
    QVERIFY(configuration.contains(
        QStringLiteral("streaming read: %1 GB/s").arg(QString::number(model.roof()->read_gbps, 'f', 1))));

    // Exports: CSV and JSON of the table, the three plots.
    QTemporaryDir dir;
    QString error;
    QVERIFY2(panel.exportTable(dir.filePath(QStringLiteral("bench.csv")), &error), qPrintable(error));
    QFile csv(dir.filePath(QStringLiteral("bench.csv")));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 2);
    QVERIFY(
        lines.at(0).startsWith("kernel,n_q,n_k,head_dim,query_heads,kv_heads,causal,window,dtype,threads"));
    QVERIFY2(lines.at(1).startsWith("tiled,64,64,16,2,1,false,,f32,1,2,"), lines.at(1).constData());

    QVERIFY2(panel.exportTable(dir.filePath(QStringLiteral("bench.json")), &error), qPrintable(error));
    QFile json(dir.filePath(QStringLiteral("bench.json")));
    QVERIFY(json.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(json.readAll()).object();
    QCOMPARE(root.value(QStringLiteral("roof_gflops")).toDouble(), model.roof()->fma_gflops);
    QCOMPARE(root.value(QStringLiteral("read_gbps")).toDouble(), model.roof()->read_gbps);
    QCOMPARE(root.value(QStringLiteral("instruction_set")).toString(),
             QString::fromStdString(model.roof()->instruction_set));
    const QJsonObject row = root.value(QStringLiteral("results")).toArray().at(0).toObject();
    QCOMPARE(row.value(QStringLiteral("kernel")).toString(), QStringLiteral("tiled"));
    QCOMPARE(row.value(QStringLiteral("n_q")).toInt(), 64);
    QCOMPARE(row.value(QStringLiteral("samples_ms")).toArray().size(), 2);
    QVERIFY(!panel.exportTable(dir.filePath(QStringLiteral("bench.xls")), &error));
    QVERIFY(error.contains(QStringLiteral("xls")));

    QStringList written;
    QVERIFY2(panel.exportPlots(dir.path(), QStringLiteral("png"), QSize(640, 480), &written, &error),
             qPrintable(error));
    QCOMPARE(written.size(), 3);
    for (const QString &path : written)
        QCOMPARE(attn::test::checkFigureFile(path, QStringLiteral("png"), QSize(640, 480)), QString());
}

void TestPerformancePanel::cancelsMidRunAndStaysUsable()
{
    PerformancePanel panel;
    panel.setPlan(tinyPlan());
    QVERIFY(runToEnd(panel)); // measures the roof, so the long run below starts with kernels

    // Six configurations of at least a few seconds each if left alone (repetitions up to the
    // harness's time budget): cancel as soon as the first progress arrives.
    BenchPlan longPlan = tinyPlan();
    longPlan.kernels = {KernelKind::Naive, KernelKind::Tiled};
    longPlan.sizes = {2048, 4096, 8192};
    longPlan.num_query_heads = 2;
    longPlan.num_kv_heads = 2;
    longPlan.head_dim = 64;
    longPlan.repetitions = 1000;
    panel.setPlan(longPlan);
    QSignalSpy progressed(&panel, &PerformancePanel::progressed);
    QSignalSpy finished(&panel, &PerformancePanel::runFinished);
    const QMetaObject::Connection cancelAtOnce =
        connect(&panel, &PerformancePanel::progressed, &panel, [&panel] { panel.cancel(); });
    QVERIFY(panel.run());
    QVERIFY(finished.wait(attn::test::scaledTimeout(90000)));
    QCOMPARE(finished.at(0).at(0).toBool(), true);
    QVERIFY(panel.resultsModel()->rowCount() < 6);
    QVERIFY(!panel.isRunning());
    QVERIFY(panel.runButton()->isEnabled());
    QVERIFY(!panel.cancelButton()->isEnabled());

    // Usable afterwards: the worker takes the next run and finishes it.
    disconnect(cancelAtOnce);
    panel.setPlan(tinyPlan());
    bool cancelled = true;
    QVERIFY(runToEnd(panel, &cancelled));
    QVERIFY(!cancelled);
    QCOMPARE(panel.resultsModel()->rowCount(), 1);
}

void TestPerformancePanel::refusesImpossibleRuns_data()
{
    QTest::addColumn<BenchPlan>("plan");
    QTest::addColumn<QStringList>("messageParts");

    BenchPlan huge = tinyPlan();
    huge.kernels = {KernelKind::Naive};
    huge.sizes = {1 << 20}; // the scores of one head alone: 2^40 floats = 4 TiB
    QTest::addRow("naive beyond memory")
        << huge << QStringList{"Nothing to run", "naive at n_q 1048576", "GiB"};
    BenchPlan heads = tinyPlan();
    heads.num_query_heads = 3;
    heads.num_kv_heads = 2;
    QTest::addRow("K/V heads do not divide") << heads << QStringList{"query heads 3", "K/V heads 2"};
    BenchPlan slow = tinyPlan();
    slow.sizes = {1 << 22}; // 2.2·10^15 FLOP: hours per call, and a call cannot be cancelled
    QTest::addRow("one call would take hours") << slow << QStringList{"tiled n 4194304", "cancelled midway"};
    BenchPlan none = tinyPlan();
    none.kernels.clear();
    QTest::addRow("no kernel") << none << QStringList{"at least one kernel"};
}

void TestPerformancePanel::refusesImpossibleRuns()
{
    QFETCH(BenchPlan, plan);
    QFETCH(QStringList, messageParts);
    if (attn::bench::availableMemoryBytes() == 0 &&
        QTest::currentDataTag() == QLatin1String("naive beyond memory"))
        QSKIP("the available memory is unknown here, so the harness refuses nothing for memory");
    PerformancePanel panel;
    panel.setPlan(plan);
    QSignalSpy started(&panel, &PerformancePanel::runStarted);
    QVERIFY(!panel.run());
    QVERIFY(started.isEmpty());
    QVERIFY(!panel.isRunning());
    QVERIFY(panel.runButton()->isEnabled());
    QCOMPARE(panel.resultsModel()->rowCount(), 0);
    for (const QString &part : messageParts)
        QVERIFY2(panel.message().contains(part), qPrintable(panel.message()));
}

void TestPerformancePanel::remembersTheLastPlan()
{
    BenchPlan plan;
    plan.kernels = {KernelKind::Windowed, KernelKind::Linear};
    plan.sizes = {128, 512};
    plan.num_query_heads = 4;
    plan.num_kv_heads = 2;
    plan.head_dim = 32;
    plan.window = 100;
    plan.causal = true;
    plan.dtype = attn::bench::DType::F64;
    plan.threads = 1;
    plan.repetitions = 7;
    {
        PerformancePanel panel;
        QVERIFY(panel.plan() != plan);
        panel.setPlan(plan);
        panel.saveSettings();
    }
    PerformancePanel restarted;
    QCOMPARE(restarted.plan(), std::optional<BenchPlan>(plan));
}

void TestPerformancePanel::ignoresBrokenSettings()
{
    QSettings settings;
    settings.setValue(QStringLiteral("performancePanel/sizes"), QStringLiteral("lots"));
    settings.setValue(QStringLiteral("performancePanel/queryHeads"), -3);
    settings.setValue(QStringLiteral("performancePanel/dtype"), QStringLiteral("f16"));
    settings.setValue(QStringLiteral("performancePanel/kernels"), QStringList{"tiled", "quantum"});
    PerformancePanel panel;
    const std::optional<BenchPlan> plan = panel.plan();
    QVERIFY(plan.has_value());
    const BenchPlan defaults;
    QCOMPARE(plan->sizes, defaults.sizes);
    QCOMPARE(plan->num_query_heads, defaults.num_query_heads);
    QCOMPARE(plan->dtype, defaults.dtype);
    QCOMPARE(plan->kernels, std::vector<KernelKind>{KernelKind::Tiled});
}

void TestPerformancePanel::mainWindowOpensThePanel()
{
    attn::ui::MainWindow window;
    QAction *open = nullptr;
    for (QAction *menu : window.menuBar()->actions())
        for (QAction *action : menu->menu()->actions())
            if (action->text().remove(QLatin1Char('&')).startsWith(QStringLiteral("Performance panel")))
                open = action;
    QVERIFY(open);
    QCOMPARE(open->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    QVERIFY(!open->toolTip().isEmpty());
    open->trigger();
    PerformancePanel *panel = window.findChild<PerformancePanel *>();
    QVERIFY(panel);
    QVERIFY(panel->isVisible());
}

QTEST_MAIN(TestPerformancePanel)
#include "tst_performancepanel.moc"
