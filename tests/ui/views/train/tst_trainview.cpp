// The training view (offscreen): Play trains on the worker thread while the GUI thread keeps
// running its event loop, snapshots at every logged step, Pause and One step, Reset back to the
// seed's weights, the scrubber, "Open this head" as one undoable scenario edit whose weights are
// the model's, and destroying the view in the middle of a run.
#include "core/aggregate.h"
#include "core/attention.h"
#include "strictwarnings.h"
#include "timeouts.h"
#include "ui/document/scenariodocument.h"
#include "ui/plots/trainingplot.h"
#include "ui/views/train/headgrid.h"
#include "ui/views/train/tokeneffectpanel.h"
#include "ui/views/train/trainview.h"
#include "workedexample.h"

#include <QComboBox>
#include <QFileInfo>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
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
    void effectsTabMeasuresTheShownSnapshot();
    void spacePlaysUnlessTheFocusUsesIt();
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

void TestTrainView::effectsTabMeasuresTheShownSnapshot()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    TrainView view(&document);
    makeSmall(view, 25);
    view.resize(1000, 700);
    view.show();
    view.play();
    QVERIFY(waitIdle(view));
    auto *panel = view.effectPanel();
    QCOMPARE(view.taskValues().value("effects_shown"), 0.0);
    view.showEffects(true);
    QCOMPARE(view.taskValues().value("effects_shown"), 1.0);
    QVERIFY(panel->effects().has_value());

    // The panel measures the shown snapshot's weights: the same numbers as measuring them here.
    const attn::ui::TrainSnapshot &newest = view.snapshots().back();
    QCOMPARE(view.taskValues().value("effect_step"), double(newest.step));
    const int position = panel->position();
    QVERIFY(position > 0);
    // The trainer's own float32 trace of the probe gives the same rollout and prediction.
    const attn::train::TokenEffects &e = *panel->effects();
    std::vector<attn::Matrix> means;
    for (int l = 0; l < 2; ++l) {
        std::vector<attn::Matrix> heads;
        for (int h = 0; h < 2; ++h)
            heads.push_back(
                newest.probe.weights[std::size_t(l * 2 + h)].topLeftCorner(position + 1, position + 1));
        means.push_back(attn::meanOverHeads(heads));
    }
    const attn::Vector rollout = attn::attentionRollout(means).row(position).transpose();
    QVERIFY((rollout - e.rollout).cwiseAbs().maxCoeff() < 1e-5);
    attn::Index top = 0;
    newest.probe.logits.row(position).maxCoeff(&top);
    QCOMPARE(e.predicted, int(top));
    QCOMPARE(e.position, attn::Index(position));
    QCOMPARE(panel->figureData().tokens.size(), position + 1);
    QVERIFY(std::abs(e.rollout.sum() - 1.0) < 1e-12);

    // Back to step 0: another snapshot, other numbers.
    const double before = e.rollout(0);
    view.showSnapshot(0);
    QCOMPARE(view.taskValues().value("effect_step"), 0.0);
    QVERIFY(panel->effects()->rollout(0) != before);

    // Another probe sentence: its own tokens, measured at its last scored position.
    const QStringList firstTokens = panel->figureData().tokens;
    panel->setSequence(1);
    QCOMPARE(view.taskValues().value("effect_sequence"), 1.0);
    QVERIFY(panel->figureData().tokens != firstTokens);
    panel->setSequence(0);
    QCOMPARE(panel->figureData().tokens, firstTokens);

    // Deleting instead of replacing; the tooltip of a column gives the exact numbers.
    panel->setChange(attn::ui::TokenEffectPanel::Change::Delete);
    QCOMPARE(view.taskValues().value("effect_change"), 1.0);
    QVERIFY(std::isnan(panel->figureData().effect(position)));
    const QSizeF size(800, 500);
    const std::vector<QRectF> bars = attn::ui::tokenEffectBars(panel->figureData(), size);
    QCOMPARE(bars.size(), std::size_t(2 * (position + 1)));
    const QString tip = panel->toolTipAt(bars[0].center(), size);
    QVERIFY2(tip.contains(QStringLiteral("rollout R(%1, 0)").arg(position)), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("deleted: distance")), qPrintable(tip));

    // The export is the tab shown.
    QTemporaryDir dir;
    QString error;
    QVERIFY2(view.exportTo(dir.filePath("effects.svg"), "svg", QSize(800, 500), &error), qPrintable(error));
    QFile svg(dir.filePath("effects.svg"));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    QVERIFY(svg.readAll().contains("rollout"));
}

void TestTrainView::spacePlaysUnlessTheFocusUsesIt()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    TrainView view(&document);
    makeSmall(view, 20);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    // On a combo box Space is the combo box's: training does not start.
    auto *task = view.findChild<QComboBox *>("trainTask");
    task->setFocus();
    QTest::keyClick(task, Qt::Key_Space);
    QCOMPARE(view.stepsDone(), 0);
    QVERIFY(!view.isRunning());
    task->hidePopup();
    // On the heads grid (which has no use for Space) it plays.
    view.headGrid()->setFocus();
    QTest::keyClick(view.headGrid(), Qt::Key_Space);
    QVERIFY(QTest::qWaitFor([&] { return view.stepsDone() > 0; }, attn::test::scaledTimeout(30000)));
    QVERIFY(waitIdle(view));
}

QTEST_MAIN(TestTrainView)
#include "tst_trainview.moc"
