// The training view (offscreen): Play trains on the worker thread while the GUI thread keeps
// running its event loop, snapshots at every logged step, Pause and One step, Reset back to the
// seed's weights, the scrubber, "Open this head" as one undoable scenario edit whose weights are
// the model's, and destroying the view in the middle of a run.
#include "core/attention.h"
#include "strictwarnings.h"
#include "timeouts.h"
#include "ui/document/scenariodocument.h"
#include "ui/plots/trainingplot.h"
#include "ui/views/train/headgrid.h"
#include "ui/views/train/trainview.h"
#include "workedexample.h"

#include <QComboBox>
#include <QFileInfo>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <cmath>
#include <cstring>
#include <memory>

using attn::doc::ScenarioDocument;
using attn::ui::TrainView;

namespace {

/// A small induction model: 2 layers × 2 heads, d_model 16, `steps` steps.
void makeSmall(TrainView &view, int steps)
{
    view.findChild<QSpinBox *>("trainHeads")->setValue(2);
    view.findChild<QSpinBox *>("trainDModel")->setValue(16);
    view.findChild<QSpinBox *>("trainSteps")->setValue(steps);
}

bool waitIdle(TrainView &view)
{
    return QTest::qWaitFor([&] { return !view.isRunning(); }, attn::test::scaledTimeout(60000));
}

bool sameBits(const std::vector<attn::train::NamedTensor> &a, const std::vector<attn::train::NamedTensor> &b)
{
    if (a.size() != b.size()) return false;
    for (std::size_t t = 0; t < a.size(); ++t)
        if (a[t].data.size() != b[t].data.size() ||
            std::memcmp(a[t].data.data(), b[t].data.data(), a[t].data.size() * sizeof(double)) != 0)
            return false;
    return true;
}

} // namespace

class TestTrainView : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void playTrainsOffTheGuiThread();
    void pauseThenOneStep();
    void resetAndScrubber();
    void openHeadIsAnUndoableScenario();
    void destroyingDuringARunIsClean();
    void exportsTheCurves();
};

void TestTrainView::playTrainsOffTheGuiThread()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    TrainView view(&document);
    makeSmall(view, 60);
    QSignalSpy finished(&view, &TrainView::runFinished);
    view.play();
    QVERIFY(view.isRunning());
    // The GUI thread runs its event loop throughout: timers fire while the model trains.
    int ticks = 0;
    QTimer timer;
    connect(&timer, &QTimer::timeout, [&] { ++ticks; });
    timer.start(1);
    QVERIFY(waitIdle(view));
    QCOMPARE(finished.count(), 1);
    QVERIFY(ticks > 0);
    QCOMPARE(view.stepsDone(), 60);
    // Snapshots at steps 0, 25, 50 and the last step, each with L × H weights on the probe.
    QCOMPARE(int(view.snapshots().size()), 4);
    const int expectedSteps[] = {0, 25, 50, 60};
    for (int i = 0; i < 4; ++i) {
        QCOMPARE(view.snapshots()[std::size_t(i)].step, expectedSteps[i]);
        QCOMPARE(int(view.snapshots()[std::size_t(i)].probe.weights.size()), 4);
        QCOMPARE(view.log()[std::size_t(i)].step, expectedSteps[i]);
    }
    // The curves: train loss at every step, held-out loss at every snapshot.
    QCOMPARE(view.plot()->graph(0)->dataCount(), 60);
    QCOMPARE(view.plot()->graph(1)->dataCount(), 4);
    QVERIFY(view.log().back().heldout_loss < view.log().front().heldout_loss);
    const QMap<QString, double> v = view.taskValues();
    QCOMPARE(v.value("step"), 60.0);
    QCOMPARE(v.value("heads"), 2.0);
    QCOMPARE(v.value("running"), 0.0);
    QVERIFY(v.contains("best_induction_layer1"));
    QCOMPARE(view.headGrid()->data().step, 60);
}

void TestTrainView::pauseThenOneStep()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    TrainView view(&document);
    makeSmall(view, 100000);
    view.play();
    QVERIFY(QTest::qWaitFor([&] { return view.stepsDone() >= 30; }, attn::test::scaledTimeout(60000)));
    view.pause();
    QVERIFY(waitIdle(view));
    const int done = view.stepsDone();
    QVERIFY(done >= 30 && done < 100000);
    QCOMPARE(view.snapshots().back().step, done); // the paused step is recorded
    view.stepOnce();
    QVERIFY(waitIdle(view));
    QCOMPARE(view.stepsDone(), done + 1);
    QCOMPARE(view.snapshots().back().step, done + 1);
}

void TestTrainView::resetAndScrubber()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    TrainView view(&document);
    makeSmall(view, 30);
    view.play();
    QVERIFY(waitIdle(view));
    const auto initial = view.snapshots().front().weights;
    QVERIFY(!sameBits(initial, view.snapshots().back().weights));

    // The scrubber: step 0's heads, then back to the newest.
    view.showSnapshot(0);
    QCOMPARE(view.headGrid()->data().step, 0);
    QCOMPARE(view.taskValues().value("shown_step"), 0.0);
    QCOMPARE(view.plot()->marker(), 0);
    QVERIFY(
        (view.headGrid()->data().weights[3] - view.snapshots()[0].probe.weights[3]).cwiseAbs().maxCoeff() ==
        0);
    view.showSnapshot(99);
    QCOMPARE(view.shownSnapshot(), int(view.snapshots().size()) - 1);

    // Reset: step 0 with the seed's initial weights, bit for bit.
    view.reset();
    QVERIFY(QTest::qWaitFor([&] { return view.snapshots().size() == 1; }, attn::test::scaledTimeout(30000)));
    QCOMPARE(view.stepsDone(), 0);
    QVERIFY(sameBits(initial, view.snapshots().front().weights));
}

void TestTrainView::openHeadIsAnUndoableScenario()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    const std::string before = document.scenario().title;
    TrainView view(&document);
    makeSmall(view, 30);
    view.play();
    QVERIFY(waitIdle(view));
    QSignalSpy requested(&view, &attn::ui::FigureView::viewRequested);
    QVERIFY(view.openHead(1, 1));
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested.at(0).at(0).toString(), QStringLiteral("qkv"));
    const attn::Scenario &s = document.scenario();
    QVERIFY(s.projection.has_value());
    QCOMPARE(s.projection->X.rows(), attn::Index(view.snapshots().back().probe.seq_len));
    QCOMPARE(s.projection->X.cols(), attn::Index(16));
    QCOMPARE(s.projection->W_q.cols(), attn::Index(8)); // head_dim = 16 / 2
    QVERIFY(s.mask.causal);
    // The document's weights are the head's as the model computed them (float32 there).
    const attn::Matrix &expected = view.snapshots().back().probe.weights[3];
    QVERIFY((document.trace().heads[0].weights - expected).cwiseAbs().maxCoeff() < 1e-5);
    QCOMPARE(view.taskValues().value("heads_opened"), 1.0);
    // One undo brings the previous scenario back.
    document.undoStack()->undo();
    QCOMPARE(document.scenario().title, before);
}

void TestTrainView::destroyingDuringARunIsClean()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    auto view = std::make_unique<TrainView>(&document);
    makeSmall(*view, 100000);
    view->play();
    QVERIFY(QTest::qWaitFor([&] { return view->stepsDone() >= 5; }, attn::test::scaledTimeout(60000)));
    view.reset(); // stops after the current step and joins the thread
    QVERIFY(!view);
    // The document is untouched and still computes.
    QVERIFY(document.traceIsCurrent());
}

void TestTrainView::exportsTheCurves()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    TrainView view(&document);
    makeSmall(view, 10);
    view.play();
    QVERIFY(waitIdle(view));
    QTemporaryDir dir;
    QString error;
    QVERIFY2(view.exportTo(dir.filePath("train.png"), "png", QSize(800, 500), &error), qPrintable(error));
    QVERIFY(QFileInfo(dir.filePath("train.png")).size() > 1000);
    QVERIFY(!view.exportTo(dir.filePath("train.bmp"), "bmp", QSize(800, 500), &error));
    QVERIFY(!error.isEmpty());
}

QTEST_MAIN(TestTrainView)
#include "tst_trainview.moc"
