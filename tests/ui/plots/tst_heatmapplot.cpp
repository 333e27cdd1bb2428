// HeatmapPlot: what it draws for a trace, and its PNG/SVG/PDF export.
#include "plotfiles.h"
#include "strictwarnings.h"
#include "ui/base/appsettings.h"
#include "ui/plots/barplot.h"
#include "ui/plots/colorbar.h"
#include "ui/plots/heatmapplot.h"
#include "workedexample.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <limits>

using attn::ui::HeatmapPlot;

Q_DECLARE_METATYPE(attn::MaskedRowPolicy)

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
    void init() { attn::test::failOnQtWarnings(); }
    void drawsTheWorkedExample();
    void marksMaskedCellsAndRows();
    void tooltipHasExactValues();
    void nanOnAVisibleCellIsNotMasked();
    void fullyMaskedRowNamesItsPolicy_data();
    void fullyMaskedRowNamesItsPolicy();
    void cellTextIsCompact();
    void manyTokensThinTheTickLabels();
    void thirtyTwoTokensAreAllLabelled();
    void presentationModeEnlargesFigureText();
    void clickSelectsAQuery();
    void exportsEveryFormat_data();
    void exportsEveryFormat();
    void exportReportsFailures();
    void longTitleFitsTheWidth();
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
    QVERIFY2(tip.contains(QStringLiteral("weight 0.75\n")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("logit 1.0986122886681098")), qPrintable(tip)); // ln 3, every digit
    QVERIFY(!tip.contains(QStringLiteral("masked")));
    QVERIFY(plot.cellToolTip(0, 2).contains(QStringLiteral("masked: this key is not visible")));
    QVERIFY(plot.cellToolTip(1, 0).contains(QStringLiteral("masked: this query sees no key")));
}

void TestHeatmapPlot::nanOnAVisibleCellIsNotMasked()
{
    // Row 0 sees both keys but its first logit is NaN (a NaN in Q or K): the softmax is NaN.
    const double nan = std::numeric_limits<double>::quiet_NaN();
    attn::HeadTrace head;
    head.weights.resize(2, 2);
    head.weights << nan, nan, 0.5, 0.5;
    head.logits.resize(2, 2);
    head.logits << nan, 1.0, 0.0, 0.0;
    head.visible = attn::BoolMatrix::Constant(2, 2, true);
    HeatmapPlot plot;
    plot.setHead(head, {QStringLiteral("a"), QStringLiteral("b")},
                 {QStringLiteral("x"), QStringLiteral("y")});
    QVERIFY(!plot.isMasked(0, 1));
    QCOMPARE(plot.cellText(0, 1), QStringLiteral("NaN"));
    QCOMPARE(plot.cellText(1, 0), QStringLiteral("0.500"));
    const QString tip = plot.cellToolTip(0, 1);
    QVERIFY2(!tip.contains(QStringLiteral("masked")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("weight NaN")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("the logit of key “x” is NaN")), qPrintable(tip));
    QVERIFY(!plot.yAxis->label().contains(QStringLiteral("sees no key")));
    plot.resize(400, 300);
    const QImage image = plot.toPixmap(400, 300).toImage(); // draws the pink cell without trouble
    QVERIFY(!image.isNull());
}

void TestHeatmapPlot::fullyMaskedRowNamesItsPolicy_data()
{
    QTest::addColumn<attn::MaskedRowPolicy>("policy");
    QTest::addColumn<double>("weight");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("name");
    QTest::addRow("zero") << attn::MaskedRowPolicy::Zero << 0.0 << QStringLiteral("—")
                          << QStringLiteral("zero");
    QTest::addRow("nan") << attn::MaskedRowPolicy::NaN << std::numeric_limits<double>::quiet_NaN()
                         << QStringLiteral("NaN") << QStringLiteral("nan");
    QTest::addRow("uniform, 1/3") << attn::MaskedRowPolicy::Uniform << 1.0 / 3.0 << QStringLiteral("0.333")
                                  << QStringLiteral("uniform");
}

void TestHeatmapPlot::fullyMaskedRowNamesItsPolicy()
{
    QFETCH(attn::MaskedRowPolicy, policy);
    QFETCH(double, weight);
    QFETCH(QString, text);
    QFETCH(QString, name);
    attn::HeadTrace head = maskedHead(); // row 1 sees no key
    head.weights.row(1).setConstant(weight);
    HeatmapPlot plot;
    plot.setHead(head, {QStringLiteral("a"), QStringLiteral("b")}, {}, policy);
    QVERIFY(plot.isFullyMaskedRow(1));
    QVERIFY(plot.isMasked(1, 2));
    QCOMPARE(plot.cellText(1, 2), text);
    QCOMPARE(plot.cellText(0, 2), QStringLiteral("—")); // masked in a row that sees keys
    QVERIFY(std::isnan(plot.colorMapData(1, 2)));       // grey, whatever the policy gave
    const QString tip = plot.cellToolTip(1, 2);
    QVERIFY2(tip.contains(QStringLiteral("sees no key")) && tip.contains(QStringLiteral("“%1”").arg(name)),
             qPrintable(tip));
    QVERIFY2(plot.yAxis->label().contains(QStringLiteral("sees no key: “%1”").arg(name)),
             qPrintable(plot.yAxis->label()));
}

void TestHeatmapPlot::cellTextIsCompact()
{
    attn::HeadTrace head;
    head.weights.resize(1, 2);
    head.weights << 1.0 - 2.5e-5, 2.5e-5;
    head.logits.resize(1, 2);
    head.logits << 1e300, 1e300 + std::log(2.5e-5); // the same double: only to be written
    head.visible = attn::BoolMatrix::Constant(1, 2, true);
    HeatmapPlot plot;
    plot.setHead(head, {}, {});
    QCOMPARE(plot.cellText(0, 0), QStringLiteral("1.000"));
    // Below 0.001 the cell says so in the room of "0.000"; the tooltip has the exact weight.
    QCOMPARE(plot.cellText(0, 1), QStringLiteral("<0.001"));
    QVERIFY2(plot.cellToolTip(0, 1).contains(QStringLiteral("2.5e-05")), qPrintable(plot.cellToolTip(0, 1)));
    QVERIFY2(plot.cellToolTip(0, 1).contains(QStringLiteral("logit 1e+300")),
             qPrintable(plot.cellToolTip(0, 1)));
    head.weights << 0.999, 0.001; // the smallest weight written as a number
    plot.setHead(head, {}, {});
    QCOMPARE(plot.cellText(0, 1), QStringLiteral("0.001"));
}

void TestHeatmapPlot::thirtyTwoTokensAreAllLabelled()
{
    // 32 tokens of a long sentence in the window's heatmap size and in a small one: every row
    // and every column keeps its label (smaller, slanted, abbreviated; never left out).
    const int n = 32;
    attn::HeadTrace head;
    head.weights = attn::Matrix::Constant(n, n, 1.0 / n);
    head.logits = attn::Matrix::Zero(n, n);
    head.visible = attn::BoolMatrix::Constant(n, n, true);
    QStringList labels;
    for (int i = 0; i < n; ++i)
        labels << (i % 4 == 0 ? QStringLiteral("Xiaohong%1").arg(i) : QStringLiteral("w%1").arg(i));
    for (const QSize size : {QSize(800, 600), QSize(480, 360)}) {
        HeatmapPlot plot;
        plot.setHead(head, labels, labels);
        QTemporaryDir dir;
        QString error;
        QVERIFY2(plot.exportTo(dir.filePath(QStringLiteral("32.png")), QStringLiteral("png"), size, &error),
                 qPrintable(error));
        const QMap<double, QString> rows = plot.queryTicks();
        const QMap<double, QString> columns = plot.keyTicks();
        QCOMPARE(rows.size(), n);
        QCOMPARE(columns.size(), n);
        for (int i = 0; i < n; ++i) {
            QCOMPARE(rows.value(i), labels.at(i)); // rows: the font shrinks, the text stays whole
            const QString column = columns.value(i);
            QVERIFY2(column == labels.at(i) ||
                         (column.endsWith(QStringLiteral("…")) && labels.at(i).startsWith(column.chopped(1))),
                     qPrintable(column));
        }
        // In the window's size each row's label fits its row (in the small one the smallest
        // font, 6.5 pt, is still taller than a row: the labels touch rather than go).
        const QFontMetricsF metrics(plot.yAxis->tickLabelFont());
        if (size.height() < 600) {
            QCOMPARE(plot.yAxis->tickLabelFont().pointSizeF(), 6.5);
            continue;
        }
        QVERIFY2(metrics.height() <= plot.axisRect()->height() / double(n) + 2,
                 qPrintable(QStringLiteral("%1 px labels, %2 px rows")
                                .arg(metrics.height())
                                .arg(plot.axisRect()->height() / double(n))));
    }
}

void TestHeatmapPlot::presentationModeEnlargesFigureText()
{
    // Presentation mode multiplies figure text by 1.5, as it does the tables': the heatmap's and
    // the bar chart's axis labels 10 → 15 pt, the heatmap's title 11 → 16.5 pt (while it fits);
    // back to normal when the mode goes.
    QTemporaryDir dir;
    attn::ui::AppSettings &settings = attn::ui::AppSettings::instance();
    settings.useFile(dir.filePath(QStringLiteral("settings.ini")));
    const attn::AttentionTrace trace = attn::attend(attn::test::workedExample());
    HeatmapPlot heatmap;
    attn::ui::BarPlot bars;
    for (QCustomPlot *plot : std::initializer_list<QCustomPlot *>{&heatmap, &bars}) plot->resize(900, 600);
    heatmap.setHead(trace.heads[0], {QStringLiteral("q")}, {QStringLiteral("k1"), QStringLiteral("k2")});
    const auto sizes = [&] {
        heatmap.replot(QCustomPlot::rpImmediateRefresh);
        bars.replot(QCustomPlot::rpImmediateRefresh);
        return QList<double>{heatmap.xAxis->labelFont().pointSizeF(),
                             heatmap.yAxis->tickLabelFont().pointSizeF(),
                             bars.xAxis->tickLabelFont().pointSizeF(), bars.yAxis->labelFont().pointSizeF()};
    };
    settings.setPresentationMode(false);
    QCOMPARE(sizes(), (QList<double>{10, 10, 10, 10}));
    settings.setPresentationMode(true);
    QCOMPARE(sizes(), (QList<double>{15, 15, 15, 15}));
    QCOMPARE(heatmap.findChild<QCPTextElement *>()->font().pointSizeF(), 16.5);
    settings.setPresentationMode(false);
    QCOMPARE(sizes(), (QList<double>{10, 10, 10, 10}));
}

void TestHeatmapPlot::manyTokensThinTheTickLabels()
{
    const int n = 1000;
    attn::HeadTrace head;
    head.weights = attn::Matrix::Constant(n, n, 1.0 / n);
    head.logits = attn::Matrix::Zero(n, n);
    head.visible = attn::BoolMatrix::Constant(n, n, true);
    QStringList labels;
    for (int i = 0; i < n; ++i) labels << QStringLiteral("token%1").arg(i);
    HeatmapPlot plot;
    plot.setHead(head, labels, labels);
    QTemporaryDir dir;
    QString error;
    const QSize size(800, 600);
    QVERIFY2(plot.exportTo(dir.filePath(QStringLiteral("big.png")), QStringLiteral("png"), size, &error),
             qPrintable(error));
    // Right after the export, the ticks are those of the 800 × 600 figure.
    const QFontMetricsF metrics(plot.yAxis->tickLabelFont());
    const QMap<double, QString> rows = plot.queryTicks();
    QVERIFY(rows.size() > 1);
    QVERIFY2(
        rows.size() * metrics.height() <= plot.axisRect()->height(),
        qPrintable(QStringLiteral("%1 labels on %2 px").arg(rows.size()).arg(plot.axisRect()->height())));
    const int stride = static_cast<int>(rows.keys().at(1));
    QCOMPARE(rows.value(stride), labels.at(stride));
    const QMap<double, QString> columns = plot.keyTicks();
    QVERIFY(columns.size() > 1 && columns.size() < 100);

    // A few tokens keep every label.
    plot.setHead(attn::attend(attn::test::workedExample()).heads[0], {QStringLiteral("q")},
                 {QStringLiteral("k1"), QStringLiteral("k2")});
    QCOMPARE(plot.keyTicks().size(), 2);
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

void TestHeatmapPlot::longTitleFitsTheWidth()
{
    // A title wider than the plot is made smaller (not below 8 pt) and then cut with "…";
    // title() keeps the whole text. A short title stays at 11 pt, whole.
    const attn::AttentionTrace trace = attn::attend(attn::test::workedExample());
    HeatmapPlot plot;
    plot.resize(360, 260);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setHead(trace.heads[0], {QStringLiteral("q")}, {QStringLiteral("k1"), QStringLiteral("k2")});
    const QString longTitle =
        QStringLiteral("Attention weights A, head 0 (K/V head 0), query “she”, every key "
                       "of a long sentence");
    plot.setTitle(longTitle);
    plot.replot(QCustomPlot::rpImmediateRefresh);
    auto *shown = qobject_cast<QCPTextElement *>(plot.plotLayout()->element(0, 0));
    QVERIFY(shown);
    QCOMPARE(plot.title(), longTitle);
    QVERIFY(shown->text().endsWith(QChar(0x2026)));
    QCOMPARE(shown->font().pointSizeF(), 8.0);
    QVERIFY(QFontMetricsF(shown->font()).horizontalAdvance(shown->text()) <= plot.width() - 12);

    plot.setTitle(QStringLiteral("Weights"));
    plot.replot(QCustomPlot::rpImmediateRefresh);
    QCOMPARE(shown->text(), QStringLiteral("Weights"));
    QCOMPARE(shown->font().pointSizeF(), 11.0);
}

QTEST_MAIN(TestHeatmapPlot)
#include "tst_heatmapplot.moc"
