// tokenticks: up to 32 token labels on a plot axis are all drawn (smaller, slanted, abbreviated);
// more are thinned to every k-th when they cannot all fit.
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
    void shrinkBeforeSlanting();
    void thirtyTwoLabelsNeverDropped();
    void callerFontIsTheLargest();
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

void TestTokenTicks::shrinkBeforeSlanting()
{
    // 12 labels "abcdefgh" on an axis where they do not fit side by side at 10 pt but do at
    // 6.5 pt: they are drawn smaller and upright, all of them, rather than slanted.
    QCustomPlot plot;
    plot.xAxis->setTickLabelFont(QFont(plot.font().family(), 10));
    QStringList labels;
    for (int i = 0; i < 12; ++i) labels << QStringLiteral("abcdefgh");
    const auto needs = [&](double points) {
        QFont font(plot.font().family());
        font.setPointSizeF(points);
        const QFontMetricsF metrics(font);
        return metrics.horizontalAdvance(labels[0]) + 2 * metrics.averageCharWidth();
    };
    // The viewport whose axis gives each label halfway between the two needs.
    layOut(plot, 12, 800, 300);
    const int margins = 800 - plot.axisRect()->width();
    layOut(plot, 12, margins + qRound(12 * (needs(10) + needs(6.5)) / 2), 300);
    const double each = plot.axisRect()->width() / 12.0;
    QVERIFY2(needs(10) > each && needs(6.5) <= each, qPrintable(QString::number(each)));
    setTokenTicks(plot.xAxis, labels, true);
    QCOMPARE(plot.xAxis->tickLabelRotation(), 0.0);
    const double points = plot.xAxis->tickLabelFont().pointSizeF();
    QVERIFY(points < 10 && points >= 6.5);
    QVERIFY(needs(points) <= each);      // the largest size that fits …
    QVERIFY(needs(points + 0.5) > each); // … half a point more would not
    QCOMPARE(ticksOf(plot.xAxis).size(), 12);
}

void TestTokenTicks::thirtyTwoLabelsNeverDropped()
{
    // 32 long labels on a short axis: all 32 shown on both axes, in at least 6 pt; the upright
    // ones (a vertical axis) whole, the horizontal ones slanted and cut to 12 characters.
    QCustomPlot plot;
    layOut(plot, 32, 300, 220);
    QStringList labels;
    for (int i = 0; i < 32; ++i) labels << QStringLiteral("a-very-long-token-%1").arg(i);
    for (int pass = 0; pass < 2; ++pass) { // settle to the margins of the first pass
        setTokenTicks(plot.xAxis, labels, true);
        setTokenTicks(plot.yAxis, labels, false);
        plot.replot(QCustomPlot::rpImmediateRefresh);
    }
    const QMap<double, QString> columns = ticksOf(plot.xAxis);
    const QMap<double, QString> rows = ticksOf(plot.yAxis);
    QCOMPARE(columns.size(), 32);
    QCOMPARE(rows.size(), 32);
    QCOMPARE(rows.value(31), labels.at(31));
    QCOMPARE(plot.xAxis->tickLabelRotation(), -40.0);
    QVERIFY(columns.value(31).endsWith(QStringLiteral("…")));
    QVERIFY(labels.at(31).startsWith(columns.value(31).chopped(1)));
    QVERIFY(plot.yAxis->tickLabelFont().pointSizeF() >= 6.0);
    // 33 labels are thinned again.
    setTokenTicks(plot.yAxis, numberedLabels(200), false);
    QVERIFY(ticksOf(plot.yAxis).size() < 200);
}

void TestTokenTicks::callerFontIsTheLargest()
{
    QCustomPlot plot;
    layOut(plot, 32, 400, 300);
    plot.yAxis->setTickLabelFont(QFont(plot.font().family(), 12));
    setTokenTicks(plot.yAxis, numberedLabels(32), false);
    const double shrunk = plot.yAxis->tickLabelFont().pointSizeF();
    QVERIFY(shrunk < 12);
    // The same labels again keep the caller's 12 pt as the largest, not the shrunk size.
    layOut(plot, 2, 400, 300);
    setTokenTicks(plot.yAxis, numberedLabels(2), false);
    QCOMPARE(plot.yAxis->tickLabelFont().pointSizeF(), 12.0);
    // A new font from the caller (presentation mode) is the new largest.
    plot.yAxis->setTickLabelFont(QFont(plot.font().family(), 15));
    setTokenTicks(plot.yAxis, numberedLabels(2), false);
    QCOMPARE(plot.yAxis->tickLabelFont().pointSizeF(), 15.0);
}

QTEST_MAIN(TestTokenTicks)
#include "tst_tokenticks.moc"
