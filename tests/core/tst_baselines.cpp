// Mean pooling, local convolution and the recurrence on one hand-checkable input.
#include "core/baselines.h"
#include "strictwarnings.h"
#include "testtensors.h"

#include <QtTest>

#include <stdexcept>

using namespace attn;
using attn::test::mat;
using attn::test::workedExample;

namespace {

/// Three tokens, two features: column means 3 and 5.
Matrix input()
{
    return mat(3, 2, {1, 2, 3, 4, 5, 9});
}

bool near(const Matrix &a, const Matrix &b, double tolerance = 1e-15)
{
    return a.rows() == b.rows() && a.cols() == b.cols() && (a - b).cwiseAbs().maxCoeff() <= tolerance;
}

} // namespace

Q_DECLARE_METATYPE(attn::Matrix)

class TestBaselines : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void meanPoolingGivesEveryRowTheMean();
    void causalMeanPoolingIsThePrefixMean();
    void localConvolution_data();
    void localConvolution();
    void wideWindowsBecomeMeanPooling();
    void convolutionErrors();
    void recurrenceIsTheElmanForward();
};

void TestBaselines::meanPoolingGivesEveryRowTheMean()
{
    QVERIFY(near(meanPooling(input()), mat(3, 2, {3, 5, 3, 5, 3, 5})));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, meanPooling(Matrix::Zero(0, 2)));
}

void TestBaselines::causalMeanPoolingIsThePrefixMean()
{
    // [1, 2]; ([1, 2] + [3, 4]) / 2 = [2, 3]; ([1, 2] + [3, 4] + [5, 9]) / 3 = [3, 5].
    QVERIFY(near(causalMeanPooling(input()), mat(3, 2, {1, 2, 2, 3, 3, 5})));
    QCOMPARE(causalMeanPooling(Matrix::Zero(0, 2)).rows(), Index(0));
}

void TestBaselines::localConvolution_data()
{
    QTest::addColumn<QList<double>>("weights");
    QTest::addColumn<int>("alignment");
    QTest::addColumn<int>("padding");
    QTest::addColumn<Matrix>("expected");
    const int causal = int(ConvolutionAlignment::Causal);
    const int centred = int(ConvolutionAlignment::Centred);
    const int zeros = int(ConvolutionPadding::Zeros);
    const int renorm = int(ConvolutionPadding::Renormalise);
    // y_t = ½ x_{t−1} + ½ x_t; x_{−1} is a zero row.
    QTest::addRow("causal mean of 2, zeros")
        << QList<double>{0.5, 0.5} << causal << zeros << mat(3, 2, {0.5, 1, 2, 3, 4, 6.5});
    // The same, but row 0 has only x_0 and divides by ½: y_0 = x_0.
    QTest::addRow("causal mean of 2, renormalise")
        << QList<double>{0.5, 0.5} << causal << renorm << mat(3, 2, {1, 2, 2, 3, 4, 6.5});
    // y_t = (x_{t−1} + x_t + x_{t+1}) / 3 with zero rows outside.
    QTest::addRow("centred mean of 3, zeros") << QList<double>{1.0 / 3, 1.0 / 3, 1.0 / 3} << centred << zeros
                                              << mat(3, 2, {4.0 / 3, 2, 3, 5, 8.0 / 3, 13.0 / 3});
    // Edges average the two tokens that exist.
    QTest::addRow("centred mean of 3, renormalise")
        << QList<double>{1.0 / 3, 1.0 / 3, 1.0 / 3} << centred << renorm << mat(3, 2, {2, 3, 3, 5, 4, 6.5});
    // weights[k − 1] multiplies the current token: y_t = x_t − x_{t−1}.
    QTest::addRow("causal difference")
        << QList<double>{-1, 1} << causal << zeros << mat(3, 2, {1, 2, 2, 2, 2, 5});
    // Centred, asymmetric: y_t = 1·x_{t−1} + 0·x_t + 2·x_{t+1}.
    QTest::addRow("centred taps 1 0 2")
        << QList<double>{1, 0, 2} << centred << zeros << mat(3, 2, {6, 8, 11, 20, 3, 4});
    QTest::addRow("width 1 is the identity") << QList<double>{1} << causal << zeros << input();
}

void TestBaselines::localConvolution()
{
    QFETCH(QList<double>, weights);
    QFETCH(int, alignment);
    QFETCH(int, padding);
    QFETCH(Matrix, expected);
    const Matrix y = attn::localConvolution(input(), std::vector<double>(weights.begin(), weights.end()),
                                            static_cast<ConvolutionAlignment>(alignment),
                                            static_cast<ConvolutionPadding>(padding));
    QVERIFY2(near(y, expected, 1e-14), qPrintable(QStringLiteral("row 0: %1 %2, row 2: %3 %4")
                                                      .arg(y(0, 0))
                                                      .arg(y(0, 1))
                                                      .arg(y(2, 0))
                                                      .arg(y(2, 1))));
}

void TestBaselines::wideWindowsBecomeMeanPooling()
{
    // A renormalised causal moving average as wide as the sequence is the prefix mean; a centred one
    // of width 2n − 1 sees every token from every position: mean pooling.
    const Matrix x = input();
    QVERIFY(near(attn::localConvolution(x, uniformTaps(3), ConvolutionAlignment::Causal,
                                        ConvolutionPadding::Renormalise),
                 causalMeanPooling(x), 1e-14));
    QVERIFY(near(attn::localConvolution(x, uniformTaps(5), ConvolutionAlignment::Centred,
                                        ConvolutionPadding::Renormalise),
                 meanPooling(x), 1e-14));
}

void TestBaselines::convolutionErrors()
{
    const Matrix x = input();
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             attn::localConvolution(x, {}, ConvolutionAlignment::Causal));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             attn::localConvolution(x, {0.5, 0.5}, ConvolutionAlignment::Centred));
    // Row 1 sees both taps, which sum to 0: nothing to renormalise by.
    QVERIFY_THROWS_EXCEPTION(
        std::invalid_argument,
        attn::localConvolution(x, {1, -1}, ConvolutionAlignment::Causal, ConvolutionPadding::Renormalise));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, uniformTaps(0));
}

void TestBaselines::recurrenceIsTheElmanForward()
{
    // W_xh = [1, 0] reads feature 0 only, no recurrence, no bias: h_t = tanh(x_t0).
    ElmanRnn rnn;
    rnn.W_xh = mat(1, 2, {1, 0});
    rnn.W_hh = Matrix::Zero(1, 1);
    rnn.b = Vector::Zero(1);
    const Matrix y = recurrenceBaseline(input(), rnn);
    QCOMPARE(y.rows(), Index(3));
    QCOMPARE(y.cols(), Index(1));
    QCOMPARE(y(0, 0), std::tanh(1.0));
    QCOMPARE(y(2, 0), std::tanh(5.0));

    const Matrix seeded = recurrenceBaseline(input(), 4, 9);
    QCOMPARE(seeded.rows(), Index(3));
    QCOMPARE(seeded.cols(), Index(4));
    QCOMPARE(seeded, elmanForward(initElmanRnn(2, 4, 9), input()));
    QVERIFY(seeded.cwiseAbs().maxCoeff() < 1.0); // tanh
}

QTEST_APPLESS_MAIN(TestBaselines)
#include "tst_baselines.moc"
