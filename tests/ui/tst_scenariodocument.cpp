// ScenarioDocument: edits through undo commands, exact undo/redo, structural edits, errors.
#include "ui/document/scenariodocument.h"
#include "workedexample.h"

#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <cmath>

using attn::doc::ScenarioDocument;
using attn::doc::TensorRole;

Q_DECLARE_METATYPE(TensorRole)

namespace {

// Worked example by hand: scores = [1/√2, 0], weights_1 = 1 / (1 + e^(−1/√2)).
const double kW1 = 1.0 / (1.0 + std::exp(-1.0 / std::sqrt(2.0))); // 0.669762
const double kW2 = 1.0 - kW1;                                     // 0.330238

} // namespace

class TestScenarioDocument : public QObject {
    Q_OBJECT

private slots:
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
    void errorKeepsLastGoodTrace();
    void selectedQueryIsClamped();
    void loadClearsUndo();
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

void TestScenarioDocument::errorKeepsLastGoodTrace()
{
    // Only key 0 is visible and a row with no visible key is an error: removing key 0 fails.
    attn::Scenario s = attn::test::workedExample();
    attn::BoolMatrix visible(1, 2);
    visible << true, false;
    s.mask.visible = {visible};
    s.mask.all_masked_rows = attn::MaskedRowPolicy::Error;
    ScenarioDocument document;
    document.load(s);
    QVERIFY2(document.traceIsCurrent(), qPrintable(document.lastError()));
    QCOMPARE(document.trace().heads[0].weights(0, 0), 1.0);

    QSignalSpy traceSpy(&document, &ScenarioDocument::traceChanged);
    QVERIFY(document.removeKey(0));
    QCOMPARE(traceSpy.count(), 1);
    QVERIFY(!document.lastError().isEmpty());
    QVERIFY(!document.traceIsCurrent());
    QCOMPARE(document.trace().heads[0].weights.cols(), attn::Index(2)); // the last good trace
    QCOMPARE(document.keyCount(), 1);

    document.undoStack()->undo();
    QVERIFY(document.lastError().isEmpty());
    QVERIFY(document.traceIsCurrent());
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

QTEST_GUILESS_MAIN(TestScenarioDocument)
#include "tst_scenariodocument.moc"
