// Interventions: deleting or replacing a key, the change of every output, and where the ranking
// by weight and the ranking by effect disagree.
#include "core/intervention.h"
#include "strictwarnings.h"
#include "testtensors.h"

#include <QtTest>

#include <cmath>
#include <random>
#include <stdexcept>

using namespace attn;
using attn::test::mat;
using attn::test::workedExample;

namespace {

/// Raw logits [ln 2, 0, 0] → weights [1/2, 1/4, 1/4]; values 2, 0, 4 → output 2 = v_0.
/// Key 0 has the highest weight but its value equals the output: deleting it changes nothing.
Scenario highWeightNoEffect()
{
    Scenario s;
    s.scores = {mat(1, 3, {std::log(2.0), 0, 0})};
    s.value = mat(3, 1, {2, 0, 4});
    s.key_tokens = {"mean", "low", "high"};
    return s;
}

} // namespace

class TestIntervention : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void deletingOneOfTwoKeys_data();
    void deletingOneOfTwoKeys();
    void highWeightKeyWithMeanValueHasNoEffect();
    void replacement_data();
    void replacement();
    void deletionKeepsPositions();
    void deletionRemovesEveryPerKeyField();
    void perHeadEffectsAddUpToTheTotal();
    void compareRankings_data();
    void compareRankings();
    void sweepMatchesSingleDeletions();
    void restrictedQueryMatchesTheFullScenario_data();
    void restrictedQueryMatchesTheFullScenario();
    void restrictedQueryKeepsSharedDocumentIds();
    void restrictedQueryOfLearnedProjections();
    void errors();
};

void TestIntervention::deletingOneOfTwoKeys_data()
{
    QTest::addColumn<int>("key");
    QTest::addColumn<double>("weight");
    QTest::addColumn<double>("effect");
    // With two keys a and b, deleting b leaves o′ = v_a, and o − v_a = w_b (v_b − v_a), so the
    // effect is w_b · ‖v_b − v_a‖ = w_b · ‖[−2, 4]‖ = w_b · √20.
    QTest::addRow("delete k1 (w 0.670)") << 0 << 0.6697615493266569 << 0.6697615493266569 * std::sqrt(20.0);
    QTest::addRow("delete k2 (w 0.330)") << 1 << 0.3302384506733431 << 0.3302384506733431 * std::sqrt(20.0);
}

void TestIntervention::deletingOneOfTwoKeys()
{
    QFETCH(int, key);
    QFETCH(double, weight);
    QFETCH(double, effect);
    const InterventionResult r = measureDeletion(workedExample(), key);
    QCOMPARE(r.effect.key, Index(key));
    QCOMPARE(r.effect.weight.rows(), Index(1)); // H_q
    QCOMPARE(r.effect.weight.cols(), Index(1)); // n_q
    QVERIFY(std::abs(r.effect.weight(0, 0) - weight) < 1e-12);
    QVERIFY2(std::abs(r.effect.effect(0, 0) - effect) < 1e-12,
             qPrintable(QString::number(r.effect.effect(0, 0), 'g', 17)));
    QVERIFY(std::abs(r.effect.total_effect(0) - effect) < 1e-12);
    // What remains is the other value, with weight 1.
    QCOMPARE(r.after.shapes.n_k, Index(1));
    QCOMPARE(Matrix(r.after.output), Matrix(workedExample().value.row(1 - key)));
}

void TestIntervention::highWeightKeyWithMeanValueHasNoEffect()
{
    // Deleting key 0: weights [1/2, 1/2] over 0 and 4 → 2, no change.
    // Deleting key 1: weights [2/3, 1/3] over 2 and 4 → 8/3, change 2/3; key 2 likewise → 4/3.
    const DeletionSweep sweep = deletionSweep(highWeightNoEffect());
    QCOMPARE(sweep.keys.size(), std::size_t(3));
    QVERIFY(std::abs(sweep.original.output(0, 0) - 2.0) < 1e-15);
    const double expectWeight[] = {0.5, 0.25, 0.25};
    const double expectEffect[] = {0.0, 2.0 / 3, 2.0 / 3};
    for (int j = 0; j < 3; ++j) {
        QVERIFY(std::abs(sweep.keys[j].weight(0, 0) - expectWeight[j]) < 1e-15);
        QVERIFY2(std::abs(sweep.keys[j].effect(0, 0) - expectEffect[j]) < 1e-15,
                 qPrintable(QString::number(sweep.keys[j].effect(0, 0), 'g', 17)));
    }
    // By weight key 0 comes first; by effect it comes last: pairs (0, 1) and (0, 2) are discordant,
    // (1, 2) is tied in both.
    QCOMPARE(sweep.rankings.size(), std::size_t(1));
    const RankComparison &c = sweep.rankings[0];
    QCOMPARE(c.keys, (std::vector<Index>{0, 1, 2}));
    QCOMPARE(c.concordant, std::int64_t(0));
    QCOMPARE(c.discordant, std::int64_t(2));
    QCOMPARE(c.tied, std::int64_t(1));
    QCOMPARE(c.gamma, -1.0);
    QCOMPARE(c.discordant_pairs, (std::vector<std::pair<Index, Index>>{{0, 1}, {0, 2}}));
    QCOMPARE(c.disagreeing_keys, (std::vector<Index>{0, 1, 2}));
}

void TestIntervention::replacement_data()
{
    QTest::addColumn<int>("key");
    QTest::addColumn<QList<double>>("newKey");   // empty = unchanged
    QTest::addColumn<QList<double>>("newValue"); // empty = unchanged
    QTest::addColumn<double>("effect");
    // v2 → [0, 0]: the output loses w2 · v2 = 0.33024 · [0, 4]: effect 4 · 0.33024.
    QTest::addRow("zero the value of k2")
        << 1 << QList<double>{} << QList<double>{0, 0} << 4 * 0.3302384506733431;
    // k1 → [0, 1] = k2: equal scores, weights ½, ½, output [1, 2]; effect ‖[1, 2] − o‖.
    QTest::addRow("k1 becomes k2") << 0 << QList<double>{0, 1} << QList<double>{} << 0.7591967285201768;
    // Same key and value as before: nothing moves.
    QTest::addRow("identical rows") << 0 << QList<double>{1, 0} << QList<double>{2, 0} << 0.0;
    // k1 and v1 both → k2, v2: every weight lands on [0, 4]; effect ‖[0, 4] − o‖ = w1 · √20.
    QTest::addRow("token 1 becomes token 2")
        << 0 << QList<double>{0, 1} << QList<double>{0, 4} << 0.6697615493266569 * std::sqrt(20.0);
}

void TestIntervention::replacement()
{
    QFETCH(int, key);
    QFETCH(QList<double>, newKey);
    QFETCH(QList<double>, newValue);
    QFETCH(double, effect);
    KeyReplacement r;
    if (!newKey.isEmpty()) r.key = Eigen::Map<const Eigen::RowVectorXd>(newKey.data(), newKey.size());
    if (!newValue.isEmpty()) r.value = Eigen::Map<const Eigen::RowVectorXd>(newValue.data(), newValue.size());
    const InterventionResult result = measureReplacement(workedExample(), key, r);
    QVERIFY2(std::abs(result.effect.effect(0, 0) - effect) < 1e-12,
             qPrintable(QString::number(result.effect.effect(0, 0), 'g', 17)));
    QCOMPARE(result.after.shapes.n_k, Index(2));
}

void TestIntervention::deletionKeepsPositions()
{
    // Causal, bottom_right, n_q = 2, n_k = 4, equal scores, V = 1, 2, 3, 4: query 0 sits at position 2
    // (mean of 1, 2, 3 = 2), query 1 at 3 (mean of all = 2.5). Deleting key 3 must not move query 0
    // to position 1: its output stays 2, and query 1 drops to 2.
    Scenario s;
    s.query = Matrix::Zero(2, 1);
    s.key = Matrix::Zero(4, 1);
    s.value = mat(4, 1, {1, 2, 3, 4});
    s.mask.causal = true;
    s.alignment = Alignment::BottomRight;
    const Scenario without = withoutKey(s, 3);
    QCOMPARE(without.query_positions, (std::vector<std::int64_t>{2, 3}));
    QCOMPARE(without.key_positions, (std::vector<std::int64_t>{0, 1, 2}));
    const InterventionResult r = measureDeletion(s, 3);
    QCOMPARE(r.after.output(0, 0), 2.0);
    QCOMPARE(r.after.output(1, 0), 2.0);
    QCOMPARE(r.effect.effect(0, 0), 0.0); // key 3 was invisible to query 0
    QCOMPARE(r.effect.weight(0, 0), 0.0);
    QCOMPARE(r.effect.effect(0, 1), 0.5);
    QCOMPARE(r.effect.weight(0, 1), 0.25);

    // Deleting key 1 of a causal self-attention over 3 tokens: keys keep positions 0 and 2.
    Scenario self;
    self.query = Matrix::Zero(3, 1);
    self.key = Matrix::Zero(3, 1);
    self.value = mat(3, 1, {1, 2, 3});
    self.mask.causal = true;
    const AttentionTrace t = attend(withoutKey(self, 1));
    QCOMPARE(t.key_positions, (std::vector<std::int64_t>{0, 2}));
    QCOMPARE(t.output(1, 0), 1.0); // query 1 now sees key 0 only
    QCOMPARE(t.output(2, 0), 2.0); // query 2 sees 1 and 3
}

void TestIntervention::deletionRemovesEveryPerKeyField()
{
    Scenario s;
    s.scores = {mat(2, 3, {1, 2, 3, 4, 5, 6})};
    s.value = mat(3, 2, {1, 2, 3, 4, 5, 6});
    s.key_tokens = {"a", "b", "c"};
    s.mask.key_padding = {true, false, true};
    BoolMatrix visible(2, 3);
    visible << true, true, false, false, true, true;
    s.mask.visible = {visible};
    const Scenario w = withoutKey(s, 1);
    QCOMPARE(w.scores.front(), mat(2, 2, {1, 3, 4, 6}));
    QCOMPARE(w.value, mat(2, 2, {1, 2, 5, 6}));
    QCOMPARE(w.key_tokens, (std::vector<std::string>{"a", "c"}));
    QCOMPARE(w.mask.key_padding, (std::vector<bool>{true, true}));
    BoolMatrix expectVisible(2, 2);
    expectVisible << true, false, false, true;
    QVERIFY(w.mask.visible.front() == expectVisible);
    QVERIFY(w.key_positions.empty()); // nothing depends on positions: none are added
    // Key 1 was padding: its deletion changes no output.
    const InterventionResult r = measureDeletion(s, 1);
    QCOMPARE(r.effect.total_effect.maxCoeff(), 0.0);
}

void TestIntervention::perHeadEffectsAddUpToTheTotal()
{
    // GQA: 4 query heads over 2 K/V heads; the concatenated change is the root of the sum of squares.
    std::mt19937 rng(5);
    std::normal_distribution<double> normal;
    Scenario s;
    s.num_query_heads = 4;
    s.num_kv_heads = 2;
    s.query = Matrix::NullaryExpr(3, 4 * 2, [&] { return normal(rng); });
    s.key = Matrix::NullaryExpr(5, 2 * 2, [&] { return normal(rng); });
    s.value = Matrix::NullaryExpr(5, 2 * 3, [&] { return normal(rng); });
    const InterventionResult r = measureDeletion(s, 2);
    QCOMPARE(r.effect.effect.rows(), Index(4));
    QCOMPARE(r.effect.effect.cols(), Index(3));
    for (Index i = 0; i < 3; ++i) {
        QVERIFY(std::abs(r.effect.effect.col(i).norm() - r.effect.total_effect(i)) < 1e-12);
        for (int h = 0; h < 4; ++h) {
            QCOMPARE(r.effect.weight(h, i), r.original.heads[static_cast<std::size_t>(h)].weights(i, 2));
        }
    }
}

void TestIntervention::compareRankings_data()
{
    QTest::addColumn<QList<double>>("weights");
    QTest::addColumn<QList<double>>("effects");
    QTest::addColumn<QList<qint64>>("keys");
    QTest::addColumn<int>("concordant");
    QTest::addColumn<int>("discordant");
    QTest::addColumn<int>("tied");
    QTest::addColumn<double>("gamma");
    QTest::addColumn<QList<qint64>>("disagreeing");
    // (0,1): w down, e up → D; (0,2): D; (1,2): both down → C.  γ = (1 − 2)/3.
    QTest::addRow("two inversions") << QList<double>{0.5, 0.3, 0.2} << QList<double>{0.1, 0.4, 0.3}
                                    << QList<qint64>{0, 1, 2} << 1 << 2 << 0 << -1.0 / 3
                                    << QList<qint64>{0, 1, 2};
    QTest::addRow("subset agrees") << QList<double>{0.5, 0.3, 0.2} << QList<double>{0.1, 0.4, 0.3}
                                   << QList<qint64>{2, 1} << 1 << 0 << 0 << 1.0 << QList<qint64>{};
    QTest::addRow("same order") << QList<double>{0.1, 0.2, 0.7} << QList<double>{1, 2, 3}
                                << QList<qint64>{0, 1, 2} << 3 << 0 << 0 << 1.0 << QList<qint64>{};
    // Equal weights, or an effect difference within the tolerance, are ties.
    QTest::addRow("ties") << QList<double>{0.25, 0.25, 0.5} << QList<double>{1, 2, 2 + 1e-12}
                          << QList<qint64>{0, 1, 2} << 1 << 0 << 2 << 1.0 << QList<qint64>{};
    QTest::addRow("NaN effect is a tie") << QList<double>{0.6, 0.4} << QList<double>{qQNaN(), 1}
                                         << QList<qint64>{0, 1} << 0 << 0 << 1 << qQNaN() << QList<qint64>{};
}

void TestIntervention::compareRankings()
{
    QFETCH(QList<double>, weights);
    QFETCH(QList<double>, effects);
    QFETCH(QList<qint64>, keys);
    QFETCH(int, concordant);
    QFETCH(int, discordant);
    QFETCH(int, tied);
    QFETCH(double, gamma);
    QFETCH(QList<qint64>, disagreeing);
    const Vector w = Eigen::Map<const Vector>(weights.data(), weights.size());
    const Vector e = Eigen::Map<const Vector>(effects.data(), effects.size());
    const RankComparison c = attn::compareRankings(w, e, std::vector<Index>(keys.begin(), keys.end()));
    QCOMPARE(int(c.concordant), concordant);
    QCOMPARE(int(c.discordant), discordant);
    QCOMPARE(int(c.tied), tied);
    QVERIFY(std::isnan(gamma) ? std::isnan(c.gamma) : std::abs(c.gamma - gamma) < 1e-15);
    QCOMPARE(c.disagreeing_keys, std::vector<Index>(disagreeing.begin(), disagreeing.end()));
    QCOMPARE(std::int64_t(c.discordant_pairs.size()), c.discordant);
}

void TestIntervention::sweepMatchesSingleDeletions()
{
    std::mt19937 rng(17);
    std::normal_distribution<double> normal;
    Scenario s;
    s.num_query_heads = 2;
    s.query = Matrix::NullaryExpr(4, 2 * 3, [&] { return normal(rng); });
    s.key = Matrix::NullaryExpr(4, 2 * 3, [&] { return normal(rng); });
    s.value = Matrix::NullaryExpr(4, 2 * 2, [&] { return normal(rng); });
    s.num_kv_heads = 2;
    s.mask.causal = true;
    const DeletionSweep sweep = deletionSweep(s);
    QCOMPARE(sweep.keys.size(), std::size_t(4));
    QCOMPARE(sweep.rankings.size(), std::size_t(2 * 4));
    for (Index j = 0; j < 4; ++j) {
        const InterventionResult single = measureDeletion(s, j);
        QCOMPARE(sweep.keys[static_cast<std::size_t>(j)].effect, single.effect.effect);
        QCOMPARE(sweep.keys[static_cast<std::size_t>(j)].weight, single.effect.weight);
    }
    // Causal: query i of head h compares keys 0 … i only (entry h·n_q + i).
    for (int h = 0; h < 2; ++h) {
        for (Index i = 0; i < 4; ++i) {
            const RankComparison &c = sweep.rankings[static_cast<std::size_t>(h * 4 + i)];
            QCOMPARE(c.head, h);
            QCOMPARE(c.query, i);
            QCOMPARE(Index(c.keys.size()), i + 1);
            QCOMPARE(c.concordant + c.discordant + c.tied, std::int64_t(i * (i + 1) / 2));
        }
    }
}

void TestIntervention::restrictedQueryKeepsSharedDocumentIds()
{
    // Self-attention with one list of document ids for queries and keys (n_q = n_k): the cut
    // keeps the query's document and every key's, and its row equals the full trace's.
    Scenario s;
    s.query = Matrix::Identity(5, 2 * 2).eval();
    s.query(4, 1) = 3;
    s.key = Matrix::Ones(5, 2);
    s.key(2, 0) = -1;
    s.value = Matrix::Identity(5, 2);
    s.num_query_heads = 2;
    s.num_kv_heads = 1;
    s.mask.causal = true;
    s.mask.document_ids = {0, 0, 1, 1, 1};
    s.sinks = {0.25, -0.5};
    const AttentionTrace full = attend(s);
    for (int h = 0; h < 2; ++h)
        for (Index i = 0; i < 5; ++i) {
            const Scenario cut = restrictToQuery(s, h, i);
            QCOMPARE(cut.mask.query_document_ids,
                     (std::vector<std::int64_t>{s.mask.document_ids[std::size_t(i)]}));
            const AttentionTrace t = attend(cut);
            for (Index j = 0; j < 5; ++j) {
                QCOMPARE(t.heads[0].visible(0, j), full.heads[std::size_t(h)].visible(i, j));
                QCOMPARE(t.heads[0].weights(0, j), full.heads[std::size_t(h)].weights(i, j));
            }
            QCOMPARE(t.heads[0].output(0, 0), full.heads[std::size_t(h)].output(i, 0));
        }
    // Query 2 opens document 1: it sees only itself (causal), so key 0 and 1 are hidden.
    QVERIFY(!full.heads[0].visible(2, 1));
    QVERIFY(full.heads[0].visible(2, 2));
}

void TestIntervention::restrictedQueryMatchesTheFullScenario_data()
{
    QTest::addColumn<QString>("variant");
    for (const char *v :
         {"gqa", "causal-bottom-right", "window", "rope", "alibi", "alibi-explicit", "raw-scores-per-head",
          "visible-per-head", "padding", "sinks", "documents", "softcap-prefix", "partial-rotary"})
        QTest::newRow(v) << QString::fromLatin1(v);
}

void TestIntervention::restrictedQueryMatchesTheFullScenario()
{
    // Every (head, query) of the cut-down scenario gets exactly the numbers it has in the full
    // one: logits, weights, output, and its row of the deletion sweep.
    QFETCH(QString, variant);
    std::mt19937 rng(23);
    std::normal_distribution<double> normal;
    const auto random = [&](Index rows, Index cols) {
        return Matrix(Matrix::NullaryExpr(rows, cols, [&] { return normal(rng); }));
    };
    const Index n_q = 4, n_k = 6, d_k = 4, d_v = 3;
    Scenario s;
    s.num_query_heads = 4;
    s.num_kv_heads = 2;
    s.query = random(n_q, 4 * d_k);
    s.key = random(n_k, 2 * d_k);
    s.value = random(n_k, 2 * d_v);
    s.query_tokens = {"a", "b", "c", "d"};
    if (variant == "causal-bottom-right") {
        s.mask.causal = true;
        s.alignment = Alignment::BottomRight;
    } else if (variant == "window") {
        s.alignment = Alignment::BottomRight;
        s.mask.window = Window{1, 0};
    } else if (variant == "rope") {
        s.positional.kind = PositionalKind::Rope;
        s.alignment = Alignment::BottomRight;
    } else if (variant == "alibi") {
        s.positional.kind = PositionalKind::Alibi;
        s.alignment = Alignment::TopLeft;
    } else if (variant == "alibi-explicit") {
        s.positional.kind = PositionalKind::Alibi;
        s.positional.alibi_slopes = {0.5, 0.25, 0.125, 1.0};
        s.query_positions = {5, 3, 9, 0};
    } else if (variant == "raw-scores-per-head") {
        s.query = Matrix();
        s.key = Matrix();
        for (int h = 0; h < 4; ++h) s.scores.push_back(random(n_q, n_k));
    } else if (variant == "visible-per-head") {
        for (int h = 0; h < 4; ++h) {
            BoolMatrix m = BoolMatrix::Constant(n_q, n_k, true);
            m(h, h) = false;
            m(h, (h + 1) % n_k) = false;
            s.mask.visible.push_back(m);
        }
    } else if (variant == "padding") {
        s.mask.key_padding = {true, false, true, true, false, true};
    } else if (variant == "sinks") {
        s.sinks = {0.5, -1.0, 2.0, 0.0};
        s.mask.key_padding = {true, false, true, true, true, true};
    } else if (variant == "documents") {
        s.mask.query_document_ids = {0, 1, 1, 2};
        s.mask.key_document_ids = {0, 0, 1, 1, 1, 2};
    } else if (variant == "softcap-prefix") {
        s.softcap = 1.5;
        s.mask.causal = true;
        s.mask.prefix_length = 3;
        s.alignment = Alignment::TopLeft;
    } else if (variant == "partial-rotary") {
        s.positional.kind = PositionalKind::Rope;
        s.positional.rotary_dim = 2;
        s.alignment = Alignment::BottomRight;
    }
    const AttentionTrace full = attend(s);
    const DeletionSweep fullSweep = deletionSweep(s);
    for (int h = 0; h < 4; ++h) {
        for (Index i = 0; i < n_q; ++i) {
            const Scenario r = restrictToQuery(s, h, i);
            QCOMPARE(r.num_query_heads, 1);
            QCOMPARE(r.value.cols(), d_v);
            const AttentionTrace t = attend(r);
            QCOMPARE(t.shapes.n_q, Index(1));
            const HeadTrace &fh = full.heads[std::size_t(h)];
            const HeadTrace &th = t.heads[0];
            for (Index j = 0; j < n_k; ++j) {
                QCOMPARE(th.visible(0, j), fh.visible(i, j));
                QCOMPARE(th.weights(0, j), fh.weights(i, j));
                if (fh.visible(i, j)) QCOMPARE(th.logits(0, j), fh.logits(i, j));
            }
            for (Index c = 0; c < d_v; ++c) QCOMPARE(th.output(0, c), fh.output(i, c));
            const DeletionSweep cut = deletionSweep(r);
            const RankComparison &a = cut.rankings[0];
            const RankComparison &b = fullSweep.rankings[std::size_t(h * n_q + i)];
            QCOMPARE(a.keys, b.keys);
            QCOMPARE(a.discordant, b.discordant);
            QCOMPARE(a.concordant, b.concordant);
            for (Index j = 0; j < n_k; ++j)
                QCOMPARE(cut.keys[std::size_t(j)].effect(0, 0), fullSweep.keys[std::size_t(j)].effect(h, i));
        }
    }
    QCOMPARE(restrictToQuery(s, 3, 1).query_tokens, (std::vector<std::string>{"b"}));
}

void TestIntervention::restrictedQueryOfLearnedProjections()
{
    // X (3 × 2), W_q = W_k = I, W_v = 2·I and an output projection: the cut keeps the products
    // Q, K, V of its query and drops X, the W matrices and W_o, so deleting keys works on it as on
    // a typed scenario with the same Q, K and V.
    Scenario s;
    Projection p;
    p.X = Matrix{{1, 0}, {0, 1}, {1, 1}};
    p.W_q = Matrix::Identity(2, 2);
    p.W_k = Matrix::Identity(2, 2);
    p.W_v = 2 * Matrix::Identity(2, 2);
    s.projection = p;
    s.W_o = Matrix{{1}, {1}};
    s.mask.causal = true;
    project(s);
    Scenario typed = s;
    typed.projection.reset();
    typed.W_o = Matrix();
    const Scenario cut = restrictToQuery(s, 0, 2);
    QVERIFY(!cut.projection.has_value());
    QCOMPARE(cut.W_o.size(), Index(0));
    QCOMPARE(cut.query, (Matrix{{1, 1}}));
    QCOMPARE(cut.value, s.value);
    const DeletionSweep a = deletionSweep(cut);
    const DeletionSweep b = deletionSweep(restrictToQuery(typed, 0, 2));
    for (Index j = 0; j < 3; ++j)
        QCOMPARE(a.keys[std::size_t(j)].effect(0, 0), b.keys[std::size_t(j)].effect(0, 0));
    // Query 2 = [1, 1] scores keys [1, 0], [0, 1], [1, 1] with 1/√2, 1/√2, 2/√2: deleting key 2 moves
    // the output from a mix towards [1, 1] (= (2·[1, 0] + 2·[0, 1]) / 2), a real effect.
    QVERIFY(a.keys[2].effect(0, 0) > 0.1);
}

void TestIntervention::errors()
{
    auto field = [](auto &&call) {
        try {
            call();
        } catch (const ScenarioError &e) {
            return QString::fromStdString(e.field());
        }
        return QString();
    };
    QCOMPARE(field([] { withoutKey(workedExample(), 2); }), QStringLiteral("key"));
    QCOMPARE(field([] { withoutKey(workedExample(), -1); }), QStringLiteral("key"));
    Scenario single = workedExample();
    single.key = mat(1, 2, {1, 0});
    single.value = mat(1, 2, {2, 0});
    QCOMPARE(field([&] { withoutKey(single, 0); }), QStringLiteral("key"));
    QCOMPARE(field([] { deletionSweep(Scenario{}); }), QStringLiteral("V")); // invalid scenario
    QCOMPARE(field([] { restrictToQuery(workedExample(), 1, 0); }), QStringLiteral("head"));
    QCOMPARE(field([] { restrictToQuery(workedExample(), 0, 1); }), QStringLiteral("query"));
    QCOMPARE(field([] { restrictToQuery(workedExample(), 0, -1); }), QStringLiteral("query"));

    KeyReplacement badKey;
    badKey.key = Eigen::RowVectorXd::Zero(3);
    QCOMPARE(field([&] { withReplacedKey(workedExample(), 0, badKey); }), QStringLiteral("K"));
    KeyReplacement badValue;
    badValue.value = Eigen::RowVectorXd::Zero(1);
    QCOMPARE(field([&] { withReplacedKey(workedExample(), 0, badValue); }), QStringLiteral("V"));
    KeyReplacement anyKey;
    anyKey.key = Eigen::RowVectorXd::Zero(1);
    QCOMPARE(field([&] { withReplacedKey(highWeightNoEffect(), 0, anyKey); }), QStringLiteral("K"));

    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             attn::compareRankings(Vector::Zero(2), Vector::Zero(2), {0, 2}));
}

QTEST_APPLESS_MAIN(TestIntervention)
#include "tst_intervention.moc"
