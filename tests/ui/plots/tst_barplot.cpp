// BarPlot: one bar per key for the selected query, and its export.
#include "plotfiles.h"
#include "strictwarnings.h"
#include "ui/base/appsettings.h"
#include "ui/plots/barplot.h"
#include "ui/plots/viridis.h"
#include "workedexample.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <limits>

using attn::ui::BarPlot;

class TestBarPlot : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void barsAreTheWeights();
    void barsFollowTheColourMap();
    void maskedKeysHaveNoBar();
    void textsAreCompactTooltipsExactWithTheLogit();
    void nanWeightOfAVisibleKey();
    void queryThatSeesNoKeyNamesThePolicy();
    void manyKeysThinTheTickLabels();
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

void TestBarPlot::textsAreCompactTooltipsExactWithTheLogit()
{
    BarPlot plot;
    attn::Vector weights(2);
    weights << 1.0 - 2.5e-5, 2.5e-5;
    attn::Vector logits(2);
    logits << 1e300, 0.1;
    plot.setWeights(weights, {}, {QStringLiteral("a"), QStringLiteral("b")}, QStringLiteral("q"), logits);
    QCOMPARE(plot.barText(0), QStringLiteral("1.000"));
    QCOMPARE(plot.barText(1), QStringLiteral("<0.001")); // as the heatmap writes it; the tooltip is exact
    const QString tip = plot.barToolTip(1);
    QVERIFY2(tip.contains(QStringLiteral("“q” → key “b”")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("weight 2.5e-05")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("logit 0.1")), qPrintable(tip));
    QVERIFY2(plot.barToolTip(0).contains(QStringLiteral("weight 0.999975")), qPrintable(plot.barToolTip(0)));
    QVERIFY(plot.barToolTip(0).contains(QStringLiteral("logit 1e+300")));

    // From a head: the row's weights, logits and visibility.
    const attn::AttentionTrace trace = attn::attend(attn::test::workedExample());
    plot.setQueryRow(trace.heads[0], 0, {}, QStringLiteral("q"));
    QCOMPARE(plot.barText(0), QStringLiteral("0.670"));
    // 1/√2 with every digit that tells the double apart.
    QVERIFY2(plot.barToolTip(0).contains(QStringLiteral("logit 0.7071067811865475")),
             qPrintable(plot.barToolTip(0)));
}

void TestBarPlot::nanWeightOfAVisibleKey()
{
    BarPlot plot;
    attn::Vector weights(2);
    weights << std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN();
    attn::Vector logits(2);
    logits << std::numeric_limits<double>::quiet_NaN(), 0.0;
    plot.setWeights(weights, {true, true}, {}, QStringLiteral("q"), logits);
    QCOMPARE(plot.barText(0), QStringLiteral("NaN"));
    QCOMPARE(plot.barValue(0), 0.0);
    QVERIFY(!plot.barToolTip(1).contains(QStringLiteral("masked")));
    QVERIFY(plot.barToolTip(1).contains(QStringLiteral("not a number")));
}

void TestBarPlot::queryThatSeesNoKeyNamesThePolicy()
{
    // all_masked_rows "uniform": the row that sees no key spreads 1/3 over the three keys.
    BarPlot plot;
    attn::Vector weights = attn::Vector::Constant(3, 1.0 / 3.0);
    plot.setWeights(weights, {false, false, false}, {}, QStringLiteral("q"), {},
                    attn::MaskedRowPolicy::Uniform);
    QCOMPARE(plot.barText(1), QStringLiteral("0.333"));
    QCOMPARE(plot.barValue(1), 1.0 / 3.0);
    QVERIFY(plot.barToolTip(1).contains(QStringLiteral("all_masked_rows “uniform”")));
    QVERIFY(plot.xAxis->label().contains(QStringLiteral("sees none")));
}

void TestBarPlot::manyKeysThinTheTickLabels()
{
    const int n = 1000;
    BarPlot plot;
    QStringList labels;
    for (int j = 0; j < n; ++j) labels << QStringLiteral("token%1").arg(j);
    plot.setWeights(attn::Vector::Constant(n, 1.0 / n), {}, labels, QStringLiteral("q"));
    QTemporaryDir dir;
    QString error;
    QVERIFY2(plot.exportTo(dir.filePath(QStringLiteral("bars.png")), QStringLiteral("png"), QSize(800, 400),
                           &error),
             qPrintable(error));
    const QMap<double, QString> ticks = plot.keyTicks();
    QVERIFY2(ticks.size() > 1 && ticks.size() < 100, qPrintable(QString::number(ticks.size())));
    const int stride = static_cast<int>(ticks.keys().at(1));
    QCOMPARE(ticks.value(stride), labels.at(stride));
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

void TestBarPlot::barsFollowTheColourMap()
{
    QTemporaryDir dir;
    auto &settings = attn::ui::AppSettings::instance();
    settings.useFile(dir.filePath(QStringLiteral("settings.ini")));
    BarPlot plot;
    auto *bars = qobject_cast<QCPBars *>(plot.plottable(0));
    QVERIFY(bars);
    QCOMPARE(bars->brush().color(), attn::ui::viridisColor(1.0 / 3)); // #31688e-ish blue
    settings.setColorMap(attn::ui::ColorMapKind::Cividis);
    QCOMPARE(bars->brush().color(), attn::ui::cividisColor(1.0 / 3));
    settings.setColorMap(attn::ui::ColorMapKind::Viridis);
    QCOMPARE(bars->brush().color(), attn::ui::viridisColor(1.0 / 3));
}

QTEST_MAIN(TestBarPlot)
#include "tst_barplot.moc"
