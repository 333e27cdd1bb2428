// HeatmapPlot: what it draws for a trace, and its PNG/SVG/PDF export.
#include "plotfiles.h"
#include "ui/plots/heatmapplot.h"
#include "workedexample.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using attn::ui::HeatmapPlot;

namespace {

/// A hand-made head: 2 queries × 3 keys; query 0 sees keys 0 and 1, query 1 sees none.
attn::HeadTrace maskedHead()
{
    attn::HeadTrace head;
    head.weights.resize(2, 3);
    head.weights << 0.25, 0.75, 0.0, 0.0, 0.0, 0.0;
    head.logits.resize(2, 3);
    head.logits << 0.0, std::log(3.0), 5.0, 1.0, 2.0, 3.0;
    head.visible.resize(2, 3);
    head.visible << true, true, false, false, false, false;
    head.output = attn::Matrix::Zero(2, 1);
    return head;
}

} // namespace

class TestHeatmapPlot : public QObject {
    Q_OBJECT

private slots:
    void drawsTheWorkedExample();
    void marksMaskedCellsAndRows();
    void tooltipHasExactValues();
    void clickSelectsAQuery();
    void exportsEveryFormat_data();
    void exportsEveryFormat();
    void exportReportsFailures();
};

void TestHeatmapPlot::drawsTheWorkedExample()
{
    const attn::AttentionTrace trace = attn::attend(attn::test::workedExample());
    HeatmapPlot plot;
    plot.setHead(trace.heads[0], {QStringLiteral("q")}, {QStringLiteral("k1"), QStringLiteral("k2")});
    QCOMPARE(plot.queryCount(), 1);
    QCOMPARE(plot.keyCount(), 2);
    const double w1 = 1.0 / (1.0 + std::exp(-1.0 / std::sqrt(2.0)));
    QVERIFY(std::abs(plot.colorMapData(0, 0) - w1) < 1e-12);
    QVERIFY(std::abs(plot.colorMapData(0, 1) - (1.0 - w1)) < 1e-12);
    // The colour map itself holds the same numbers.
    QVERIFY(std::abs(plot.colorMap()->data()->cell(0, 0) - w1) < 1e-12);
    QCOMPARE(plot.cellText(0, 0), QStringLiteral("0.670"));
    QCOMPARE(plot.cellText(0, 1), QStringLiteral("0.330"));
    QCOMPARE(plot.colorMap()->dataRange(), QCPRange(0.0, 1.0));
    QCOMPARE(plot.colorScale()->axis()->label(), QStringLiteral("weight"));
    QCOMPARE(plot.xAxis->label(), QStringLiteral("keys (n_k = 2)"));
    QCOMPARE(plot.yAxis->label(), QStringLiteral("queries (n_q = 1)"));
    QVERIFY(plot.yAxis->rangeReversed());
}

void TestHeatmapPlot::marksMaskedCellsAndRows()
{
    HeatmapPlot plot;
    plot.setHead(maskedHead(), {QStringLiteral("a"), QStringLiteral("b")}, {});
    QCOMPARE(plot.cellText(0, 0), QStringLiteral("0.250"));
    QCOMPARE(plot.cellText(0, 2), QStringLiteral("—"));
    QVERIFY(std::isnan(plot.colorMapData(0, 2)));
    QCOMPARE(plot.cellText(1, 1), QStringLiteral("—"));
    QVERIFY(plot.yAxis->label().contains(QStringLiteral("sees no key")));
    auto *ticker = dynamic_cast<QCPAxisTickerText *>(plot.yAxis->ticker().data());
    QVERIFY(ticker);
    QCOMPARE(ticker->ticks().value(1), QStringLiteral("⊘ b"));
    QCOMPARE(ticker->ticks().value(0), QStringLiteral("a"));
}

void TestHeatmapPlot::tooltipHasExactValues()
{
    HeatmapPlot plot;
    plot.setHead(maskedHead(), {QStringLiteral("a"), QStringLiteral("b")},
                 {QStringLiteral("x"), QStringLiteral("y"), QStringLiteral("z")});
    const QString tip = plot.cellToolTip(0, 1);
    QVERIFY2(tip.contains(QStringLiteral("“a”")) && tip.contains(QStringLiteral("“y”")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("weight 0.750000")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("logit 1.098612")), qPrintable(tip)); // ln 3
    QVERIFY(plot.cellToolTip(1, 0).contains(QStringLiteral("masked")));
}

void TestHeatmapPlot::clickSelectsAQuery()
{
    HeatmapPlot plot;
    plot.setHead(maskedHead(), {}, {});
    plot.resize(400, 300);
    plot.replot(QCustomPlot::rpImmediateRefresh);
    QSignalSpy spy(&plot, &HeatmapPlot::querySelected);
    const QPoint cell(plot.xAxis->coordToPixel(1), plot.yAxis->coordToPixel(1)); // query 1
    QTest::mouseClick(&plot, Qt::LeftButton, {}, cell);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toInt(), 1);
}

void TestHeatmapPlot::exportsEveryFormat_data()
{
    QTest::addColumn<QString>("format");
    QTest::newRow("png") << QStringLiteral("png");
    QTest::newRow("svg") << QStringLiteral("svg");
    QTest::newRow("pdf") << QStringLiteral("pdf");
}

void TestHeatmapPlot::exportsEveryFormat()
{
    QFETCH(QString, format);
    const attn::AttentionTrace trace = attn::attend(attn::test::workedExample());
    HeatmapPlot plot; // never shown
    plot.setHead(trace.heads[0], {}, {});
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("weights.") + format);
    const QSize size(640, 480);
    QString error;
    QVERIFY2(plot.exportTo(path, format, size, &error), qPrintable(error));
    const QString problem = attn::test::checkFigureFile(path, format, size);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void TestHeatmapPlot::exportReportsFailures()
{
    HeatmapPlot plot;
    QTemporaryDir dir;
    QString error;
    QVERIFY(!plot.exportTo(dir.filePath(QStringLiteral("a.bmp")), QStringLiteral("bmp"), QSize(100, 100),
                           &error));
    QVERIFY2(error.contains(QStringLiteral("bmp")), qPrintable(error));
    QVERIFY(
        !plot.exportTo(dir.filePath(QStringLiteral("a.png")), QStringLiteral("png"), QSize(0, 100), &error));
    QVERIFY2(error.contains(QStringLiteral("size")), qPrintable(error));
    for (const QString format : {QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf")}) {
        const QString path = dir.filePath(QStringLiteral("missing/folder/a.") + format);
        error.clear();
        QVERIFY2(!plot.exportTo(path, format, QSize(100, 100), &error), qPrintable(format));
        QVERIFY2(error.contains(path), qPrintable(error));
    }
}

QTEST_MAIN(TestHeatmapPlot)
#include "tst_heatmapplot.moc"
