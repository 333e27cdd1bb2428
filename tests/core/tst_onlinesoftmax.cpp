// The teaching online softmax (core/onlinesoftmax.h): tile order of FlashAttention-2's Algorithm 1, running
// max and sum checked by hand, the final output equal to attend()'s naive output for every tile size, masked
// keys skipped, a fully masked row left at zero, and bad arguments refused.
#include "core/attention.h"
#include "core/onlinesoftmax.h"
#include "strictwarnings.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <stdexcept>

using namespace attn;

class TestOnlineSoftmax : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void tileOrderFollowsFlashAttention2();
    void runningMaxAndSumByHand();
    void equalsNaiveForEveryTileSize_data();
    void equalsNaiveForEveryTileSize();
    void maskedKeysAndEmptyRows();
    void refusesBadArguments();
};

void TestOnlineSoftmax::tileOrderFollowsFlashAttention2()
{
    // FlashAttention-2's order. n_q = 3, n_k = 5, B_r = 2, B_c = 2: query tiles [0,2) [2,3)
    // outer, key tiles [0,2) [2,4) [4,5) inner.
    const std::vector<ScoreTile> tiles = flashTileOrder(3, 5, 2, 2);
    QCOMPARE(tiles.size(), std::size_t(6));
    QCOMPARE(tiles[0].row_begin, Index(0));
    QCOMPARE(tiles[0].col_begin, Index(0));
    QCOMPARE(tiles[1].row_begin, Index(0)); // the inner loop moves along the keys first
    QCOMPARE(tiles[1].col_begin, Index(2));
    QCOMPARE(tiles[1].col_end, Index(4));
    QCOMPARE(tiles[2].col_begin, Index(4));
    QCOMPARE(tiles[2].col_end, Index(5));
    QCOMPARE(tiles[3].row_begin, Index(2)); // then the next query tile
    QCOMPARE(tiles[3].row_end, Index(3));
    QCOMPARE(tiles[3].col_begin, Index(0));
    QCOMPARE(tiles[5].row_begin, Index(2));
    QCOMPARE(tiles[5].col_begin, Index(4));
    QCOMPARE(tiles[5].col_end, Index(5));
    QCOMPARE(flashTileOrder(6, 6, 3, 3).size(), std::size_t(4));
    QVERIFY(flashTileOrder(0, 4, 2, 2).empty());
}

void TestOnlineSoftmax::runningMaxAndSumByHand()
{
    // One query, logits (1, 3, 2), values 10, 20, 30; tiles of one key each.
    Matrix logits(1, 3);
    logits << 1, 3, 2;
    const BoolMatrix visible = BoolMatrix::Constant(1, 3, true);
    Matrix value(3, 1);
    value << 10, 20, 30;
    OnlineSoftmaxState s = startOnlineSoftmax(1, 1);
    QVERIFY(std::isinf(s.m(0)) && s.m(0) < 0);
    const std::vector<ScoreTile> tiles = flashTileOrder(1, 3, 1, 1);
    visitTile(s, logits, visible, value, tiles[0]);
    QCOMPARE(s.m(0), 1.0);
    QCOMPARE(s.l(0), 1.0); // e^(1−1)
    QCOMPARE(onlineOutput(s)(0, 0), 10.0);
    visitTile(s, logits, visible, value, tiles[1]);
    QCOMPARE(s.m(0), 3.0);                                    // the max moved: the old sum is rescaled
    QVERIFY(std::abs(s.l(0) - (std::exp(-2.0) + 1)) < 1e-15); // e^(1−3) + e^(3−3)
    visitTile(s, logits, visible, value, tiles[2]);
    QCOMPARE(s.m(0), 3.0);
    const double l = std::exp(-2.0) + 1 + std::exp(-1.0);
    QVERIFY(std::abs(s.l(0) - l) < 1e-15);
    const double expected = (10 * std::exp(-2.0) + 20 + 30 * std::exp(-1.0)) / l;
    QVERIFY(std::abs(onlineOutput(s)(0, 0) - expected) < 1e-13);
    QCOMPARE(s.tiles_done, Index(3));
}

void TestOnlineSoftmax::equalsNaiveForEveryTileSize_data()
{
    QTest::addColumn<int>("br");
    QTest::addColumn<int>("bc");
    QTest::addRow("1x1") << 1 << 1;
    QTest::addRow("2x2") << 2 << 2;
    QTest::addRow("2x3") << 2 << 3;
    QTest::addRow("4x5") << 4 << 5;
    QTest::addRow("whole") << 7 << 7;
}

void TestOnlineSoftmax::equalsNaiveForEveryTileSize()
{
    QFETCH(int, br);
    QFETCH(int, bc);
    Scenario s;
    s.query.resize(7, 2);
    s.key.resize(7, 2);
    s.value.resize(7, 3);
    for (Index i = 0; i < 7; ++i) {
        s.query.row(i) << std::sin(1.0 + i), 2 * std::cos(0.5 * i);
        s.key.row(i) << 3 * std::cos(2.0 + i), std::sin(0.3 * i);
        s.value.row(i) << i, 1.0 - i * i, std::sin(double(i));
    }
    const AttentionTrace trace = attend(s);
    const HeadTrace &head = trace.heads[0];
    OnlineSoftmaxState state = startOnlineSoftmax(7, 3);
    for (const ScoreTile &tile : flashTileOrder(7, 7, br, bc))
        visitTile(state, head.logits, head.visible, s.value, tile);
    const double diff = (onlineOutput(state) - head.output).cwiseAbs().maxCoeff();
    QVERIFY2(diff < 1e-13, qPrintable(QString::number(diff)));
    // ℓ · e^m is the row's full softmax denominator Σ e^logit.
    for (Index i = 0; i < 7; ++i) {
        const double denominator = head.logits.row(i).array().exp().sum();
        QVERIFY(std::abs(state.l(i) * std::exp(state.m(i)) / denominator - 1) < 1e-13);
    }
}

void TestOnlineSoftmax::maskedKeysAndEmptyRows()
{
    // Causal, 3 tokens, but row 0 also loses key 0 through padding: it has no visible key.
    Scenario s;
    s.query = Matrix::Identity(3, 2);
    s.key = Matrix::Identity(3, 2);
    s.value.resize(3, 1);
    s.value << 1, 2, 4;
    s.mask.causal = true;
    s.mask.key_padding = {false, true, true};
    const AttentionTrace trace = attend(s);
    const HeadTrace &head = trace.heads[0];
    OnlineSoftmaxState state = startOnlineSoftmax(3, 1);
    for (const ScoreTile &tile : flashTileOrder(3, 3, 1, 2))
        visitTile(state, head.logits, head.visible, s.value, tile);
    QVERIFY(std::isinf(state.m(0)));
    QCOMPARE(state.l(0), 0.0);
    QCOMPARE(onlineOutput(state)(0, 0), 0.0); // the "zero" policy's output
    QCOMPARE(state.m(1), head.logits(1, 1));  // key 0 is padding: only key 1 counted
    QCOMPARE(onlineOutput(state)(1, 0), 2.0);
    QVERIFY((onlineOutput(state) - head.output).cwiseAbs().maxCoeff() < 1e-14);
}

void TestOnlineSoftmax::refusesBadArguments()
{
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, flashTileOrder(2, 2, 0, 1));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, flashTileOrder(-1, 2, 1, 1));
    OnlineSoftmaxState state = startOnlineSoftmax(2, 1);
    const Matrix logits = Matrix::Zero(2, 2);
    const BoolMatrix visible = BoolMatrix::Constant(2, 2, true);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             visitTile(state, logits, visible, Matrix::Zero(2, 3), {0, 1, 0, 1}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             visitTile(state, logits, visible, Matrix::Zero(2, 1), {0, 3, 0, 1}));
}

QTEST_APPLESS_MAIN(TestOnlineSoftmax)
#include "tst_onlinesoftmax.moc"
