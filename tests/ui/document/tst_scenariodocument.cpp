// ScenarioDocument: edits through undo commands, exact undo/redo, structural edits, errors.
#include "strictwarnings.h"
#include "ui/document/scenariodocument.h"
#include "workedexample.h"

#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <cmath>
#include <limits>

using attn::doc::ScenarioDocument;
using attn::doc::TensorRole;

Q_DECLARE_METATYPE(TensorRole)

namespace {

// Worked example by hand: scores = [1/√2, 0], weights_1 = 1 / (1 + e^(−1/√2)).
const double kW1 = 1.0 / (1.0 + std::exp(-1.0 / std::sqrt(2.0))); // 0.669762
const double kW2 = 1.0 - kW1;                                     // 0.330238

/// attend, refusing a non-finite visible logit (field "logits") as the engine is meant to:
/// the document must refuse such an edit whichever engine finds the fault.
attn::AttentionTrace finiteLogitsAttend(const attn::Scenario &scenario)
{
    attn::AttentionTrace trace = attn::attend(scenario);
    for (const attn::HeadTrace &head : trace.heads)
        for (attn::Index i = 0; i < head.logits.rows(); ++i)
            for (attn::Index j = 0; j < head.logits.cols(); ++j)
                if (head.visible(i, j) && !std::isfinite(head.logits(i, j)))
                    throw attn::ScenarioError("logits", "logits: query " + std::to_string(i) + ", key " +
                                                            std::to_string(j) + " is not finite");
    return trace;
}

/// The worked example whose only visible key is k1, with the "error" policy: removing k1
/// leaves a row with no visible key, which attend refuses.
attn::Scenario onlyFirstKeyVisible()
{
    attn::Scenario s = attn::test::workedExample();
    attn::BoolMatrix visible(1, 2);
    visible << true, false;
    s.mask.visible = {visible};
    s.mask.all_masked_rows = attn::MaskedRowPolicy::Error;
    return s;
}

} // namespace

class TestScenarioDocument : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void loadComputesTrace();
    void setCellUndoRedoExact_data();
    void setCellUndoRedoExact();
    void editsOfOneCellMerge();
    void setCellRefusesBadInput();
    void addKeyAddsKAndVRows();
    void removeKeyRemovesKAndVRows();
    void removingTheLastIsRefused();
    void addQueryLabelsAndUndo();
    void keyDimPerHeadBlock();
    void valueDim();
    void structuralEditThatCannotBeComputedIsRefused();
    void cellEditThatCannotBeComputedIsRefused();
    void refusedEditLeavesUndoConsistent();
    void loadOfAnUncomputableScenarioIsRefused();
    void nanNote_data();
    void nanNote();
    void selectedQueryIsClamped();
    void loadClearsUndo();
    void editOfAProjectedTensorDetachesTheProjection();
};

void TestScenarioDocument::loadComputesTrace()
{
    ScenarioDocument document;
    QSignalSpy traceSpy(&document, &ScenarioDocument::traceChanged);
    document.load(attn::test::workedExample());
    QCOMPARE(traceSpy.count(), 1);
    QVERIFY(document.traceIsCurrent());
    QVERIFY(document.lastError().isEmpty());
    const attn::AttentionTrace &trace = document.trace();
    QCOMPARE(trace.heads.size(), std::size_t(1));
    QVERIFY(std::abs(trace.heads[0].weights(0, 0) - kW1) < 1e-12);
    QVERIFY(std::abs(trace.heads[0].weights(0, 1) - kW2) < 1e-12);
    QVERIFY(std::abs(trace.output(0, 0) - 2 * kW1) < 1e-12);
    QVERIFY(std::abs(trace.output(0, 1) - 4 * kW2) < 1e-12);
    QCOMPARE(document.queryLabel(0), QStringLiteral("q"));
    QCOMPARE(document.keyLabel(1), QStringLiteral("k2"));
    QCOMPARE(document.keyDim(), 2);
    QCOMPARE(document.valueDim(), 2);
}

void TestScenarioDocument::setCellUndoRedoExact_data()
{
    QTest::addColumn<TensorRole>("role");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::addColumn<double>("value");
    QTest::addRow("Q[0,0] = 2") << TensorRole::Query << 0 << 0 << 2.0;
    QTest::addRow("K[1,0] = 0.1 (not exact in binary)") << TensorRole::Key << 1 << 0 << 0.1;
    QTest::addRow("V[1,1] = -1e-300") << TensorRole::Value << 1 << 1 << -1e-300;
    QTest::addRow("V[0,1] = 1/3") << TensorRole::Value << 0 << 1 << 1.0 / 3.0;
}

void TestScenarioDocument::setCellUndoRedoExact()
{
    QFETCH(TensorRole, role);
    QFETCH(int, row);
    QFETCH(int, column);
    QFETCH(double, value);
    ScenarioDocument document;
    document.load(attn::test::workedExample());
    const attn::Matrix before = document.tensor(role);
    const attn::Matrix weightsBefore = document.trace().heads[0].weights;
    QSignalSpy cellSpy(&document, &ScenarioDocument::cellChanged);

    QVERIFY(document.setCell(role, row, column, value));
    QCOMPARE(document.tensor(role)(row, column), value);
    QCOMPARE(cellSpy.count(), 1);
    QCOMPARE(document.undoStack()->count(), 1);

    document.undoStack()->undo();
    QVERIFY(document.tensor(role) == before); // bit-exact
    QVERIFY(document.trace().heads[0].weights == weightsBefore);
    document.undoStack()->redo();
    QCOMPARE(document.tensor(role)(row, column), value);
    QCOMPARE(cellSpy.count(), 3);
}

void TestScenarioDocument::editsOfOneCellMerge()
{
    ScenarioDocument document;
    document.load(attn::test::workedExample());
    document.setCell(TensorRole::Query, 0, 0, 2.0);
    document.setCell(TensorRole::Query, 0, 0, 3.0);
    QCOMPARE(document.undoStack()->count(), 1);
    document.setCell(TensorRole::Query, 0, 1, 5.0);
    QCOMPARE(document.undoStack()->count(), 2);
    document.undoStack()->undo();
    document.undoStack()->undo();
    QCOMPARE(document.tensor(TensorRole::Query)(0, 0), 1.0);
    QCOMPARE(document.tensor(TensorRole::Query)(0, 1), 0.0);
}

void TestScenarioDocument::setCellRefusesBadInput()
{
    ScenarioDocument document;
    document.load(attn::test::workedExample());
    QVERIFY(!document.setCell(TensorRole::Key, 2, 0, 1.0));
    QVERIFY(!document.setCell(TensorRole::Key, 0, -1, 1.0));
    QVERIFY(!document.setCell(TensorRole::Key, 0, 0, std::nan("")));
    QVERIFY(!document.setCell(TensorRole::Key, 0, 0, HUGE_VAL));
    QCOMPARE(document.undoStack()->count(), 0);
    QCOMPARE(document.tensor(TensorRole::Key)(0, 0), 1.0);
}

void TestScenarioDocument::addKeyAddsKAndVRows()
{
    ScenarioDocument document;
    document.load(attn::test::workedExample());
    QSignalSpy shapeSpy(&document, &ScenarioDocument::shapeChanged);
    QVERIFY(document.addKey());
    QCOMPARE(shapeSpy.count(), 1);
    QCOMPARE(document.keyCount(), 3);
    QCOMPARE(document.tensor(TensorRole::Key).rows(), attn::Index(3));
    QCOMPARE(document.tensor(TensorRole::Value).rows(), attn::Index(3));
    QVERIFY(document.tensor(TensorRole::Key).row(2).isZero());
    QVERIFY(document.tensor(TensorRole::Value).row(2).isZero());
    QCOMPARE(document.keyLabel(2), QStringLiteral("k3"));
    QCOMPARE(document.trace().heads[0].weights.cols(), attn::Index(3));
    // The new key has score 0 like k2: weights e^(1/√2), 1, 1 over their sum.
    const double e = std::exp(1.0 / std::sqrt(2.0));
    QVERIFY(std::abs(document.trace().heads[0].weights(0, 2) - 1.0 / (e + 2.0)) < 1e-12);

    document.undoStack()->undo();
    QCOMPARE(document.keyCount(), 2);
    QVERIFY(document.scenario().key_tokens == (std::vector<std::string>{"k1", "k2"}));
    QVERIFY(std::abs(document.trace().heads[0].weights(0, 0) - kW1) < 1e-12);
}

void TestScenarioDocument::removeKeyRemovesKAndVRows()
{
    ScenarioDocument document;
    document.load(attn::test::workedExample());
    QVERIFY(document.removeKey(0));
    QCOMPARE(document.keyCount(), 1);
    QCOMPARE(document.tensor(TensorRole::Key)(0, 1), 1.0);   // k2 = [0, 1] remains
    QCOMPARE(document.tensor(TensorRole::Value)(0, 1), 4.0); // v2 = [0, 4] remains
    QCOMPARE(document.keyLabel(0), QStringLiteral("k2"));
    QCOMPARE(document.trace().heads[0].weights(0, 0), 1.0);
    document.undoStack()->undo();
    QCOMPARE(document.tensor(TensorRole::Value)(1, 1), 4.0);
    QCOMPARE(document.keyLabel(0), QStringLiteral("k1"));
}

void TestScenarioDocument::removingTheLastIsRefused()
{
    ScenarioDocument document;
    document.load(attn::test::workedExample());
    QVERIFY(!document.removeQuery(0)); // n_q = 1
    QVERIFY(document.removeKey(1));
    QVERIFY(!document.removeKey(0)); // n_k = 1
    QVERIFY(document.removeKeyDim(1));
    QVERIFY(!document.removeKeyDim(0)); // d_k = 1
    QVERIFY(document.removeValueDim(0));
    QVERIFY(!document.removeValueDim(0)); // d_v = 1
    QVERIFY(!document.removeKey(5));
    QCOMPARE(document.undoStack()->count(), 3);
    QCOMPARE(document.queryCount(), 1);
    QCOMPARE(document.keyCount(), 1);
    QCOMPARE(document.keyDim(), 1);
    QCOMPARE(document.valueDim(), 1);
}

void TestScenarioDocument::addQueryLabelsAndUndo()
{
    ScenarioDocument document;
    document.load(attn::test::workedExample());
    QVERIFY(document.addQuery());
    QVERIFY(document.addQuery());
    QCOMPARE(document.queryCount(), 3);
    QCOMPARE(document.queryLabel(1), QStringLiteral("q2"));
    QCOMPARE(document.queryLabel(2), QStringLiteral("q3"));
    QCOMPARE(document.trace().output.rows(), attn::Index(3));
    // A zero query scores 0 with every key: uniform weights, output = mean of the values.
    QCOMPARE(document.trace().output(2, 0), 1.0);
    QCOMPARE(document.trace().output(2, 1), 2.0);
    QVERIFY(document.removeQuery(1));
    QCOMPARE(document.queryLabel(1), QStringLiteral("q3"));
    document.undoStack()->undo();
    document.undoStack()->undo();
    document.undoStack()->undo();
    QCOMPARE(document.queryCount(), 1);
}

void TestScenarioDocument::keyDimPerHeadBlock()
{
    // Two query heads and two K/V heads, d_k = 2: Q = [a b | c d].
    attn::Scenario s = attn::test::workedExample();
    s.num_query_heads = 2;
    s.num_kv_heads = 2;
    s.query.resize(1, 4);
    s.query << 1, 2, 3, 4;
    s.key.resize(2, 4);
    s.key << 1, 0, 1, 0, 0, 1, 0, 1;
    s.value.resize(2, 4);
    s.value << 2, 0, 2, 0, 0, 4, 0, 4;
    ScenarioDocument document;
    document.load(s);
    QVERIFY2(document.traceIsCurrent(), qPrintable(document.lastError()));
    QCOMPARE(document.keyDim(), 2);

    QVERIFY(document.addKeyDim());
    attn::Matrix expected(1, 6);
    expected << 1, 2, 0, 3, 4, 0;
    QVERIFY(document.tensor(TensorRole::Query) == expected);
    QCOMPARE(document.tensor(TensorRole::Key).cols(), attn::Index(6));
    QCOMPARE(document.keyDim(), 3);

    QVERIFY(document.removeKeyDim(0));
    expected.resize(1, 4);
    expected << 2, 0, 4, 0;
    QVERIFY(document.tensor(TensorRole::Query) == expected);
    QVERIFY(document.traceIsCurrent());
    document.undoStack()->undo();
    document.undoStack()->undo();
    QVERIFY(document.tensor(TensorRole::Query) == s.query);
}

void TestScenarioDocument::valueDim()
{
    ScenarioDocument document;
    document.load(attn::test::workedExample());
    QVERIFY(document.addValueDim());
    QCOMPARE(document.tensor(TensorRole::Value).cols(), attn::Index(3));
    QCOMPARE(document.trace().output.cols(), attn::Index(3));
    QVERIFY(document.removeValueDim(0));
    QCOMPARE(document.tensor(TensorRole::Value)(1, 0), 4.0); // column 1 moved to 0
    QCOMPARE(document.tensor(TensorRole::Key).cols(), attn::Index(2));
}

void TestScenarioDocument::structuralEditThatCannotBeComputedIsRefused()
{
    ScenarioDocument document;
    QVERIFY(document.load(onlyFirstKeyVisible()));
    QVERIFY2(document.traceIsCurrent(), qPrintable(document.lastError()));
    QCOMPARE(document.trace().heads[0].weights(0, 0), 1.0);

    QSignalSpy traceSpy(&document, &ScenarioDocument::traceChanged);
    QSignalSpy shapeSpy(&document, &ScenarioDocument::shapeAboutToChange);
    QSignalSpy refusedSpy(&document, &ScenarioDocument::editRefused);
    QVERIFY(!document.removeKey(0)); // query 0 would see no key: "error" policy
    QCOMPARE(traceSpy.count(), 0);
    QCOMPARE(shapeSpy.count(), 0);
    QCOMPARE(refusedSpy.count(), 1);
    const QString message = refusedSpy.at(0).at(0).toString();
    QVERIFY2(message.contains(QStringLiteral("Remove key k1")) && message.contains(QStringLiteral("mask")),
             qPrintable(message));
    QCOMPARE(document.lastRefusal(), message);
    QCOMPARE(document.keyCount(), 2); // nothing changed, the trace still matches the tables
    QCOMPARE(document.trace().heads[0].weights.cols(), attn::Index(2));
    QVERIFY(document.traceIsCurrent());
    QCOMPARE(document.undoStack()->count(), 0);

    QVERIFY(document.removeKey(1)); // removing the masked key computes
    QVERIFY(document.lastRefusal().isEmpty());
    QCOMPARE(document.keyCount(), 1);
}

void TestScenarioDocument::cellEditThatCannotBeComputedIsRefused()
{
    ScenarioDocument document(finiteLogitsAttend);
    QVERIFY(document.load(attn::test::workedExample()));
    // q = [1e300, 0]: the logit with k1 = [1, 0] is 1e300/√2, still finite: accepted.
    QVERIFY(document.setCell(TensorRole::Query, 0, 0, 1e300));
    QCOMPARE(document.undoStack()->count(), 1);
    const attn::Matrix weights = document.trace().heads[0].weights;
    const attn::Matrix output = document.trace().output;

    // k1 = [1e300, 0]: the logit 1e600/√2 overflows to inf: refused, nothing changes.
    QSignalSpy cellSpy(&document, &ScenarioDocument::cellChanged);
    QSignalSpy traceSpy(&document, &ScenarioDocument::traceChanged);
    QSignalSpy refusedSpy(&document, &ScenarioDocument::editRefused);
    QVERIFY(!document.setCell(TensorRole::Key, 0, 0, 1e300));
    QCOMPARE(document.tensor(TensorRole::Key)(0, 0), 1.0);
    QCOMPARE(cellSpy.count(), 0);
    QCOMPARE(traceSpy.count(), 0);
    QCOMPARE(refusedSpy.count(), 1);
    const QString message = refusedSpy.at(0).at(0).toString();
    QVERIFY2(message.contains(QStringLiteral("K[0, 0] = 1e+300")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("logits")), qPrintable(message));
    QVERIFY(document.trace().heads[0].weights == weights);
    QVERIFY(document.trace().output == output);
    QCOMPARE(document.undoStack()->count(), 1);
    QVERIFY(document.traceIsCurrent());
}

void TestScenarioDocument::refusedEditLeavesUndoConsistent()
{
    ScenarioDocument document(finiteLogitsAttend);
    QVERIFY(document.load(attn::test::workedExample()));
    QVERIFY(document.setCell(TensorRole::Query, 0, 0, 1e300));
    QVERIFY(document.setCell(TensorRole::Value, 1, 1, 8.0));
    QVERIFY(!document.setCell(TensorRole::Key, 0, 0, 1e300)); // refused
    QVERIFY(document.addKeyDim());                            // a zero column: the logits stay finite
    QCOMPARE(document.undoStack()->count(), 3);
    document.undoStack()->undo();
    QCOMPARE(document.undoStack()->index(), 2);
    QCOMPARE(document.keyDim(), 2);
    document.undoStack()->undo(); // V[1, 1] back to 4
    QCOMPARE(document.tensor(TensorRole::Value)(1, 1), 4.0);
    document.undoStack()->undo(); // Q[0, 0] back to 1
    QCOMPARE(document.tensor(TensorRole::Query)(0, 0), 1.0);
    QVERIFY(document.traceIsCurrent());
    QVERIFY(std::abs(document.trace().heads[0].weights(0, 0) - kW1) < 1e-12);
    document.undoStack()->redo();
    document.undoStack()->redo();
    QCOMPARE(document.tensor(TensorRole::Value)(1, 1), 8.0);
    QCOMPARE(document.tensor(TensorRole::Key)(0, 0), 1.0); // the refused edit never happened
    QVERIFY(document.traceIsCurrent());
}

void TestScenarioDocument::loadOfAnUncomputableScenarioIsRefused()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    QVERIFY(document.setCell(TensorRole::Value, 0, 0, 9.0));

    attn::Scenario bad = onlyFirstKeyVisible();
    bad.mask.visible.front()(0, 0) = false; // no visible key at all, "error" policy
    QSignalSpy traceSpy(&document, &ScenarioDocument::traceChanged);
    QString error;
    QVERIFY(!document.load(bad, &error));
    QVERIFY2(error.contains(QStringLiteral("sees no key")), qPrintable(error));
    QCOMPARE(traceSpy.count(), 0);
    QCOMPARE(document.tensor(TensorRole::Value)(0, 0), 9.0); // the edited scenario stays
    QCOMPARE(document.undoStack()->count(), 1);              // with its history
    QVERIFY(document.traceIsCurrent());

    ScenarioDocument fresh; // refused as a first load too: nothing to show, nothing computed
    QVERIFY(!fresh.load(bad));
    QVERIFY(!fresh.traceIsCurrent());
    QCOMPARE(fresh.keyCount(), 0);
}

void TestScenarioDocument::nanNote_data()
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    QTest::addColumn<TensorRole>("role");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::addColumn<double>("value");
    QTest::addColumn<bool>("maskFirstKey");
    QTest::addColumn<QString>("expected");
    QTest::addRow("no NaN") << TensorRole::Value << 0 << 0 << 2.0 << false << QString();
    QTest::addRow("V") << TensorRole::Value << 1 << 0 << nan << false
                       << QStringLiteral(
                              "Note: V[1][0] (key “k2”) is NaN (null in the file); rows that "
                              "attend to it get NaN. A masked token's NaN never reaches the output.");
    // A NaN key that is masked: its scores are never used (masked-token invariance).
    QTest::addRow("K, masked") << TensorRole::Key << 0 << 1 << nan << true
                               << QStringLiteral(
                                      "Note: K[0][1] (key “k1”) is NaN (null in the file); its scores are "
                                      "NaN wherever it is visible. A masked token's NaN never reaches the "
                                      "output.");
}

void TestScenarioDocument::nanNote()
{
    QFETCH(TensorRole, role);
    QFETCH(int, row);
    QFETCH(int, column);
    QFETCH(double, value);
    QFETCH(bool, maskFirstKey);
    QFETCH(QString, expected);
    attn::Scenario s = attn::test::workedExample();
    (role == TensorRole::Value ? s.value : s.key)(row, column) = value;
    if (maskFirstKey) s.mask.key_padding = {false, true};
    ScenarioDocument document;
    QVERIFY(document.load(s));
    QCOMPARE(document.nanNote(), expected);
}

void TestScenarioDocument::selectedQueryIsClamped()
{
    ScenarioDocument document;
    document.load(attn::test::workedExample());
    QSignalSpy spy(&document, &ScenarioDocument::selectedQueryChanged);
    document.setSelectedQuery(5);
    QCOMPARE(document.selectedQuery(), 0);
    QCOMPARE(spy.count(), 0);
    document.addQuery();
    document.setSelectedQuery(7);
    QCOMPARE(document.selectedQuery(), 1);
    QCOMPARE(spy.count(), 1);
    document.undoStack()->undo(); // n_q back to 1
    QCOMPARE(document.selectedQuery(), 0);
    QCOMPARE(spy.count(), 2);
    document.setSelectedHead(3);
    QCOMPARE(document.selectedHead(), 0);
}

void TestScenarioDocument::loadClearsUndo()
{
    ScenarioDocument document;
    document.load(attn::test::workedExample());
    document.setCell(TensorRole::Value, 0, 0, 9.0);
    document.addKey();
    QCOMPARE(document.undoStack()->count(), 2);
    document.load(attn::test::workedExample());
    QCOMPARE(document.undoStack()->count(), 0);
    QCOMPARE(document.tensor(TensorRole::Value)(0, 0), 2.0);
}

void TestScenarioDocument::editOfAProjectedTensorDetachesTheProjection()
{
    // V = X·W_v with X = I: V is W_v. Editing V itself keeps the edit and drops the projection
    // (the file would otherwise write X and W_v and lose it); undo brings the projection back.
    const attn::Scenario s = attn::test::projectedWorkedExample();
    ScenarioDocument document;
    QVERIFY(document.load(s));
    QVERIFY(document.setCell(TensorRole::Value, 0, 0, 9.0));
    QVERIFY(!document.scenario().projection);
    QCOMPARE(document.tensor(TensorRole::Value)(0, 0), 9.0);
    QVERIFY(std::abs(document.trace().output(0, 0) - 9 * kW1) < 1e-12);
    QVERIFY2(document.undoStack()->text(0).contains("no longer computed from X"),
             qPrintable(document.undoStack()->text(0)));
    document.undoStack()->undo();
    QVERIFY(document.scenario().projection);
    QCOMPARE(document.tensor(TensorRole::Value)(0, 0), 2.0);
    QVERIFY(document.addKey()); // a structural edit detaches too
    QVERIFY(!document.scenario().projection);
    QCOMPARE(document.keyCount(), 3);
}

QTEST_GUILESS_MAIN(TestScenarioDocument)
#include "tst_scenariodocument.moc"
