// ScenarioDocument computing in the background: a newer edit's result wins (an older one is never
// shown), a refused or cancelled edit is taken back, a background load replaces the scenario only
// when its trace is ready.
#include "strictwarnings.h"
#include "timeouts.h"
#include "ui/document/scenariodocument.h"
#include "workedexample.h"

#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <random>
#include <thread>
#include <vector>

using attn::doc::ScenarioDocument;
using attn::doc::TensorRole;

Q_DECLARE_METATYPE(attn::KernelKind)

namespace {

/// attend() behind a gate: while the gate is closed every call waits (ignoring cancellation, so
/// an older request really finishes and its result has to be dropped). Counts the calls.
struct GatedEngine {
    std::atomic<bool> open{true};
    std::atomic<int> calls{0};

    attn::AttentionTrace operator()(const attn::Scenario &s)
    {
        ++calls;
        while (!open) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        return attn::attend(s);
    }
};

/// Opens `gate` when it goes out of scope. Declared after the document, it runs before the
/// document's destructor, which waits for the running computation: a check that fails while the
/// gate is closed then reports its failure instead of waiting for ever.
struct OpenOnExit {
    GatedEngine &gate;
    ~OpenOnExit() { gate.open = true; }
};

/// The first logit of head 0: q0·k0 · scale of the worked example, which the edits of K[0][0] change.
double firstLogit(const ScenarioDocument &document)
{
    return document.trace().heads.at(0).logits(0, 0);
}

/// Throws like attend() does for a visible logit that is not finite.
attn::AttentionTrace finiteLogitsAttend(const attn::Scenario &scenario)
{
    attn::AttentionTrace trace = attn::attend(scenario);
    for (const attn::HeadTrace &head : trace.heads)
        if (!head.logits.allFinite()) throw attn::ScenarioError("logits", "logits: a logit is not finite");
    return trace;
}

/// A causal GQA scenario (H_q 4, H_kv 2, n 9, d_k 3, d_v 2) of seeded values in [-2, 2].
attn::Scenario randomScenario(attn::KernelKind kernel, std::mt19937 &rng)
{
    std::uniform_real_distribution<double> u(-2.0, 2.0);
    const auto fill = [&](attn::Index rows, attn::Index cols) {
        attn::Matrix m(rows, cols);
        for (attn::Index i = 0; i < rows; ++i)
            for (attn::Index j = 0; j < cols; ++j) m(i, j) = u(rng);
        return m;
    };
    attn::Scenario s;
    s.num_query_heads = 4;
    s.num_kv_heads = 2;
    s.query = fill(9, 4 * 3);
    s.key = fill(9, 2 * 3);
    s.value = fill(9, 2 * 2);
    s.mask.causal = true;
    s.kernel = kernel;
    s.tile.query = 2; // several tiles for the tiled kernels
    s.tile.key = 4;
    return s;
}

/// Fails the test unless `trace` equals attend(scenario) in every head's logits, visibility,
/// weights and output and in the output and fully masked rows (NaN equal to NaN).
void compareWithFullRecomputation(const attn::AttentionTrace &trace, const attn::Scenario &scenario)
{
    const attn::AttentionTrace full = attn::attend(scenario);
    const auto near = [](const attn::Matrix &a, const attn::Matrix &b) {
        if (a.rows() != b.rows() || a.cols() != b.cols()) return false;
        for (attn::Index i = 0; i < a.rows(); ++i)
            for (attn::Index j = 0; j < a.cols(); ++j)
                if (!(std::abs(a(i, j) - b(i, j)) <= 1e-12) && !(std::isnan(a(i, j)) && std::isnan(b(i, j))))
                    return false;
        return true;
    };
    QCOMPARE(trace.heads.size(), full.heads.size());
    for (std::size_t h = 0; h < full.heads.size(); ++h) {
        QVERIFY2(near(trace.heads[h].logits, full.heads[h].logits),
                 qPrintable(QString("logits of head %1").arg(h)));
        QVERIFY2(trace.heads[h].visible == full.heads[h].visible,
                 qPrintable(QString("mask of head %1").arg(h)));
        QVERIFY2(near(trace.heads[h].weights, full.heads[h].weights),
                 qPrintable(QString("weights of head %1").arg(h)));
        QVERIFY2(near(trace.heads[h].output, full.heads[h].output),
                 qPrintable(QString("output of head %1").arg(h)));
        QCOMPARE(trace.heads[h].kv_head, full.heads[h].kv_head);
    }
    QVERIFY(near(trace.output, full.output));
    QVERIFY(trace.fully_masked_rows == full.fully_masked_rows);
}

} // namespace

class TestDocumentBackground : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void newerEditWinsOverAnOlderResult();
    void refusedEditIsTakenBack();
    void cancelTakesBackThePendingEdit();
    void undoComputesInTheBackground();
    void backgroundLoadReplacesWhenReady();
    void smallScenariosStayImmediate();
    void queryEditIsOneRowAtOnce();
    void editsRecomputeOnlyTheHeadsTheyChange_data();
    void editsRecomputeOnlyTheHeadsTheyChange();
};

void TestDocumentBackground::newerEditWinsOverAnOlderResult()
{
    GatedEngine gate;
    ScenarioDocument document([&gate](const attn::Scenario &s) { return gate(s); });
    const OpenOnExit opener{gate};
    document.setBackgroundThreshold(0);
    QVERIFY(document.load(attn::test::workedExample())); // a load computes at once
    const double scale = document.trace().scale;
    QCOMPARE(firstLogit(document), 1.0 * scale); // q0 = [1, 0], k0 = [1, 0]

    // Every trace the views ever get, in order.
    std::vector<double> shown;
    connect(&document, &ScenarioDocument::traceChanged, &document,
            [&] { shown.push_back(firstLogit(document)); });

    const int loadCalls = gate.calls.load(); // the load's own computation, on this thread
    gate.open = false;
    QVERIFY(document.setCell(TensorRole::Key, 0, 0, 3.0));
    QVERIFY(document.computing());
    QCOMPARE(document.tensor(TensorRole::Key)(0, 0), 3.0); // the table shows the edit at once
    QCOMPARE(firstLogit(document), 1.0 * scale);           // the pictures keep the previous trace
    // Wait until the worker is inside the engine with the first edit (held at the gate).
    QTRY_COMPARE_WITH_TIMEOUT(gate.calls.load(), loadCalls + 1, attn::test::scaledTimeout(5000));
    // A second edit while the first is still computing: the first result is stale.
    QVERIFY(document.setCell(TensorRole::Key, 0, 0, 5.0));
    QCOMPARE(document.undoStack()->count(), 1); // edits of one cell merge
    gate.open = true;
    QTRY_VERIFY_WITH_TIMEOUT(!document.computing(), attn::test::scaledTimeout(5000));
    QTest::qWait(50);                           // a stale delivery, if any, would arrive now
    QCOMPARE(gate.calls.load(), loadCalls + 2); // the first edit finished, but only the second was shown
    // q0 = [1, 0], k0 = [5, 0]: only the newer result (5 · scale, not 3 · scale) was ever shown.
    QCOMPARE(shown, std::vector<double>{5.0 * scale});
    QVERIFY(document.traceIsCurrent());
    QVERIFY(document.trace().output.isApprox(attn::attend(document.scenario()).output, 1e-15));
}

void TestDocumentBackground::refusedEditIsTakenBack()
{
    ScenarioDocument document(finiteLogitsAttend);
    document.setBackgroundThreshold(0);
    QVERIFY(document.load(attn::test::workedExample()));
    QVERIFY(document.setCell(TensorRole::Query, 0, 0, 1e300)); // 1e300/√2: finite; one row, at once
    QVERIFY(!document.computing());
    const attn::Matrix output = document.trace().output;
    QSignalSpy refused(&document, &ScenarioDocument::editRefused);
    QVERIFY(document.setCell(TensorRole::Key, 0, 0, 1e300)); // 1e600/√2 overflows: refused later
    QCOMPARE(document.undoStack()->count(), 2);
    QTRY_COMPARE_WITH_TIMEOUT(refused.count(), 1, attn::test::scaledTimeout(5000));
    const QString message = refused.at(0).at(0).toString();
    QVERIFY2(message.contains(QStringLiteral("K[0, 0] = 1e+300")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("logits")), qPrintable(message));
    QCOMPARE(document.tensor(TensorRole::Key)(0, 0), 1.0); // taken back
    QCOMPARE(document.undoStack()->count(), 1);            // and gone from the history
    QCOMPARE(document.undoStack()->index(), 1);
    QVERIFY(!document.undoStack()->canRedo());
    QTRY_VERIFY_WITH_TIMEOUT(!document.computing(), attn::test::scaledTimeout(5000));
    QVERIFY(document.traceIsCurrent());
    QVERIFY(document.trace().output == output);
}

void TestDocumentBackground::cancelTakesBackThePendingEdit()
{
    GatedEngine gate;
    ScenarioDocument document([&gate](const attn::Scenario &s) { return gate(s); });
    const OpenOnExit opener{gate};
    document.setBackgroundThreshold(0);
    QVERIFY(document.load(attn::test::workedExample()));
    const attn::Matrix output = document.trace().output;
    gate.open = false;
    QSignalSpy refused(&document, &ScenarioDocument::editRefused);
    QSignalSpy computing(&document, &ScenarioDocument::computingChanged);
    QVERIFY(document.setCell(TensorRole::Value, 1, 1, 8.0));
    QVERIFY(document.computing());
    document.cancelComputation();
    QCOMPARE(refused.count(), 1);
    QVERIFY2(refused.at(0).at(0).toString().contains(QStringLiteral("cancelled")),
             qPrintable(refused.at(0).at(0).toString()));
    QCOMPARE(document.tensor(TensorRole::Value)(1, 1), 4.0);
    QCOMPARE(document.undoStack()->count(), 0);
    gate.open = true;
    QTRY_VERIFY_WITH_TIMEOUT(!document.computing(), attn::test::scaledTimeout(5000));
    QTest::qWait(50);
    QVERIFY(document.trace().output == output); // V[1][1] = 8 was never shown
    QVERIFY(computing.count() >= 2);
    QCOMPARE(computing.last().at(0).toBool(), false);
}

void TestDocumentBackground::undoComputesInTheBackground()
{
    ScenarioDocument document;
    document.setBackgroundThreshold(0);
    QVERIFY(document.load(attn::test::workedExample()));
    const attn::Matrix before = document.trace().output;
    QVERIFY(document.setCell(TensorRole::Value, 1, 1, 8.0));
    QTRY_VERIFY_WITH_TIMEOUT(!document.computing(), attn::test::scaledTimeout(5000));
    QVERIFY(document.trace().output != before);
    document.undoStack()->undo();
    QVERIFY(document.computing());
    QTRY_VERIFY_WITH_TIMEOUT(!document.computing(), attn::test::scaledTimeout(5000));
    QVERIFY(document.trace().output == before); // exact: the same inputs in the same order
    QVERIFY(document.traceIsCurrent());
}

void TestDocumentBackground::backgroundLoadReplacesWhenReady()
{
    GatedEngine gate;
    ScenarioDocument document([&gate](const attn::Scenario &s) { return gate(s); });
    const OpenOnExit opener{gate};
    document.setBackgroundThreshold(0);
    QVERIFY(document.load(attn::test::workedExample()));
    QVERIFY(document.setCell(TensorRole::Value, 1, 1, 8.0));
    QTRY_VERIFY_WITH_TIMEOUT(!document.computing(), attn::test::scaledTimeout(5000));
    attn::Scenario other = attn::test::workedExample();
    other.value(0, 0) = 5.0;
    gate.open = false;
    QVERIFY(document.loadInBackground(other));
    QVERIFY(document.computing());
    QCOMPARE(document.tensor(TensorRole::Value)(0, 0), 2.0); // still the scenario shown
    QCOMPARE(document.undoStack()->count(), 1);
    gate.open = true;
    QTRY_VERIFY_WITH_TIMEOUT(!document.computing(), attn::test::scaledTimeout(5000));
    QCOMPARE(document.tensor(TensorRole::Value)(0, 0), 5.0);
    QCOMPARE(document.undoStack()->count(), 0);
    QVERIFY(document.trace().output == attn::attend(other).output);

    // A scenario the engine refuses leaves everything as it was and says why.
    ScenarioDocument refusing(finiteLogitsAttend);
    refusing.setBackgroundThreshold(0);
    QVERIFY(refusing.load(attn::test::workedExample()));
    QSignalSpy loadRefused(&refusing, &ScenarioDocument::loadRefused);
    attn::Scenario overflowing = attn::test::workedExample();
    overflowing.query(0, 0) = 1e300;
    overflowing.key(0, 0) = 1e300;
    QVERIFY(refusing.loadInBackground(overflowing));
    QTRY_COMPARE_WITH_TIMEOUT(loadRefused.count(), 1, attn::test::scaledTimeout(5000));
    QCOMPARE(refusing.tensor(TensorRole::Query)(0, 0), 1.0);
    QVERIFY(!refusing.computing());
}

void TestDocumentBackground::smallScenariosStayImmediate()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    QVERIFY(document.setCell(TensorRole::Value, 1, 1, 8.0));
    QVERIFY(!document.computing());
    QVERIFY(document.trace().output == attn::attend(document.scenario()).output);
}

void TestDocumentBackground::queryEditIsOneRowAtOnce()
{
    ScenarioDocument document(finiteLogitsAttend);
    document.setBackgroundThreshold(0);
    attn::Scenario s = attn::test::workedExample();
    s.query.resize(2, 2); // two queries: the edit of one leaves the other's row as it was
    s.query << 1, 0, 0, 1;
    s.query_tokens = {"q1", "q2"};
    QVERIFY(document.load(s));
    const attn::Matrix secondRow = document.trace().heads[0].weights.row(1);
    QVERIFY(document.setCell(TensorRole::Query, 0, 1, 2.0));
    QVERIFY(!document.computing()); // one row of one head: no background computation
    compareWithFullRecomputation(document.trace(), document.scenario());
    QVERIFY(document.trace().heads[0].weights.row(1) == secondRow);

    // k1 = [1e300, 0] is fine while q1 = [1, 2] … (computed in the background)
    QVERIFY(document.setCell(TensorRole::Key, 0, 0, 1e300));
    QTRY_VERIFY_WITH_TIMEOUT(!document.computing(), attn::test::scaledTimeout(5000));
    QVERIFY(document.traceIsCurrent());
    // … but q1 = [1e300, 2] overflows 1e600/√2: that row's edit is refused at once.
    QSignalSpy refused(&document, &ScenarioDocument::editRefused);
    QVERIFY(!document.setCell(TensorRole::Query, 0, 0, 1e300));
    QCOMPARE(refused.count(), 1);
    QCOMPARE(document.tensor(TensorRole::Query)(0, 0), 1.0);
    QCOMPARE(document.undoStack()->count(), 2);
    document.undoStack()->undo(); // K back: in the background
    QTRY_VERIFY_WITH_TIMEOUT(!document.computing(), attn::test::scaledTimeout(5000));
    document.undoStack()->undo(); // Q back: one row at once
    QVERIFY(!document.computing());
    compareWithFullRecomputation(document.trace(), document.scenario());
}

void TestDocumentBackground::editsRecomputeOnlyTheHeadsTheyChange_data()
{
    QTest::addColumn<attn::KernelKind>("kernel");
    QTest::addRow("naive") << attn::KernelKind::Naive;
    QTest::addRow("tiled") << attn::KernelKind::Tiled;
    QTest::addRow("windowed") << attn::KernelKind::Windowed;
    QTest::addRow("linear") << attn::KernelKind::Linear;
}

void TestDocumentBackground::editsRecomputeOnlyTheHeadsTheyChange()
{
    QFETCH(attn::KernelKind, kernel);
    std::mt19937 rng(21);
    std::atomic<int> headsComputed{0}; // by the last computation
    ScenarioDocument document(ScenarioDocument::CancellableEngine(
        [&headsComputed](const attn::Scenario &s, const attn::AttendControl &control) {
            headsComputed = control.heads.empty()
                                ? s.num_query_heads
                                : int(std::count(control.heads.begin(), control.heads.end(), true));
            return attn::attendControlled(s, control);
        }));
    document.setBackgroundThreshold(0);
    QVERIFY(document.load(randomScenario(kernel, rng)));
    std::uniform_real_distribution<double> u(-2.0, 2.0);
    std::uniform_int_distribution<int> pick(0, 1 << 20);
    for (int edit = 0; edit < 40; ++edit) {
        const int kind = pick(rng) % 4; // Q, K, V cell, or a key's padding (a whole-scenario edit)
        const int row = pick(rng) % 9;
        int expectedHeads = 4;
        if (kind == 3) {
            attn::Scenario s = document.scenario();
            s.mask.key_padding.assign(9, true);
            s.mask.key_padding[static_cast<std::size_t>(row)] = pick(rng) % 2 == 0;
            if (s.mask.key_padding == document.scenario().mask.key_padding) continue;
            QVERIFY(document.replaceScenario(s, QStringLiteral("padding")));
        } else {
            const TensorRole role = kind == 0   ? TensorRole::Query
                                    : kind == 1 ? TensorRole::Key
                                                : TensorRole::Value;
            const int column = pick(rng) % int(document.tensor(role).cols());
            QVERIFY(document.setCell(role, row, column, u(rng)));
            expectedHeads = role == TensorRole::Query ? 1 : 2; // a K/V head serves two query heads
        }
        QTRY_VERIFY_WITH_TIMEOUT(!document.computing(), attn::test::scaledTimeout(5000));
        QCOMPARE(headsComputed.load(), expectedHeads);
        compareWithFullRecomputation(document.trace(), document.scenario());
        if (QTest::currentTestFailed()) qInfo("after edit %d (kind %d, row %d)", edit, kind, row);
        if (edit % 10 == 9) { // undo computes the same few heads back
            document.undoStack()->undo();
            QTRY_VERIFY_WITH_TIMEOUT(!document.computing(), attn::test::scaledTimeout(5000));
            compareWithFullRecomputation(document.trace(), document.scenario());
        }
        if (QTest::currentTestFailed()) return;
    }
}

QTEST_GUILESS_MAIN(TestDocumentBackground)
#include "tst_documentbackground.moc"
