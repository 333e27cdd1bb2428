// Scoring functions and positional schemes: additive, RoPE, ALiBi.
#include "core/attention.h"
#include "core/score.h"
#include "strictwarnings.h"

#include <QtTest>

#include <cmath>

using namespace attn;

namespace {

Matrix row(std::initializer_list<double> values)
{
    Matrix m(1, static_cast<Index>(values.size()));
    Index j = 0;
    for (double v : values) m(0, j++) = v;
    return m;
}

Scenario ropeCase(RopeLayout layout, std::int64_t queryPos, std::int64_t keyPos)
{
    Scenario s;
    s.query = row({1, 2, 3, 4});
    s.key = row({0.5, -1, 2, 1});
    s.value = row({1});
    s.score = ScoreKind::Dot;
    s.query_positions = {queryPos};
    s.key_positions = {keyPos};
    s.positional.kind = PositionalKind::Rope;
    s.positional.rope_layout = layout;
    return s;
}

} // namespace

class TestScore : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void rope_data();
    void rope();
    void ropeDependsOnlyOnDistance();
    void ropeAtPositionZeroIsIdentity();
    void alibiSlopes_data();
    void alibiSlopes();
    void alibiBiasInLogits();
    void additiveScore();
};

void TestScore::rope_data()
{
    QTest::addColumn<int>("layout");
    QTest::addColumn<double>("score");
    // Reference values computed independently in double precision (q·R(3)ᵀ R(1) k).
    QTest::addRow("interleaved") << int(RopeLayout::Interleaved) << 8.703632134368462;
    QTest::addRow("half_split") << int(RopeLayout::HalfSplit) << -0.13071371065043103;
}

void TestScore::rope()
{
    QFETCH(int, layout);
    QFETCH(double, score);
    const AttentionTrace t = attend(ropeCase(static_cast<RopeLayout>(layout), 3, 1));
    QVERIFY2(std::abs(t.heads[0].logits(0, 0) - score) < 1e-12,
             qPrintable(QString::number(t.heads[0].logits(0, 0), 'g', 17)));
}

void TestScore::ropeDependsOnlyOnDistance()
{
    for (RopeLayout layout : {RopeLayout::HalfSplit, RopeLayout::Interleaved}) {
        const double a = attend(ropeCase(layout, 3, 1)).heads[0].logits(0, 0);
        const double b = attend(ropeCase(layout, 103, 101)).heads[0].logits(0, 0);
        QVERIFY2(std::abs(a - b) < 1e-9, qPrintable(QString("%1 vs %2").arg(a).arg(b)));
    }
}

void TestScore::ropeAtPositionZeroIsIdentity()
{
    const Matrix x = row({1, 2, 3, 4});
    QCOMPARE(applyRope(x, {0}, 10000.0, RopeLayout::HalfSplit), x);
    // Half-split pairs (0,2) and (1,3); at position 1 pair 0 turns by exactly 1 radian.
    const Matrix r = applyRope(row({1, 0, 0, 0}), {1}, 10000.0, RopeLayout::HalfSplit);
    QVERIFY(std::abs(r(0, 0) - std::cos(1.0)) < 1e-15);
    QVERIFY(std::abs(r(0, 2) - std::sin(1.0)) < 1e-15);
}

void TestScore::alibiSlopes_data()
{
    QTest::addColumn<int>("heads");
    QTest::addColumn<QList<double>>("slopes");
    QTest::addRow("4 heads") << 4 << QList<double>{0.25, 0.0625, 0.015625, 0.00390625};
    QTest::addRow("8 heads") << 8 << QList<double>{0.5,     0.25,     0.125,     0.0625,
                                                   0.03125, 0.015625, 0.0078125, 0.00390625};
    // Not a power of two: the 4-head slopes, then every other slope of the 8-head set.
    QTest::addRow("6 heads") << 6 << QList<double>{0.25, 0.0625, 0.015625, 0.00390625, 0.5, 0.125};
    QTest::addRow("1 head") << 1 << QList<double>{0.00390625};
}

void TestScore::alibiSlopes()
{
    QFETCH(int, heads);
    QFETCH(QList<double>, slopes);
    const std::vector<double> got = attn::alibiSlopes(heads);
    QCOMPARE(int(got.size()), heads);
    for (int h = 0; h < heads; ++h) QVERIFY(std::abs(got[static_cast<std::size_t>(h)] - slopes[h]) < 1e-15);
}

void TestScore::alibiBiasInLogits()
{
    Scenario s;
    s.num_query_heads = 6;
    s.num_kv_heads = 1;
    s.query = Matrix::Zero(2, 6);
    s.key = Matrix::Zero(2, 1);
    s.value = (Matrix(2, 1) << 1, 2).finished();
    s.positional.kind = PositionalKind::Alibi;
    const AttentionTrace t = attend(s);
    // Head 4 has slope 0.5: logits [[0, −0.5], [−0.5, 0]]; weights 1/(1 + e^−0.5) = 0.62246.
    QCOMPARE(t.heads[4].logits(0, 1), -0.5);
    QCOMPARE(t.heads[4].logits(1, 1), 0.0);
    QVERIFY(std::abs(t.heads[4].weights(0, 0) - 0.6224593312018546) < 1e-12);
    QVERIFY(std::abs(t.output(0, 4) - 1.3775406687981455) < 1e-12);
}

void TestScore::additiveScore()
{
    // a(q, k) = tanh(q + k) with W_q = W_k = v = 1; q = 0, keys 1 and 0.5, last two padded.
    Scenario s;
    s.query = row({0});
    s.key = (Matrix(4, 1) << 1, 0.5, 0, 0).finished();
    s.value = (Matrix(4, 1) << 1, 2, 0, 0).finished();
    s.score = ScoreKind::Additive;
    s.additive = AdditiveParams{Matrix::Ones(1, 1), Matrix::Ones(1, 1), Vector::Ones(1)};
    s.mask.key_padding = {true, true, false, false};
    const AttentionTrace t = attend(s);
    QVERIFY(std::abs(t.heads[0].logits(0, 0) - std::tanh(1.0)) < 1e-15);
    QVERIFY(std::abs(t.heads[0].weights(0, 0) - 0.5743146598208012) < 1e-12);
    QCOMPARE(t.heads[0].weights(0, 2), 0.0);
    QVERIFY(std::abs(t.output(0, 0) - 1.4256853401791987) < 1e-12);
}

QTEST_APPLESS_MAIN(TestScore)
#include "tst_score.moc"
