// The fast float path of the tiled kernel (packet micro-kernels, vectorised 2^x, key bands)
// against plain attention, bit-identical across threads; the multi-head entry point attendHeads
// against attend(); the thread pool.
#include "kernelcases.h"
#include "strictwarnings.h"

#include "core/attention.h"
#include "core/kernels/microkernels.h"
#include "core/kernels/multiheadkernels.h"
#include "core/kernels/threadpool.h"

#include <QtTest>

#include <limits>

using namespace attn;
using namespace attn::kernels;
using namespace attn::kernels::cases;

class TestFastKernels : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void fastPathMatchesNaive_data();
    void fastPathMatchesNaive();
    void fastPathThreadsAreBitwiseIdentical();
    void fastPathFallsBackOnHugeOrPoisonedTiles();
    void scaleBeyondTheFloatRange();
    void exp2PolynomialIsAccurateAndFlushes();
    void keyBandsWalkEqualsKeyBand();
    void attendHeadsMatchesAttend_data();
    void attendHeadsMatchesAttend();
    void attendHeadsChecksItsArguments();
    void threadPoolRunsEveryTaskOnceAndRethrows();
};

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
        p.logit.scale = LogitScale(scale, 1.0);
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
        Eigen::VectorXd logits = p.logit.scale.factor() * (k * q.row(i).transpose()); // (n_k)
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

void TestFastKernels::fastPathMatchesNaive_data()
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

void TestFastKernels::fastPathMatchesNaive()
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
    SoftmaxRows<float> rows;
    const KernelRun tiled = tiledHead(p, TiledOptions{tileQ, tileK, threads}, out, &rows);
    QVERIFY2(close(ref, out.cast<double>(), 1e-5, &why), qPrintable("tiled " + why));
    QCOMPARE(tiled.fully_masked_rows, maskedRef);
    const KernelRun windowed = windowedHead(p, WindowedOptions{tileQ, threads, tileK}, out);
    QVERIFY2(close(ref, out.cast<double>(), 1e-5, &why), qPrintable("windowed " + why));
    QCOMPARE(windowed.fully_masked_rows, maskedRef);
    // The fast path's row maximum and sum rebuild the weights: Σ_j exp(logit_ij − m_i) / l_i = 1.
    for (Index i = 0; i < nQ; i += 7) {
        if (std::isinf(rows.max(i))) continue;
        double total = 0;
        for (Index j = 0; j < nK; ++j)
            if (p.mask.visible(i, j))
                total += std::exp(p.logit.scale.factor() *
                                      double(head.q.row(i).cast<double>().dot(head.k.row(j).cast<double>())) -
                                  double(rows.max(i))) /
                         double(rows.sum(i));
        QVERIFY2(std::abs(total - 1.0) < 1e-4, qPrintable(QString("row %1: %2").arg(i).arg(total)));
    }
}

void TestFastKernels::fastPathThreadsAreBitwiseIdentical()
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

void TestFastKernels::fastPathFallsBackOnHugeOrPoisonedTiles()
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

void TestFastKernels::scaleBeyondTheFloatRange()
{
    // q ≈ 2^-134 · N(0, 1) (subnormal floats) with scale 2^134 / √64 = 2^131: the logits are
    // ordinary numbers, but the scale is not a float (the largest is about 2^128). Before, the
    // kernels rounded it to +∞ first and returned NaN; now the factor is applied in double.
    FloatHead head(40, 50, 64, 8, 11);
    head.q *= std::ldexp(1.0f, -134);
    const double scale = std::ldexp(1.0, 131);
    const HeadProblem<float> p = head.problem(true, 0, scale);
    std::vector<Index> maskedRef;
    const Matrix ref = plainAttention(p, &maskedRef);
    QVERIFY(ref.allFinite());
    QString why;
    MatrixT<float> out(40, 8);
    tiledHead(p, TiledOptions{16, 16, 1}, out);
    QVERIFY2(close(ref, out.cast<double>(), 1e-4, &why), qPrintable("tiled " + why));
    windowedHead(p, WindowedOptions{16, 1, 16}, out);
    QVERIFY2(close(ref, out.cast<double>(), 1e-4, &why), qPrintable("windowed " + why));
    for (KernelKind kind : {KernelKind::Naive, KernelKind::Tiled, KernelKind::Windowed}) {
        MatrixT<float> all;
        attendHeads<float>(kind, head.q, head.k, head.v, 1, 1, p.mask, scale, TiledOptions{16, 16, 1}, all);
        QVERIFY2(close(ref, all.cast<double>(), 1e-4, &why), qPrintable(QString(toString(kind)) + " " + why));
    }
}

void TestFastKernels::exp2PolynomialIsAccurateAndFlushes()
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

void TestFastKernels::keyBandsWalkEqualsKeyBand()
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

void TestFastKernels::attendHeadsMatchesAttend_data()
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

void TestFastKernels::attendHeadsMatchesAttend()
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
    const double scale = logitSpecFor(s, effectiveScale(s, sh), 0).scale.factor();
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

void TestFastKernels::attendHeadsChecksItsArguments()
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

void TestFastKernels::threadPoolRunsEveryTaskOnceAndRethrows()
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

QTEST_APPLESS_MAIN(TestFastKernels)
#include "tst_fastkernels.moc"
