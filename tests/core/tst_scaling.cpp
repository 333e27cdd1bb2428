// The √d_k sweep: the spread of q·k grows like √d_k, the scaled spread stays near 1, plain
// softmax saturates while scaled softmax does not, and the generator is deterministic.
#include "core/scaling.h"
#include "strictwarnings.h"

#include <QtTest>

#include <cmath>

using namespace attn;

namespace {

constexpr Index kKeys = 16;
constexpr Index kTrials = 400;
constexpr std::uint64_t kSeed = 2017;

/// Four standard errors of the sample standard deviation of q·k, relative to its expected
/// value, for `trials` draws of one q and `keys` keys of width d (entries N(0, 1)).
/// Per trial, Y = mean_j (q·k_j)² has E[Y] = d and
///   Var[Y] = 2·E|q|⁴ / keys + Var|q|² = 2(d² + 2d) / keys + 2d,
/// so the pooled variance has relative variance (2(1 + 2/d)/keys + 2/d) / trials, and its
/// square root (the std) half that relative error.
double relativeTolerance(Index d, Index keys, Index trials)
{
    const double dd = static_cast<double>(d);
    const double relVar = (2.0 * (1.0 + 2.0 / dd) / static_cast<double>(keys) + 2.0 / dd) / trials;
    return 4.0 * 0.5 * std::sqrt(relVar);
}

const std::vector<ScalingPoint> &sweep()
{
    static const std::vector<ScalingPoint> points = scalingSweep(defaultScalingDims(), kKeys, kTrials, kSeed);
    return points;
}

} // namespace

class TestScaling : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void defaultDims();
    void normalStreamIsStandard();
    void spreadGrowsLikeSqrtD_data();
    void spreadGrowsLikeSqrtD();
    void plainSoftmaxSaturates();
    void sameSeedSameNumbers();
    void badArguments();
};

void TestScaling::defaultDims()
{
    const std::vector<Index> expected = {1,  2,  3,  4,  6,   8,   11,  16,  23,
                                         32, 45, 64, 91, 128, 181, 256, 362, 512};
    QCOMPARE(defaultScalingDims(), expected);
}

void TestScaling::normalStreamIsStandard()
{
    // 100 000 draws: the mean's standard error is 0.0032, the variance's 0.0045.
    NormalStream normal(7);
    const int n = 100000;
    double sum = 0, squares = 0;
    for (int i = 0; i < n; ++i) {
        const double x = normal.next();
        sum += x;
        squares += x * x;
    }
    QVERIFY(std::abs(sum / n) < 4 * 0.0032);
    QVERIFY(std::abs(squares / n - 1.0) < 4 * 0.0045);
}

void TestScaling::spreadGrowsLikeSqrtD_data()
{
    QTest::addColumn<int>("index");
    for (std::size_t i = 0; i < sweep().size(); ++i) QTest::addRow("d_k=%d", int(sweep()[i].d_k)) << int(i);
}

void TestScaling::spreadGrowsLikeSqrtD()
{
    QFETCH(int, index);
    const ScalingPoint &p = sweep()[static_cast<std::size_t>(index)];
    const double tol = relativeTolerance(p.d_k, kKeys, kTrials);
    const double root = std::sqrt(static_cast<double>(p.d_k));
    QVERIFY2(
        std::abs(p.std_plain / root - 1.0) < tol,
        qPrintable(
            QStringLiteral("std(q·k) = %1, √d_k = %2, tolerance %3").arg(p.std_plain).arg(root).arg(tol)));
    QVERIFY2(std::abs(p.std_scaled - 1.0) < tol,
             qPrintable(QStringLiteral("std(q·k/√d_k) = %1, tolerance %2").arg(p.std_scaled).arg(tol)));
    // The same draws: the scaled scores are the plain ones divided by √d_k.
    QVERIFY(std::abs(p.std_scaled * root - p.std_plain) < 1e-9 * p.std_plain);
    QVERIFY(p.entropy_plain >= 0 && p.entropy_plain <= std::log(double(kKeys)) + 1e-12);
    QVERIFY(p.max_weight_scaled >= 1.0 / kKeys && p.max_weight_scaled <= 1.0);
}

void TestScaling::plainSoftmaxSaturates()
{
    const std::vector<ScalingPoint> &points = sweep();
    // d_k = 1: scaling divides by 1, so both columns are the same numbers.
    QCOMPARE(points.front().entropy_plain, points.front().entropy_scaled);
    // Plain: the entropy falls with every step of d_k; at 512 the largest weight is near 1.
    for (std::size_t i = 1; i < points.size(); ++i)
        QVERIFY(points[i].entropy_plain < points[i - 1].entropy_plain);
    QVERIFY2(points.back().entropy_plain < 0.5, qPrintable(QString::number(points.back().entropy_plain)));
    QVERIFY(points.back().max_weight_plain > 0.85);
    // Scaled: logits of spread 1 over 16 keys stay spread out (ln 16 = 2.77 is uniform).
    for (const ScalingPoint &p : points)
        QVERIFY2(p.entropy_scaled > 2.0, qPrintable(QString::number(p.entropy_scaled)));
    QVERIFY(points.back().max_weight_scaled < 0.4);
}

void TestScaling::sameSeedSameNumbers()
{
    const std::vector<ScalingPoint> a = scalingSweep({3, 64}, 8, 20, 5);
    const std::vector<ScalingPoint> b = scalingSweep({3, 64}, 8, 20, 5);
    const std::vector<ScalingPoint> c = scalingSweep({3, 64}, 8, 20, 6);
    QCOMPARE(a.size(), std::size_t(2));
    for (std::size_t i = 0; i < a.size(); ++i) {
        QCOMPARE(a[i].std_plain, b[i].std_plain);
        QCOMPARE(a[i].entropy_scaled, b[i].entropy_scaled);
        QVERIFY(a[i].std_plain != c[i].std_plain);
    }
    NormalStream n1(1), n2(1);
    for (int i = 0; i < 5; ++i) QCOMPARE(n1.next(), n2.next());
}

void TestScaling::badArguments()
{
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, scalingSweep({0}, 4, 4, 1));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, scalingSweep({4}, 0, 4, 1));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, scalingSweep({4}, 4, 0, 1));
}

QTEST_APPLESS_MAIN(TestScaling)
#include "tst_scaling.moc"
