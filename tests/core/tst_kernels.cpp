// The fast kernels against their plain references: tiled and windowed against naiveHead (exact
// softmax), linear against linearReference; masked poison, memory bounds, the registry.
#include "kernelcases.h"

#include "core/attention.h"
#include "core/kernels/microkernels.h"
#include "core/kernels/multiheadkernels.h"
#include "core/kernels/registry.h"
#include "core/kernels/threadpool.h"

#include <QtTest>

#include <limits>

using namespace attn;
using namespace attn::kernels;
using namespace attn::kernels::cases;

class TestKernels : public QObject {
    Q_OBJECT
private slots:
    void softmaxKernelsMatchNaive_data();
    void softmaxKernelsMatchNaive();
    void linearMatchesReference_data();
    void linearMatchesReference();
    void tiledRescalesAcrossOneKeyTiles();
    void tiledLogSumExpRebuildsWeights();
    void linearCausalHandCase();
    void threadsGiveIdenticalOutputs();
    void maskedPoisonNeverReachesVisibleOutputs_data();
    void maskedPoisonNeverReachesVisibleOutputs();
    void tileClassificationIsNeverWrong();
    void tiledWorkingMemoryIsLinear();
    void registryNamesAndRefusals();
    void attendUsesEachKernel_data();
    void attendUsesEachKernel();
    void attendRefusesWithTheKernelField();
    void infiniteLogitsBehaveAsInNaive();
    void fastPathMatchesNaive_data();
    void fastPathMatchesNaive();
    void fastPathThreadsAreBitwiseIdentical();
    void fastPathFallsBackOnHugeOrPoisonedTiles();
    void exp2PolynomialIsAccurateAndFlushes();
    void keyBandsWalkEqualsKeyBand();
    void attendHeadsMatchesAttend_data();
    void attendHeadsMatchesAttend();
    void attendHeadsChecksItsArguments();
    void threadPoolRunsEveryTaskOnceAndRethrows();
};

void TestKernels::softmaxKernelsMatchNaive_data()
{
    QTest::addColumn<int>("config");
    QTest::addColumn<int>("kernel");
    for (int c = 0; c < int(std::size(kConfigs)); ++c) {
        QTest::addRow("tiled: %s", kConfigs[c].name) << c << int(Which::Tiled);
        QTest::addRow("windowed: %s", kConfigs[c].name) << c << int(Which::Windowed);
    }
}

void TestKernels::softmaxKernelsMatchNaive()
{
    QFETCH(int, config);
    QFETCH(int, kernel);
    const Config &c = kConfigs[config];
    const auto which = static_cast<Which>(kernel);
    const Scenario s = scenarioFor(c);
    const Scenario sf = roundedToFloat(s);
    for (int h = 0; h < c.hQ; ++h) {
        QString why;
        std::vector<Index> masked, maskedRef, maskedF, maskedRefF;
        // double at 1e-12, float at 1e-5 (against the double reference on the same rounded inputs).
        const Matrix ref = naiveOutput(s, h, &maskedRef);
        const Matrix got = runKernel<double>(which, s, h, &masked, nullptr, c.threads);
        QVERIFY2(close(ref, got, 1e-12, &why), qPrintable(QString("double, head %1 %2").arg(h).arg(why)));
        QCOMPARE(masked, maskedRef);
        const Matrix refF = naiveOutput(sf, h, &maskedRefF);
        const Matrix gotF = runKernel<float>(which, sf, h, &maskedF, nullptr, c.threads);
        QVERIFY2(close(refF, gotF, 1e-5, &why), qPrintable(QString("float, head %1 %2").arg(h).arg(why)));
        QCOMPARE(maskedF, maskedRefF);
    }
}

void TestKernels::linearMatchesReference_data()
{
    QTest::addColumn<int>("config");
    // Configurations linear accepts (no raw scores, ALiBi or RoPE): summary, prefix and explicit paths.
    for (int c = 0; c < int(std::size(kConfigs)); ++c) {
        if (kConfigs[c].rawScores || kConfigs[c].positional != PositionalKind::None) continue;
        QTest::addRow("%s", kConfigs[c].name) << c;
    }
}

void TestKernels::linearMatchesReference()
{
    QFETCH(int, config);
    const Config &c = kConfigs[config];
    const Scenario s = scenarioFor(c);
    const Scenario sf = roundedToFloat(s);
    for (int h = 0; h < c.hQ; ++h) {
        QString why;
        std::vector<Index> masked, maskedRef, maskedF, maskedRefF;
        Matrix weights;
        const Matrix ref = linearRefOutput(s, h, &maskedRef, &weights);
        const Matrix got = runKernel<double>(Which::Linear, s, h, &masked, nullptr, c.threads);
        QVERIFY2(close(ref, got, 1e-12, &why), qPrintable(QString("double, head %1 %2").arg(h).arg(why)));
        QCOMPARE(masked, maskedRef);
        for (Index i = 0; i < weights.rows(); ++i) {
            if (std::find(masked.begin(), masked.end(), i) != masked.end()) continue;
            QVERIFY(std::abs(weights.row(i).sum() - 1.0) < 1e-12);
            QVERIFY((weights.row(i).array() >= 0.0).all());
        }
        const Matrix refF = linearRefOutput(sf, h, &maskedRefF);
        const Matrix gotF = runKernel<float>(Which::Linear, sf, h, &maskedF, nullptr, c.threads);
        QVERIFY2(close(refF, gotF, 1e-5, &why), qPrintable(QString("float, head %1 %2").arg(h).arg(why)));
        QCOMPARE(maskedF, maskedRefF);
    }
}

void TestKernels::tiledRescalesAcrossOneKeyTiles()
{
    // Case 08: scores [0, 2], V = [[1], [0]], 1×1 tiles. After key 0: m = 0, l = 1, A = 1.
    // Key 1 raises m to 2: A and l are rescaled by e^−2, then l = e^−2 + 1, A = e^−2.
    // Output e^−2 / (e^−2 + 1) = 1 / (1 + e²) = 0.11920292202211755.
    Scenario s;
    s.scores = {Matrix{{0.0, 2.0}}};
    s.value = Matrix{{1.0}, {0.0}};
    s.tile = {1, 1};
    std::vector<Index> masked;
    const Matrix out = runKernel<double>(Which::Tiled, s, 0, &masked);
    QVERIFY(masked.empty());
    QVERIFY2(std::abs(out(0, 0) - 0.11920292202211755) < 1e-15,
             qPrintable(QString::number(out(0, 0), 'g', 17)));
    const Matrix outF = runKernel<float>(Which::Tiled, s, 0);
    QVERIFY(std::abs(outF(0, 0) - 0.11920292202211755) < 1e-7);
}

void TestKernels::tiledLogSumExpRebuildsWeights()
{
    // weights_ij = exp(logit_ij − lse_i) on visible entries equals naive's weights.
    const Config &c = kConfigs[9]; // causal window, bottom_right, GQA 3:1
    const Scenario s = scenarioFor(c);
    const Shapes sh = validate(s);
    const Positions pos = resolvePositions(s, sh);
    for (int h = 0; h < c.hQ; ++h) {
        const HeadInputs<double> in = headInputs<double>(s, sh, pos, h);
        const HeadProblem<double> p = problemFor(in, s, sh, pos, h);
        Matrix out(sh.n_q, sh.d_v);
        VectorT<double> lse;
        tiledHead(p, TiledOptions{3, 5, 1}, out, &lse);
        std::vector<Index> masked;
        Matrix weights;
        naiveOutput(s, h, &masked, &weights);
        const Matrix logits = computeLogits(s, sh, pos, effectiveScale(s, sh), h);
        for (Index i = 0; i < sh.n_q; ++i)
            for (Index j = 0; j < sh.n_k; ++j) {
                const double w = p.mask.visible(i, j) ? std::exp(logits(i, j) - lse(i)) : 0.0;
                QVERIFY2(std::abs(w - weights(i, j)) < 1e-13, qPrintable(QString("(%1,%2)").arg(i).arg(j)));
            }
    }
}

void TestKernels::linearCausalHandCase()
{
    // Case 13: φ(0) = 1, φ(2) = 3. Query 0 sees key 0 only: weight 1, output 2.
    // Query 1: φ(q)·φ(k) = 1 and 3 → weights 0.25, 0.75; output 0.25·2 + 0.75·6 = 5.
    Scenario s;
    s.query = Matrix{{0.0}, {0.0}};
    s.key = Matrix{{0.0}, {2.0}};
    s.value = Matrix{{2.0}, {6.0}};
    s.mask.causal = true;
    s.kernel = KernelKind::Linear;
    QVERIFY(!kernelRefusal(s));
    std::vector<Index> masked;
    Matrix weights;
    const Matrix ref = linearRefOutput(s, 0, &masked, &weights);
    QCOMPARE(weights, (Matrix{{1.0, 0.0}, {0.25, 0.75}}));
    QCOMPARE(ref, (Matrix{{2.0}, {5.0}}));
    QCOMPARE(runKernel<double>(Which::Linear, s, 0), (Matrix{{2.0}, {5.0}}));
    s.mask.causal = false; // summary path: both queries see both keys
    QCOMPARE(runKernel<double>(Which::Linear, s, 0), (Matrix{{5.0}, {5.0}}));
}

void TestKernels::threadsGiveIdenticalOutputs()
{
    // Each query tile is computed the same way whichever thread takes it: bit for bit.
    for (const Which which : {Which::Tiled, Which::Windowed, Which::Linear}) {
        const Scenario s = scenarioFor(kConfigs[19]);
        const QByteArray name = QByteArray::number(int(which));
        QVERIFY2(runKernel<double>(which, s, 0, nullptr, nullptr, 2) == runKernel<double>(which, s, 0), name);
        QVERIFY2(runKernel<float>(which, s, 1, nullptr, nullptr, 3) == runKernel<float>(which, s, 1), name);
    }
}

void TestKernels::maskedPoisonNeverReachesVisibleOutputs_data()
{
    QTest::addColumn<int>("kernel");
    QTest::addColumn<int>("variant"); // 0: causal, window, padding, visible; 1: causal, padding; 2: padding
    QTest::addColumn<double>("poison");
    const char *kernels[] = {"tiled", "windowed", "linear"};
    const char *variants[] = {"every mask", "causal+padding", "padding"};
    const std::pair<const char *, double> poisons[] = {{"NaN", std::numeric_limits<double>::quiet_NaN()},
                                                       {"+Inf", std::numeric_limits<double>::infinity()},
                                                       {"-Inf", -std::numeric_limits<double>::infinity()},
                                                       {"1e300", 1e300}};
    for (int k = 0; k < 3; ++k)
        for (int v = 0; v < 3; ++v)
            for (const auto &[name, value] : poisons)
                QTest::addRow("%s, %s, %s", kernels[k], variants[v], name) << k << v << value;
}

void TestKernels::maskedPoisonNeverReachesVisibleOutputs()
{
    QFETCH(int, kernel);
    QFETCH(int, variant);
    QFETCH(double, poison);
    const auto which = static_cast<Which>(kernel);
    const Scenario clean = poisonScenario(variant);
    const Index n = clean.value.rows();
    const Shapes sh = validate(clean);
    const BoolMatrix visible = visibility(clean, sh, resolvePositions(clean, sh), 0);
    const Matrix before = runKernel<double>(which, clean, 0);
    const Matrix beforeF = runKernel<float>(which, clean, 0);
    for (const Index j : {Index(3), Index(5), Index(11)}) {
        Scenario dirty = clean;
        dirty.key.row(j).setConstant(poison);
        dirty.value.row(j).setConstant(poison);
        const Matrix after = runKernel<double>(which, dirty, 0);
        const Matrix afterF = runKernel<float>(which, dirty, 0);
        for (Index i = 0; i < n; ++i) {
            if (visible(i, j)) continue; // only queries that cannot see key j are protected
            const QString where = QString("key %1, query %2").arg(j).arg(i);
            QVERIFY2(after.row(i).allFinite() && afterF.row(i).allFinite(), qPrintable(where));
            QVERIFY2((after.row(i) - before.row(i)).cwiseAbs().maxCoeff() <= 1e-12, qPrintable(where));
            QVERIFY2((afterF.row(i) - beforeF.row(i)).cwiseAbs().maxCoeff() <= 1e-6, qPrintable(where));
        }
    }
}

void TestKernels::tileClassificationIsNeverWrong()
{
    std::mt19937 rng(5);
    std::uniform_int_distribution<int> coin(0, 1);
    for (int trial = 0; trial < 200; ++trial) {
        const Index nQ = 1 + trial % 23;
        const Index nK = 1 + (trial * 7) % 31;
        std::vector<std::int64_t> qPos(static_cast<std::size_t>(nQ)), kPos(static_cast<std::size_t>(nK));
        std::uniform_int_distribution<std::int64_t> position(0, 40);
        for (auto &p : qPos) p = position(rng);
        for (auto &p : kPos) p = position(rng);
        if (trial % 3 != 0) { // two thirds sorted, one third in any order
            std::sort(qPos.begin(), qPos.end());
            std::sort(kPos.begin(), kPos.end());
        }
        std::vector<bool> padding(static_cast<std::size_t>(nK));
        for (Index j = 0; j < nK; ++j) padding[static_cast<std::size_t>(j)] = (j * 5 + trial) % 7 != 0;
        BoolMatrix explicitVisible = BoolMatrix::Constant(nQ, nK, true);
        explicitVisible(0, 0) = false;
        MaskRule rule;
        rule.query_positions = qPos;
        rule.key_positions = kPos;
        rule.causal = coin(rng) == 1;
        if (coin(rng))
            rule.window = Window{coin(rng) ? std::optional<std::int64_t>(trial % 9) : std::nullopt,
                                 coin(rng) ? std::optional<std::int64_t>(trial % 4) : std::nullopt};
        if (trial % 4 == 1) rule.key_padding = &padding;
        if (trial % 5 == 2) rule.explicit_visible = &explicitVisible;
        rule.detectOrder();
        for (Index i0 = 0; i0 < nQ; i0 += 1 + trial % 5) {
            const Index i1 = std::min(nQ, i0 + 1 + trial % 5);
            for (Index j0 = 0; j0 < nK; j0 += 1 + trial % 6) {
                const Index j1 = std::min(nK, j0 + 1 + trial % 6);
                Index seen = 0;
                for (Index i = i0; i < i1; ++i)
                    for (Index j = j0; j < j1; ++j) seen += rule.visible(i, j) ? 1 : 0;
                const TileClass cls = rule.classify(i0, i1, j0, j1);
                if (cls == TileClass::AllVisible) QCOMPARE(seen, (i1 - i0) * (j1 - j0));
                if (cls == TileClass::AllMasked) QCOMPARE(seen, Index(0));
            }
        }
        for (Index i = 0; i < nQ; ++i) {
            const auto [lo, hi] = rule.keyBand(i);
            for (Index j = 0; j < nK; ++j)
                if (j < lo || j >= hi) QVERIFY(!rule.structural(i, j));
        }
    }
}

void TestKernels::tiledWorkingMemoryIsLinear()
{
    // n = 4096, d = 64, fp32: the scores alone would take n² · 4 B = 64 MiB; the tiled kernel's
    // own buffers stay O(n·d) (here O(B·d), independent of n_q).
    const Index n = 4096, d = 64;
    std::mt19937 rng(9);
    const MatrixT<float> q = (randomMatrix(n, d, rng) / 8.0).cast<float>();
    const MatrixT<float> k = randomMatrix(n, d, rng).cast<float>();
    const MatrixT<float> v = randomMatrix(n, d, rng).cast<float>();
    std::vector<std::int64_t> positions(n);
    for (Index i = 0; i < n; ++i) positions[static_cast<std::size_t>(i)] = i;
    HeadProblem<float> p(view(q), view(k), view(v));
    p.mask.query_positions = positions;
    p.mask.key_positions = positions;
    p.mask.detectOrder();
    MatrixT<float> out(n, d);
    const TiledOptions options{64, 64, 1};
    const KernelRun full = tiledHead(p, options, out);
    const std::size_t scoreBytes = std::size_t(n) * n * sizeof(float);
    QCOMPARE(full.stats.work_bytes, tiledWorkBytes(n, n, d, d, options, sizeof(float)));
    QVERIFY2(full.stats.work_bytes <= std::size_t(n) * d * sizeof(float),
             qPrintable(QString::number(full.stats.work_bytes)));
    QVERIFY(full.stats.work_bytes * 100 < scoreBytes);
    QCOMPARE(full.stats.pairs, std::uint64_t(n) * n);
    // Spot-check two rows against a plain double softmax.
    for (const Index i : {Index(0), n - 1}) {
        const Eigen::VectorXd logits = k.cast<double>() * q.row(i).cast<double>().transpose();
        const Eigen::ArrayXd e = (logits.array() - logits.maxCoeff()).exp();
        const Eigen::RowVectorXd expect = (e.matrix().transpose() * v.cast<double>()) / e.sum();
        QVERIFY((out.row(i).cast<double>() - expect).cwiseAbs().maxCoeff() < 1e-5);
    }
    // Causal (first 1024 tokens, to stay quick in debug builds): of the 16 × 16 tiles the 120
    // above the diagonal are skipped, not computed; the 16 diagonal ones are partial.
    const Index m = 1024;
    HeadProblem<float> c(view(q.topRows(m)), view(k.topRows(m)), view(v.topRows(m)));
    c.mask.query_positions = std::span(positions).first(m);
    c.mask.key_positions = std::span(positions).first(m);
    c.mask.causal = true;
    c.mask.detectOrder();
    MatrixT<float> outCausal(m, d);
    const KernelRun causal = tiledHead(c, options, outCausal);
    QCOMPARE(causal.stats.tiles, std::uint64_t(16 * 16));
    QCOMPARE(causal.stats.tiles_skipped, std::uint64_t(120));
    QCOMPARE(causal.stats.pairs, std::uint64_t(136) * 64 * 64);
    // Issue 4's bound at n = 16384, two threads: at most 16 MiB beyond Q, K, V, O.
    QVERIFY(tiledWorkBytes(16384, 16384, 64, 64, TiledOptions{64, 64, 2}, sizeof(float)) <= std::size_t(16)
                                                                                                << 20);
}

void TestKernels::registryNamesAndRefusals()
{
    const auto registry = kernelRegistry();
    QCOMPARE(registry.size(), std::size_t(4));
    for (const KernelInfo &info : registry) {
        QCOMPARE(QString(info.name), QString(toString(info.kind)));
        QCOMPARE(kernelFromName(info.name), std::optional<KernelKind>(info.kind));
        QCOMPARE(info.exact_softmax, info.kind != KernelKind::Linear);
        QVERIFY(QString(info.description).size() > 20);
    }
    QVERIFY(!kernelFromName("flash"));
    Scenario s = scenarioFor(kConfigs[1]);
    for (const KernelInfo &info : registry) QVERIFY2(!info.refusal(s), info.name);
    s.mask.window.reset();
    s.kernel = KernelKind::Windowed;
    QVERIFY(!kernelRefusal(s)); // no window: the band is the causal prefix
    s.score = ScoreKind::Additive;
    for (KernelKind kind : {KernelKind::Tiled, KernelKind::Windowed, KernelKind::Linear}) {
        s.kernel = kind;
        const auto why = kernelRefusal(s);
        QVERIFY(why && why->find("additive") != std::string::npos);
    }
    s.kernel = KernelKind::Naive;
    QVERIFY(!kernelRefusal(s));
    s.score = ScoreKind::ScaledDot;
    s.kernel = KernelKind::Linear;
    s.positional.kind = PositionalKind::Alibi;
    QVERIFY(kernelRefusal(s) && kernelRefusal(s)->find("alibi") != std::string::npos);
    s.positional.kind = PositionalKind::None;
    s.temperature = 2.0;
    QVERIFY(kernelRefusal(s) && kernelRefusal(s)->find("temperature") != std::string::npos);
    s.temperature = 1.0;
    s.scale = 0.5;
    QVERIFY(kernelRefusal(s) && kernelRefusal(s)->find("scale") != std::string::npos);
}

void TestKernels::attendUsesEachKernel_data()
{
    QTest::addColumn<int>("config");
    QTest::addColumn<int>("kernel");
    for (int c = 0; c < int(std::size(kConfigs)); ++c) {
        QTest::addRow("tiled: %s", kConfigs[c].name) << c << int(KernelKind::Tiled);
        QTest::addRow("windowed: %s", kConfigs[c].name) << c << int(KernelKind::Windowed);
    }
}

void TestKernels::attendUsesEachKernel()
{
    // The trace of a fast softmax kernel equals naive's: weights rebuilt from the logsumexp,
    // outputs, fully masked rows, and the "error" policy.
    QFETCH(int, config);
    QFETCH(int, kernel);
    Scenario s = scenarioFor(kConfigs[config]);
    s.kernel = static_cast<KernelKind>(kernel);
    Scenario naive = s;
    naive.kernel = KernelKind::Naive;
    if (s.mask.all_masked_rows == MaskedRowPolicy::Error) {
        QVERIFY_THROWS_EXCEPTION(ScenarioError, attend(s));
        return;
    }
    const AttentionTrace ref = attend(naive);
    const AttentionTrace got = attend(s);
    QCOMPARE(got.kernel, s.kernel);
    QString why;
    QVERIFY2(close(ref.output, got.output, 1e-12, &why), qPrintable(why));
    for (std::size_t h = 0; h < ref.heads.size(); ++h)
        QVERIFY2(close(ref.heads[h].weights, got.heads[h].weights, 1e-12, &why), qPrintable(why));
    QCOMPARE(got.fully_masked_rows, ref.fully_masked_rows);
}

void TestKernels::attendRefusesWithTheKernelField()
{
    Scenario s; // case 13 (linear, causal): weights [[1, 0], [0.25, 0.75]], output [[2], [5]]
    s.query = Matrix{{0.0}, {0.0}};
    s.key = Matrix{{0.0}, {2.0}};
    s.value = Matrix{{2.0}, {6.0}};
    s.mask.causal = true;
    s.kernel = KernelKind::Linear;
    const AttentionTrace t = attend(s);
    QCOMPARE(t.heads[0].weights, (Matrix{{1.0, 0.0}, {0.25, 0.75}}));
    QCOMPARE(t.output, (Matrix{{2.0}, {5.0}}));
    s.temperature = 2.0;
    try {
        attend(s);
        QFAIL("expected a refusal");
    } catch (const ScenarioError &e) {
        QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("kernel"));
        QVERIFY2(QString(e.what()).contains("temperature"), e.what());
    }
}

void TestKernels::infiniteLogitsBehaveAsInNaive()
{
    // Raw ±∞ scores, one key per tile: a +∞ score (NaN weight, as naive), a row whose visible
    // scores are all −∞ (NaN), −∞ next to a finite score (weight 0, its value never used).
    Scenario s;
    const double inf = std::numeric_limits<double>::infinity();
    s.scores = {Matrix{{0.0, inf, 1.0}, {-inf, -inf, -inf}, {-inf, 2.0, -inf}, {3.0, -inf, 1.0}}};
    s.value = Matrix{{1.0, 2.0}, {3.0, 4.0}, {5.0, 6.0}};
    s.tile = {1, 1};
    Scenario naive = s;
    const AttentionTrace ref = attend(naive);
    for (KernelKind kind : {KernelKind::Tiled, KernelKind::Windowed}) {
        s.kernel = kind;
        const AttentionTrace got = attend(s);
        QString why;
        QVERIFY2(close(ref.output, got.output, 1e-15, &why), qPrintable(why));
        QVERIFY2(close(ref.heads[0].weights, got.heads[0].weights, 1e-15, &why), qPrintable(why));
    }
    QVERIFY(ref.output.row(3).allFinite() && ref.output.row(2) == ref.output.row(2));
    // The vectorised exp gives exactly 0 where std::exp underflows (Eigen's would clamp).
    float x[] = {0.0f, -std::numeric_limits<float>::infinity(), -100.0f, -50.0f, -1.0f, -2.0f, -3.0f, -4.0f};
    expShiftedInPlace(x, 8, 0.0f);
    QCOMPARE(x[0], 1.0f);
    QCOMPARE(x[1], 0.0f);
    QCOMPARE(x[2], 0.0f);
    QCOMPARE(x[3], std::exp(-50.0f));
}

namespace {

/// A float head of n_q × n_k with d_k, d_v, random N(0, 1) inputs; positions 0 … n − 1 with
/// queries aligned bottom-right; mask causal and/or a window of `window` keys (0 = none).
struct FloatHead {
    MatrixT<float> q, k, v;
    std::vector<std::int64_t> qPos, kPos;
    FloatHead(Index nQ, Index nK, Index dK, Index dV, unsigned seed)
    {
        std::mt19937 rng(seed);
        q = randomMatrix(nQ, dK, rng).cast<float>();
        k = randomMatrix(nK, dK, rng).cast<float>();
        v = randomMatrix(nK, dV, rng).cast<float>();
        for (Index j = 0; j < nK; ++j) kPos.push_back(j);
        for (Index i = 0; i < nQ; ++i) qPos.push_back(i + nK - nQ);
    }
    HeadProblem<float> problem(bool causal, std::int64_t window, double scale) const
    {
        HeadProblem<float> p(view(q), view(k), view(v));
        p.logit.scale = scale;
        p.mask.query_positions = qPos;
        p.mask.key_positions = kPos;
        p.mask.causal = causal;
        if (window > 0)
            p.mask.window = Window{window - 1, causal ? std::optional<std::int64_t>(0) : window - 1};
        p.mask.detectOrder();
        return p;
    }
};

/// Plain double softmax attention of one head under `mask` (the reference for FloatHead).
Matrix plainAttention(const HeadProblem<float> &p, std::vector<Index> *masked)
{
    const Matrix q = p.query.cast<double>(), k = p.key.cast<double>(), v = p.value.cast<double>();
    Matrix out = Matrix::Zero(p.nQ(), p.dV());
    for (Index i = 0; i < p.nQ(); ++i) {
        Eigen::VectorXd logits = p.logit.scale * (k * q.row(i).transpose()); // (n_k)
        double m = -std::numeric_limits<double>::infinity();
        for (Index j = 0; j < p.nK(); ++j)
            if (p.mask.visible(i, j)) m = std::max(m, logits(j));
        if (std::isinf(m)) {
            masked->push_back(i);
            continue;
        }
        double sum = 0;
        for (Index j = 0; j < p.nK(); ++j) {
            if (!p.mask.visible(i, j)) continue;
            const double w = std::exp(logits(j) - m);
            sum += w;
            out.row(i) += w * v.row(j);
        }
        out.row(i) /= sum;
    }
    return out;
}

} // namespace

void TestKernels::fastPathMatchesNaive_data()
{
    // Sizes that are not multiples of the tiles, of the micro-tile rows (6) or of the lanes,
    // head widths with remainders, big and uneven tiles, causal and window bands, threads.
    QTest::addColumn<int>("nQ");
    QTest::addColumn<int>("nK");
    QTest::addColumn<int>("dK");
    QTest::addColumn<int>("dV");
    QTest::addColumn<bool>("causal");
    QTest::addColumn<int>("window");
    QTest::addColumn<int>("tileQ");
    QTest::addColumn<int>("tileK");
    QTest::addColumn<int>("threads");
    QTest::addRow("dense 300, d 64, 128x128") << 300 << 300 << 64 << 64 << false << 0 << 128 << 128 << 1;
    QTest::addRow("dense 257x333, d 40/24, 96x200") << 257 << 333 << 40 << 24 << false << 0 << 96 << 200 << 2;
    QTest::addRow("causal 300, 128x128, 2 threads") << 300 << 300 << 64 << 64 << true << 0 << 128 << 128 << 2;
    QTest::addRow("causal n_q<n_k bottom_right, 17x5") << 37 << 90 << 7 << 5 << true << 0 << 17 << 5 << 3;
    QTest::addRow("window 50 causal, 64x64") << 400 << 400 << 32 << 32 << true << 50 << 64 << 64 << 2;
    QTest::addRow("window 33 both sides, 16x256") << 200 << 200 << 16 << 8 << false << 33 << 16 << 256 << 1;
    QTest::addRow("one query, 1x1000") << 1 << 1000 << 64 << 64 << true << 0 << 1 << 1000 << 1;
    QTest::addRow("d 1, 5x3") << 23 << 19 << 1 << 1 << false << 0 << 5 << 3 << 1;
}

void TestKernels::fastPathMatchesNaive()
{
    QFETCH(int, nQ);
    QFETCH(int, nK);
    QFETCH(int, dK);
    QFETCH(int, dV);
    QFETCH(bool, causal);
    QFETCH(int, window);
    QFETCH(int, tileQ);
    QFETCH(int, tileK);
    QFETCH(int, threads);
    const FloatHead head(nQ, nK, dK, dV, unsigned(nQ * 31 + nK));
    const HeadProblem<float> p = head.problem(causal, window, 1.0 / std::sqrt(double(dK)));
    std::vector<Index> maskedRef;
    const Matrix ref = plainAttention(p, &maskedRef);
    QString why;
    MatrixT<float> out(nQ, dV);
    VectorT<float> lse;
    const KernelRun tiled = tiledHead(p, TiledOptions{tileQ, tileK, threads}, out, &lse);
    QVERIFY2(close(ref, out.cast<double>(), 1e-5, &why), qPrintable("tiled " + why));
    QCOMPARE(tiled.fully_masked_rows, maskedRef);
    const KernelRun windowed = windowedHead(p, WindowedOptions{tileQ, threads, tileK}, out);
    QVERIFY2(close(ref, out.cast<double>(), 1e-5, &why), qPrintable("windowed " + why));
    QCOMPARE(windowed.fully_masked_rows, maskedRef);
    // The log-sum-exp of the fast path rebuilds the weights: Σ_j exp(logit_ij − lse_i) = 1.
    for (Index i = 0; i < nQ; i += 7) {
        if (std::isinf(lse(i))) continue;
        double total = 0;
        for (Index j = 0; j < nK; ++j)
            if (p.mask.visible(i, j))
                total += std::exp(p.logit.scale *
                                      double(head.q.row(i).cast<double>().dot(head.k.row(j).cast<double>())) -
                                  double(lse(i)));
        QVERIFY2(std::abs(total - 1.0) < 1e-4, qPrintable(QString("row %1: %2").arg(i).arg(total)));
    }
}

void TestKernels::fastPathThreadsAreBitwiseIdentical()
{
    // Every worker has buffers of the same strides, so a tile's rounding does not depend on the
    // thread that runs it; heads share one loop in attendHeads.
    const FloatHead head(333, 333, 64, 64, 3);
    for (const bool causal : {false, true}) {
        const HeadProblem<float> p = head.problem(causal, causal ? 100 : 0, 0.125);
        MatrixT<float> one(333, 64), two(333, 64), three(333, 64);
        tiledHead(p, TiledOptions{64, 96, 1}, one);
        tiledHead(p, TiledOptions{64, 96, 2}, two);
        tiledHead(p, TiledOptions{64, 96, 3}, three);
        QVERIFY(one == two && one == three);
        windowedHead(p, WindowedOptions{32, 1, 64}, one);
        windowedHead(p, WindowedOptions{32, 2, 64}, two);
        QVERIFY(one == two);
    }
}

void TestKernels::fastPathFallsBackOnHugeOrPoisonedTiles()
{
    // Tiles whose logit bound scale·max‖q‖·max‖k‖ exceeds 1e30 (query 3 against keys 40–49:
    // about 1e35, still finite in float) take the generic path; the other rows of those tiles mix
    // a running maximum of about 1e15 from generic tiles with fast tiles; every row that is not
    // ill-conditioned still equals the reference.
    FloatHead head(100, 100, 8, 4, 11);
    head.q /= 1e3f;
    head.k.middleRows(40, 10) *= 1e18f;
    head.q.row(3) *= 1e20f;
    const HeadProblem<float> p = head.problem(false, 0, 1.0);
    std::vector<Index> maskedRef;
    const Matrix ref = plainAttention(p, &maskedRef);
    MatrixT<float> out(100, 4);
    tiledHead(p, TiledOptions{16, 16, 1}, out);
    QString why;
    QVERIFY(out.allFinite());
    for (Index i = 0; i < 100; ++i) {
        if (i == 3) continue; // its logits (~1e35) carry float rounding far above 1: ill-conditioned
        const double scale = std::max(1.0, ref.row(i).cwiseAbs().maxCoeff());
        QVERIFY2((ref.row(i) - out.row(i).cast<double>()).cwiseAbs().maxCoeff() <= 1e-5 * scale,
                 qPrintable(QString("row %1").arg(i)));
    }
    // A NaN in a key under the causal mask reaches no query that cannot see it.
    FloatHead dirty(64, 64, 16, 16, 12);
    dirty.k.row(50).setConstant(std::numeric_limits<float>::quiet_NaN());
    dirty.v.row(50).setConstant(std::numeric_limits<float>::infinity());
    const HeadProblem<float> d = dirty.problem(true, 0, 0.25);
    MatrixT<float> dirtyOut(64, 16);
    tiledHead(d, TiledOptions{16, 16, 2}, dirtyOut);
    QVERIFY(dirtyOut.topRows(50).allFinite());
    QVERIFY(!dirtyOut.row(50).allFinite());
}

void TestKernels::exp2PolynomialIsAccurateAndFlushes()
{
    using Packet = micro::Geometry<float>::Packet;
    constexpr int W = micro::Geometry<float>::kWidth;
    double worst = 0;
    alignas(64) float in[W], res[W];
    for (int step = 0; step <= 200000; step += W) {
        for (int l = 0; l < W; ++l) in[l] = -125.0f * float(step + l) / 200000.0f;
        Eigen::internal::pstoreu(res, micro::pexp2NonPositive(Eigen::internal::ploadu<Packet>(in)));
        for (int l = 0; l < W; ++l) {
            const double exact = std::exp2(double(in[l]));
            worst = std::max(worst, std::abs(res[l] - exact) / exact);
        }
    }
    QVERIFY2(worst < 3e-7, qPrintable(QString::number(worst)));
    const float flushed[] = {-std::numeric_limits<float>::infinity(), -1e30f, -127.0f, -200.0f};
    for (float t : flushed) {
        for (int l = 0; l < W; ++l) in[l] = t;
        Eigen::internal::pstoreu(res, micro::pexp2NonPositive(Eigen::internal::ploadu<Packet>(in)));
        QCOMPARE(res[0], 0.0f);
    }
    for (int l = 0; l < W; ++l) in[l] = 0.0f;
    Eigen::internal::pstoreu(res, micro::pexp2NonPositive(Eigen::internal::ploadu<Packet>(in)));
    QCOMPARE(res[W - 1], 1.0f);
}

void TestKernels::keyBandsWalkEqualsKeyBand()
{
    std::mt19937 rng(17);
    for (int trial = 0; trial < 300; ++trial) {
        const Index nQ = 1 + trial % 29, nK = 1 + (trial * 11) % 37;
        std::uniform_int_distribution<std::int64_t> position(-5, 45);
        std::vector<std::int64_t> qPos(static_cast<std::size_t>(nQ)), kPos(static_cast<std::size_t>(nK));
        for (auto &x : qPos) x = position(rng);
        for (auto &x : kPos) x = position(rng);
        if (trial % 4 != 0) {
            std::sort(qPos.begin(), qPos.end());
            std::sort(kPos.begin(), kPos.end());
        }
        MaskRule rule;
        rule.query_positions = qPos;
        rule.key_positions = kPos;
        rule.causal = trial % 2 == 0;
        const int w = trial % 5;
        if (w > 0)
            rule.window = Window{w == 2 ? std::nullopt : std::optional<std::int64_t>(trial % 7 - 1),
                                 w == 3 ? std::nullopt : std::optional<std::int64_t>(trial % 3 - 1)};
        rule.detectOrder();
        std::vector<Index> lo(static_cast<std::size_t>(nQ)), hi(static_cast<std::size_t>(nQ));
        const Index i0 = trial % 3 == 0 ? nQ / 2 : 0;
        rule.keyBands(i0, nQ - i0, lo.data(), hi.data());
        for (Index r = 0; r < nQ - i0; ++r)
            QCOMPARE((std::pair<Index, Index>{lo[std::size_t(r)], hi[std::size_t(r)]}), rule.keyBand(i0 + r));
    }
}

void TestKernels::attendHeadsMatchesAttend_data()
{
    QTest::addColumn<int>("config");
    QTest::addColumn<int>("kernel");
    // Configurations with one mask for every head (no per-head visible matrix), no ALiBi or
    // RoPE, no raw scores and no "error" policy: what attendHeads takes.
    for (int c = 0; c < int(std::size(kConfigs)); ++c) {
        const Config &k = kConfigs[c];
        if (k.hidden > 0 || k.rawScores || k.positional != PositionalKind::None || k.policy == P::Error)
            continue;
        for (KernelKind kind :
             {KernelKind::Naive, KernelKind::Tiled, KernelKind::Windowed, KernelKind::Linear})
            QTest::addRow("%s: %s", toString(kind), k.name) << c << int(kind);
    }
}

void TestKernels::attendHeadsMatchesAttend()
{
    QFETCH(int, config);
    QFETCH(int, kernel);
    const Config &c = kConfigs[config];
    const auto kind = static_cast<KernelKind>(kernel);
    Scenario s = scenarioFor(c);
    s.kernel = kind == KernelKind::Linear ? KernelKind::Linear : KernelKind::Naive;
    const Shapes sh = validate(s);
    const Positions pos = resolvePositions(s, sh);
    const MaskRule mask = maskRuleFor(s, pos, 0);
    const double scale = logitSpecFor(s, effectiveScale(s, sh), 0).scale;
    const TiledOptions options{c.tileQ, c.tileK, 2};
    QString why;
    // double: equals attend() (naive, or linear's own) at 1e-12.
    const AttentionTrace ref = attend(s);
    MatrixT<double> out;
    const KernelRun run = attendHeads<double>(kind, s.query, s.key, s.value, c.hQ, c.hKv, mask, scale,
                                              options, out, s.mask.all_masked_rows);
    QVERIFY2(close(ref.output, out, 1e-12, &why), qPrintable("double " + why));
    std::vector<Index> refRows;
    for (const auto &[h, row] : ref.fully_masked_rows)
        if (h == 0) refRows.push_back(row);
    QCOMPARE(run.fully_masked_rows, refRows);
    QVERIFY(run.stats.work_bytes > 0 || kind == KernelKind::Linear);
    // float: equals attend() on the same rounded inputs at 1e-5.
    const Scenario sf = roundedToFloat(s);
    const AttentionTrace refF = attend(sf);
    MatrixT<float> outF;
    attendHeads<float>(kind, sf.query.cast<float>(), sf.key.cast<float>(), sf.value.cast<float>(), c.hQ,
                       c.hKv, mask, scale, options, outF, s.mask.all_masked_rows);
    QVERIFY2(close(refF.output, outF.cast<double>(), 1e-5, &why), qPrintable("float " + why));
}

void TestKernels::attendHeadsChecksItsArguments()
{
    const MatrixT<float> q = MatrixT<float>::Ones(4, 6), k = MatrixT<float>::Ones(5, 3);
    MatrixT<float> out;
    MaskRule none;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, attendHeads<float>(KernelKind::Tiled, q, k, k, 3, 2, none,
                                                                       1.0, {}, out)); // 3 % 2
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, attendHeads<float>(KernelKind::Tiled, q, k, k, 3, 1, none,
                                                                       1.0, {}, out)); // d 2 vs 3
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, attendHeads<float>(KernelKind::Naive, q, k, k, 2, 1, none,
                                                                       1.0, TiledOptions{0, 64, 1}, out));
    const KernelRun run = attendHeads<float>(KernelKind::Tiled, q, k, k, 2, 1, none, 1.0, {}, out);
    QCOMPARE(out.rows(), Index(4));
    QCOMPARE(out.cols(), Index(6));
    QVERIFY(((out.array() - 1.0f).abs() < 1e-6f).all()); // equal keys: the mean of the values
    QCOMPARE(run.stats.pairs, std::uint64_t(2 * 4 * 5));
    QCOMPARE(countVisiblePairs(none, 4, 5), std::uint64_t(20));
    std::vector<std::int64_t> positions{0, 1, 2, 3, 4};
    MaskRule causal;
    causal.query_positions = std::span(positions).first(4);
    causal.key_positions = positions;
    causal.causal = true;
    causal.detectOrder();
    QCOMPARE(countVisiblePairs(causal, 4, 5), std::uint64_t(1 + 2 + 3 + 4));
    QVERIFY(attendHeadsWorkBytes(KernelKind::Naive, 16384, 16384, 64, 64, {}, 4) >= (std::size_t(1) << 30));
    QVERIFY(attendHeadsWorkBytes(KernelKind::Tiled, 16384, 16384, 64, 64, TiledOptions{128, 128, 2}, 4) <=
            (std::size_t(16) << 20));
}

void TestKernels::threadPoolRunsEveryTaskOnceAndRethrows()
{
    ThreadPool pool;
    for (const int threads : {1, 2, 5}) {
        std::vector<std::atomic<int>> hits(1000);
        std::atomic<bool> workersInRange{true};
        pool.run(1000, threads, [&](Index task, int worker) {
            if (worker < 0 || worker >= threads) workersInRange = false;
            ++hits[static_cast<std::size_t>(task)];
        });
        QVERIFY(workersInRange);
        for (const auto &h : hits) QCOMPARE(h.load(), 1);
    }
    // A loop inside a loop (the pool is busy) runs on fresh threads, and still completes.
    std::atomic<int> inner{0};
    pool.run(4, 2, [&](Index, int) { pool.run(10, 2, [&](Index, int) { ++inner; }); });
    QCOMPARE(inner.load(), 40);
    // The first exception of a task reaches the caller; the pool stays usable.
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, pool.run(100, 2, [](Index task, int) {
        if (task == 37) throw std::runtime_error("task 37");
    }));
    std::atomic<int> after{0};
    pool.run(10, 2, [&](Index, int) { ++after; });
    QCOMPARE(after.load(), 10);
}

QTEST_APPLESS_MAIN(TestKernels)
#include "tst_kernels.moc"
