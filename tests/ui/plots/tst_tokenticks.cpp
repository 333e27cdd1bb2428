// tokenticks: token labels on a plot axis are thinned to every k-th when they cannot all fit.
#include "strictwarnings.h"
#include "ui/plots/tokenticks.h"

#include <QTest>
#include <qcustomplot.h>

using attn::ui::setTokenTicks;
using attn::ui::tickStride;

namespace {

QStringList numberedLabels(int n)
{
    QStringList labels;
    for (int i = 0; i < n; ++i) labels << QStringLiteral("tok%1").arg(i);
    return labels;
}

/// A plot of `width` × `height` whose axes span `n` categories, laid out once.
void layOut(QCustomPlot &plot, int n, int width, int height)
{
    plot.setViewport(QRect(0, 0, width, height));
    plot.xAxis->setRange(-0.5, n - 0.5);
    plot.yAxis->setRange(-0.5, n - 0.5);
    plot.replot(QCustomPlot::rpImmediateRefresh);
}

QMap<double, QString> ticksOf(QCPAxis *axis)
{
    return dynamic_cast<QCPAxisTickerText *>(axis->ticker().data())->ticks();
}

} // namespace

class TestTokenTicks : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void stride_data();
    void stride();
    void fewLabelsAllShown();
    void manyLabelsAreThinnedToFit();
    void unchangedTicksReportNoChange();
};

void TestTokenTicks::stride_data()
{
    QTest::addColumn<int>("count");
    QTest::addColumn<double>("axisPixels");
    QTest::addColumn<double>("labelPixels");
    QTest::addColumn<int>("stride");
    QTest::addRow("8 labels of 20 px in 400 px: all") << 8 << 400.0 << 20.0 << 1;
    QTest::addRow("40 of 20 px in 400 px: every 2nd (20 shown)") << 40 << 400.0 << 20.0 << 2;
    QTest::addRow("41 of 20 px in 400 px: every 5th (21 would not fit)") << 41 << 400.0 << 20.0 << 5;
    QTest::addRow("1000 of 16 px in 480 px: every 50th (20 shown)") << 1000 << 480.0 << 16.0 << 50;
    QTest::addRow("length unknown yet: all") << 1000 << 0.0 << 16.0 << 1;
    QTest::addRow("one label") << 1 << 5.0 << 20.0 << 1;
}

void TestTokenTicks::stride()
{
    QFETCH(int, count);
    QFETCH(double, axisPixels);
    QFETCH(double, labelPixels);
    QFETCH(int, stride);
    QCOMPARE(tickStride(count, axisPixels, labelPixels), stride);
}

void TestTokenTicks::fewLabelsAllShown()
{
    QCustomPlot plot;
    layOut(plot, 3, 600, 400);
    QVERIFY(setTokenTicks(plot.xAxis, {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}, true));
    const QMap<double, QString> ticks = ticksOf(plot.xAxis);
    QCOMPARE(ticks.size(), 3);
    QCOMPARE(ticks.value(2), QStringLiteral("c"));
    QCOMPARE(plot.xAxis->tickLabelRotation(), 0.0);
}

void TestTokenTicks::manyLabelsAreThinnedToFit()
{
    const int n = 1000;
    QCustomPlot plot;
    layOut(plot, n, 800, 600);
    setTokenTicks(plot.xAxis, numberedLabels(n), true);
    setTokenTicks(plot.yAxis, numberedLabels(n), false);
    plot.replot(QCustomPlot::rpImmediateRefresh);
    setTokenTicks(plot.xAxis, numberedLabels(n), true); // settle to the new margins
    setTokenTicks(plot.yAxis, numberedLabels(n), false);

    const QFontMetricsF metrics(plot.yAxis->tickLabelFont());
    const QMap<double, QString> rows = ticksOf(plot.yAxis);
    QVERIFY(rows.size() > 1);
    // Shown labels, one line each, fit the axis; they sit at a constant stride from 0.
    QVERIFY2(rows.size() * metrics.height() <= plot.axisRect()->height(),
             qPrintable(QString::number(rows.size())));
    const int stride = static_cast<int>(rows.keys().at(1));
    QVERIFY(stride > 1);
    QCOMPARE(rows.value(0), QStringLiteral("tok0"));
    QCOMPARE(rows.value(stride), QStringLiteral("tok%1").arg(stride));

    const QMap<double, QString> columns = ticksOf(plot.xAxis);
    QVERIFY(columns.size() > 1 && columns.size() < n);
    QCOMPARE(plot.xAxis->tickLabelRotation(), -40.0); // slanted labels fit more than side by side
}

void TestTokenTicks::unchangedTicksReportNoChange()
{
    QCustomPlot plot;
    layOut(plot, 2, 600, 400);
    const QStringList labels{QStringLiteral("k1"), QStringLiteral("k2")};
    QVERIFY(setTokenTicks(plot.yAxis, labels, false));
    QVERIFY(!setTokenTicks(plot.yAxis, labels, false));
    QVERIFY(setTokenTicks(plot.yAxis, {QStringLiteral("k1"), QStringLiteral("x")}, false));
}

QTEST_MAIN(TestTokenTicks)
#include "tst_tokenticks.moc"
