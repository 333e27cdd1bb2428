// Hand-checked counts of the cost model: pairs, FLOP, score bytes, tiled working set, KV cache.
#include "core/cost.h"
#include "strictwarnings.h"

#include <QtTest>

#include <limits>
#include <optional>
#include <stdexcept>

using namespace attn;
using namespace attn::cost;

namespace {

/// -1 in a data row means "unbounded".
std::optional<std::int64_t> bound(qint64 v)
{
    return v < 0 ? std::nullopt : std::optional<std::int64_t>(v);
}

/// The visible pairs by walking every (query, key), for checking the closed form.
std::uint64_t countByLoop(const PairPattern &p)
{
    const std::int64_t offset = p.alignment == Alignment::BottomRight ? p.n_k - p.n_q : 0;
    std::uint64_t count = 0;
    for (std::int64_t i = 0; i < p.n_q; ++i) {
        const std::int64_t pos = i + offset;
        for (std::int64_t j = 0; j < p.n_k; ++j) {
            bool visible = !p.causal || j <= pos;
            if (p.window_left && j < pos - *p.window_left) visible = false;
            if (p.window_right && j > pos + *p.window_right) visible = false;
            count += visible ? 1 : 0;
        }
    }
    return count;
}

} // namespace

class TestCost : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void pairs_data();
    void pairs();
    void causalPairs_data();
    void causalPairs();
    void visiblePairs_data();
    void visiblePairs();
    void visiblePairsMatchBruteForce();
    void flops_data();
    void flops();
    void naiveScoreBytes_data();
    void naiveScoreBytes();
    void tiledWorkingSetIsLinearInN();
    void kvCache_data();
    void kvCache();
    void badArgumentsAndOverflowThrow();
};

void TestCost::pairs_data()
{
    QTest::addColumn<qint64>("nQ");
    QTest::addColumn<qint64>("nK");
    QTest::addColumn<quint64>("expected");
    QTest::addRow("1K tokens") << qint64(1024) << qint64(1024) << quint64(1048576);
    QTest::addRow("100K tokens") << qint64(100000) << qint64(100000) << quint64(10000000000);
    QTest::addRow("1M tokens") << qint64(1000000) << qint64(1000000) << quint64(1000000000000);
    QTest::addRow("cross 3x5") << qint64(3) << qint64(5) << quint64(15);
    QTest::addRow("empty") << qint64(0) << qint64(7) << quint64(0);
}

void TestCost::pairs()
{
    QFETCH(qint64, nQ);
    QFETCH(qint64, nK);
    QFETCH(quint64, expected);
    QCOMPARE(quint64(pairCount(nQ, nK)), expected);
    const PairPattern full{nQ, nK, false, std::nullopt, std::nullopt, Alignment::TopLeft};
    QCOMPARE(quint64(visiblePairCount(full)), expected);
}

void TestCost::causalPairs_data()
{
    QTest::addColumn<qint64>("n");
    QTest::addColumn<quint64>("expected"); // n(n + 1)/2
    QTest::addRow("n = 1") << qint64(1) << quint64(1);
    QTest::addRow("n = 4") << qint64(4) << quint64(10); // 1 + 2 + 3 + 4
    QTest::addRow("n = 1024") << qint64(1024) << quint64(524800);
    QTest::addRow("n = 1M") << qint64(1000000) << quint64(500000500000);
}

void TestCost::causalPairs()
{
    QFETCH(qint64, n);
    QFETCH(quint64, expected);
    QCOMPARE(quint64(causalPairCount(n)), expected);
    const PairPattern causal{n, n, true, std::nullopt, std::nullopt, Alignment::Unspecified};
    QCOMPARE(quint64(visiblePairCount(causal)), expected);
}

void TestCost::visiblePairs_data()
{
    QTest::addColumn<qint64>("nQ");
    QTest::addColumn<qint64>("nK");
    QTest::addColumn<bool>("causal");
    QTest::addColumn<qint64>("left");  // -1 = unbounded
    QTest::addColumn<qint64>("right"); // -1 = unbounded
    QTest::addColumn<int>("alignment");
    QTest::addColumn<quint64>("expected");
    const int tl = int(Alignment::TopLeft);
    const int br = int(Alignment::BottomRight);
    // Per query, the count of visible keys, added up:
    QTest::addRow("causal window left 1, n 5")
        << qint64(5) << qint64(5) << true << qint64(1) << qint64(-1) << tl << quint64(9); // 1 + 2 + 2 + 2 + 2
    QTest::addRow("3 keys incl. current, n 8")
        << qint64(8) << qint64(8) << true << qint64(2) << qint64(0) << tl << quint64(21); // 3·4/2 + 5·3
    QTest::addRow("left 1 right 1, n 5") << qint64(5) << qint64(5) << false << qint64(1) << qint64(1) << tl
                                         << quint64(13); // 2 + 3 + 3 + 3 + 2
    QTest::addRow("diagonal only, n 6")
        << qint64(6) << qint64(6) << false << qint64(0) << qint64(0) << tl << quint64(6);
    QTest::addRow("right 0 = causal, n 3")
        << qint64(3) << qint64(3) << false << qint64(-1) << qint64(0) << tl << quint64(6);
    QTest::addRow("left beyond n, n 3")
        << qint64(3) << qint64(3) << true << qint64(100) << qint64(-1) << tl << quint64(6);
    QTest::addRow("causal top_left 2x4")
        << qint64(2) << qint64(4) << true << qint64(-1) << qint64(-1) << tl << quint64(3); // 1 + 2
    QTest::addRow("causal bottom_right 2x4")
        << qint64(2) << qint64(4) << true << qint64(-1) << qint64(-1) << br << quint64(7); // 3 + 4
    QTest::addRow("causal bottom_right 4x2")
        << qint64(4) << qint64(2) << true << qint64(-1) << qint64(-1) << br << quint64(3); // 0 + 0 + 1 + 2
    QTest::addRow("causal top_left 4x2")
        << qint64(4) << qint64(2) << true << qint64(-1) << qint64(-1) << tl << quint64(7); // 1 + 2 + 2 + 2
    // 4096 keys including the current one over 100K tokens: 4096·4097/2 + (100000 − 4096)·4096.
    QTest::addRow("sliding 4096, n 100K")
        << qint64(100000) << qint64(100000) << true << qint64(4095) << qint64(0) << tl << quint64(401213440);
}

void TestCost::visiblePairs()
{
    QFETCH(qint64, nQ);
    QFETCH(qint64, nK);
    QFETCH(bool, causal);
    QFETCH(qint64, left);
    QFETCH(qint64, right);
    QFETCH(int, alignment);
    QFETCH(quint64, expected);
    const PairPattern p{nQ, nK, causal, bound(left), bound(right), static_cast<Alignment>(alignment)};
    QCOMPARE(quint64(visiblePairCount(p)), expected);
}

void TestCost::visiblePairsMatchBruteForce()
{
    const std::vector<std::optional<std::int64_t>> bounds{std::nullopt, 0, 1, 2, 5};
    int checked = 0;
    for (std::int64_t nq = 1; nq <= 7; ++nq) {
        for (std::int64_t nk = 1; nk <= 7; ++nk) {
            for (Alignment a : {Alignment::TopLeft, Alignment::BottomRight}) {
                for (bool causal : {false, true}) {
                    for (const auto &l : bounds) {
                        for (const auto &r : bounds) {
                            const PairPattern p{nq, nk, causal, l, r, a};
                            QVERIFY2(visiblePairCount(p) == countByLoop(p),
                                     qPrintable(QStringLiteral("n_q %1 n_k %2 causal %3 left %4 right %5")
                                                    .arg(nq)
                                                    .arg(nk)
                                                    .arg(causal)
                                                    .arg(l ? qint64(*l) : -1)
                                                    .arg(r ? qint64(*r) : -1)));
                            ++checked;
                        }
                    }
                }
            }
        }
    }
    QCOMPARE(checked, 7 * 7 * 2 * 2 * 5 * 5);
}

void TestCost::flops_data()
{
    QTest::addColumn<qint64>("n");
    QTest::addColumn<bool>("causal");
    QTest::addColumn<qint64>("dK");
    QTest::addColumn<qint64>("dV");
    QTest::addColumn<qint64>("heads");
    QTest::addColumn<quint64>("expected");
    // Full: 4 · n² · d per head.
    QTest::addRow("n 1024, d 64, 1 head") << qint64(1024) << false << qint64(64) << qint64(64) << qint64(1)
                                          << quint64(268435456); // 4 · 2^20 · 2^6
    QTest::addRow("n 1024, d 64, 8 heads")
        << qint64(1024) << false << qint64(64) << qint64(64) << qint64(8) << quint64(2147483648);
    // Causal n = 4: 10 pairs · 2 · (2 + 2).
    QTest::addRow("causal n 4, d 2") << qint64(4) << true << qint64(2) << qint64(2) << qint64(1)
                                     << quint64(80);
    // d_k ≠ d_v: 9 pairs · 2 · (3 + 5).
    QTest::addRow("n 3, d_k 3, d_v 5")
        << qint64(3) << false << qint64(3) << qint64(5) << qint64(1) << quint64(144);
}

void TestCost::flops()
{
    QFETCH(qint64, n);
    QFETCH(bool, causal);
    QFETCH(qint64, dK);
    QFETCH(qint64, dV);
    QFETCH(qint64, heads);
    QFETCH(quint64, expected);
    const PairPattern p{n, n, causal, std::nullopt, std::nullopt, Alignment::TopLeft};
    QCOMPARE(quint64(attentionFlops(p, dK, dV, heads)), expected);
    QCOMPARE(quint64(attentionFlops(visiblePairCount(p), dK, dV) * std::uint64_t(heads)), expected);
}

void TestCost::naiveScoreBytes_data()
{
    QTest::addColumn<qint64>("n");
    QTest::addColumn<int>("dtype");
    QTest::addColumn<qint64>("heads");
    QTest::addColumn<quint64>("expected");
    QTest::addRow("1K, f32, 1 head = 4 MiB")
        << qint64(1024) << int(DType::F32) << qint64(1) << quint64(4194304);
    QTest::addRow("1K, f64, 8 heads") << qint64(1024) << int(DType::F64) << qint64(8) << quint64(67108864);
    QTest::addRow("100K, f16, 32 heads")
        << qint64(100000) << int(DType::F16) << qint64(32) << quint64(640000000000); // 10^10 · 2 · 32
    QTest::addRow("4, int8, 1 head") << qint64(4) << int(DType::Int8) << qint64(1) << quint64(16);
}

void TestCost::naiveScoreBytes()
{
    QFETCH(qint64, n);
    QFETCH(int, dtype);
    QFETCH(qint64, heads);
    QFETCH(quint64, expected);
    QCOMPARE(quint64(cost::naiveScoreBytes(n, n, static_cast<DType>(dtype), heads)), expected);
}

void TestCost::tiledWorkingSetIsLinearInN()
{
    // n 1024, d 64, tiles 64 × 64, f32, one head:
    //   tiles  (64·64 Q + 64·64 K + 64·64 V + 64·64 S + 64·64 O) · 4 = 81,920 bytes
    //   stats  2 · 1024 · 4 = 8,192;  output 1024 · 64 · 4 = 262,144.
    const TiledWorkingSet ws = tiledWorkingSet(1024, 1024, 64, 64, TileSpec{64, 64}, DType::F32, 1);
    QCOMPARE(quint64(ws.tile_buffers), quint64(81920));
    QCOMPARE(quint64(ws.row_statistics), quint64(8192));
    QCOMPARE(quint64(ws.output), quint64(262144));
    QCOMPARE(quint64(ws.total), quint64(352256));
    QVERIFY(ws.total < cost::naiveScoreBytes(1024, 1024, DType::F32, 1)); // 4,194,304

    // Doubling n doubles the n-dependent parts and leaves the tiles alone; 8 heads multiply all.
    const TiledWorkingSet ws2 = tiledWorkingSet(2048, 2048, 64, 64, TileSpec{64, 64}, DType::F32, 8);
    QCOMPARE(quint64(ws2.tile_buffers), quint64(81920));
    QCOMPARE(quint64(ws2.total), quint64(8 * (81920 + 2 * 8192 + 2 * 262144)));

    // Tiles larger than the sequence are clamped: n 3, d 2, f64 → (3·2 + 3·2 + 3·2 + 3·3 + 3·2) · 8.
    const TiledWorkingSet small = tiledWorkingSet(3, 3, 2, 2, TileSpec{64, 64}, DType::F64, 1);
    QCOMPARE(quint64(small.tile_buffers), quint64(33 * 8));
}

void TestCost::kvCache_data()
{
    QTest::addColumn<qint64>("kvHeads");
    QTest::addColumn<int>("dtype");
    QTest::addColumn<qint64>("batch");
    QTest::addColumn<quint64>("expected");
    // 2 · 32 layers · 4096 tokens · H_kv · 128 · bytes · batch.
    QTest::addRow("GQA 8 kv heads, f16") << qint64(8) << int(DType::F16) << qint64(1) << quint64(536870912);
    QTest::addRow("MHA 32 kv heads, f16")
        << qint64(32) << int(DType::F16) << qint64(1) << quint64(2147483648);
    QTest::addRow("MQA 1 kv head, f16") << qint64(1) << int(DType::F16) << qint64(1) << quint64(67108864);
    QTest::addRow("GQA 8, bf16") << qint64(8) << int(DType::BF16) << qint64(1) << quint64(536870912);
    QTest::addRow("GQA 8, int8") << qint64(8) << int(DType::Int8) << qint64(1) << quint64(268435456);
    QTest::addRow("GQA 8, f32") << qint64(8) << int(DType::F32) << qint64(1) << quint64(1073741824);
    QTest::addRow("GQA 8, f16, batch 4") << qint64(8) << int(DType::F16) << qint64(4) << quint64(2147483648);
}

void TestCost::kvCache()
{
    QFETCH(qint64, kvHeads);
    QFETCH(int, dtype);
    QFETCH(qint64, batch);
    QFETCH(quint64, expected);
    KvCacheSpec spec;
    spec.layers = 32;
    spec.sequence_length = 4096;
    spec.num_kv_heads = kvHeads;
    spec.head_dim = 128;
    spec.dtype = static_cast<DType>(dtype);
    spec.batch = batch;
    QCOMPARE(quint64(kvCacheBytes(spec)), expected);
}

void TestCost::badArgumentsAndOverflowThrow()
{
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, pairCount(-1, 4));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, causalPairCount(-3));
    const PairPattern negativeWindow{4, 4, false, std::int64_t(-1), std::nullopt, Alignment::TopLeft};
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, visiblePairCount(negativeWindow));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, cost::naiveScoreBytes(4, 4, DType::F32, 0));
    KvCacheSpec noHeads;
    noHeads.sequence_length = 4;
    noHeads.head_dim = 4;
    noHeads.num_kv_heads = 0;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, kvCacheBytes(noHeads));

    // 2^32 · 2^32 = 2^64 does not fit; 2^32 · (2^32 − 1) does.
    const std::int64_t big = std::int64_t(1) << 32;
    QVERIFY_THROWS_EXCEPTION(std::overflow_error, pairCount(big, big));
    QCOMPARE(quint64(pairCount(big, big - 1)), quint64(std::numeric_limits<std::uint64_t>::max() - big + 1));
    QVERIFY_THROWS_EXCEPTION(std::overflow_error, attentionFlops(pairCount(big, big - 1), 64, 64));
    try {
        pairCount(big, big);
    } catch (const std::overflow_error &e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains("pairs"), e.what());
    }
}

QTEST_APPLESS_MAIN(TestCost)
#include "tst_cost.moc"
