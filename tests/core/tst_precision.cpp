// Reduced precision (issue 22): rounding a double to float16, bfloat16 and float32 (core/precision.h)
// against NumPy and against roundings written here from the bit layouts, and the simulated
// attention of core/lowprecision.h against hand-computed numbers and its own promises.
#include "core/attention.h"
#include "core/precision.h"
#include "strictwarnings.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

using namespace attn;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// The value of float16 bits: sign, 5 exponent bits (bias 15), 10 fraction bits; exponent 0
/// holds the subnormals f · 2^-24, exponent 31 ±∞ and NaN.
double halfValue(std::uint16_t bits)
{
    const double sign = (bits & 0x8000) ? -1.0 : 1.0;
    const int exponent = (bits >> 10) & 0x1f;
    const int fraction = bits & 0x3ff;
    if (exponent == 31) return fraction ? std::numeric_limits<double>::quiet_NaN() : sign * kInf;
    if (exponent == 0) return sign * std::ldexp(fraction, -24);
    return sign * std::ldexp(1024 + fraction, exponent - 25);
}

/// bfloat16 of a float32 by its bits: add 0x7fff plus the lowest kept bit (ties to even), keep
/// the upper 16 bits. Overflow carries into the exponent and gives ±∞ by itself.
float bfloat16Bits(float x)
{
    if (std::isnan(x)) return x;
    std::uint32_t bits = std::bit_cast<std::uint32_t>(x);
    bits += 0x7fffu + ((bits >> 16) & 1u);
    return std::bit_cast<float>(bits & 0xffff0000u);
}

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

/// Every entry of `m` is a value of `dtype` (or not finite).
bool allIn(const Matrix &m, Precision dtype)
{
    for (Index i = 0; i < m.size(); ++i) {
        const double x = m.data()[i];
        if (std::isfinite(x) && roundTo(dtype, x) != x) return false;
    }
    return true;
}

} // namespace

class TestPrecision : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void float16MatchesNumPy();
    void float16TiesGoToEvenBetweenEveryPairOfNeighbours();
    void bfloat16MatchesTheBitRounding();
    void float32MatchesTheHardwareInRangeAndOverflowsBeyond();
    void namesAndLargestValues();
    void float32TraceIsCloseToFloat64();
    void float16OverflowIsReportedAndFollowsIEEE();
    void bfloat16MergesNeighbouringKeys();
    void sinksAndPoliciesInReducedPrecision();
    void everyPathOfTheSimulationRuns();
};

void TestPrecision::float16MatchesNumPy()
{
    QFile f(QStringLiteral(ATTN_TEST_DATA_DIR "/precision/float16-numpy.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonArray pairs = QJsonDocument::fromJson(f.readAll()).object()["pairs"].toArray();
    QVERIFY(pairs.size() > 2000);
    for (const QJsonValue &pair : pairs) {
        const double x = pair[0].toDouble();
        const double want = halfValue(static_cast<std::uint16_t>(pair[1].toInt()));
        const double got = roundToFloat16(x);
        QVERIFY2(
            got == want && std::signbit(got) == std::signbit(want),
            qPrintable(
                QString("float16(%1) = %2, NumPy %3").arg(x, 0, 'g', 17).arg(got, 0, 'g', 17).arg(want)));
    }
}

void TestPrecision::float16TiesGoToEvenBetweenEveryPairOfNeighbours()
{
    // Every finite float16 rounds to itself; the midpoint of two neighbours goes to the one with
    // an even last bit, a double just beside the midpoint to the nearer neighbour.
    for (std::uint32_t bits = 0; bits < 0x7bff; ++bits) {
        const double lo = halfValue(static_cast<std::uint16_t>(bits));
        const double hi = halfValue(static_cast<std::uint16_t>(bits + 1));
        QCOMPARE(roundToFloat16(lo), lo);
        QCOMPARE(roundToFloat16(-lo), -lo);
        const double mid = (lo + hi) / 2;
        QCOMPARE(roundToFloat16(mid), bits % 2 == 0 ? lo : hi);
        QCOMPARE(roundToFloat16(std::nextafter(mid, 0.0)), lo);
        QCOMPARE(roundToFloat16(std::nextafter(mid, kInf)), hi);
    }
    // Past the largest value: 65520 is the tie between 65504 and 2^16, whose "even" side is ∞.
    QCOMPARE(roundToFloat16(std::nextafter(65520.0, 0.0)), 65504.0);
    QCOMPARE(roundToFloat16(65520.0), kInf);
    QCOMPARE(roundToFloat16(-1e300), -kInf);
    QVERIFY(std::signbit(roundToFloat16(-1e-30)));
    QCOMPARE(roundToFloat16(-1e-30), 0.0);
    QVERIFY(std::isnan(roundToFloat16(std::numeric_limits<double>::quiet_NaN())));
}

void TestPrecision::bfloat16MatchesTheBitRounding()
{
    // Float32 inputs (bfloat16 of a float32 is the bit rounding), stepping through every
    // exponent, subnormals and the overflow edge included.
    int checked = 0;
    for (std::uint64_t bits = 0; bits <= 0xffffffffu; bits += 65521) { // a prime stride
        const float x = std::bit_cast<float>(static_cast<std::uint32_t>(bits));
        if (std::isnan(x)) continue;
        const float want = bfloat16Bits(x);
        const double got = roundToBFloat16(static_cast<double>(x));
        QVERIFY2(got == static_cast<double>(want) && std::signbit(got) == std::signbit(want),
                 qPrintable(
                     QString("bfloat16(%1) = %2, bits %3").arg(x, 0, 'g', 9).arg(got, 0, 'g', 9).arg(want)));
        ++checked;
    }
    QVERIFY(checked > 60000);
    // Ties: 1 + 2^-8 lies halfway between 1 and 1 + 2^-7 and goes to 1 (even); 1 + 3·2^-8 to 1 + 2^-6.
    QCOMPARE(roundToBFloat16(1.0 + std::ldexp(1.0, -8)), 1.0);
    QCOMPARE(roundToBFloat16(1.0 + 3 * std::ldexp(1.0, -8)), 1.0 + std::ldexp(1.0, -6));
    QCOMPARE(roundToBFloat16(299.0), 300.0);
    QCOMPARE(roundToBFloat16(1e39), kInf); // beyond float32's and bfloat16's largest 3.39e38
}

void TestPrecision::float32MatchesTheHardwareInRangeAndOverflowsBeyond()
{
    std::mt19937_64 rng(22);
    std::uniform_real_distribution<double> exponent(-160.0, 127.0);
    for (int n = 0; n < 20000; ++n) {
        const double x = std::exp2(exponent(rng)) * (n % 2 ? -1.0 : 1.0) * (1.0 + 1e-3 * (n % 7));
        if (std::abs(x) >= std::numeric_limits<float>::max()) continue;
        QCOMPARE(roundToFloat32(x), static_cast<double>(static_cast<float>(x)));
    }
    const double largest = std::numeric_limits<float>::max();
    const double halfUlp = std::ldexp(1.0, 127 - 24);
    QCOMPARE(roundToFloat32(largest + halfUlp / 2), largest);
    QCOMPARE(roundToFloat32(largest + halfUlp), kInf); // the tie whose even side is 2^128
    QCOMPARE(roundToFloat32(5e-324), 0.0);
    QCOMPARE(roundToFloat32(std::ldexp(1.0, -149)), std::ldexp(1.0, -149)); // the smallest subnormal
}

void TestPrecision::namesAndLargestValues()
{
    QCOMPARE(QString(toString(Precision::BFloat16)), QStringLiteral("bfloat16"));
    QCOMPARE(largestFinite(Precision::Float16), 65504.0);
    QCOMPARE(largestFinite(Precision::Float32), double(std::numeric_limits<float>::max()));
    QCOMPARE(largestFinite(Precision::BFloat16), std::ldexp(255.0, 120)); // 0x7f7f
    QCOMPARE(roundTo(Precision::Float64, 0.1), 0.1);
}

void TestPrecision::float32TraceIsCloseToFloat64()
{
    std::mt19937 rng(3);
    std::normal_distribution<double> normal;
    Scenario s;
    s.query = Matrix::NullaryExpr(7, 8, [&] { return normal(rng); });
    s.key = Matrix::NullaryExpr(9, 4, [&] { return normal(rng); });
    s.value = Matrix::NullaryExpr(9, 6, [&] { return normal(rng); });
    s.num_query_heads = 2;
    s.num_kv_heads = 1;
    s.alignment = Alignment::BottomRight;
    s.mask.causal = true;
    s.positional.kind = PositionalKind::Rope;
    s.positional.rotary_dim = 2;
    s.softcap = 5.0;
    s.sinks = {0.5, -1.0};
    const AttentionTrace exact = attend(s);
    s.dtype = Precision::Float32;
    const AttentionTrace t = attend(s);
    QCOMPARE(t.dtype, Precision::Float32);
    QVERIFY(t.overflowed_logits.empty());
    QVERIFY(t.error_vs_float64.has_value());
    // About float32's 2^-24 relative, a few roundings deep.
    QVERIFY2(t.error_vs_float64->weights < 1e-6 && t.error_vs_float64->weights > 0,
             qPrintable(QString::number(t.error_vs_float64->weights)));
    QVERIFY(t.error_vs_float64->output < 1e-5);
    double worst = 0;
    for (std::size_t h = 0; h < 2; ++h) {
        worst = std::max(worst, (t.heads[h].weights - exact.heads[h].weights).cwiseAbs().maxCoeff());
        QVERIFY(allIn(t.heads[h].logits, Precision::Float32));
        QVERIFY(allIn(t.heads[h].weights, Precision::Float32));
        QVERIFY((t.heads[h].sink_weights - exact.heads[h].sink_weights).cwiseAbs().maxCoeff() < 1e-6);
        QCOMPARE(t.heads[h].visible, exact.heads[h].visible);
    }
    QCOMPARE(t.error_vs_float64->weights, worst);
    QCOMPARE(t.fully_masked_rows, exact.fully_masked_rows);
}

void TestPrecision::float16OverflowIsReportedAndFollowsIEEE()
{
    // Scores 300·300·2 = 180000 and −180000 (scale 1) are ±∞ in float16; 300·(−1)·2 = −600 is not.
    Scenario s;
    s.query = rows({{300, 300}, {-300, -300}});
    s.key = rows({{300, 300}, {-1, -1}});
    s.value = rows({{1}, {2}});
    s.score = ScoreKind::Dot;
    s.dtype = Precision::Float16;
    const AttentionTrace t = attend(s);
    const std::vector<LogitIndex> overflowed{{0, 0, 0}, {0, 1, 0}};
    QCOMPARE(t.overflowed_logits, overflowed);
    QCOMPARE(t.heads[0].logits(0, 0), kInf);
    QCOMPARE(t.heads[0].logits(1, 0), -kInf);
    QCOMPARE(t.heads[0].logits(0, 1), -600.0);
    // Row 0: m = +∞, exp(∞ − ∞) = NaN: the whole row is NaN, honestly. Row 1: exp(−∞) = 0.
    QVERIFY(std::isnan(t.heads[0].weights(0, 0)) && std::isnan(t.heads[0].weights(0, 1)));
    QVERIFY(std::isnan(t.output(0, 0)));
    QCOMPARE(t.heads[0].weights(1, 0), 0.0);
    QCOMPARE(t.heads[0].weights(1, 1), 1.0);
    QCOMPARE(t.output(1, 0), 2.0);
    QVERIFY(std::isnan(t.error_vs_float64->weights));
    // The same in bfloat16 stays finite: 180000 is stored as 180224 (8 bits).
    s.dtype = Precision::BFloat16;
    const AttentionTrace b = attend(s);
    QVERIFY(b.overflowed_logits.empty());
    QCOMPARE(b.heads[0].logits(0, 0), 180224.0);
    QCOMPARE(b.error_vs_float64->weights, 0.0);
}

void TestPrecision::bfloat16MergesNeighbouringKeys()
{
    // 299 is a tie between 298 and 300 in bfloat16 (spacing 2 above 256) and goes to 300: the
    // two keys become one, each weight 1/2, where float64 gives e/(1 + e) and 1/(1 + e) to
    // logits 300 and 299, and the output 1/(1 + e) = 0.269 instead of 0.5.
    Scenario s;
    s.query = rows({{1, 0}});
    s.key = rows({{300, 0}, {299, 0}});
    s.value = rows({{0}, {1}});
    s.score = ScoreKind::Dot;
    s.dtype = Precision::BFloat16;
    const AttentionTrace t = attend(s);
    QCOMPARE(t.heads[0].logits(0, 0), 300.0);
    QCOMPARE(t.heads[0].logits(0, 1), 300.0);
    QCOMPARE(t.heads[0].weights(0, 0), 0.5);
    QCOMPARE(t.output(0, 0), 0.5);
    const double gap = 0.5 - 1 / (1 + std::exp(1.0));
    QVERIFY(std::abs(t.error_vs_float64->output - gap) < 1e-15);
    QVERIFY(std::abs(t.error_vs_float64->weights - gap) < 1e-15);
}

void TestPrecision::sinksAndPoliciesInReducedPrecision()
{
    // One head, logits [0, 0] and a sink 0: each weight 1/3 (float16: 0.333251953125), the sink
    // too; row 1 sees no key: with the sink weight 1, output 0 whatever the policy.
    Scenario s;
    s.query = rows({{0}, {0}});
    s.key = rows({{0}, {0}});
    s.value = rows({{3}, {6}});
    s.mask.visible = {BoolMatrix(2, 2)};
    s.mask.visible[0] << true, true, false, false;
    s.sinks = {0.0};
    s.dtype = Precision::Float16;
    for (MaskedRowPolicy policy :
         {MaskedRowPolicy::Zero, MaskedRowPolicy::NaN, MaskedRowPolicy::Uniform, MaskedRowPolicy::Error}) {
        s.mask.all_masked_rows = policy;
        const AttentionTrace t = attend(s);
        QCOMPARE(t.heads[0].weights(0, 0), 0.333251953125);
        QCOMPARE(t.heads[0].sink_weights(0), 0.333251953125);
        // 0.333251953125 · 3 + 0.333251953125 · 6 = 2.999267578125 (exact in float32), which
        // float16 (spacing 2^-9 between 2 and 4) rounds to 3.
        QCOMPARE(t.output(0, 0), 3.0);
        QCOMPARE(t.heads[0].sink_weights(1), 1.0);
        QCOMPARE(t.heads[0].weights.row(1).sum(), 0.0);
        QCOMPARE(t.output(1, 0), 0.0);
        QCOMPARE(t.fully_masked_rows.size(), std::size_t(1));
    }
    // Without the sink the policies act as in float64: NaN, and 1/n_k for uniform.
    s.sinks.clear();
    s.mask.all_masked_rows = MaskedRowPolicy::NaN;
    QVERIFY(std::isnan(attend(s).output(1, 0)));
    s.mask.all_masked_rows = MaskedRowPolicy::Uniform;
    const AttentionTrace u = attend(s);
    QCOMPARE(u.heads[0].weights(1, 1), 0.5);
    QCOMPARE(u.output(1, 0), 4.5);
    QCOMPARE(u.error_vs_float64->output, 0.0);
}

void TestPrecision::everyPathOfTheSimulationRuns()
{
    // Additive scoring, raw scores, ALiBi, a temperature and the tiled kernel's refusal.
    Scenario s;
    s.query = rows({{0.5, -1}, {2, 0.25}});
    s.key = rows({{1, 1}, {-0.5, 2}});
    s.value = rows({{1, 2}, {3, 4}});
    s.score = ScoreKind::Additive;
    s.additive = AdditiveParams{rows({{1, 0}, {0, 1}, {1, 1}}), rows({{0.5, 0.5}, {1, -1}, {0, 2}}),
                                Vector::Constant(3, 0.7)};
    s.temperature = 0.8;
    s.positional.kind = PositionalKind::Alibi;
    for (Precision dtype : {Precision::Float32, Precision::Float16, Precision::BFloat16}) {
        s.dtype = dtype;
        const AttentionTrace t = attend(s);
        const double tolerance = dtype == Precision::Float32   ? 1e-6
                                 : dtype == Precision::Float16 ? 4e-3
                                                               : 3e-2;
        QVERIFY2(t.error_vs_float64->output < tolerance, toString(dtype));
        QVERIFY(allIn(t.output, dtype) && allIn(t.heads[0].weights, dtype));
    }
    Scenario raw;
    raw.scores = {rows({{1, 2}, {3, 4}})};
    raw.value = rows({{1}, {0}});
    raw.dtype = Precision::BFloat16;
    const AttentionTrace r = attend(raw);
    QCOMPARE(r.heads[0].logits(1, 1), 4.0);
    QVERIFY(r.error_vs_float64->weights < 1e-2);
    raw.kernel = KernelKind::Tiled;
    try {
        attend(raw);
        QFAIL("tiled simulated bfloat16");
    } catch (const ScenarioError &e) {
        QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("kernel"));
        QVERIFY2(QString(e.what()).contains("\"tiled\"") &&
                     QString(e.what()).contains("dtype = \"bfloat16\""),
                 e.what());
    }
}

QTEST_APPLESS_MAIN(TestPrecision)
#include "tst_precision.moc"
