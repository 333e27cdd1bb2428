// The Elman RNN computed by hand, its seeded initialisation, and path lengths / sequential steps.
#include "core/rnn.h"
#include "strictwarnings.h"

#include <QtTest>

#include <cmath>
#include <stdexcept>

using namespace attn;

namespace {

ElmanRnn scalarRnn(double wxh, double whh, double b)
{
    ElmanRnn rnn;
    rnn.W_xh = Matrix::Constant(1, 1, wxh);
    rnn.W_hh = Matrix::Constant(1, 1, whh);
    rnn.b = Vector::Constant(1, b);
    return rnn;
}

Matrix column(std::initializer_list<double> values)
{
    Matrix m(static_cast<Index>(values.size()), 1);
    Index i = 0;
    for (double v : values) m(i++, 0) = v;
    return m;
}

} // namespace

class TestRnn : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void scalarRnnByHand_data();
    void scalarRnnByHand();
    void initialStateIsUsed();
    void twoDimensionalStep();
    void seededInitIsReproducible();
    void seededInitMatchesReferenceDraws();
    void shapeMismatchThrows();
    void pathLength_data();
    void pathLength();
    void sequentialSteps_data();
    void sequentialSteps();
};

void TestRnn::scalarRnnByHand_data()
{
    QTest::addColumn<double>("wxh");
    QTest::addColumn<double>("whh");
    QTest::addColumn<double>("b");
    QTest::addColumn<double>("x1");
    QTest::addColumn<double>("x2");
    QTest::addColumn<double>("h1");
    QTest::addColumn<double>("h2");
    // h1 = tanh(1·1) = 0.76159; h2 = tanh(1·0 + 0.5·0.76159) = tanh(0.38080) = 0.36340.
    QTest::addRow("memory decays") << 1.0 << 0.5 << 0.0 << 1.0 << 0.0 << 0.7615941559557649
                                   << 0.3633994843890525;
    // h1 = tanh(2·0.25 + 0.5) = tanh(1); h2 = tanh(2·(−0.5) − 0.76159 + 0.5) = tanh(−1.26159) = −0.85150.
    QTest::addRow("bias and sign flip")
        << 2.0 << -1.0 << 0.5 << 0.25 << -0.5 << 0.7615941559557649 << -0.8515030064982424;
    // No recurrence: each state depends on its own input only.
    QTest::addRow("no recurrence") << 1.0 << 0.0 << 0.0 << 0.0 << 1.0 << 0.0 << 0.7615941559557649;
}

void TestRnn::scalarRnnByHand()
{
    QFETCH(double, wxh);
    QFETCH(double, whh);
    QFETCH(double, b);
    QFETCH(double, x1);
    QFETCH(double, x2);
    QFETCH(double, h1);
    QFETCH(double, h2);
    const Matrix states = elmanForward(scalarRnn(wxh, whh, b), column({x1, x2}));
    QCOMPARE(states.rows(), Index(2));
    QCOMPARE(states.cols(), Index(1));
    QVERIFY2(std::abs(states(0, 0) - h1) < 1e-15, qPrintable(QString::number(states(0, 0), 'g', 17)));
    QVERIFY2(std::abs(states(1, 0) - h2) < 1e-15, qPrintable(QString::number(states(1, 0), 'g', 17)));
}

void TestRnn::initialStateIsUsed()
{
    // h0 = 1, W_hh = 0.5, x = 0: h1 = tanh(0.5) = 0.46212.
    const Matrix states = elmanForward(scalarRnn(1.0, 0.5, 0.0), column({0.0}), Vector::Constant(1, 1.0));
    QVERIFY(std::abs(states(0, 0) - 0.46211715726000974) < 1e-15);
}

void TestRnn::twoDimensionalStep()
{
    // d_in = 1, d_h = 2: W_xh = [1; −1], W_hh = [[0, 1], [0, 0]], b = 0, inputs x_1 = a, x_2 = 0 with
    // a = atanh(1/2) = ln 3 / 2. Then h1 = [tanh(a), tanh(−a)] = [1/2, −1/2] and
    // h2 = tanh(W_hh h1) = [tanh(−1/2), tanh(0)] = [−0.46212, 0]: the second unit feeds the first.
    ElmanRnn rnn;
    rnn.W_xh = Matrix(2, 1);
    rnn.W_xh << 1, -1;
    rnn.W_hh = Matrix(2, 2);
    rnn.W_hh << 0, 1, 0, 0;
    rnn.b = Vector::Zero(2);
    const Matrix states = elmanForward(rnn, column({std::log(3.0) / 2, 0.0}));
    QVERIFY(std::abs(states(0, 0) - 0.5) < 1e-15);
    QVERIFY(std::abs(states(0, 1) + 0.5) < 1e-15);
    QVERIFY(std::abs(states(1, 0) + 0.46211715726000974) < 1e-15);
    QCOMPARE(states(1, 1), 0.0);
}

void TestRnn::seededInitIsReproducible()
{
    const ElmanRnn a = initElmanRnn(3, 4, 123);
    const ElmanRnn b = initElmanRnn(3, 4, 123);
    const ElmanRnn c = initElmanRnn(3, 4, 124);
    QCOMPARE(a.W_xh.rows(), Index(4));
    QCOMPARE(a.W_xh.cols(), Index(3));
    QCOMPARE(a.W_hh.rows(), Index(4));
    QCOMPARE(a.W_hh.cols(), Index(4));
    QCOMPARE(a.b.size(), Index(4));
    QCOMPARE(a.W_xh, b.W_xh);
    QCOMPARE(a.W_hh, b.W_hh);
    QCOMPARE(a.b, b.b);
    QVERIFY(a.W_xh != c.W_xh);
    // U(−1/√d_h, 1/√d_h) = U(−0.5, 0.5) for d_h = 4.
    QVERIFY(a.W_xh.cwiseAbs().maxCoeff() <= 0.5);
    QVERIFY(a.W_hh.cwiseAbs().maxCoeff() <= 0.5);
    QVERIFY(a.b.cwiseAbs().maxCoeff() <= 0.5);
}

void TestRnn::seededInitMatchesReferenceDraws()
{
    // std::mt19937(42) through the 53-bit draw gives 0.37454, 0.95071, 0.73199 (the same numbers as
    // the classic genrand_res53 of the MT19937 reference code); d_h = 1 maps u to 2u − 1.
    const ElmanRnn rnn = initElmanRnn(1, 1, 42);
    QCOMPARE(rnn.W_xh(0, 0), -0.250919762305275);
    QCOMPARE(rnn.W_hh(0, 0), 0.9014286128198323);
    QCOMPARE(rnn.b(0), 0.4639878836228102);
}

void TestRnn::shapeMismatchThrows()
{
    const ElmanRnn rnn = initElmanRnn(2, 3, 1);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, elmanForward(rnn, Matrix::Zero(4, 3)));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, elmanForward(rnn, Matrix::Zero(4, 2), Vector::Zero(2)));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, initElmanRnn(0, 3, 1));
    QCOMPARE(elmanForward(rnn, Matrix::Zero(0, 2)).rows(), Index(0)); // n = 0: no states
}

void TestRnn::pathLength_data()
{
    QTest::addColumn<int>("mixer");
    QTest::addColumn<qint64>("i");
    QTest::addColumn<qint64>("j");
    QTest::addColumn<qint64>("window");
    QTest::addColumn<quint64>("expected");
    const int rnn = int(Mixer::Recurrent);
    const int global = int(Mixer::GlobalAttention);
    const int window = int(Mixer::WindowAttention);
    QTest::addRow("rnn 0 to 9") << rnn << qint64(0) << qint64(9) << qint64(0) << quint64(9);
    QTest::addRow("rnn 9 to 0") << rnn << qint64(9) << qint64(0) << qint64(0) << quint64(9);
    QTest::addRow("rnn same") << rnn << qint64(5) << qint64(5) << qint64(0) << quint64(0);
    QTest::addRow("attention 0 to 9999") << global << qint64(0) << qint64(9999) << qint64(0) << quint64(1);
    QTest::addRow("attention same") << global << qint64(3) << qint64(3) << qint64(0) << quint64(0);
    QTest::addRow("window 4, distance 8") << window << qint64(0) << qint64(8) << qint64(4) << quint64(2);
    QTest::addRow("window 4, distance 9") << window << qint64(9) << qint64(0) << qint64(4) << quint64(3);
    QTest::addRow("window 4, distance 1") << window << qint64(2) << qint64(3) << qint64(4) << quint64(1);
    QTest::addRow("window 4096, distance 100K")
        << window << qint64(0) << qint64(100000) << qint64(4096) << quint64(25); // 100000 / 4096 = 24.4
    QTest::addRow("window 1 = rnn") << window << qint64(0) << qint64(7) << qint64(1) << quint64(7);
}

void TestRnn::pathLength()
{
    QFETCH(int, mixer);
    QFETCH(qint64, i);
    QFETCH(qint64, j);
    QFETCH(qint64, window);
    QFETCH(quint64, expected);
    QCOMPARE(quint64(attn::pathLength(static_cast<Mixer>(mixer), i, j, window)), expected);
}

void TestRnn::sequentialSteps_data()
{
    QTest::addColumn<int>("mixer");
    QTest::addColumn<qint64>("n");
    QTest::addColumn<quint64>("expected");
    QTest::addRow("rnn 1024") << int(Mixer::Recurrent) << qint64(1024) << quint64(1024);
    QTest::addRow("attention 1024") << int(Mixer::GlobalAttention) << qint64(1024) << quint64(1);
    QTest::addRow("window 1024") << int(Mixer::WindowAttention) << qint64(1024) << quint64(1);
    QTest::addRow("attention 0") << int(Mixer::GlobalAttention) << qint64(0) << quint64(0);
}

void TestRnn::sequentialSteps()
{
    QFETCH(int, mixer);
    QFETCH(qint64, n);
    QFETCH(quint64, expected);
    QCOMPARE(quint64(attn::sequentialSteps(static_cast<Mixer>(mixer), n)), expected);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, attn::pathLength(Mixer::WindowAttention, 0, 1, 0));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, attn::sequentialSteps(Mixer::Recurrent, -1));
}

QTEST_APPLESS_MAIN(TestRnn)
#include "tst_rnn.moc"
