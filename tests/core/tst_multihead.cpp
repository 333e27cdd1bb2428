// The multi-head attention module: projections, head layouts (MHA/GQA/MQA), self and cross
// attention, seeded Xavier initialisation.
#include "core/multihead.h"
#include "strictwarnings.h"
#include "testtensors.h"

#include <QtTest>

#include <cmath>
#include <functional>
#include <random>

using namespace attn;
using attn::test::mat;
using attn::test::workedExample;

namespace {

Matrix randomMatrix(Index rows, Index cols, std::mt19937 &rng)
{
    std::normal_distribution<double> normal(0.0, 1.0);
    return Matrix::NullaryExpr(rows, cols, [&] { return normal(rng); });
}

/// W_q = W_k = W_v = W_o = I (d_model = H · d_head): every head reads its own column block of X.
MultiHeadWeights identityWeights(Index d_model, int heads)
{
    MultiHeadWeights w;
    w.num_query_heads = heads;
    w.num_kv_heads = heads;
    w.W_q = w.W_k = w.W_v = w.W_o = Matrix::Identity(d_model, d_model);
    return w;
}

QString fieldOf(const std::function<void()> &call)
{
    try {
        call();
    } catch (const ScenarioError &e) {
        return QString::fromStdString(e.field());
    }
    return QString();
}

} // namespace

class TestMultiHead : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void identityProjectionsEqualAttendOnX_data();
    void identityProjectionsEqualAttendOnX();
    void outputProjectionByHand();
    void seededInitShapesAndReproducibility();
    void seededInitMatchesReferenceDraws();
    void xavierVarianceIsTwoOverFanSum();
    void mqaSharesKeysAndValues();
    void crossAttentionShapes();
    void errors();
};

void TestMultiHead::identityProjectionsEqualAttendOnX_data()
{
    QTest::addColumn<int>("heads");
    QTest::addColumn<bool>("causal");
    QTest::addRow("1 head") << 1 << false;
    QTest::addRow("2 heads, causal") << 2 << true;
    QTest::addRow("4 heads") << 4 << false;
}

void TestMultiHead::identityProjectionsEqualAttendOnX()
{
    QFETCH(int, heads);
    QFETCH(bool, causal);
    std::mt19937 rng(21);
    const Matrix x = randomMatrix(5, 4, rng); // (n, d_model)
    Scenario options;
    options.mask.causal = causal;
    options.temperature = 0.7;
    const MultiHeadTrace m = multiHeadForward(identityWeights(4, heads), x, options);

    Scenario direct = options;
    direct.query = direct.key = direct.value = x;
    direct.num_query_heads = direct.num_kv_heads = heads;
    const AttentionTrace t = attend(direct);

    QCOMPARE(m.attention.shapes.d_k, Index(4 / heads));
    QCOMPARE(m.attention.heads.size(), std::size_t(heads));
    for (int h = 0; h < heads; ++h) {
        QCOMPARE(m.attention.heads[static_cast<std::size_t>(h)].weights,
                 t.heads[static_cast<std::size_t>(h)].weights);
    }
    QCOMPARE(m.concatenated, t.output);
    QCOMPARE(m.output, t.output); // W_o = I
    QCOMPARE(m.scenario.temperature, 0.7);
    QCOMPARE(m.scenario.mask.causal, causal);
}

void TestMultiHead::outputProjectionByHand()
{
    // One token X = [3, 1], two heads of width 1, identity Q/K/V projections: a single key gets
    // weight 1, so head outputs are [3] and [1]; W_o = [[1, 1], [1, −1]] gives [3 + 1, 3 − 1] = [4, 2].
    MultiHeadWeights w = identityWeights(2, 2);
    w.W_o = mat(2, 2, {1, 1, 1, -1});
    const MultiHeadTrace m = multiHeadForward(w, mat(1, 2, {3, 1}));
    QCOMPARE(m.concatenated, mat(1, 2, {3, 1}));
    QCOMPARE(m.output, mat(1, 2, {4, 2}));

    // Swapping the value projection's columns swaps what each head carries: W_v = [[0, 1], [1, 0]].
    w.W_v = mat(2, 2, {0, 1, 1, 0});
    QCOMPARE(multiHeadForward(w, mat(1, 2, {3, 1})).output, mat(1, 2, {4, -2}));
}

void TestMultiHead::seededInitShapesAndReproducibility()
{
    const MultiHeadConfig config{8, 4, 2, 3, 5}; // d_model, H_q, H_kv, d_k, d_v
    const MultiHeadWeights a = initMultiHead(config, 2024);
    const MultiHeadWeights b = initMultiHead(config, 2024);
    const MultiHeadWeights c = initMultiHead(config, 2025);
    QCOMPARE(a.num_query_heads, 4);
    QCOMPARE(a.num_kv_heads, 2);
    QCOMPARE(a.W_q.rows(), Index(8));
    QCOMPARE(a.W_q.cols(), Index(12)); // H_q · d_k
    QCOMPARE(a.W_k.rows(), Index(8));
    QCOMPARE(a.W_k.cols(), Index(6)); // H_kv · d_k
    QCOMPARE(a.W_v.rows(), Index(8));
    QCOMPARE(a.W_v.cols(), Index(10)); // H_kv · d_v
    QCOMPARE(a.W_o.rows(), Index(20)); // H_q · d_v
    QCOMPARE(a.W_o.cols(), Index(8));
    QCOMPARE(a.W_q, b.W_q);
    QCOMPARE(a.W_k, b.W_k);
    QCOMPARE(a.W_v, b.W_v);
    QCOMPARE(a.W_o, b.W_o);
    QVERIFY(a.W_q != c.W_q);
    // Bounds √(6 / (fan_in + fan_out)).
    QVERIFY(a.W_q.cwiseAbs().maxCoeff() <= std::sqrt(6.0 / 20));
    QVERIFY(a.W_k.cwiseAbs().maxCoeff() <= std::sqrt(6.0 / 14));
    QVERIFY(a.W_v.cwiseAbs().maxCoeff() <= std::sqrt(6.0 / 18));
    QVERIFY(a.W_o.cwiseAbs().maxCoeff() <= std::sqrt(6.0 / 28));

    // The seeded weights run: GQA 4:2 over 6 tokens.
    std::mt19937 rng(1);
    const MultiHeadTrace m = multiHeadForward(a, randomMatrix(6, 8, rng));
    QCOMPARE(m.output.rows(), Index(6));
    QCOMPARE(m.output.cols(), Index(8));
    const std::vector<int> expectKv{0, 0, 1, 1};
    for (int h = 0; h < 4; ++h)
        QCOMPARE(m.attention.heads[static_cast<std::size_t>(h)].kv_head,
                 expectKv[static_cast<std::size_t>(h)]);
}

void TestMultiHead::seededInitMatchesReferenceDraws()
{
    // std::mt19937(7) through the 53-bit draw (genrand_res53 of the MT19937 reference code), scaled
    // to U(−a, a) with a = √(6 / (2 + 2)) for the 2 × 2 W_q, row by row.
    const MultiHeadWeights w = initMultiHead(MultiHeadConfig{2, 1, 1, 2, 2}, 7);
    QCOMPARE(w.W_q,
             mat(2, 2, {-1.0378284992807503, 0.6856582104044162, -0.15086595583566403, 0.5473756609661093}));
}

void TestMultiHead::xavierVarianceIsTwoOverFanSum()
{
    // U(−a, a) has variance a²/3 = 2 / (fan_in + fan_out) (Glorot & Bengio 2010, eq. 16):
    // 2 / (256 + 256) = 0.00390625 for a 256 × 256 W_q. 65,536 draws: within 2 %.
    const MultiHeadWeights w = initMultiHead(MultiHeadConfig{256, 4, 4, 64, 64}, 3);
    const double mean = w.W_q.mean();
    const double variance = (w.W_q.array() - mean).square().mean();
    QVERIFY2(std::abs(mean) < 1e-3, qPrintable(QString::number(mean)));
    QVERIFY2(std::abs(variance / 0.00390625 - 1.0) < 0.02, qPrintable(QString::number(variance)));
}

void TestMultiHead::mqaSharesKeysAndValues()
{
    // MQA: 4 query heads, 1 K/V head. Every head reads K/V head 0, and head h equals single-head
    // attention of its own query block against the one shared K and V.
    const MultiHeadWeights w = initMultiHead(MultiHeadConfig{6, 4, 1, 3, 2}, 11);
    QCOMPARE(w.W_k.cols(), Index(3));
    QCOMPARE(w.W_v.cols(), Index(2));
    std::mt19937 rng(4);
    const Matrix x = randomMatrix(5, 6, rng);
    const MultiHeadTrace m = multiHeadForward(w, x);
    QCOMPARE(m.scenario.key.cols(), Index(3));
    for (int h = 0; h < 4; ++h) {
        const HeadTrace &head = m.attention.heads[static_cast<std::size_t>(h)];
        QCOMPARE(head.kv_head, 0);
        Scenario single;
        single.query = m.scenario.query.middleCols(h * 3, 3);
        single.key = x * w.W_k;
        single.value = x * w.W_v;
        const AttentionTrace t = attend(single);
        QVERIFY((t.output - head.output).cwiseAbs().maxCoeff() < 1e-14);
    }
}

void TestMultiHead::crossAttentionShapes()
{
    // Queries from 3 tokens, keys and values from 5: weights (3, 5), output (3, d_model).
    const MultiHeadWeights w = initMultiHead(MultiHeadConfig{4, 2, 2, 2, 3}, 5);
    std::mt19937 rng(8);
    const Matrix x_q = randomMatrix(3, 4, rng);
    const Matrix x_kv = randomMatrix(5, 4, rng);
    Scenario options;
    options.key_tokens = {"a", "b", "c", "d", "e"};
    options.mask.key_padding = {true, true, true, true, false};
    const MultiHeadTrace m = multiHeadForward(w, x_q, x_kv, options);
    QCOMPARE(m.attention.shapes.n_q, Index(3));
    QCOMPARE(m.attention.shapes.n_k, Index(5));
    QCOMPARE(m.attention.heads[0].weights.rows(), Index(3));
    QCOMPARE(m.attention.heads[0].weights.cols(), Index(5));
    QCOMPARE(m.concatenated.rows(), Index(3));
    QCOMPARE(m.concatenated.cols(), Index(2 * 3));
    QCOMPARE(m.output.rows(), Index(3));
    QCOMPARE(m.output.cols(), Index(4));
    for (const HeadTrace &h : m.attention.heads) QCOMPARE(h.weights.col(4).sum(), 0.0); // padded key
    // Same product, possibly another vectorised path (FMA contraction): equal to rounding.
    QVERIFY((m.output - m.concatenated * w.W_o).cwiseAbs().maxCoeff() < 1e-12);

    // Causal cross-attention needs an alignment, as any scenario with n_q ≠ n_k does.
    options.mask.causal = true;
    QCOMPARE(fieldOf([&] { multiHeadForward(w, x_q, x_kv, options); }), QStringLiteral("alignment"));
    options.alignment = Alignment::BottomRight;
    QCOMPARE(multiHeadForward(w, x_q, x_kv, options).attention.query_positions,
             (std::vector<std::int64_t>{2, 3, 4}));
}

void TestMultiHead::errors()
{
    const MultiHeadWeights w = initMultiHead(MultiHeadConfig{4, 2, 1, 2, 2}, 1);
    const Matrix x = Matrix::Zero(3, 4);
    QCOMPARE(fieldOf([&] { multiHeadForward(w, Matrix::Zero(3, 5)); }), QStringLiteral("X_q"));
    QCOMPARE(fieldOf([&] { multiHeadForward(w, x, Matrix::Zero(2, 3)); }), QStringLiteral("X_kv"));
    Scenario withScores;
    withScores.scores = {Matrix::Zero(3, 3)};
    QCOMPARE(fieldOf([&] { multiHeadForward(w, x, withScores); }), QStringLiteral("scores"));
    MultiHeadWeights badO = w;
    badO.W_o = Matrix::Zero(4, 3);
    QCOMPARE(fieldOf([&] { multiHeadForward(badO, x); }), QStringLiteral("W_o"));
    MultiHeadWeights badK = w;
    badK.W_k = Matrix::Zero(4, 3);
    QCOMPARE(fieldOf([&] { multiHeadForward(badK, x); }), QStringLiteral("W_k"));
    QCOMPARE(fieldOf([] { initMultiHead(MultiHeadConfig{4, 3, 2, 2, 2}, 1); }), QStringLiteral("heads"));
    QCOMPARE(fieldOf([] { initMultiHead(MultiHeadConfig{0, 1, 1, 2, 2}, 1); }), QStringLiteral("d_model"));
    Scenario badLabels;
    badLabels.query_tokens = {"only one"};
    QCOMPARE(fieldOf([&] { multiHeadForward(w, x, badLabels); }), QStringLiteral("query_tokens"));
}

QTEST_APPLESS_MAIN(TestMultiHead)
#include "tst_multihead.moc"
