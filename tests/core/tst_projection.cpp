// Learned projections in a scenario: Q = X·W_q + b_q, K and V from X (self) or X_kv (cross),
// the output projection output·W_o + b_o, and the shape messages.
#include "core/attention.h"
#include "core/projection.h"
#include "strictwarnings.h"

#include <QtTest>

#include <cmath>

using namespace attn;

namespace {

/// A matrix written row by row: matrix({{1, 0}, {0, 1}}).
Matrix matrix(std::initializer_list<std::initializer_list<double>> rows)
{
    Matrix m(static_cast<Index>(rows.size()), static_cast<Index>(rows.begin()->size()));
    Index i = 0;
    for (const auto &row : rows) {
        Index j = 0;
        for (double x : row) m(i, j++) = x;
        ++i;
    }
    return m;
}

/// The worked example written as projections: one token asks (X = [1, 0]), two are read
/// (X_kv = I), W_q = W_k = I and W_v = diag(2, 4), so Q = [1, 0], K = I, V = [[2, 0], [0, 4]].
Scenario projectedWorkedExample()
{
    Scenario s;
    Projection p;
    p.X = matrix({{1, 0}});
    p.X_kv = matrix({{1, 0}, {0, 1}});
    p.W_q = Matrix::Identity(2, 2);
    p.W_k = Matrix::Identity(2, 2);
    p.W_v = matrix({{2, 0}, {0, 4}});
    s.projection = p;
    project(s);
    return s;
}

/// What project() or validate() refuses: "field|message", or empty when it passes.
QString refusal(Scenario s)
{
    try {
        project(s);
        validate(s);
    } catch (const ScenarioError &e) {
        return QString::fromStdString(e.field()) + '|' + QString::fromUtf8(e.what());
    }
    return {};
}

} // namespace

class TestProjection : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void workedExampleFromProjections();
    void valueBiasShiftsEveryOutputRow();
    void outputProjectionByHand();
    void sameXOtherQueries();
    void selfAttentionReadsX();
    void shapeMessagesNameExpectedAndFound_data();
    void shapeMessagesNameExpectedAndFound();
    void overflowingProductIsRefused();
};

void TestProjection::workedExampleFromProjections()
{
    const Scenario s = projectedWorkedExample();
    QCOMPARE(s.query, matrix({{1, 0}}));
    QCOMPARE(s.key, matrix({{1, 0}, {0, 1}}));
    QCOMPARE(s.value, matrix({{2, 0}, {0, 4}}));
    const AttentionTrace t = attend(s);
    // softmax([1/√2, 0]) = [1/(1 + e^(−1/√2)), …] = [0.6697615, 0.3302385]
    QVERIFY(std::abs(t.heads[0].weights(0, 0) - 0.66976155) < 1e-7);
    QVERIFY(std::abs(t.output(0, 0) - 1.3395231) < 1e-6); // 2 · 0.6697615
    QVERIFY(std::abs(t.output(0, 1) - 1.3209538) < 1e-6); // 4 · 0.3302385
}

void TestProjection::valueBiasShiftsEveryOutputRow()
{
    // The weights of a row sum to 1, so a bias on every value moves the output by exactly b_v.
    Scenario s = projectedWorkedExample();
    const Matrix before = attend(s).output;
    s.projection->b_v = matrix({{1, -1}});
    project(s);
    QCOMPARE(s.value, matrix({{3, -1}, {1, 3}}));
    const Matrix after = attend(s).output;
    QVERIFY(std::abs(after(0, 0) - (before(0, 0) + 1)) < 1e-12);
    QVERIFY(std::abs(after(0, 1) - (before(0, 1) - 1)) < 1e-12);
    QVERIFY(std::abs(after(0, 0) - 2.3395231) < 1e-6);
    QVERIFY(std::abs(after(0, 1) - 0.3209538) < 1e-6);
}

void TestProjection::outputProjectionByHand()
{
    Scenario s = projectedWorkedExample();
    s.W_o = matrix({{1}, {1}}); // (H_q·d_v = 2, d_out = 1): the sum of the two output features
    s.b_o = matrix({{0.5}});
    const AttentionTrace t = attend(s);
    const Matrix y = projectOutput(s, t.output);
    QCOMPARE(y.rows(), Index{1});
    QCOMPARE(y.cols(), Index{1});
    QVERIFY(std::abs(y(0, 0) - (1.3395231 + 1.3209538 + 0.5)) < 1e-6);
    Scenario none = projectedWorkedExample();
    QCOMPARE(projectOutput(none, t.output).size(), Index{0});
}

void TestProjection::sameXOtherQueries()
{
    // Lesson 2: the same token under another W_q asks another question. With W_q swapped the
    // query is [0, 1] and the weights swap: 0.330 on the first key, 0.670 on the second.
    Scenario s = projectedWorkedExample();
    s.projection->W_q = matrix({{0, 1}, {1, 0}});
    project(s);
    QCOMPARE(s.query, matrix({{0, 1}}));
    const AttentionTrace t = attend(s);
    QVERIFY(std::abs(t.heads[0].weights(0, 0) - 0.33023845) < 1e-7);
    QVERIFY(std::abs(t.heads[0].weights(0, 1) - 0.66976155) < 1e-7);
}

void TestProjection::selfAttentionReadsX()
{
    // Without X_kv, K and V come from X: three tokens, d_model 2, d_k 1, d_v 2; V ≠ K.
    Scenario s;
    Projection p;
    p.X = matrix({{1, 2}, {3, 4}, {5, 6}});
    p.W_q = matrix({{1}, {0}});
    p.W_k = matrix({{0}, {1}});
    p.W_v = matrix({{1, 1}, {0, 2}});
    p.b_k = matrix({{-1}});
    s.projection = p;
    project(s);
    QCOMPARE(s.query, matrix({{1}, {3}, {5}}));
    QCOMPARE(s.key, matrix({{1}, {3}, {5}}));              // X·W_k − 1 = [2, 4, 6] − 1
    QCOMPARE(s.value, matrix({{1, 5}, {3, 11}, {5, 17}})); // [x0, x0 + 2·x1]
    QCOMPARE(validate(s).n_k, Index{3});
}

void TestProjection::shapeMessagesNameExpectedAndFound_data()
{
    QTest::addColumn<QString>("what");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("words");
    QTest::addRow("W_q rows") << "W_q"
                              << "W_q"
                              << "expected 2 rows (d_model, the columns of X), found 3 × 2";
    QTest::addRow("W_k rows, cross") << "W_k"
                                     << "W_k"
                                     << "expected 2 rows (d_model, the columns of X_kv), found 1 × 2";
    QTest::addRow("b_q") << "b_q"
                         << "b_q"
                         << "expected 1 × 2 (one row, the columns of W_q), found 1 × 3";
    QTest::addRow("W_o") << "W_o"
                         << "W_o"
                         << "expected 2 rows (H_q·d_v, the heads concatenated), found 3 × 1";
    QTest::addRow("b_o alone") << "b_o"
                               << "b_o"
                               << "is given without W_o";
    QTest::addRow("missing W_v") << "W_v missing"
                                 << "W_v"
                                 << "is missing";
}

void TestProjection::shapeMessagesNameExpectedAndFound()
{
    QFETCH(QString, what);
    QFETCH(QString, field);
    QFETCH(QString, words);
    Scenario s = projectedWorkedExample();
    Projection &p = *s.projection;
    if (what == "W_q") p.W_q = Matrix::Ones(3, 2);
    if (what == "W_k") p.W_k = Matrix::Ones(1, 2);
    if (what == "b_q") p.b_q = Matrix::Ones(1, 3);
    if (what == "W_o") s.W_o = Matrix::Ones(3, 1);
    if (what == "b_o") s.b_o = Matrix::Ones(1, 1);
    if (what == "W_v missing") p.W_v = Matrix();
    const QString got = refusal(s);
    QVERIFY2(got.startsWith(field + '|' + field + ": "), qPrintable(got));
    QVERIFY2(got.contains(words), qPrintable(got));
}

void TestProjection::overflowingProductIsRefused()
{
    Scenario s = projectedWorkedExample();
    s.projection->X = matrix({{1e300, 0}});
    s.projection->W_q = matrix({{1e10, 0}, {0, 1}});
    const QString got = refusal(s);
    QVERIFY2(got.startsWith("Q|Q: row 0, column 0 is not finite: X·W_q + b_q overflowed"), qPrintable(got));
}

QTEST_APPLESS_MAIN(TestProjection)
#include "tst_projection.moc"
