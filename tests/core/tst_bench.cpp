// The timing harness: statistics on known samples, FLOP counting for causal and window masks,
// the memory refusal, every kernel through the benchmark's own code path against its reference,
// the needle check and cancellation. Tiny sizes only: speed goals live in the benchmark.
#include "core/attention.h"
#include "core/bench.h"
#include "core/benchkernels.h"
#include "core/cost.h"
#include "strictwarnings.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace attn;
using namespace attn::bench;

namespace {

/// A tiny benchmark configuration: fast enough to run every kernel many times in a test.
BenchConfig tiny(KernelKind kernel, DType dtype = DType::F32)
{
    BenchConfig c;
    c.kernel = kernel;
    c.n_q = c.n_k = 50; // not a multiple of the tiles: ragged last tiles are exercised
    c.head_dim = 8;
    c.num_query_heads = 4;
    c.num_kv_heads = 2;
    c.dtype = dtype;
    c.threads = 2;
    c.warmup = 0;
    c.repetitions = 2;
    c.tile_query = 16;
    c.tile_key = 16;
    return c;
}

constexpr std::size_t kGiB = std::size_t(1) << 30;

} // namespace

class TestBench : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void medianAndPercentile();
    void statisticsRejectBadInput();
    void flopsCountVisiblePairs_data();
    void flopsCountVisiblePairs();
    void naiveRefusedWithTheEstimate();
    void invalidConfigurationsRefused();
    void everyKernelMatchesItsReference_data();
    void everyKernelMatchesItsReference();
    void benchmarkProblemIsTheScenarioProblem_data();
    void benchmarkProblemIsTheScenarioProblem();
    void resultCarriesItsConfiguration();
    void referenceCacheSharesTheNaiveOutput();
    void progressCancels();
    void roofCancels();
    void needleFoundOrLost();
    void processMemoryIsReadable();
};

void TestBench::medianAndPercentile()
{
    QCOMPARE(median({3, 1, 2}), 2.0);
    QCOMPARE(median({4, 1, 3, 2}), 2.5); // the mean of the middle two
    QCOMPARE(median({7}), 7.0);
    std::vector<double> oneToTwenty;
    for (int i = 20; i >= 1; --i) oneToTwenty.push_back(i); // order must not matter
    // rank 0.95 · 19 = 18.05: between the 19th (19) and 20th (20) values.
    QVERIFY(std::abs(percentile(oneToTwenty, 95) - 19.05) < 1e-12);
    QCOMPARE(percentile(oneToTwenty, 0), 1.0);
    QCOMPARE(percentile(oneToTwenty, 100), 20.0);
    QCOMPARE(percentile(oneToTwenty, 50), 10.5);
    // Ten samples with one slow outlier: the median ignores it, p95 sees most of it.
    const std::vector<double> samples{10, 10, 10, 10, 10, 10, 10, 10, 10, 30};
    QCOMPARE(median(samples), 10.0);
    QVERIFY(std::abs(percentile(samples, 95) - 21.0) < 1e-12); // rank 8.55: 10 + 0.55 · 20
}

void TestBench::statisticsRejectBadInput()
{
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, median({}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, percentile({1.0}, 101));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, percentile({1.0}, -1));
}

void TestBench::flopsCountVisiblePairs_data()
{
    QTest::addColumn<int>("kernel");
    QTest::addColumn<int>("nQ");
    QTest::addColumn<bool>("causal");
    QTest::addColumn<int>("window");
    QTest::addColumn<qulonglong>("flops");
    // n_k = 8, d = 4, 2 query heads: FLOP = 4 · pairs · d · H_q = 32 · pairs.
    const int tiled = int(KernelKind::Tiled);
    QTest::addRow("full 8×8") << tiled << 8 << false << 0 << qulonglong(32 * 64);
    QTest::addRow("causal: n(n+1)/2 = 36") << tiled << 8 << true << 0 << qulonglong(32 * 36);
    // W = 3 keys including the current one: 3·4/2 + (8 − 3)·3 = 21 pairs.
    QTest::addRow("window 3: 21") << tiled << 8 << false << 3 << qulonglong(32 * 21);
    QTest::addRow("causal window 3: 21") << tiled << 8 << true << 3 << qulonglong(32 * 21);
    QTest::addRow("window wider than n: causal") << tiled << 8 << false << 100 << qulonglong(32 * 36);
    QTest::addRow("decode step sees all 8 keys") << tiled << 1 << true << 0 << qulonglong(32 * 8);
    QTest::addRow("decode step, window 3") << tiled << 1 << true << 3 << qulonglong(32 * 3);
    QTest::addRow("naive counts visible pairs too")
        << int(KernelKind::Naive) << 8 << true << 0 << qulonglong(32 * 36);
    // Linear, no window: 2·d·(d + 1) per key and per query, per head: 2·4·5·(8 + 8)·2.
    QTest::addRow("linear summary") << int(KernelKind::Linear) << 8 << false << 0 << qulonglong(1280);
    QTest::addRow("linear with a window: pairs")
        << int(KernelKind::Linear) << 8 << false << 3 << qulonglong(32 * 21);
}

void TestBench::flopsCountVisiblePairs()
{
    QFETCH(int, kernel);
    QFETCH(int, nQ);
    QFETCH(bool, causal);
    QFETCH(int, window);
    QFETCH(qulonglong, flops);
    BenchConfig c;
    c.kernel = KernelKind(kernel);
    c.n_q = nQ;
    c.n_k = 8;
    c.head_dim = 4;
    c.num_query_heads = 2;
    c.num_kv_heads = 1;
    c.causal = causal;
    if (window > 0) c.window = window;
    QCOMPARE(qulonglong(benchFlops(c)), flops);
    if (c.kernel != KernelKind::Linear) {
        // The same count as the cost model's, which the cost lesson shows.
        cost::PairPattern p{nQ,
                            8,
                            causal,
                            window > 0 ? std::optional<std::int64_t>(window - 1) : std::nullopt,
                            window > 0 ? std::optional<std::int64_t>(0) : std::nullopt,
                            Alignment::BottomRight};
        QCOMPARE(qulonglong(benchFlops(c)), qulonglong(cost::attentionFlops(p, 4, 4, 2)));
    }
}

void TestBench::naiveRefusedWithTheEstimate()
{
    BenchConfig c;
    c.kernel = KernelKind::Naive;
    c.n_q = c.n_k = 65536;
    c.head_dim = 64;
    // One head's scores: 65536² · 4 bytes = 16 GiB; 3/4 of 16 GiB available may be used.
    const auto why = refusal(c, 16 * kGiB);
    QVERIFY(why.has_value());
    const QString text = QString::fromStdString(*why);
    QVERIFY2(text.contains("naive") && text.contains("16.0 GiB") && text.contains("128.0 GiB") &&
                 text.contains("12.0 GiB"),
             qPrintable(text));
    QVERIFY2(!text.contains('\n'), "one line");
    // The tiled kernel needs only O(n·d): it runs.
    c.kernel = KernelKind::Tiled;
    QVERIFY(!refusal(c, 16 * kGiB));
    // n = 16384: 1 GiB per head fits in 16 GiB.
    c.kernel = KernelKind::Naive;
    c.n_q = c.n_k = 16384;
    QVERIFY(!refusal(c, 16 * kGiB));
    QVERIFY(refusal(c, 1 * kGiB));
    // Unknown memory (0) refuses nothing for size.
    c.n_q = c.n_k = 1 << 20;
    QVERIFY(!refusal(c, 0));
    // runBench itself refuses what does not fit here (2^20 squared floats: 4 TiB).
    QVERIFY_THROWS_EXCEPTION(BenchRefused, runBench(c, Roof{}));
}

void TestBench::invalidConfigurationsRefused()
{
    BenchConfig c = tiny(KernelKind::Tiled);
    QVERIFY(!refusal(c, 16 * kGiB));
    BenchConfig bad = c;
    bad.num_kv_heads = 3;
    QVERIFY(refusal(bad, 16 * kGiB)->find("multiple") != std::string::npos);
    bad = c;
    bad.n_q = 0;
    QVERIFY(refusal(bad, 16 * kGiB));
    bad = c;
    bad.window = 0;
    QVERIFY(refusal(bad, 16 * kGiB));
    bad = c;
    bad.threads = 0;
    QVERIFY(refusal(bad, 16 * kGiB));
    bad = c;
    bad.repetitions = 0;
    QVERIFY(refusal(bad, 16 * kGiB));
}

void TestBench::everyKernelMatchesItsReference_data()
{
    QTest::addColumn<int>("kernel");
    QTest::addColumn<bool>("f64");
    QTest::addColumn<bool>("causal");
    QTest::addColumn<int>("window");
    QTest::addColumn<QString>("reference");
    for (bool f64 : {false, true}) {
        const char *type = f64 ? "f64" : "f32";
        for (bool causal : {false, true}) {
            for (int window : {0, 7}) {
                const QString mask = QStringLiteral("%1%2")
                                         .arg(causal ? " causal" : "")
                                         .arg(window ? QStringLiteral(" window %1").arg(window) : QString());
                QTest::addRow("naive %s%s", type, qPrintable(mask))
                    << int(KernelKind::Naive) << f64 << causal << window << "tiled-f64";
                QTest::addRow("tiled %s%s", type, qPrintable(mask))
                    << int(KernelKind::Tiled) << f64 << causal << window << "naive";
                QTest::addRow("windowed %s%s", type, qPrintable(mask))
                    << int(KernelKind::Windowed) << f64 << causal << window << "naive";
                QTest::addRow("linear %s%s", type, qPrintable(mask))
                    << int(KernelKind::Linear) << f64 << causal << window << "linear-reference";
            }
        }
    }
}

void TestBench::everyKernelMatchesItsReference()
{
    QFETCH(int, kernel);
    QFETCH(bool, f64);
    QFETCH(bool, causal);
    QFETCH(int, window);
    QFETCH(QString, reference);
    BenchConfig c = tiny(KernelKind(kernel), f64 ? DType::F64 : DType::F32);
    c.causal = causal;
    if (window) c.window = window;
    const BenchResult r = runBench(c, Roof{});
    QCOMPARE(QString::fromStdString(r.error_reference), reference);
    // Outputs are O(1) (weighted means of N(0, 1) values): the design's 1e-5 for f32.
    const double tolerance = f64 ? 1e-12 : 1e-5;
    QVERIFY2(r.max_abs_error <= tolerance, qPrintable(QString::number(r.max_abs_error)));
    QCOMPARE(r.repetitions, 2);
    QCOMPARE(int(r.samples_ms.size()), 2);
    QVERIFY(r.median_ms > 0 && r.p95_ms >= r.median_ms && r.min_ms <= r.median_ms);
    QVERIFY(r.gflops > 0);
    QCOMPARE(r.roof_fraction, 0.0); // no roof measured
    QVERIFY(r.work_bytes > 0);
}

void TestBench::benchmarkProblemIsTheScenarioProblem_data()
{
    QTest::addColumn<int>("kernel");
    QTest::addColumn<int>("nQ");
    QTest::addColumn<bool>("causal");
    QTest::addColumn<int>("window");
    for (int kernel : {int(KernelKind::Naive), int(KernelKind::Tiled), int(KernelKind::Windowed)}) {
        QTest::addRow("kernel %d prefill", kernel) << kernel << 12 << false << 0;
        QTest::addRow("kernel %d causal", kernel) << kernel << 12 << true << 0;
        QTest::addRow("kernel %d window 4", kernel) << kernel << 12 << false << 4;
        QTest::addRow("kernel %d decode", kernel) << kernel << 1 << true << 0;
        QTest::addRow("kernel %d 5 queries, window 4", kernel) << kernel << 5 << true << 4;
    }
}

void TestBench::benchmarkProblemIsTheScenarioProblem()
{
    // The benchmark's positions, window and scale mean what the scenario format says: the
    // same tensors through attend() (naive, double, every intermediate) give the same output.
    QFETCH(int, kernel);
    QFETCH(int, nQ);
    QFETCH(bool, causal);
    QFETCH(int, window);
    const Index nK = 12, d = 4;
    std::mt19937_64 random(7);
    std::normal_distribution<double> normal;
    Scenario s;
    s.query.resize(nQ, 2 * d);
    s.key.resize(nK, d);
    s.value.resize(nK, d);
    for (Matrix *m : {&s.query, &s.key, &s.value})
        for (Index i = 0; i < m->size(); ++i) m->data()[i] = normal(random);
    s.num_query_heads = 2;
    s.num_kv_heads = 1;
    s.alignment = Alignment::BottomRight;
    s.mask.causal = causal;
    if (window) s.mask.window = Window{window - 1, 0};
    const AttentionTrace trace = attend(s);

    const BenchMask mask(nQ, nK, causal, window ? std::optional<Index>(window) : std::nullopt);
    const HeadsInput<double> in{s.query, s.key, s.value, 2, 1, d, 1.0 / std::sqrt(double(d)), mask.rule};
    BenchConfig c;
    c.tile_query = c.tile_key = 4;
    c.threads = 2;
    kernels::MatrixT<double> out;
    runHeads(KernelKind(kernel), in, c, out);
    QCOMPARE(out.rows(), trace.output.rows());
    QCOMPARE(out.cols(), trace.output.cols());
    QVERIFY2((out - trace.output).cwiseAbs().maxCoeff() < 1e-12,
             qPrintable(QString::number((out - trace.output).cwiseAbs().maxCoeff())));
}

void TestBench::resultCarriesItsConfiguration()
{
    BenchConfig c = tiny(KernelKind::Tiled);
    c.window = 9;
    c.seed = 42;
    Roof roof;
    roof.fma_gflops = 100;
    const BenchResult r = runBench(c, roof);
    QCOMPARE(r.config.kernel, KernelKind::Tiled);
    QCOMPARE(r.config.n_q, c.n_q);
    QCOMPARE(r.config.num_kv_heads, 2);
    QCOMPARE(*r.config.window, Index(9));
    QCOMPARE(r.config.tile_query, Index(16));
    QCOMPARE(r.config.seed, std::uint64_t(42));
    QCOMPARE(r.flops, benchFlops(c));
    QVERIFY(std::abs(r.roof_fraction - r.gflops / 100.0) < 1e-12);
    QVERIFY(std::abs(r.tokens_per_s - 50.0 / (r.median_ms / 1000.0)) < 1e-6 * r.tokens_per_s);
    // K and V of 2 heads: 50 keys · 2 heads · 2 · 8 · 4 bytes.
    QCOMPARE(r.kv_bytes, std::uint64_t(50 * 2 * 2 * 8 * 4));
    QVERIFY(!r.cpu_model.empty());
    QVERIFY(r.rss_growth_bytes >= 0);
}

void TestBench::referenceCacheSharesTheNaiveOutput()
{
    // With a cache, the tiled kernel's reference is the naive benchmark's own output, and the
    // error is the same as with a freshly computed reference.
    ReferenceCache cache;
    const BenchResult naive = runBench(tiny(KernelKind::Naive), Roof{}, {}, &cache);
    QCOMPARE(QString::fromStdString(naive.error_reference), QStringLiteral("tiled-f64"));
    const BenchResult cached = runBench(tiny(KernelKind::Tiled), Roof{}, {}, &cache);
    const BenchResult fresh = runBench(tiny(KernelKind::Tiled), Roof{});
    QCOMPARE(QString::fromStdString(cached.error_reference), QStringLiteral("naive"));
    QCOMPARE(cached.max_abs_error, fresh.max_abs_error);
    cache.clear();
}

void TestBench::progressCancels()
{
    BenchConfig c = tiny(KernelKind::Tiled);
    c.repetitions = 50;
    c.time_budget_s = 100;
    // Cancel at once.
    QVERIFY_THROWS_EXCEPTION(BenchCancelled, runBench(c, Roof{}, [](double) { return false; }));
    // Cancel mid-run: after a few reports, with progress growing from 0.
    int calls = 0;
    double last = -1;
    bool monotone = true;
    QVERIFY_THROWS_EXCEPTION(BenchCancelled, runBench(c, Roof{}, [&](double f) {
                                 monotone = monotone && f >= last && f <= 1.0;
                                 last = f;
                                 return ++calls < 5;
                             }));
    QCOMPARE(calls, 5);
    QVERIFY(monotone);
    // Not cancelled: it ends at 1.
    const BenchResult r = runBench(tiny(KernelKind::Tiled), Roof{}, [&](double f) {
        last = f;
        return true;
    });
    QCOMPARE(last, 1.0);
    QCOMPARE(r.repetitions, 2);
}

void TestBench::roofCancels()
{
    QVERIFY_THROWS_EXCEPTION(BenchCancelled, measureRoof(1, [](double) { return false; }));
}

void TestBench::needleFoundOrLost()
{
    NeedleConfig c;
    c.n_k = 512;
    c.head_dim = 32;
    for (double depth : {0.0, 0.25, 0.5, 0.75, 1.0}) {
        c.depth = depth;
        c.kernel = KernelKind::Tiled;
        c.window.reset();
        const NeedleResult exact = runNeedle(c);
        QCOMPARE(exact.needle_position, Index(std::llround(depth * 511)));
        QVERIFY2(exact.retrieved && exact.cosine > 0.95, qPrintable(QString::number(exact.cosine)));
        c.kernel = KernelKind::Naive;
        QVERIFY(std::abs(runNeedle(c).cosine - exact.cosine) < 1e-5);
        // A window of 64 keys reaches only the last 64 positions.
        c.kernel = KernelKind::Windowed;
        c.window = 64;
        const NeedleResult windowed = runNeedle(c);
        QCOMPARE(windowed.retrieved, depth == 1.0);
        // Linear attention's weights φ(q)·φ(k) are flat: the needle drowns among 512 keys.
        c.kernel = KernelKind::Linear;
        c.window.reset();
        const NeedleResult linear = runNeedle(c);
        QVERIFY2(!linear.retrieved, qPrintable(QString::number(linear.cosine)));
    }
    // The needle stands out by the same margin at any d and n: exact kernels always find it
    // (a fixed k = 2q has a logit ≈ 2·√d, which 4096 random keys drown at d = 8).
    for (Index d : {Index(1), Index(8)}) {
        c.head_dim = d;
        c.n_k = 4096;
        c.window.reset();
        for (KernelKind kind : {KernelKind::Naive, KernelKind::Tiled}) {
            c.kernel = kind;
            for (double depth : {0.0, 0.5, 1.0}) {
                c.depth = depth;
                const NeedleResult r = runNeedle(c);
                QVERIFY2(
                    r.retrieved && r.cosine > 0.99,
                    qPrintable(QStringLiteral("d %1, depth %2: cosine %3").arg(d).arg(depth).arg(r.cosine)));
            }
        }
    }
    c.depth = 1.5;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, runNeedle(c));
}

void TestBench::processMemoryIsReadable()
{
    QVERIFY(peakRssBytes() > 0);
    QVERIFY(currentRssBytes() > 0);
    const long long current = currentRssBytes(); // read first: the peak read after must cover it
    QVERIFY(peakRssBytes() >= current);
    QVERIFY(availableMemoryBytes() > 0);
    QVERIFY(availableThreads() >= 1);
    QVERIFY(!cpuModel().empty());
}

QTEST_GUILESS_MAIN(TestBench)
#include "tst_bench.moc"
