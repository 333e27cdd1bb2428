// The fast kernels against their plain references: tiled and windowed against naiveHead (exact
// softmax), linear against linearReference; masked poison, memory bounds, the registry.
// The float fast path, the multi-head entry point and the thread pool: tst_fastkernels.cpp.
#include "kernelcases.h"
#include "strictwarnings.h"

#include "core/attention.h"
#include "core/kernels/registry.h"

#include <QtTest>

#include <limits>

using namespace attn;
using namespace attn::kernels;
using namespace attn::kernels::cases;

class TestKernels : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void softmaxKernelsMatchNaive_data();
    void softmaxKernelsMatchNaive();
    void linearMatchesReference_data();
    void linearMatchesReference();
    void tiledRescalesAcrossOneKeyTiles();
    void tiledRowStatisticsRebuildWeights();
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

void TestKernels::tiledRowStatisticsRebuildWeights()
{
    // weights_ij = exp(logit_ij − m_i) / l_i on visible entries equals naive's weights.
    const Config &c = kConfigs[9]; // causal window, bottom_right, GQA 3:1
    const Scenario s = scenarioFor(c);
    const Shapes sh = validate(s);
    const Positions pos = resolvePositions(s, sh);
    for (int h = 0; h < c.hQ; ++h) {
        const HeadInputs<double> in = headInputs<double>(s, sh, pos, h);
        const HeadProblem<double> p = problemFor(in, s, sh, pos, h);
        Matrix out(sh.n_q, sh.d_v);
        SoftmaxRows<double> rows;
        tiledHead(p, TiledOptions{3, 5, 1}, out, &rows);
        std::vector<Index> masked;
        Matrix weights;
        naiveOutput(s, h, &masked, &weights);
        const Matrix logits = computeLogits(s, sh, pos, effectiveScale(s, sh), h);
        for (Index i = 0; i < sh.n_q; ++i)
            for (Index j = 0; j < sh.n_k; ++j) {
                const double w = p.mask.visible(i, j) ? rows.weight(i, logits(i, j)) : 0.0;
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

QTEST_APPLESS_MAIN(TestKernels)
#include "tst_kernels.moc"
