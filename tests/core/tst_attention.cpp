// Hand-computed cases and invariants of attend() with the naive kernel.
#include "core/attention.h"
#include "strictwarnings.h"
#include "testtensors.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <random>

using namespace attn;
using attn::test::mat;
using attn::test::workedExample;

namespace {

Matrix randomMatrix(Index rows, Index cols, std::mt19937 &rng)
{
    std::normal_distribution<double> normal(0.0, 1.0);
    Matrix m(rows, cols);
    for (Index i = 0; i < m.size(); ++i) m.data()[i] = normal(rng);
    return m;
}

/// Self-attention over n tokens with causal mask and the last two keys padded.
Scenario randomMasked(std::mt19937 &rng, Index n = 6, Index d = 4)
{
    Scenario s;
    s.query = randomMatrix(n, d, rng);
    s.key = randomMatrix(n, d, rng);
    s.value = randomMatrix(n, d, rng);
    s.mask.causal = true;
    s.mask.key_padding.assign(static_cast<std::size_t>(n), true);
    s.mask.key_padding[static_cast<std::size_t>(n - 1)] = false;
    s.mask.key_padding[static_cast<std::size_t>(n - 2)] = false;
    return s;
}

} // namespace

class TestAttention : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void workedExample_matchesHandComputation();
    void temperatureAndScale_data();
    void temperatureAndScale();
    void rowsSumToOne();
    void maskedTokenNeverReachesVisibleOutput_data();
    void maskedTokenNeverReachesVisibleOutput();
    void fullyMaskedRowPolicies_data();
    void fullyMaskedRowPolicies();
    void causalAlignment_data();
    void causalAlignment();
    void alignmentFollowsExplicitKeyPositions_data();
    void alignmentFollowsExplicitKeyPositions();
    void keyPermutationPermutesWeightsOnly();
    void duplicateKeySplitsAndGainsWeight();
    void gqaHeadsReadTheirGroup();
    void largeLogitsDoNotOverflow();
    void impossibleSizeIsRefusedBeforeAllocating();
    void overflowingLogitIsRefused_data();
    void overflowingLogitIsRefused();
    void nanInputGivesHonestNaN();
};

void TestAttention::workedExample_matchesHandComputation()
{
    // scores = [1·1 + 0·0, 1·0 + 0·1] / √2 = [0.70711, 0];
    // weights = [e^0.70711, 1] / (e^0.70711 + 1) = [0.66976, 0.33024];
    // output = 0.66976·[2, 0] + 0.33024·[0, 4] = [1.33952, 1.32095].
    const AttentionTrace t = attend(workedExample());
    QCOMPARE(t.shapes.n_q, Index(1));
    QCOMPARE(t.shapes.n_k, Index(2));
    QCOMPARE(t.shapes.d_k, Index(2));
    QCOMPARE(t.shapes.d_v, Index(2));
    QCOMPARE(t.heads.size(), std::size_t(1));
    const HeadTrace &h = t.heads.front();
    QVERIFY(std::abs(t.scale - 1.0 / std::sqrt(2.0)) < 1e-15);
    QVERIFY(std::abs(h.logits(0, 0) - 0.7071067811865475) < 1e-12);
    QCOMPARE(h.logits(0, 1), 0.0);
    QVERIFY(std::abs(h.weights(0, 0) - 0.6697615493266569) < 1e-12);
    QVERIFY(std::abs(h.weights(0, 1) - 0.3302384506733431) < 1e-12);
    QVERIFY(std::abs(t.output(0, 0) - 1.3395230986533138) < 1e-12);
    QVERIFY(std::abs(t.output(0, 1) - 1.3209538026933725) < 1e-12);
    QVERIFY(t.fully_masked_rows.empty());
}

void TestAttention::temperatureAndScale_data()
{
    QTest::addColumn<double>("temperature");
    QTest::addColumn<double>("scale"); // NaN = default
    QTest::addColumn<int>("score");
    QTest::addColumn<double>("firstWeight");
    // logit 0.70711 / 2 = 0.35355 → 1 / (1 + e^−0.35355)
    QTest::addRow("temperature 2") << 2.0 << qQNaN() << int(ScoreKind::ScaledDot) << 0.5874790008396098;
    // logit 1 → 1 / (1 + e^−1)
    QTest::addRow("explicit scale 1") << 1.0 << 1.0 << int(ScoreKind::ScaledDot) << 0.7310585786300049;
    QTest::addRow("plain dot") << 1.0 << qQNaN() << int(ScoreKind::Dot) << 0.7310585786300049;
    // logit 1 / 0.5 = 2 → 1 / (1 + e^−2)
    QTest::addRow("dot, temperature 0.5") << 0.5 << qQNaN() << int(ScoreKind::Dot) << 0.8807970779778823;
}

void TestAttention::temperatureAndScale()
{
    QFETCH(double, temperature);
    QFETCH(double, scale);
    QFETCH(int, score);
    QFETCH(double, firstWeight);
    Scenario s = workedExample();
    s.temperature = temperature;
    if (!std::isnan(scale)) s.scale = scale;
    s.score = static_cast<ScoreKind>(score);
    const AttentionTrace t = attend(s);
    QVERIFY2(std::abs(t.heads[0].weights(0, 0) - firstWeight) < 1e-12,
             qPrintable(QString::number(t.heads[0].weights(0, 0), 'g', 17)));
    QVERIFY(std::abs(t.heads[0].weights(0, 1) - (1.0 - firstWeight)) < 1e-12);
}

void TestAttention::rowsSumToOne()
{
    std::mt19937 rng(7);
    for (int trial = 0; trial < 20; ++trial) {
        const AttentionTrace t = attend(randomMasked(rng, 3 + trial % 7));
        for (const HeadTrace &h : t.heads) {
            for (Index i = 0; i < h.weights.rows(); ++i) {
                QVERIFY2(std::abs(h.weights.row(i).sum() - 1.0) < 1e-12, qPrintable(QString::number(i)));
                QVERIFY((h.weights.row(i).array() >= 0.0).all());
            }
        }
    }
}

void TestAttention::maskedTokenNeverReachesVisibleOutput_data()
{
    QTest::addColumn<double>("poison");
    QTest::addRow("NaN") << std::numeric_limits<double>::quiet_NaN();
    QTest::addRow("+Inf") << std::numeric_limits<double>::infinity();
    QTest::addRow("-Inf") << -std::numeric_limits<double>::infinity();
    QTest::addRow("1e300") << 1e300;
    QTest::addRow("ordinary change") << 3.25;
}

void TestAttention::maskedTokenNeverReachesVisibleOutput()
{
    QFETCH(double, poison);
    std::mt19937 rng(11);
    const Scenario clean = randomMasked(rng);
    const AttentionTrace before = attend(clean);
    // The last key is padding: change its key and value.
    Scenario dirty = clean;
    dirty.key.row(dirty.key.rows() - 1).setConstant(poison);
    dirty.value.row(dirty.value.rows() - 1).setConstant(poison);
    const AttentionTrace after = attend(dirty);
    QVERIFY(after.output.allFinite());
    QCOMPARE(after.output, before.output); // bit for bit
    QCOMPARE(after.heads[0].weights, before.heads[0].weights);
    // Causal: key 4 is invisible to query 2; poison it and query 2 (and 0, 1, 3) must not move.
    Scenario future = clean;
    future.mask.key_padding.assign(future.mask.key_padding.size(), true);
    const AttentionTrace base = attend(future);
    future.value.row(4).setConstant(poison);
    future.key.row(4).setConstant(poison);
    const AttentionTrace changed = attend(future);
    QCOMPARE(Matrix(changed.output.topRows(4)), Matrix(base.output.topRows(4)));
}

void TestAttention::fullyMaskedRowPolicies_data()
{
    QTest::addColumn<int>("policy");
    QTest::addColumn<double>("weight"); // of the masked row, every entry
    QTest::addColumn<double>("output0");
    QTest::addRow("zero") << int(MaskedRowPolicy::Zero) << 0.0 << 0.0;
    QTest::addRow("nan") << int(MaskedRowPolicy::NaN) << qQNaN() << qQNaN();
    QTest::addRow("uniform") << int(MaskedRowPolicy::Uniform) << 0.5 << 2.0; // mean of 1 and 3
}

void TestAttention::fullyMaskedRowPolicies()
{
    QFETCH(int, policy);
    QFETCH(double, weight);
    QFETCH(double, output0);
    Scenario s;
    s.query = mat(2, 2, {1, 0, 0, 1});
    s.key = mat(2, 2, {1, 0, 0, 1});
    s.value = mat(2, 2, {1, 2, 3, 4});
    BoolMatrix visible(2, 2);
    visible << false, false, true, true;
    s.mask.visible = {visible};
    s.mask.all_masked_rows = static_cast<MaskedRowPolicy>(policy);
    const AttentionTrace t = attend(s);
    QCOMPARE(t.fully_masked_rows.size(), std::size_t(1));
    QCOMPARE(t.fully_masked_rows[0].first, 0);
    QCOMPARE(t.fully_masked_rows[0].second, Index(0));
    for (Index j = 0; j < 2; ++j) {
        const double w = t.heads[0].weights(0, j);
        QVERIFY(std::isnan(weight) ? std::isnan(w) : w == weight);
    }
    const double o = t.output(0, 0);
    QVERIFY(std::isnan(output0) ? std::isnan(o) : o == output0);
    // The ordinary row is untouched by the policy: softmax([0, 1]/√2).
    QVERIFY(std::abs(t.heads[0].weights(1, 1) - 0.6697615493266569) < 1e-12);
}

void TestAttention::causalAlignment_data()
{
    QTest::addColumn<int>("alignment");
    QTest::addColumn<int>("nQ");
    QTest::addColumn<int>("nK");
    QTest::addColumn<QList<double>>("outputs"); // V = 1, 2, …; all scores equal
    QTest::addRow("top_left 2x4") << int(Alignment::TopLeft) << 2 << 4 << QList<double>{1.0, 1.5};
    QTest::addRow("bottom_right 2x4") << int(Alignment::BottomRight) << 2 << 4 << QList<double>{2.0, 2.5};
    QTest::addRow("bottom_right 4x2")
        << int(Alignment::BottomRight) << 4 << 2 << QList<double>{0.0, 0.0, 1.0, 1.5};
    QTest::addRow("square needs no alignment")
        << int(Alignment::Unspecified) << 3 << 3 << QList<double>{1.0, 1.5, 2.0};
}

void TestAttention::causalAlignment()
{
    QFETCH(int, alignment);
    QFETCH(int, nQ);
    QFETCH(int, nK);
    QFETCH(QList<double>, outputs);
    Scenario s;
    s.query = Matrix::Zero(nQ, 1);
    s.key = Matrix::Zero(nK, 1);
    s.value.resize(nK, 1);
    for (int j = 0; j < nK; ++j) s.value(j, 0) = j + 1;
    s.mask.causal = true;
    s.alignment = static_cast<Alignment>(alignment);
    const AttentionTrace t = attend(s);
    for (int i = 0; i < nQ; ++i) QCOMPARE(t.output(i, 0), outputs[i]);
}

void TestAttention::alignmentFollowsExplicitKeyPositions_data()
{
    // Two queries, four keys at explicit positions, values 1 … 4, equal scores, causal: each
    // output is the mean of the values the query sees. Before, bottom_right put the queries at
    // i + n_k − n_q = 2 and 3 whatever the keys' positions, so keys at 100 … 103 were all masked.
    QTest::addColumn<int>("alignment");
    QTest::addColumn<QList<qint64>>("keys");
    QTest::addColumn<QList<qint64>>("queries"); // the positions the queries get
    QTest::addColumn<QList<double>>("outputs");
    using P = QList<qint64>;
    QTest::addRow("bottom_right, keys 100 … 103")
        << int(Alignment::BottomRight) << P{100, 101, 102, 103} << P{102, 103} << QList<double>{2.0, 2.5};
    QTest::addRow("top_left, keys 100 … 103")
        << int(Alignment::TopLeft) << P{100, 101, 102, 103} << P{100, 101} << QList<double>{1.0, 1.5};
    // The last key is the one with the largest position: 103, the first key's.
    QTest::addRow("bottom_right, keys 103, 100, 102, 101")
        << int(Alignment::BottomRight) << P{103, 100, 102, 101} << P{102, 103} << QList<double>{3.0, 2.5};
    // Gaps: queries at 29 and 30; the first sees the keys at 0, 10 and 20.
    QTest::addRow("bottom_right, keys 0, 10, 20, 30")
        << int(Alignment::BottomRight) << P{0, 10, 20, 30} << P{29, 30} << QList<double>{2.0, 2.5};
    QTest::addRow("bottom_right, keys -7 … -4")
        << int(Alignment::BottomRight) << P{-7, -6, -5, -4} << P{-5, -4} << QList<double>{2.0, 2.5};
}

void TestAttention::alignmentFollowsExplicitKeyPositions()
{
    QFETCH(int, alignment);
    QFETCH(QList<qint64>, keys);
    QFETCH(QList<qint64>, queries);
    QFETCH(QList<double>, outputs);
    Scenario s;
    s.query = Matrix::Zero(2, 1);
    s.key = Matrix::Zero(4, 1);
    s.value = mat(4, 1, {1, 2, 3, 4});
    s.key_positions.assign(keys.begin(), keys.end());
    s.mask.causal = true;
    s.alignment = static_cast<Alignment>(alignment);
    for (KernelKind kernel : {KernelKind::Naive, KernelKind::Tiled, KernelKind::Windowed}) {
        s.kernel = kernel;
        const AttentionTrace t = attend(s);
        QCOMPARE(t.query_positions, std::vector<std::int64_t>(queries.begin(), queries.end()));
        QVERIFY(t.fully_masked_rows.empty());
        for (int i = 0; i < 2; ++i) QVERIFY(std::abs(t.output(i, 0) - outputs[i]) < 1e-12);
    }
}

void TestAttention::keyPermutationPermutesWeightsOnly()
{
    std::mt19937 rng(3);
    Scenario s;
    s.query = randomMatrix(3, 4, rng);
    s.key = randomMatrix(5, 4, rng);
    s.value = randomMatrix(5, 2, rng);
    const AttentionTrace t = attend(s);
    const std::vector<Index> perm{3, 0, 4, 1, 2};
    Scenario p = s;
    for (Index j = 0; j < 5; ++j) {
        p.key.row(j) = s.key.row(perm[static_cast<std::size_t>(j)]);
        p.value.row(j) = s.value.row(perm[static_cast<std::size_t>(j)]);
    }
    const AttentionTrace tp = attend(p);
    QVERIFY((tp.output - t.output).cwiseAbs().maxCoeff() < 1e-12);
    for (Index j = 0; j < 5; ++j) {
        QVERIFY((tp.heads[0].weights.col(j) - t.heads[0].weights.col(perm[static_cast<std::size_t>(j)]))
                    .cwiseAbs()
                    .maxCoeff() < 1e-15);
    }
}

void TestAttention::duplicateKeySplitsAndGainsWeight()
{
    // Worked example with k1/v1 present twice: weights e^a, e^a, 1 over 2e^a + 1, a = 1/√2.
    Scenario s = workedExample();
    s.key = mat(3, 2, {1, 0, 1, 0, 0, 1});
    s.value = mat(3, 2, {2, 0, 2, 0, 0, 4});
    const AttentionTrace t = attend(s);
    const double ea = std::exp(1.0 / std::sqrt(2.0));
    QVERIFY(std::abs(t.heads[0].weights(0, 0) - ea / (2 * ea + 1)) < 1e-12);
    QVERIFY(std::abs(t.heads[0].weights(0, 1) - ea / (2 * ea + 1)) < 1e-12);
    QVERIFY(std::abs(t.heads[0].weights(0, 2) - 1 / (2 * ea + 1)) < 1e-12);
    QVERIFY(std::abs(t.heads[0].weights(0, 0) - 0.4011120926797859) < 1e-12); // was 0.670 for one copy
    // Two copies of a key act exactly like one copy whose logit is raised by ln 2: softmax counts
    // mass, so duplicating a key does not keep the output; it pulls the output towards its value.
    Scenario single = workedExample();
    single.scores = {(Matrix(1, 2) << 1.0 / std::sqrt(2.0) + std::log(2.0), 0.0).finished()};
    const AttentionTrace one = attend(single);
    QVERIFY((one.output - t.output).cwiseAbs().maxCoeff() < 1e-12);
    QVERIFY(std::abs(one.heads[0].weights(0, 0) - 2 * t.heads[0].weights(0, 0)) < 1e-12);
}

void TestAttention::gqaHeadsReadTheirGroup()
{
    // 4 query heads, 2 K/V heads (d_k = d_v = 1): heads 0,1 → K/V head 0; heads 2,3 → 1.
    Scenario s;
    s.num_query_heads = 4;
    s.num_kv_heads = 2;
    s.score = ScoreKind::Dot;
    s.query = mat(1, 4, {1, 1, 1, 1});
    s.key = mat(2, 2, {1, 0, 0, 1});
    s.value = mat(2, 2, {1, 3, 2, 4});
    const AttentionTrace t = attend(s);
    const std::vector<int> expectKv{0, 0, 1, 1};
    const double big = 0.7310585786300049; // 1 / (1 + e^−1)
    for (int h = 0; h < 4; ++h)
        QCOMPARE(t.heads[static_cast<std::size_t>(h)].kv_head, expectKv[static_cast<std::size_t>(h)]);
    QVERIFY(std::abs(t.output(0, 0) - (big * 1 + (1 - big) * 2)) < 1e-12);
    QVERIFY(std::abs(t.output(0, 1) - (big * 1 + (1 - big) * 2)) < 1e-12);
    QVERIFY(std::abs(t.output(0, 2) - ((1 - big) * 3 + big * 4)) < 1e-12);
    QVERIFY(std::abs(t.output(0, 3) - ((1 - big) * 3 + big * 4)) < 1e-12);
}

void TestAttention::largeLogitsDoNotOverflow()
{
    Scenario s;
    s.scores = {mat(1, 3, {151.29, 150.0, 0.0})};
    s.value = Matrix::Identity(3, 3);
    const AttentionTrace t = attend(s);
    QCOMPARE(t.scale, 1.0);
    QVERIFY(std::abs(t.heads[0].weights(0, 0) - 0.784147189177484) < 1e-12);
    QVERIFY(std::abs(t.heads[0].weights(0, 1) - 0.21585281082251595) < 1e-12);
    QVERIFY(t.output.allFinite());
}

void TestAttention::impossibleSizeIsRefusedBeforeAllocating()
{
    // 30000 × 30000 logits and weights in double need ~14 GiB: refused with the estimate,
    // before anything of that size is allocated.
    Scenario s;
    s.query = Matrix::Zero(30000, 1);
    s.key = Matrix::Zero(30000, 1);
    s.value = Matrix::Zero(30000, 1);
    try {
        attend(s);
        QFAIL("expected a ScenarioError");
    } catch (const ScenarioError &e) {
        QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("shapes"));
        const QString message = QString::fromUtf8(e.what());
        QVERIFY2(message.contains("30000") && message.contains("need 14.2 GiB"), qPrintable(message));
    }
}

void TestAttention::overflowingLogitIsRefused_data()
{
    QTest::addColumn<double>("q0");
    QTest::addColumn<double>("k0");
    QTest::addColumn<double>("temperature");
    QTest::addRow("product beyond double range") << 1e200 << 1e200 << 1.0;
    QTest::addRow("tiny temperature") << 1.0 << 1.0 << 1e-310;
    QTest::addRow("all logits -inf") << -1e200 << 1e200 << 1.0;
}

void TestAttention::overflowingLogitIsRefused()
{
    // Finite inputs whose logit overflows: a clear refusal, never silent NaN weights.
    QFETCH(double, q0);
    QFETCH(double, k0);
    QFETCH(double, temperature);
    Scenario s = workedExample();
    s.query(0, 0) = q0;
    s.key(0, 0) = k0;
    s.temperature = temperature;
    for (KernelKind kernel : {KernelKind::Naive, KernelKind::Tiled}) {
        s.kernel = kernel;
        try {
            attend(s);
            QFAIL("expected a ScenarioError");
        } catch (const ScenarioError &e) {
            QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("logits"));
            QVERIFY2(QString::fromUtf8(e.what()).contains("query 0, key 0"), e.what());
        }
    }
}

void TestAttention::nanInputGivesHonestNaN()
{
    // A NaN in a visible key is the user's own: the row becomes NaN, nothing is refused.
    Scenario s = workedExample();
    s.key(1, 0) = std::numeric_limits<double>::quiet_NaN();
    const AttentionTrace t = attend(s);
    QVERIFY(std::isnan(t.output(0, 0)));
    QVERIFY(std::isnan(t.heads[0].weights(0, 1)));
}

QTEST_APPLESS_MAIN(TestAttention)
#include "tst_attention.moc"
