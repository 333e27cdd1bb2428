// One query row under another scoring function: hand-checkable dot, scaled dot and additive
// scores of lesson 5's vectors, and the cases that cannot be rescored.
#include "core/scorevariant.h"
#include "strictwarnings.h"

#include <QtTest>

#include <cmath>

using namespace attn;

namespace {

/// q = (1, 0); k1 = (1, 0), k2 = (3, 1); one-hot values.
Scenario lessonFive()
{
    Scenario s;
    s.query.resize(1, 2);
    s.query << 1, 0;
    s.key.resize(2, 2);
    s.key << 1, 0, 3, 1;
    s.value = Matrix::Identity(2, 2);
    return s;
}

AdditiveParams identityParams()
{
    return {Matrix::Identity(2, 2), Matrix::Identity(2, 2), Vector::Ones(2)};
}

} // namespace

class TestScoreVariant : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void dotAndScaledDot();
    void additiveByHand();
    void keepsMasksDropsScale();
    void refusals();
};

void TestScoreVariant::dotAndScaledDot()
{
    const ScoreRow dot = scoreRowWith(lessonFive(), ScoreKind::Dot, 0, 0);
    QCOMPARE(dot.logits(0), 1.0);
    QCOMPARE(dot.logits(1), 3.0);
    // softmax(1, 3) = (1, e²) / (1 + e²)
    QVERIFY(std::abs(dot.weights(0) - 1.0 / (1.0 + std::exp(2.0))) < 1e-12);
    const ScoreRow scaled = scoreRowWith(lessonFive(), ScoreKind::ScaledDot, 0, 0);
    QVERIFY(std::abs(scaled.logits(1) - 3.0 / std::sqrt(2.0)) < 1e-12);
    QVERIFY(std::abs(scaled.weights(0) - 0.196) < 5e-4); // the lesson's 0.196 / 0.804
}

void TestScoreVariant::additiveByHand()
{
    // W_q = W_k = I, v = (1, 1): a(q, k) = tanh(q₁ + k₁) + tanh(q₂ + k₂).
    const ScoreRow row = scoreRowWith(lessonFive(), ScoreKind::Additive, 0, 0, identityParams());
    QVERIFY(std::abs(row.logits(0) - std::tanh(2.0)) < 1e-12);                    // 0.9640
    QVERIFY(std::abs(row.logits(1) - (std::tanh(4.0) + std::tanh(1.0))) < 1e-12); // 1.7611
    QVERIFY(std::abs(row.weights(0) - 0.311) < 5e-4);
    // Other parameters: W_q = [[2, 0]], W_k = [[0, 1]] (h = 1), v = (−1):
    // a(q, k) = −tanh(2q₁ + k₂): k1 → −tanh 2, k2 → −tanh 3.
    AdditiveParams p{Matrix(1, 2), Matrix(1, 2), Vector::Constant(1, -1.0)};
    p.W_q << 2, 0;
    p.W_k << 0, 1;
    const ScoreRow other = scoreRowWith(lessonFive(), ScoreKind::Additive, 0, 0, p);
    QVERIFY(std::abs(other.logits(0) + std::tanh(2.0)) < 1e-12);
    QVERIFY(std::abs(other.logits(1) + std::tanh(3.0)) < 1e-12);
}

void TestScoreVariant::keepsMasksDropsScale()
{
    Scenario s = lessonFive();
    s.scale = 10.0;
    s.temperature = 2.0;
    s.mask.key_padding = {true, false};
    const ScoreRow row = scoreRowWith(s, ScoreKind::Dot, 0, 0);
    QCOMPARE(row.logits(0), 0.5); // 1 / temperature 2; the scale 10 is dropped
    QCOMPARE(row.weights(0), 1.0);
    QCOMPARE(row.weights(1), 0.0);
}

void TestScoreVariant::refusals()
{
    Scenario raw;
    raw.scores = {Matrix::Constant(1, 2, 1.0)};
    raw.value = Matrix::Identity(2, 2);
    QVERIFY_THROWS_EXCEPTION(ScenarioError, scoreRowWith(raw, ScoreKind::Dot, 0, 0));
    // Additive without parameters is an invalid scenario.
    QVERIFY_THROWS_EXCEPTION(ScenarioError, scoreRowWith(lessonFive(), ScoreKind::Additive, 0, 0));
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, scoreRowWith(lessonFive(), ScoreKind::Dot, 0, 5));
}

QTEST_APPLESS_MAIN(TestScoreVariant)
#include "tst_scorevariant.moc"
