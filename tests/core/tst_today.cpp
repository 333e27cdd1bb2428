// The attention of today's models (issue 22): softcap, sinks, partial rotary, document and
// prefix-LM masks. Hand-computed cases on the naive reference, the mask rule of the kernels
// against attn::visibility(), and every fast kernel that accepts a key against naive on it.
#include "kernelcases.h"
#include "strictwarnings.h"

#include "core/attention.h"
#include "core/kernels/registry.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace attn;
using attn::kernels::cases::randomMatrix;

namespace {

Matrix rows(std::initializer_list<std::initializer_list<double>> values)
{
    Matrix m(static_cast<Index>(values.size()), static_cast<Index>(values.begin()->size()));
    Index i = 0;
    for (const auto &row : values) {
        Index j = 0;
        for (double x : row) m(i, j++) = x;
        ++i;
    }
    return m;
}

BoolMatrix visibleOf(const Scenario &s)
{
    const Shapes sh = validate(s);
    return visibility(s, sh, resolvePositions(s, sh), 0);
}

BoolMatrix fromRows(std::initializer_list<std::initializer_list<int>> values)
{
    BoolMatrix m(static_cast<Index>(values.size()), static_cast<Index>(values.begin()->size()));
    Index i = 0;
    for (const auto &row : values) {
        Index j = 0;
        for (int x : row) m(i, j++) = x != 0;
        ++i;
    }
    return m;
}

/// |a − b| ≤ tol · max(1, |a|) entry by entry; NaN only against NaN.
bool near(const Matrix &a, const Matrix &b, double tol)
{
    if (a.rows() != b.rows() || a.cols() != b.cols()) return false;
    for (Index i = 0; i < a.size(); ++i) {
        const double x = a.data()[i], y = b.data()[i];
        if (std::isnan(x) || std::isnan(y)) {
            if (std::isnan(x) != std::isnan(y)) return false;
            continue;
        }
        if (!(std::abs(x - y) <= tol * std::max(1.0, std::abs(x)))) return false;
    }
    return true;
}

/// A random scenario with every key of today switched on or off by `features`.
enum Feature {
    kSoftcap = 1,
    kSinks = 2,
    kRotary = 4,
    kDocuments = 8,
    kPrefix = 16,
    kWindow = 32,
    kPadding = 64
};

Scenario todayScenario(unsigned seed, int features, Index nQ, Index nK, int hq, int hkv)
{
    std::mt19937 rng(seed);
    Scenario s;
    const Index dK = 6;
    s.query = 1.5 * randomMatrix(nQ, hq * dK, rng);
    s.key = 1.5 * randomMatrix(nK, hkv * dK, rng);
    s.value = randomMatrix(nK, hkv * 3, rng);
    s.num_query_heads = hq;
    s.num_kv_heads = hkv;
    s.alignment = Alignment::BottomRight;
    s.mask.causal = true;
    s.mask.all_masked_rows = MaskedRowPolicy::NaN;
    s.tile = {3, 4};
    if (features & kSoftcap) s.softcap = 1.5;
    if (features & kSinks)
        for (int h = 0; h < hq; ++h) s.sinks.push_back(0.7 * h - 1.0);
    if (features & kRotary) {
        s.positional.kind = PositionalKind::Rope;
        s.positional.rotary_dim = 4;
        s.positional.rope_layout = seed % 2 ? RopeLayout::Interleaved : RopeLayout::HalfSplit;
    }
    if (features & kDocuments) {
        std::uniform_int_distribution<int> next(0, 4);
        std::int64_t q = 0, k = 0;
        for (Index i = 0; i < nQ; ++i) s.mask.query_document_ids.push_back(q += next(rng) == 0);
        for (Index j = 0; j < nK; ++j) s.mask.key_document_ids.push_back(k += next(rng) == 0);
    }
    if (features & kPrefix) s.mask.prefix_length = nK / 3;
    if (features & kWindow) s.mask.window = Window{5, 0};
    if (features & kPadding) {
        std::bernoulli_distribution real(0.8);
        for (Index j = 0; j < nK; ++j) s.mask.key_padding.push_back(real(rng));
    }
    return s;
}

} // namespace

class TestToday : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void softcapComesAfterTheBias();
    void sinksTakeAShareOfEveryRow();
    void sinkRowWithNoKeyIgnoresThePolicy();
    void partialRotaryRotatesTheFirstFeaturesOnly();
    void documentIdsMaskAcrossDocuments();
    void prefixIsVisibleToEveryQuery();
    void maskRuleAgreesWithVisibility();
    void fastKernelsMatchNaive_data();
    void fastKernelsMatchNaive();
    void floatFastPathMatchesNaive();
    void kernelsRefuseWhatTheyCannotDo();
};

void TestToday::softcapComesAfterTheBias()
{
    // q·k = 4 for both keys, ALiBi slope 1: [4, 3] and [3, 4]; the cap c = 2 gives 2 tanh(x / 2).
    Scenario s;
    s.query = rows({{4}, {4}});
    s.key = rows({{1}, {1}});
    s.value = rows({{1, 0}, {0, 1}});
    s.score = ScoreKind::Dot;
    s.positional.kind = PositionalKind::Alibi;
    s.positional.alibi_slopes = {1.0};
    s.softcap = 2.0;
    const AttentionTrace t = attend(s);
    QCOMPARE(t.heads[0].logits(0, 0), 2 * std::tanh(2.0));
    QCOMPARE(t.heads[0].logits(0, 1), 2 * std::tanh(1.5));
    QCOMPARE(t.heads[0].logits(1, 0), 2 * std::tanh(1.5));
    const double w = 1 / (1 + std::exp(2 * std::tanh(1.5) - 2 * std::tanh(2.0)));
    QVERIFY(std::abs(t.heads[0].weights(0, 0) - w) < 1e-15);
    // Whatever the score, the capped logit stays within (−c, c]; an enormous one becomes c.
    s.query = rows({{1e300}, {-3}});
    const AttentionTrace big = attend(s);
    QCOMPARE(big.heads[0].logits(0, 0), 2.0);
    QVERIFY(big.heads[0].logits.cwiseAbs().maxCoeff() <= 2.0);
}

void TestToday::sinksTakeAShareOfEveryRow()
{
    // Head 0 (sink 0): logits [1, 0] → weights e/(e + 2), 1/(e + 2), sink 1/(e + 2).
    // Head 1 (sink 1) reads the same K/V head (GQA 2:1): logits [2, 0] → sink e/(1 + e + e²).
    Scenario s;
    s.query = rows({{1, 2}});
    s.key = rows({{1}, {0}});
    s.value = rows({{1, 0}, {0, 1}});
    s.num_query_heads = 2;
    s.score = ScoreKind::Dot;
    s.sinks = {0.0, 1.0};
    const AttentionTrace t = attend(s);
    const double e = std::exp(1.0);
    QVERIFY(std::abs(t.heads[0].weights(0, 0) - e / (e + 2)) < 1e-15);
    QVERIFY(std::abs(t.heads[0].sink_weights(0) - 1 / (e + 2)) < 1e-15);
    QVERIFY(std::abs(t.heads[1].sink_weights(0) - e / (1 + e + e * e)) < 1e-15);
    for (const HeadTrace &h : t.heads) QVERIFY(std::abs(h.weights.sum() + h.sink_weights(0) - 1) < 1e-15);
    // A sink far below every logit takes nothing: the weights of no sink.
    s.sinks = {-800.0, -800.0};
    const AttentionTrace far = attend(s);
    s.sinks.clear();
    const AttentionTrace none = attend(s);
    QVERIFY(none.heads[0].sink_weights.size() == 0);
    QVERIFY(near(far.output, none.output, 1e-15));
    QCOMPARE(far.heads[0].sink_weights(0), 0.0);
    // A sink far above takes everything, and the output goes to 0 (not NaN).
    s.sinks = {800.0, 800.0};
    const AttentionTrace above = attend(s);
    QCOMPARE(above.heads[1].sink_weights(0), 1.0);
    QCOMPARE(above.output.cwiseAbs().maxCoeff(), 0.0);
}

void TestToday::sinkRowWithNoKeyIgnoresThePolicy()
{
    for (KernelKind kernel : {KernelKind::Naive, KernelKind::Tiled, KernelKind::Windowed}) {
        for (MaskedRowPolicy policy : {MaskedRowPolicy::Zero, MaskedRowPolicy::NaN, MaskedRowPolicy::Uniform,
                                       MaskedRowPolicy::Error}) {
            Scenario s;
            s.query = rows({{1}, {1}});
            s.key = rows({{1}, {2}});
            s.value = rows({{5}, {7}});
            s.mask.visible = {fromRows({{1, 1}, {0, 0}})};
            s.mask.all_masked_rows = policy;
            s.sinks = {0.5};
            s.kernel = kernel;
            const AttentionTrace t = attend(s); // no error, even under "error"
            QCOMPARE(t.fully_masked_rows, (std::vector<std::pair<int, Index>>{{0, 1}}));
            QCOMPARE(t.heads[0].weights.row(1).sum(), 0.0);
            QCOMPARE(t.output(1, 0), 0.0);
            QCOMPARE(t.heads[0].sink_weights(1), 1.0);
        }
    }
}

void TestToday::partialRotaryRotatesTheFirstFeaturesOnly()
{
    // d = 6, r = 4, base 100; tokens [1, 0, 1, 0, 1, 0] at positions 0 and 1.
    // half_split pairs (0, 2) at angle pos, (1, 3) at pos / 10: q1·k0 = 2 cos 1 + 1.
    // interleaved pairs (0, 1) at pos, (2, 3) at pos / 10: q1·k0 = cos 1 + cos 0.1 + 1.
    const Matrix x = rows({{1, 0, 1, 0, 1, 0}, {1, 0, 1, 0, 1, 0}});
    for (RopeLayout layout : {RopeLayout::HalfSplit, RopeLayout::Interleaved}) {
        const Matrix r = applyRope(x, {0, 1}, 100.0, layout, 4);
        QVERIFY(r.row(0) == x.row(0));
        QVERIFY(r.block(1, 4, 1, 2) == x.block(1, 4, 1, 2)); // features 4, 5 do not rotate
        const double want =
            layout == RopeLayout::HalfSplit ? 2 * std::cos(1.0) + 1 : std::cos(1.0) + std::cos(0.1) + 1;
        QVERIFY(std::abs(r.row(1).dot(r.row(0)) - want) < 1e-15);
    }
    // rotary_dim = d_k is today's RoPE, bit for bit; and partial rotary keeps RoPE's promise that
    // the score depends only on the distance of the positions.
    std::mt19937 rng(5);
    Scenario s;
    s.query = randomMatrix(4, 8, rng);
    s.key = randomMatrix(4, 8, rng);
    s.value = randomMatrix(4, 2, rng);
    s.positional.kind = PositionalKind::Rope;
    const AttentionTrace today = attend(s);
    s.positional.rotary_dim = 8;
    QCOMPARE(attend(s).heads[0].logits, today.heads[0].logits);
    s.positional.rotary_dim = 6;
    const Matrix partial = attend(s).heads[0].logits;
    QVERIFY(!near(partial, today.heads[0].logits, 1e-3));
    s.query_positions = {7, 8, 9, 10};
    s.key_positions = {7, 8, 9, 10};
    QVERIFY(near(attend(s).heads[0].logits, partial, 1e-12));
}

void TestToday::documentIdsMaskAcrossDocuments()
{
    // kDocuments [0, 0, 1, 1, 2], causal, key 2 padded: row 2 sees nothing (its only key is padding).
    Scenario s;
    s.query = Matrix::Zero(5, 1);
    s.key = Matrix::Zero(5, 1);
    s.value = rows({{1}, {2}, {3}, {4}, {5}});
    s.mask.causal = true;
    s.mask.key_padding = {true, true, false, true, true};
    s.mask.document_ids = {0, 0, 1, 1, 2};
    QCOMPARE(visibleOf(s),
             fromRows({{1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 1, 0}, {0, 0, 0, 0, 1}}));
    // Query and key ids (cross-attention, n_q = 2, n_k = 3) AND an explicit matrix.
    Scenario c;
    c.query = Matrix::Zero(2, 1);
    c.key = Matrix::Zero(3, 1);
    c.value = rows({{1}, {2}, {3}});
    c.mask.query_document_ids = {7, 9};
    c.mask.key_document_ids = {7, 9, 9};
    QCOMPARE(visibleOf(c), fromRows({{1, 0, 0}, {0, 1, 1}}));
    c.mask.visible = {fromRows({{1, 1, 1}, {1, 0, 1}})};
    QCOMPARE(visibleOf(c), fromRows({{1, 0, 0}, {0, 0, 1}}));
    QCOMPARE(attend(c).output(1, 0), 3.0);
}

void TestToday::prefixIsVisibleToEveryQuery()
{
    Scenario s;
    s.query = Matrix::Zero(4, 1);
    s.key = Matrix::Zero(4, 1);
    s.value = rows({{1}, {2}, {3}, {4}});
    s.mask.causal = true;
    s.mask.prefix_length = 2;
    QCOMPARE(visibleOf(s), fromRows({{1, 1, 0, 0}, {1, 1, 0, 0}, {1, 1, 1, 0}, {1, 1, 1, 1}}));
    QCOMPARE(attend(s).output(0, 0), 1.5);
    s.mask.prefix_length = 0; // plain causal
    QCOMPARE(visibleOf(s), fromRows({{1, 0, 0, 0}, {1, 1, 0, 0}, {1, 1, 1, 0}, {1, 1, 1, 1}}));
    s.mask.prefix_length = 4; // all prefix: bidirectional
    QCOMPARE(visibleOf(s), BoolMatrix::Constant(4, 4, true));
    // The prefix is a position, not an index: keys at 10, 11, 12, 13 with prefix 12.
    s.key_positions = {10, 11, 12, 13};
    s.mask.prefix_length = 12;
    QCOMPARE(visibleOf(s), fromRows({{1, 1, 0, 0}, {1, 1, 0, 0}, {1, 1, 1, 0}, {1, 1, 1, 1}}));
    // With a window the window still holds: prefix keys beyond it stay hidden.
    s.mask.window = Window{1, 0};
    QCOMPARE(visibleOf(s), fromRows({{1, 0, 0, 0}, {1, 1, 0, 0}, {0, 1, 1, 0}, {0, 0, 1, 1}}));
}

void TestToday::maskRuleAgreesWithVisibility()
{
    // The kernels' MaskRule (causalLimit, document ids in classify and visible) against the
    // reference visibility, over sorted and shuffled positions; classify is never wrong and
    // every visible key of a row lies inside keyBand.
    for (unsigned seed = 1; seed <= 40; ++seed) {
        Scenario s =
            todayScenario(seed, kDocuments | kPrefix | (seed % 3 ? kWindow : 0) | (seed % 4 ? 0 : kPadding),
                          11 + seed % 5, 17, 1, 1);
        if (seed % 2) {
            std::mt19937 rng(seed);
            s.key_positions.resize(17);
            for (Index j = 0; j < 17; ++j) s.key_positions[std::size_t(j)] = 2 * j;
            if (seed % 5 == 0) std::shuffle(s.key_positions.begin(), s.key_positions.end(), rng);
        }
        const Shapes sh = validate(s);
        const Positions pos = resolvePositions(s, sh);
        const BoolMatrix ref = visibility(s, sh, pos, 0);
        const kernels::MaskRule rule = kernels::maskRuleFor(s, pos, 0);
        for (Index i = 0; i < sh.n_q; ++i) {
            const auto [lo, hi] = rule.keyBand(i);
            for (Index j = 0; j < sh.n_k; ++j) {
                QCOMPARE(rule.visible(i, j), ref(i, j));
                if (ref(i, j)) QVERIFY(j >= lo && j < hi);
            }
        }
        for (Index i0 = 0; i0 < sh.n_q; i0 += 3) {
            for (Index j0 = 0; j0 < sh.n_k; j0 += 4) {
                const Index i1 = std::min(sh.n_q, i0 + 3), j1 = std::min(sh.n_k, j0 + 4);
                const Index seen = ref.block(i0, j0, i1 - i0, j1 - j0).count();
                const kernels::TileClass cls = rule.classify(i0, i1, j0, j1);
                if (cls == kernels::TileClass::AllVisible) QCOMPARE(seen, (i1 - i0) * (j1 - j0));
                if (cls == kernels::TileClass::AllMasked) QCOMPARE(seen, Index(0));
            }
        }
    }
}

void TestToday::fastKernelsMatchNaive_data()
{
    QTest::addColumn<int>("features");
    QTest::addColumn<int>("hq");
    QTest::addColumn<int>("hkv");
    QTest::addRow("softcap") << int(kSoftcap) << 2 << 2;
    QTest::addRow("sinks, GQA 4:2, masked rows") << int(kSinks | kDocuments | kPadding) << 4 << 2;
    QTest::addRow("partial rotary") << int(kRotary) << 1 << 1;
    QTest::addRow("document ids") << int(kDocuments) << 2 << 1;
    QTest::addRow("prefix") << int(kPrefix) << 1 << 1;
    QTest::addRow("prefix, window, padding") << int(kPrefix | kWindow | kPadding) << 2 << 2;
    QTest::addRow("everything") << int(kSoftcap | kSinks | kRotary | kDocuments | kPrefix | kPadding) << 3
                                << 1;
}

void TestToday::fastKernelsMatchNaive()
{
    QFETCH(int, features);
    QFETCH(int, hq);
    QFETCH(int, hkv);
    for (unsigned seed = 1; seed <= 6; ++seed) {
        Scenario s = todayScenario(seed, features, 13 + seed, 19, hq, hkv);
        const AttentionTrace naive = attend(s);
        for (KernelKind kernel : {KernelKind::Tiled, KernelKind::Windowed}) {
            s.kernel = kernel;
            const AttentionTrace fast = attend(s);
            QVERIFY2(near(fast.output, naive.output, 1e-12), kernels::kernelInfo(kernel).name);
            QCOMPARE(fast.fully_masked_rows, naive.fully_masked_rows);
            for (std::size_t h = 0; h < naive.heads.size(); ++h) {
                QVERIFY(near(fast.heads[h].weights, naive.heads[h].weights, 1e-12));
                QCOMPARE(fast.heads[h].sink_weights.size(), naive.heads[h].sink_weights.size());
                QVERIFY(near(fast.heads[h].sink_weights, naive.heads[h].sink_weights, 1e-12));
            }
        }
        // Linear attention takes document ids and prefixes (not softcap, sinks or RoPE): its
        // output equals the weights of its plain reference times V.
        if (features & (kSoftcap | kSinks | kRotary)) continue;
        s.kernel = KernelKind::Linear;
        const AttentionTrace linear = attend(s);
        QCOMPARE(linear.fully_masked_rows, naive.fully_masked_rows);
        for (int h = 0; h < hq; ++h) {
            const HeadTrace &head = linear.heads[std::size_t(h)];
            Matrix mixed = head.weights * s.value.middleCols(head.kv_head * 3, 3);
            for (const auto &[mh, row] : linear.fully_masked_rows)
                if (mh == h) mixed.row(row).setConstant(std::numeric_limits<double>::quiet_NaN());
            QVERIFY(near(head.output, mixed, 1e-12));
            QVERIFY(((head.weights.array() > 0) == head.visible.array()).all()); // φ > 0: the visible keys
        }
    }
}

void TestToday::floatFastPathMatchesNaive()
{
    // The float micro-kernel path (sorted keys, causal band; n_q ≥ a packet) with a prefix, and
    // with sinks; document ids take the generic path of partial tiles. Against naive in double.
    using namespace attn::kernels::cases;
    for (int features :
         {int(kPrefix), int(kPrefix | kSinks), int(kDocuments | kSinks), int(kRotary | kPrefix)}) {
        Scenario s = roundedToFloat(todayScenario(9, features, 40, 40, 2, 1));
        s.tile = {16, 8};
        for (int h = 0; h < 2; ++h) {
            std::vector<Index> masked, maskedRef;
            const Matrix ref = naiveOutput(s, h, &maskedRef);
            for (Which which : {Which::Tiled, Which::Windowed}) {
                QString why;
                QVERIFY2(close(ref, runKernel<float>(which, s, h, &masked), 2e-5, &why), qPrintable(why));
                QCOMPARE(masked, maskedRef);
            }
        }
    }
}

void TestToday::kernelsRefuseWhatTheyCannotDo()
{
    const auto refusal = [](Scenario s, KernelKind kernel) {
        s.kernel = kernel;
        validate(s);
        return QString::fromStdString(kernels::kernelRefusal(s).value_or(""));
    };
    Scenario s;
    s.query = rows({{1, 0}});
    s.key = rows({{1, 0}, {0, 1}});
    s.value = rows({{1}, {2}});
    Scenario capped = s;
    capped.softcap = 30.0;
    QVERIFY(refusal(capped, KernelKind::Linear).contains("\"linear\""));
    QVERIFY(refusal(capped, KernelKind::Linear).contains("softcap"));
    QVERIFY(refusal(capped, KernelKind::Tiled).isEmpty());
    Scenario sunk = s;
    sunk.sinks = {0.0};
    QVERIFY(refusal(sunk, KernelKind::Linear).contains("sinks"));
    QVERIFY(refusal(sunk, KernelKind::Windowed).isEmpty());
    Scenario half = s;
    half.dtype = Precision::Float16;
    for (KernelKind kernel : {KernelKind::Tiled, KernelKind::Windowed, KernelKind::Linear}) {
        const QString why = refusal(half, kernel);
        QVERIFY2(why.contains(QString("\"%1\"").arg(kernels::kernelInfo(kernel).name)), qPrintable(why));
        QVERIFY2(why.contains("dtype = \"float16\""), qPrintable(why));
    }
    QVERIFY(refusal(half, KernelKind::Naive).isEmpty());
    Scenario documents = s;
    documents.mask.query_document_ids = {1};
    documents.mask.key_document_ids = {1, 2};
    QVERIFY(refusal(documents, KernelKind::Linear).isEmpty());
}

QTEST_APPLESS_MAIN(TestToday)
#include "tst_today.moc"
