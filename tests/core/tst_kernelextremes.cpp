// The kernels at the extremes of double, through attend() as the window and `compute` call them:
// every softmax kernel (naive, tiled, windowed) gives naive's weights and output, or refuses
// the scenario with naive's message, for logits near ±1e300, raw scores of 1e15–1e17 with equal
// and near-equal entries, a scale and a temperature whose quotient leaves the double range,
// subnormal inputs and every mask part combined; the linear kernel's normaliser stays finite
// for features of ±1e300 and −1000. Expected numbers are computed by hand (softmax of small
// integers and halves, 40-digit decimal arithmetic) where the case allows it.
//
// Tolerance: |got − expected| ≤ 1e-12 · max |expected row| + 4 · 2^-1074 (the absolute term
// lets subnormal outputs differ by a rounding of the subnormal grid).
#include "core/attention.h"
#include "strictwarnings.h"
#include "testtensors.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace attn;
using attn::test::mat;

Q_DECLARE_METATYPE(attn::Scenario)

namespace {

constexpr double kTolerance = 1e-12;
const double kTiny = 4 * std::numeric_limits<double>::denorm_min();

/// 2^e, exactly (e in the double range, subnormals included).
double pow2(int e)
{
    return std::ldexp(1.0, e);
}

/// A scenario of raw scores (n_q, n_k) and values (n_k, d_v).
Scenario rawScores(const Matrix &scores, const Matrix &value)
{
    Scenario s;
    s.scores = {scores};
    s.value = value;
    return s;
}

/// Plain dot-product scoring: logits = scale · q·k / temperature.
Scenario dotProduct(const Matrix &query, const Matrix &key, const Matrix &value)
{
    Scenario s;
    s.query = query;
    s.key = key;
    s.value = value;
    s.score = ScoreKind::Dot;
    return s;
}

Scenario withScale(Scenario s, double scale, double temperature)
{
    s.scale = scale;
    s.temperature = temperature;
    return s;
}

Scenario withTiles(Scenario s, Index query, Index key)
{
    s.tile = {query, key};
    return s;
}

Matrix toMatrix(const QList<double> &values, Index rows)
{
    const Index cols = static_cast<Index>(values.size()) / rows;
    Matrix m(rows, cols);
    for (Index i = 0; i < m.size(); ++i) m(i / cols, i % cols) = values[static_cast<int>(i)];
    return m;
}

/// Row-wise: |got − want| ≤ kTolerance · max |want row| + kTiny, NaN only where want is NaN.
bool close(const Matrix &want, const Matrix &got, QString *why)
{
    if (want.rows() != got.rows() || want.cols() != got.cols()) {
        *why = QStringLiteral("shape %1x%2, expected %3x%4")
                   .arg(got.rows())
                   .arg(got.cols())
                   .arg(want.rows())
                   .arg(want.cols());
        return false;
    }
    for (Index i = 0; i < want.rows(); ++i) {
        const double scale = want.row(i).cwiseAbs().maxCoeff();
        for (Index j = 0; j < want.cols(); ++j) {
            if (std::isnan(want(i, j)) && std::isnan(got(i, j))) continue;
            if (!(std::abs(want(i, j) - got(i, j)) <= kTolerance * scale + kTiny)) {
                *why = QStringLiteral("(%1, %2): expected %3, got %4")
                           .arg(i)
                           .arg(j)
                           .arg(want(i, j), 0, 'g', 17)
                           .arg(got(i, j), 0, 'g', 17);
                return false;
            }
        }
    }
    return true;
}

/// attend(s) with `kernel`; on a refusal, `refusal` gets the message and the trace is empty.
AttentionTrace run(Scenario s, KernelKind kernel, QString *refusal)
{
    s.kernel = kernel;
    try {
        return attend(s);
    } catch (const ScenarioError &error) {
        *refusal = QString::fromUtf8(error.what());
        return {};
    }
}

const char *nameOf(KernelKind kernel)
{
    return toString(kernel);
}

/// The three keys of the "masks combined" rows: 3 queries, 5 keys, bottom-right causal, a
/// window of 3 keys to the left, key 3 padded, (1, 1) hidden by the explicit matrix. Visible:
/// row 0 keys {0, 1, 2}, row 1 keys {0, 2}, row 2 keys {1, 2, 4}.
Scenario masksCombined(Index tileQuery, Index tileKey)
{
    const double big = 1e17;
    Scenario s = rawScores(mat(3, 5,
                               {big, big, 0, big, -big,                // two equal at 1e17
                                -1e300, 5, -1e300, -1e300, 7,          // two equal at −1e300
                                1e15, 1e15 + 0.5, 1e15 - 1, 1e15, 3}), // near-equal at 1e15
                           mat(5, 2, {2, 0, 0, 4, 8, 8, 1e300, -1e300, 1, 1}));
    s.alignment = Alignment::BottomRight;
    s.mask.causal = true;
    s.mask.window = Window{3, 0};
    s.mask.key_padding = {true, true, true, false, true};
    BoolMatrix visible = BoolMatrix::Constant(3, 5, true);
    visible(1, 1) = false;
    s.mask.visible = {visible};
    return withTiles(s, tileQuery, tileKey);
}

} // namespace

class TestKernelExtremes : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void softmaxKernelsAtTheExtremes_data();
    void softmaxKernelsAtTheExtremes();
    void refusedWithNaivesMessage_data();
    void refusedWithNaivesMessage();
    void linearKernelAtTheExtremes_data();
    void linearKernelAtTheExtremes();
};

void TestKernelExtremes::softmaxKernelsAtTheExtremes_data()
{
    QTest::addColumn<Scenario>("scenario");
    QTest::addColumn<QList<double>>("weights"); // head 0, (n_q, n_k) in row order; empty: naive's
    QTest::addColumn<QList<double>>("output");  // (n_q, d_v) in row order; empty: naive's

    const Matrix v3 = mat(3, 2, {1, 0, 0, 1, 1, 1}); // output = [w0 + w2, w1 + w2]
    const Matrix v2 = mat(2, 2, {2, 0, 0, 4});       // output = [2·w0, 4·w1]

    // softmax([0, 0.5, −1]): 1e15 + 0.5 and 1e15 − 1 are exact doubles (the spacing there is
    // 0.125). Before, exp(logit − lse) with lse = m + log l rounded to that spacing: 2% off.
    const QList<double> nearEqual{0.33149896042409149, 0.54654938726617963, 0.12195165230972886};
    const QList<double> nearEqualOut{0.45345061273382037, 0.66850103957590845};
    QTest::addRow("raw scores 1e15, near-equal, 1x1 tiles")
        << withTiles(rawScores(mat(1, 3, {1e15, 1e15 + 0.5, 1e15 - 1}), v3), 1, 1) << nearEqual
        << nearEqualOut;
    QTest::addRow("q·k 1e15, near-equal (exact products)")
        << dotProduct(mat(1, 1, {1}), mat(3, 1, {1e15, 1e15 + 0.5, 1e15 - 1}), v3) << nearEqual
        << nearEqualOut;
    // Before: weights 1, 1, 0 (log 2 vanished from lse = 1e17 + log 2).
    QTest::addRow("two equal logits of 1e17")
        << rawScores(mat(1, 3, {1e17, 1e17, 0}), mat(3, 2, {2, 0, 0, 4, 8, 8})) << QList<double>{0.5, 0.5, 0}
        << QList<double>{1, 2};
    QTest::addRow("logits near +1e300") << rawScores(mat(1, 3, {1e300, 1e300, -1e300}), v3)
                                        << QList<double>{0.5, 0.5, 0} << QList<double>{0.5, 0.5};
    QTest::addRow("logits near -1e300")
        << rawScores(mat(1, 2, {-1e300, -1e300}), v2) << QList<double>{0.5, 0.5} << QList<double>{1, 2};
    QTest::addRow("logits ±1.7e308") << rawScores(mat(1, 2, {1.7e308, -1.7e308}), v2) << QList<double>{1, 0}
                                     << QList<double>{2, 0};
    QTest::addRow("q·k near 1e300, 1x1 tiles")
        << withTiles(dotProduct(mat(1, 1, {1e150}), mat(3, 1, {-1e150, 1e150, 1e150}), v3), 1, 1)
        << QList<double>{0, 0.5, 0.5} << QList<double>{0.5, 1};

    // Scale 1e200 / temperature 1e-200 = 1e400 is beyond the double range; the logits
    // 1e-300 · 1e400 = 1e100 and 0 are not. Before: NaN output from the tiled kernels.
    QTest::addRow("scale 1e200, temperature 1e-200, tiny scores")
        << withScale(rawScores(mat(1, 2, {1e-300, 0}), v2), 1e200, 1e-200) << QList<double>{1, 0}
        << QList<double>{2, 0};
    // 2^1000 / 2^-74 = 2^1074 overflows; k · 2^-1074 · 2^1074 = k: softmax([2, 1, 0]).
    const QList<double> w210{0.6652409557748219, 0.24472847105479764, 0.090030573170380462};
    QTest::addRow("scale/temperature 2^1074 on subnormal scores")
        << withScale(rawScores(mat(1, 3, {pow2(-1073), pow2(-1074), 0}), v3), pow2(1000), pow2(-74)) << w210
        << QList<double>{0.75527152894520233, 0.3347590442251781};
    // q·k = 2^-530 · 2^-530 = 2^-1060 (subnormal); 2^1023 / 2^-37 overflows; the logit is 1.
    QTest::addRow("subnormal q·k, scale/temperature 2^1060")
        << withScale(dotProduct(mat(1, 1, {pow2(-530)}), mat(2, 1, {pow2(-530), 0}), v2), pow2(1023),
                     pow2(-37))
        << QList<double>{0.7310585786300049, 0.2689414213699951}
        << QList<double>{1.4621171572600098, 1.0757656854799804};
    // scale = temperature = 5e-324: the logit is the score, 0.7. Before, naive rounded
    // 5e-324 · 0.7 to 5e-324 first, then divided: logit 1, weights 0.731 / 0.269.
    // softmax([0.7, 0]) = [0.66818777216816605, 0.33181222783183389].
    const QList<double> w07{0.66818777216816605, 0.33181222783183389};
    const QList<double> out07{1.3363755443363321, 1.3272489113273356};
    const double least = std::numeric_limits<double>::denorm_min();
    QTest::addRow("scale = temperature = 5e-324, raw scores")
        << withScale(rawScores(mat(1, 2, {0.7, 0}), v2), least, least) << w07 << out07;
    QTest::addRow("scale = temperature = 5e-324, q·k")
        << withScale(dotProduct(mat(1, 2, {0.7, 0}), mat(2, 2, {1, 0, 0, 1}), v2), least, least) << w07
        << out07;
    // scale = temperature = 2^1000: scale · 3e8 overflows, the logit 3e8 does not. Before:
    // refused with "use a higher temperature", although the temperature cancels the scale.
    QTest::addRow("scale · score overflows, the logit does not")
        << withScale(rawScores(mat(1, 3, {3e8, 3e8 - 1, 0}), v3), pow2(1000), pow2(1000))
        << QList<double>{0.7310585786300049, 0.2689414213699951, 0}
        << QList<double>{0.7310585786300049, 0.2689414213699951};

    // Subnormal values and outputs: the same as naive up to a rounding of the subnormal grid.
    QTest::addRow("subnormal values")
        << rawScores(mat(1, 2, {0.7, 0}), mat(2, 2, {pow2(-1073), 0, 0, pow2(-1060)})) << w07
        << QList<double>{};

    // ALiBi on logits of 1e15: bias −0.5 · |2 − j| → softmax([−1, −0.5, 0]).
    Scenario alibi = rawScores(mat(1, 3, {1e15, 1e15, 1e15}), v3);
    alibi.positional.kind = PositionalKind::Alibi;
    alibi.positional.alibi_slopes = {0.5};
    alibi.query_positions = {2};
    QTest::addRow("ALiBi on logits of 1e15")
        << alibi << QList<double>{0.18632372322584759, 0.30719588571849837, 0.50648039105565401}
        << QList<double>{0.69280411428150157, 0.81367627677415244};

    // Every mask part at once. Row 0: two equal 1e17 logits and a 0; row 1: two equal −1e300
    // (key 1 hidden, key 3 padded); row 2: 1e15 + 0.5, 1e15 − 1 and 3 → softmax([0.5, −1]).
    // Masked keys hold 1e300 and −1e300 values that must not reach any output.
    const double a = 0.81757447619364365;
    const double b = 0.18242552380635635;
    const QList<double> combined{0.5, 0.5, 0, 0, 0, 0.5, 0, 0.5, 0, 0, 0, a, b, 0, 0};
    const QList<double> combinedOut{1, 2, 5, 4, 8 * b, 4 * a + 8 * b};
    QTest::addRow("masks combined, 1x1 tiles") << masksCombined(1, 1) << combined << combinedOut;
    QTest::addRow("masks combined, 2x2 tiles") << masksCombined(2, 2) << combined << combinedOut;
    QTest::addRow("masks combined, 64x64 tiles") << masksCombined(64, 64) << combined << combinedOut;
    // Row 2 hidden entirely under the "nan" policy: NaN weights and output there, from every kernel.
    Scenario hidden = masksCombined(2, 2);
    hidden.mask.visible.front().row(2).setConstant(false);
    hidden.mask.all_masked_rows = MaskedRowPolicy::NaN;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    QTest::addRow("masks combined, a fully masked row, nan policy")
        << hidden << QList<double>{0.5, 0.5, 0, 0, 0, 0.5, 0, 0.5, 0, 0, nan, nan, nan, nan, nan}
        << QList<double>{1, 2, 5, 4, nan, nan};
    // Two query heads on one K/V head (GQA 2:1), each with its own raw scores: head 0 two equal
    // logits of 1e17, head 1 two equal logits of −1e300 and one of 5 (weights 0, 0, 1).
    Scenario heads = rawScores(mat(1, 3, {1e17, 1e17, 0}), v3);
    heads.scores.push_back(mat(1, 3, {-1e300, -1e300, 5}));
    heads.num_query_heads = 2;
    QTest::addRow("two heads, GQA 2:1")
        << heads << QList<double>{0.5, 0.5, 0} << QList<double>{0.5, 0.5, 1, 1};
}

void TestKernelExtremes::softmaxKernelsAtTheExtremes()
{
    QFETCH(Scenario, scenario);
    QFETCH(QList<double>, weights);
    QFETCH(QList<double>, output);
    QString refusal;
    const AttentionTrace naive = run(scenario, KernelKind::Naive, &refusal);
    QVERIFY2(refusal.isEmpty(), qPrintable("naive refused: " + refusal));
    QString why;
    if (!weights.isEmpty()) {
        QVERIFY2(close(toMatrix(weights, naive.shapes.n_q), naive.heads[0].weights, &why),
                 qPrintable("naive weights " + why));
    }
    if (!output.isEmpty())
        QVERIFY2(close(toMatrix(output, naive.shapes.n_q), naive.output, &why),
                 qPrintable("naive output " + why));
    for (KernelKind kernel : {KernelKind::Tiled, KernelKind::Windowed}) {
        const AttentionTrace t = run(scenario, kernel, &refusal);
        const QString name = QString::fromLatin1(nameOf(kernel));
        QVERIFY2(refusal.isEmpty(), qPrintable(name + " refused: " + refusal));
        QCOMPARE(t.kernel, kernel);
        for (std::size_t h = 0; h < naive.heads.size(); ++h) {
            QVERIFY2(close(naive.heads[h].weights, t.heads[h].weights, &why),
                     qPrintable(name + " head " + QString::number(h) + " weights " + why));
        }
        QVERIFY2(close(naive.output, t.output, &why), qPrintable(name + " output " + why));
        QCOMPARE(t.fully_masked_rows, naive.fully_masked_rows);
    }
}

void TestKernelExtremes::refusedWithNaivesMessage_data()
{
    QTest::addColumn<Scenario>("scenario");
    QTest::addColumn<QString>("fragment"); // the message names the stage that overflowed
    QTest::addColumn<QString>("absent");   // advice that would not help, never given

    const Matrix v2 = mat(2, 1, {1, 2});
    // The true logit 1e308 · 10 is beyond the double range: a higher temperature does help.
    QTest::addRow("logit beyond the double range")
        << withScale(rawScores(mat(1, 2, {1e308, 0}), v2), 10, 1) << "overflowed to +inf"
        << "q·k";
    // q·k = 1e400 overflows before any scale: a temperature cannot help.
    QTest::addRow("q·k beyond the double range")
        << withScale(dotProduct(mat(1, 1, {1e200}), mat(2, 1, {1e200, 1}), v2), 1e-300, 1) << "q·k"
        << "temperature";
    // The ALiBi bias −1e300 · 1.8e16 overflows; the temperature does not divide it.
    Scenario alibi = rawScores(mat(1, 2, {0, 0}), v2);
    alibi.positional.kind = PositionalKind::Alibi;
    alibi.positional.alibi_slopes = {1e300};
    alibi.query_positions = {9'000'000'000'000'000};
    alibi.key_positions = {-9'000'000'000'000'000, 0};
    QTest::addRow("ALiBi bias beyond the double range") << alibi << "ALiBi"
                                                        << "temperature";
    // RoPE turns [1.5e308, −1.5e308] by 1 radian: the first entry becomes 2.07e308.
    Scenario rope =
        withScale(dotProduct(mat(1, 2, {1.5e308, -1.5e308}), mat(2, 2, {1, 0, 0, 1}), v2), 1e-300, 1);
    rope.positional.kind = PositionalKind::Rope;
    rope.query_positions = {1};
    rope.key_positions = {0, 0};
    QTest::addRow("RoPE rotation beyond the double range") << rope << "RoPE"
                                                           << "temperature";
}

void TestKernelExtremes::refusedWithNaivesMessage()
{
    QFETCH(Scenario, scenario);
    QFETCH(QString, fragment);
    QFETCH(QString, absent);
    QString naive;
    run(scenario, KernelKind::Naive, &naive);
    QVERIFY2(!naive.isEmpty(), "naive accepted");
    QVERIFY2(naive.startsWith("logits: "), qPrintable(naive));
    QVERIFY2(naive.contains(fragment), qPrintable(naive));
    QVERIFY2(!naive.contains(absent), qPrintable(naive));
    for (KernelKind kernel : {KernelKind::Tiled, KernelKind::Windowed}) {
        QString refusal;
        run(scenario, kernel, &refusal);
        QCOMPARE(refusal, naive);
    }
}

void TestKernelExtremes::linearKernelAtTheExtremes_data()
{
    // Linear attention: weights_ij = φ(q_i)·φ(k_j) / Σ_visible φ(q_i)·φ(k_j'), φ = elu + 1
    // (φ(x) = x + 1 for x > 0, eˣ otherwise). With d_k = 1 the weights are φ(k_j) / Σ φ(k_j'):
    // for keys −1000 and −1001 that is [1, e^-1] / (1 + e^-1), although e^-1000 underflows.
    // Before, the normaliser φ(q)·Σφ(k) became 0 or ∞ and the weights 0, 0 or NaN.
    QTest::addColumn<Scenario>("scenario");
    QTest::addColumn<QList<double>>("weights");
    QTest::addColumn<QList<double>>("output");

    const double e1 = 0.7310585786300049; // e / (1 + e)
    const double e0 = 0.2689414213699951; // 1 / (1 + e)
    const Matrix v2 = mat(2, 2, {2, 0, 0, 4});
    QTest::addRow("keys -1000 and -1001") << dotProduct(mat(1, 1, {1}), mat(2, 1, {-1000, -1001}), v2)
                                          << QList<double>{e1, e0} << QList<double>{2 * e1, 4 * e0};
    // φ(q) = [e^-1000, e^-1000] ∝ [1, 1]; φ(k) = [1, 1] and [2, 2]: weights 2 : 4.
    QTest::addRow("query -1000 in every feature")
        << dotProduct(mat(1, 2, {-1000, -1000}), mat(2, 2, {0, 0, 1, 1}), mat(2, 1, {3, 6}))
        << QList<double>{1.0 / 3, 2.0 / 3} << QList<double>{5};
    // φ(q)·φ(k) = 1e400: weights (1e200 + 1) : (3e200 + 1) = 1 : 3.
    QTest::addRow("features of 1e200")
        << dotProduct(mat(1, 1, {1e200}), mat(2, 1, {1e200, 3e200}), mat(2, 1, {4, 8}))
        << QList<double>{0.25, 0.75} << QList<double>{7};
    // The padded key (1e300) is in no sum.
    Scenario padded =
        dotProduct(mat(1, 1, {1}), mat(3, 1, {-1000, -1001, 1e300}), mat(3, 2, {2, 0, 0, 4, 9, 9}));
    padded.mask.key_padding = {true, true, false};
    QTest::addRow("keys -1000 and -1001, a padded key of 1e300")
        << padded << QList<double>{e1, e0, 0} << QList<double>{2 * e1, 4 * e0};
    // Causal (running prefix sums): row 1 sees −1000 and −999; row 3 sees 501 against 1e300 + 1.
    Scenario causal =
        dotProduct(mat(4, 1, {1, 1, 1, 1}), mat(4, 1, {-1000, -999, 500, 1e300}), mat(4, 1, {1, 2, 3, 4}));
    causal.mask.causal = true;
    QTest::addRow("causal, keys from -1000 to 1e300")
        << causal << QList<double>{1, 0, 0, 0, e0, e1, 0, 0, 0, 0, 1, 0, 0, 0, 5.01e-298, 1}
        << QList<double>{1, 1 + e1, 3, 4};
    // A window of one key (the explicit path): each query sees its own key only.
    Scenario window = dotProduct(mat(2, 1, {1, 1}), mat(2, 1, {-1000, 0}), mat(2, 1, {2, 5}));
    window.mask.window = Window{0, 0};
    QTest::addRow("window of one key, keys -1000 and 0")
        << window << QList<double>{1, 0, 0, 1} << QList<double>{2, 5};
    // An explicit visible matrix: query 0 sees keys −1000 and −1001, query 1 only the 1e300 key.
    Scenario visible = dotProduct(mat(2, 1, {-1000, 1e300}), mat(3, 1, {-1000, -1001, 1e300}),
                                  mat(3, 2, {2, 0, 0, 4, 9, 9}));
    const BoolMatrix sees = toMatrix({1, 1, 0, 0, 0, 1}, 2).cast<bool>();
    visible.mask.visible = {sees};
    QTest::addRow("visible matrix, features from -1001 to 1e300")
        << visible << QList<double>{e1, e0, 0, 0, 0, 1} << QList<double>{2 * e1, 4 * e0, 9, 9};
}

void TestKernelExtremes::linearKernelAtTheExtremes()
{
    QFETCH(Scenario, scenario);
    QFETCH(QList<double>, weights);
    QFETCH(QList<double>, output);
    QString refusal;
    const AttentionTrace t = run(scenario, KernelKind::Linear, &refusal);
    QVERIFY2(refusal.isEmpty(), qPrintable("linear refused: " + refusal));
    QString why;
    // The trace's weights come from the plain reference, the output from the kernel itself.
    QVERIFY2(close(toMatrix(weights, t.shapes.n_q), t.heads[0].weights, &why), qPrintable("weights " + why));
    QVERIFY2(close(toMatrix(output, t.shapes.n_q), t.output, &why), qPrintable("output " + why));
}

QTEST_APPLESS_MAIN(TestKernelExtremes)
#include "tst_kernelextremes.moc"
