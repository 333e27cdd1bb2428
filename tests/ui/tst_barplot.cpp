// BarPlot: one bar per key for the selected query, and its export.
#include "plotfiles.h"
#include "ui/plots/barplot.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using attn::ui::BarPlot;

class TestBarPlot : public QObject {
    Q_OBJECT

private slots:
    void barsAreTheWeights();
    void maskedKeysHaveNoBar();
    void exportsEveryFormat_data();
    void exportsEveryFormat();
};

void TestBarPlot::barsAreTheWeights()
{
    BarPlot plot;
    attn::Vector weights(2);
    weights << 0.669761, 0.330239;
    plot.setWeights(weights, {}, {QStringLiteral("k1"), QStringLiteral("k2")}, QStringLiteral("q"));
    QCOMPARE(plot.keyCount(), 2);
    QCOMPARE(plot.barValue(0), 0.669761);
    QCOMPARE(plot.barText(0), QStringLiteral("0.670"));
    QCOMPARE(plot.barText(1), QStringLiteral("0.330"));
    QVERIFY(plot.title().contains(QStringLiteral("“q”")));
    QCOMPARE(plot.yAxis->range(), QCPRange(0.0, 1.0));
    QCOMPARE(plot.xAxis->label(), QStringLiteral("keys (n_k = 2)"));
    QVERIFY(std::isnan(plot.barValue(2)));
}

void TestBarPlot::maskedKeysHaveNoBar()
{
    BarPlot plot;
    attn::Vector weights(3);
    weights << 1.0, 0.0, 0.0;
    plot.setWeights(weights, {true, false, false}, {}, QStringLiteral("q"));
    QCOMPARE(plot.barText(0), QStringLiteral("1.000"));
    QCOMPARE(plot.barText(1), QStringLiteral("—"));
    QCOMPARE(plot.barValue(2), 0.0);
}

void TestBarPlot::exportsEveryFormat_data()
{
    QTest::addColumn<QString>("format");
    QTest::newRow("png") << QStringLiteral("png");
    QTest::newRow("svg") << QStringLiteral("svg");
    QTest::newRow("pdf") << QStringLiteral("pdf");
}

void TestBarPlot::exportsEveryFormat()
{
    QFETCH(QString, format);
    BarPlot plot;
    attn::Vector weights(2);
    weights << 0.7, 0.3;
    plot.setWeights(weights, {}, {}, QStringLiteral("q"));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bars.") + format);
    QString error;
    QVERIFY2(plot.exportTo(path, format, QSize(500, 300), &error), qPrintable(error));
    const QString problem = attn::test::checkFigureFile(path, format, QSize(500, 300));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

QTEST_MAIN(TestBarPlot)
#include "tst_barplot.moc"
