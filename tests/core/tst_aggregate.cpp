// Mean, maximum and rollout (core/aggregate.h) on matrices small enough to check by hand.
#include "core/aggregate.h"
#include "strictwarnings.h"

#include <QtTest>

#include <limits>

using attn::Matrix;

namespace {

Matrix m2(double a, double b, double c, double d)
{
    Matrix m(2, 2);
    m << a, b, c, d;
    return m;
}

} // namespace

class TestAggregate : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }

    void meanAndMax()
    {
        const std::vector<Matrix> heads = {m2(1, 0, 0.5, 0.5), m2(0, 1, 0.25, 0.75)};
        QVERIFY(attn::meanOverHeads(heads).isApprox(m2(0.5, 0.5, 0.375, 0.625)));
        QVERIFY(attn::maxOverHeads(heads) == m2(1, 1, 0.5, 0.75));
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const Matrix withNan = attn::maxOverHeads({m2(nan, 0, 0, 0), m2(0.25, 0, 0, 0)});
        QCOMPARE(withNan(0, 0), 0.25); // a NaN head does not hide the others
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, attn::meanOverHeads({}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 attn::maxOverHeads({m2(1, 0, 0, 1), Matrix::Zero(1, 2)}));
    }

    /// One layer: Ã = ½A + ½I, rows already sum to 1. A = [[0, 1], [1, 0]] → [[½, ½], [½, ½]].
    void rolloutOfOneLayer()
    {
        QVERIFY(attn::attentionRollout({m2(0, 1, 1, 0)}).isApprox(m2(0.5, 0.5, 0.5, 0.5)));
        // Identity attention keeps every token where it is.
        QVERIFY(attn::attentionRollout({m2(1, 0, 0, 1), m2(1, 0, 0, 1)}).isApprox(Matrix::Identity(2, 2)));
    }

    /// Two layers, by hand: A_0 = [[1, 0], [1, 0]] → Ã_0 = [[1, 0], [½, ½]];
    /// A_1 = [[0, 1], [0, 1]] → Ã_1 = [[½, ½], [0, 1]]; R = Ã_1 Ã_0 = [[¾, ¼], [½, ½]].
    void rolloutMultipliesTheLayersLastOnTheLeft()
    {
        const Matrix r = attn::attentionRollout({m2(1, 0, 1, 0), m2(0, 1, 0, 1)});
        QVERIFY2(r.isApprox(m2(0.75, 0.25, 0.5, 0.5)), "R = Ã_1 · Ã_0");
        for (int i = 0; i < 2; ++i) QCOMPARE(r.row(i).sum(), 1.0); // rows stay distributions
        // The other order gives another answer: the order of the layers matters.
        QVERIFY(!attn::attentionRollout({m2(0, 1, 0, 1), m2(1, 0, 1, 0)}).isApprox(r));
    }

    void rolloutRefusesCrossAttention()
    {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, attn::attentionRollout({Matrix::Zero(2, 3)}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, attn::attentionRollout({}));
        // A fully masked row (all zero) keeps its token: the identity's row after the residual.
        const Matrix r = attn::attentionRollout({m2(0, 0, 0.5, 0.5)});
        QVERIFY(r.isApprox(m2(1, 0, 0.25, 0.75)));
    }
};

QTEST_GUILESS_MAIN(TestAggregate)
#include "tst_aggregate.moc"
