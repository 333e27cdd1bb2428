// The encoder–decoder page (offscreen): Train runs on the worker thread while the GUI thread keeps
// running its event loop, the probe's alignment goes from near uniform to the anti-diagonal, the
// page's numbers are the core trainer's, Pause logs the step it stopped at and Reset goes back to
// the seed, "Open this step" is one undoable scenario edit with the model's own additive score,
// Compare and the length sweep train the same data as the core does, and Cancel stops them.
#include "core/train/seq2seqtrainer.h"
#include "strictwarnings.h"
#include "timeouts.h"
#include "ui/base/numbertext.h"
#include "ui/document/scenariodocument.h"
#include "ui/plots/curveplot.h"
#include "ui/plots/heatmapplot.h"
#include "ui/views/seq2seq/seq2seqview.h"
#include "workedexample.h"

#include <QComboBox>
#include <QFile>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <memory>

using attn::doc::ScenarioDocument;
using attn::ui::Seq2SeqView;

namespace {

/// A short reversal on the page: length `length`, `steps` steps (the page's other defaults:
/// bidirectional, dot, seed 0).
void makeSmall(Seq2SeqView &view, int length, int steps)
{
    view.findChild<QSpinBox *>("seq2seqLength")->setValue(length);
    view.findChild<QSpinBox *>("seq2seqSteps")->setValue(steps);
}

bool waitIdle(Seq2SeqView &view)
{
    return QTest::qWaitFor([&] { return !view.isRunning(); }, attn::test::scaledTimeout(60000));
}

/// The largest weight of row t is on source position S − 1 − t.
int rowsOnTheMirror(const attn::Matrix &alignment)
{
    int rows = 0;
    for (attn::Index t = 0; t < alignment.rows(); ++t) {
        attn::Index j = 0;
        alignment.row(t).maxCoeff(&j);
        rows += j == alignment.cols() - 1 - t ? 1 : 0;
    }
    return rows;
}

} // namespace

class TestSeq2SeqView : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void alignmentFormsWhileTheGuiRuns();
    void pauseLogsItsStepAndResetGoesBack();
    void openStepIsOneUndoableAdditiveScenario();
    void compareTrainsEachScoreOnTheSameData();
    void lengthSweepIsTheCoresAndCancels();
    void destroyingDuringARunIsClean();
    void localWindowIsGreyed();
};

void TestSeq2SeqView::alignmentFormsWhileTheGuiRuns()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    Seq2SeqView view(&document);
    makeSmall(view, 6, 150);
    QSignalSpy finished(&view, &Seq2SeqView::runFinished);
    view.train();
    QVERIFY(view.isRunning());
    int ticks = 0;
    QTimer timer;
    connect(&timer, &QTimer::timeout, [&] { ++ticks; });
    timer.start(1);
    QVERIFY(waitIdle(view));
    QCOMPARE(finished.count(), 1);
    QVERIFY(ticks > 0);
    QCOMPARE(view.stepsDone(), 150);
    // Snapshots every 25 steps from 0.
    QCOMPARE(int(view.snapshots().size()), 7);
    for (int i = 0; i < 7; ++i) QCOMPARE(view.snapshots()[std::size_t(i)].step, 25 * i);

    // Step 0 is near uniform (1/6 = 0.167 each); the last step is the anti-diagonal.
    const attn::Matrix &first = view.snapshots().front().probes[0].weights;
    QCOMPARE(first.rows(), attn::Index(6));
    QCOMPARE(first.cols(), attn::Index(6));
    QVERIFY2(first.maxCoeff() < 0.4, qPrintable(QString::number(first.maxCoeff())));
    const attn::Matrix &last = view.snapshots().back().probes[0].weights;
    QCOMPARE(rowsOnTheMirror(last), 6);
    // The map draws the newest snapshot, token labels on both axes.
    attn::ui::HeatmapPlot *map = view.alignmentPlot();
    QCOMPARE(map->queryCount(), 6);
    QCOMPARE(map->keyCount(), 6);
    QCOMPARE(map->colorMapData(2, 3), last(2, 3));
    QVERIFY(map->cellToolTip(0, 5).contains(attn::ui::exactNumber(last(0, 5))));
    QCOMPARE(map->keyTicks().size(), 6);

    // The page's numbers are the core trainer's for the same configuration, bit for bit.
    attn::train::Seq2SeqTrainer core(view.config());
    core.run();
    const attn::train::Seq2SeqLogPoint &ours = view.log().back();
    QCOMPARE(ours.step, core.log().back().step);
    QCOMPARE(ours.greedy_accuracy, core.log().back().greedy_accuracy);
    QCOMPARE(ours.heldout_loss, core.log().back().heldout_loss);
    const QMap<QString, double> v = view.taskValues();
    QCOMPARE(v.value("step"), 150.0);
    QCOMPARE(v.value("finished"), 1.0);
    QCOMPARE(v.value("greedy_accuracy"), ours.greedy_accuracy);
    QVERIFY2(v.value("alignment_accuracy") > 0.9, qPrintable(QString::number(v.value("alignment_accuracy"))));
    // The curves: train loss at every step, the held-out ones at every snapshot.
    QCOMPARE(view.curvesPlot()->graph(0)->dataCount(), 150);
    QCOMPARE(view.curvesPlot()->graph(1)->dataCount(), 7);
}

void TestSeq2SeqView::pauseLogsItsStepAndResetGoesBack()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    Seq2SeqView view(&document);
    makeSmall(view, 6, 20000);
    view.train();
    QVERIFY(QTest::qWaitFor([&] { return view.stepsDone() >= 30; }, attn::test::scaledTimeout(60000)));
    view.pause();
    QVERIFY(waitIdle(view));
    const int done = view.stepsDone();
    QVERIFY(done >= 30 && done < 20000);
    QCOMPARE(view.snapshots().back().step, done);
    QCOMPARE(view.log().back().step, done);
    const auto initial = view.snapshots().front().weights;
    // The scrubber goes back to step 0's map.
    view.showSnapshot(0);
    QCOMPARE(view.taskValues().value("shown_step"), 0.0);
    QCOMPARE(view.alignmentPlot()->colorMapData(0, 0), view.snapshots().front().probes[0].weights(0, 0));

    view.reset();
    QVERIFY(QTest::qWaitFor([&] { return view.snapshots().size() == 1; }, attn::test::scaledTimeout(30000)));
    QCOMPARE(view.stepsDone(), 0);
    const auto again = view.snapshots().front().weights;
    QCOMPARE(again.size(), initial.size());
    for (std::size_t t = 0; t < again.size(); ++t) QVERIFY(again[t].data == initial[t].data);
}

void TestSeq2SeqView::openStepIsOneUndoableAdditiveScenario()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    const std::string before = document.scenario().title;
    Seq2SeqView view(&document);
    view.findChild<QComboBox *>("seq2seqScore")->setCurrentIndex(0); // additive
    makeSmall(view, 5, 40);
    view.train();
    QVERIFY(waitIdle(view));
    QSignalSpy requested(&view, &attn::ui::FigureView::viewRequested);
    QVERIFY(view.openStep(2));
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested.at(0).at(0).toString(), QStringLiteral("qkv"));
    const attn::Scenario &s = document.scenario();
    QCOMPARE(s.score, attn::ScoreKind::Additive);
    QVERIFY(s.additive.has_value());
    QCOMPARE(s.query.rows(), attn::Index(1));
    QCOMPARE(s.key.rows(), attn::Index(5));
    QCOMPARE(s.key.cols(), attn::Index(64)); // bidirectional: two states of 32
    // The document computes the model's alignment row of that step (float32 in the model).
    const attn::Matrix &alignment = view.snapshots().back().probes[0].weights;
    QVERIFY((document.trace().heads[0].weights.row(0) - alignment.row(2)).cwiseAbs().maxCoeff() < 1e-5);
    QCOMPARE(view.taskValues().value("steps_opened"), 1.0);
    QCOMPARE(document.undoStack()->count(), 1);
    document.undoStack()->undo();
    QCOMPARE(document.scenario().title, before);
}

void TestSeq2SeqView::compareTrainsEachScoreOnTheSameData()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    Seq2SeqView view(&document);
    makeSmall(view, 4, 30);
    view.compare();
    QVERIFY(view.isRunning());
    QVERIFY(waitIdle(view));
    QCOMPARE(int(view.comparison().size()), 3);
    const attn::train::ScoreKind scores[] = {attn::train::ScoreKind::Additive, attn::train::ScoreKind::Dot,
                                             attn::train::ScoreKind::General};
    for (int i = 0; i < 3; ++i) {
        const auto &r = *view.comparison()[std::size_t(i)];
        QCOMPARE(r.config.model.score, scores[i]);
        QCOMPARE(r.config.seed, std::uint64_t(0));
        QCOMPARE(r.config.task.length, 4);
        QCOMPARE(r.probe.source, view.comparison()[0]->probe.source); // the same example
        QCOMPARE(view.comparePlot(i)->queryCount(), 4);
        QCOMPARE(view.comparePlot(i)->colorMapData(1, 1), r.trace.weights(1, 1));
    }
    // The general run is the core's run of that configuration.
    attn::train::Seq2SeqTrainer core(view.comparison()[2]->config);
    core.run();
    QCOMPARE(view.comparison()[2]->final.greedy_accuracy, core.log().back().greedy_accuracy);
    QCOMPARE(view.taskValues().value("compared"), 3.0);
    QCOMPARE(view.taskValues().value("side_tab"), 1.0);
    // The export of the comparison tab draws the three maps.
    QTemporaryDir dir;
    QString error;
    QVERIFY2(view.exportTo(dir.filePath("compare.svg"), "svg", QSize(900, 400), &error), qPrintable(error));
    QFile svg(dir.filePath("compare.svg"));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    const QByteArray text = svg.readAll();
    for (const char *title : {"additive, bidirectional", "dot, bidirectional", "general, bidirectional"})
        QVERIFY2(text.contains(title), title);
}

void TestSeq2SeqView::lengthSweepIsTheCoresAndCancels()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    Seq2SeqView view(&document);
    makeSmall(view, 6, 10);
    view.measureLengths();
    QVERIFY(waitIdle(view));
    QCOMPARE(int(view.lengthRuns().size()), 8);
    // The with-attention curve is the core's sweep of the same configuration.
    attn::train::Seq2SeqTrainConfig config = view.config();
    const std::vector<attn::train::LengthPoint> core = attn::train::accuracyAgainstLength(config, {6, 12});
    attn::ui::CurvePlot *plot = view.lengthPlot();
    QCOMPARE(plot->graphCount(), 2);
    QCOMPARE(plot->graph(0)->dataCount(), 4);
    QCOMPARE(plot->graph(1)->dataCount(), 4);
    for (int i = 0; i < 2; ++i) {
        const auto point = plot->graph(0)->data()->at(i);
        QCOMPARE(point->key, double(core[std::size_t(i)].length));
        QCOMPARE(point->value, core[std::size_t(i)].final.greedy_accuracy);
    }
    QVERIFY(!view.lengthRuns()[1]->config.model.attention);
    QCOMPARE(view.taskValues().value("length_points"), 4.0);
    QVERIFY(view.taskValues().contains("length_gap_longest"));
    QVERIFY(!plot->toolTipAt(
                     QPoint(int(plot->graph(0)->keyAxis()->coordToPixel(6)),
                            int(plot->graph(0)->valueAxis()->coordToPixel(core[0].final.greedy_accuracy))))
                 .isEmpty());

    // Cancel: a long sweep stops after the step in progress and keeps only finished runs.
    view.findChild<QSpinBox *>("seq2seqSteps")->setValue(20000);
    view.measureLengths();
    QVERIFY(view.isRunning());
    QTest::qWait(50);
    view.cancel();
    QVERIFY(waitIdle(view));
    QVERIFY(view.lengthRuns().empty());
    QCOMPARE(view.taskValues().value("running"), 0.0);
}

void TestSeq2SeqView::destroyingDuringARunIsClean()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    auto view = std::make_unique<Seq2SeqView>(&document);
    makeSmall(*view, 6, 20000);
    view->train();
    QVERIFY(QTest::qWaitFor([&] { return view->stepsDone() >= 3; }, attn::test::scaledTimeout(60000)));
    view.reset(); // stops after the current step and joins the thread
    QVERIFY(document.traceIsCurrent());
}

void TestSeq2SeqView::localWindowIsGreyed()
{
    // Local-p with D = 1 over 5 source tokens: p = 2.4 sees 1 … 3; p = 4.6 rounds to 5, clamped to 4,
    // and sees 3 … 4. Global attention (D = 0) sees every key.
    attn::train::Seq2SeqTrace trace;
    trace.weights = attn::Matrix::Constant(2, 5, 0.2);
    trace.positions = {2.4, 4.6};
    const attn::HeadTrace local = Seq2SeqView::alignmentHead(trace, 1);
    const bool expected[2][5] = {{false, true, true, true, false}, {false, false, false, true, true}};
    for (int t = 0; t < 2; ++t)
        for (int j = 0; j < 5; ++j) QCOMPARE(local.visible(t, j), expected[t][j]);
    QCOMPARE(local.weights, trace.weights);
    QVERIFY(Seq2SeqView::alignmentHead(trace, 0).visible.all());
}

QTEST_MAIN(TestSeq2SeqView)
#include "tst_seq2seqview.moc"
