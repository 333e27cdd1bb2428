// The n² cost view (offscreen): hand-computed pairs, FLOP, score bytes and KV-cache bytes from
// the controls, the ratios from n to 2n, windows, GQA notes, the readout and tooltips with exact
// integers and binary units, resetViewState, and PNG/SVG/PDF export.
#include "plotfiles.h"
#include "strictwarnings.h"
#include "ui/document/scenariodocument.h"
#include "ui/plots/costplot.h"
#include "ui/views/cost/costview.h"
#include "workedexample.h"

#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using attn::doc::ScenarioDocument;
using attn::ui::CostView;

namespace {

QSpinBox *spin(const CostView &view, const char *name)
{
    return view.findChild<QSpinBox *>(QString::fromLatin1(name));
}

void setDtype(const CostView &view, const char *name)
{
    auto *combo = view.findChild<QComboBox *>(QStringLiteral("costDtype"));
    QVERIFY(combo);
    const int index = combo->findData(QString::fromLatin1(name));
    QVERIFY(index >= 0);
    combo->setCurrentIndex(index);
}

} // namespace

class TestCostView : public QObject {
    Q_OBJECT

private slots:
    void init()
    {
        attn::test::failOnQtWarnings();
        QVERIFY(m_document.load(attn::test::workedExample()));
    }
    void textHelpers();
    void defaults();
    void quantities_data();
    void quantities();
    void scoreMatrixPassesSixteenGiB();
    void groupedQueryHeads();
    void windowMakesPairsLinear();
    void sliderMovesInQuarterOctaves();
    void readoutAndTooltips();
    void plotCurvesAndCaption();
    void windowCoveringNSaysItIsCausal();
    void smallExportDropsSecondaryText();
    void resetRestoresDefaults();
    void fitsTheWindow();
    void exportsPngSvgPdf_data();
    void exportsPngSvgPdf();
    void exportRefusesBadInput();

private:
    ScenarioDocument m_document;
};

void TestCostView::textHelpers()
{
    QCOMPARE(attn::ui::groupedInteger(17179869184ULL), QStringLiteral("17,179,869,184"));
    QCOMPARE(attn::ui::groupedInteger(0), QStringLiteral("0"));
    QCOMPARE(attn::ui::binaryBytes(512), QStringLiteral("512 B"));
    QCOMPARE(attn::ui::binaryBytes(1536), QStringLiteral("1.5 KiB"));
    QCOMPARE(attn::ui::binaryBytes(536870912), QStringLiteral("512 MiB"));
    QCOMPARE(attn::ui::binaryBytes(17179869184ULL), QStringLiteral("16 GiB"));
    QCOMPARE(attn::ui::binaryBytes(17182130688ULL), QStringLiteral("16 GiB")); // 16.002 GiB, 3 digits
    QCOMPARE(attn::ui::shortCount(1e10), QStringLiteral("10B"));
    QCOMPARE(attn::ui::shortCount(1048576), QStringLiteral("1.05M"));
    QCOMPARE(attn::ui::shortCount(1e6), QStringLiteral("1M"));
    QCOMPARE(attn::ui::shortCount(1e12), QStringLiteral("1T"));
    QCOMPARE(attn::ui::shortCount(640), QStringLiteral("640"));
    QCOMPARE(attn::ui::costCurveSizes().size(), std::size_t(65));
    QCOMPARE(attn::ui::costCurveSizes().front(), std::int64_t(16));
    QCOMPARE(attn::ui::costCurveSizes()[24], std::int64_t(1024));
    QCOMPARE(attn::ui::costCurveSizes().back(), std::int64_t(1048576));
}

void TestCostView::defaults()
{
    CostView view(&m_document);
    const QMap<QString, double> v = view.taskValues();
    QCOMPARE(v.value("n"), 4096.0);
    QCOMPARE(v.value("head_dim"), 128.0);
    QCOMPARE(v.value("num_query_heads"), 32.0);
    QCOMPARE(v.value("num_kv_heads"), 32.0);
    QCOMPARE(v.value("bytes_per_element"), 2.0);
    QCOMPARE(v.value("layers"), 32.0);
    QCOMPARE(v.value("window"), 0.0);
    QCOMPARE(v.value("pairs"), 16777216.0);            // 4096²
    QCOMPARE(v.value("flops"), 274877906944.0);        // 4 · 4096² · 128 · 32 = 2^38
    QCOMPARE(v.value("score_bytes"), 1073741824.0);    // 4096² · 2 · 32 = 1 GiB
    QCOMPARE(v.value("kv_cache_bytes"), 2147483648.0); // 2 · 32 · 4096 · 32 · 128 · 2 = 2 GiB
    QCOMPARE(v.value("ratio_2n"), 4.0);
    QCOMPARE(v.value("score_ratio_2n"), 4.0);
    QCOMPARE(v.value("kv_ratio_2n"), 2.0);
    QVERIFY(view.note().isEmpty());
}

void TestCostView::quantities_data()
{
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("headDim");
    QTest::addColumn<int>("heads");
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<double>("pairs");
    QTest::addColumn<double>("flops");
    QTest::addColumn<double>("scoreBytes");
    QTest::addRow("1K, one f32 head of 64")
        << 1024 << 64 << 1 << "f32" << 1048576.0 << 268435456.0 << 4194304.0;
    QTest::addRow("100K pairs = 10^10") << 100000 << 1 << 1 << "int8" << 1e10 << 4e10 << 1e10;
    QTest::addRow("1M, 8 f64 heads") << 1000000 << 128 << 8 << "f64" << 1e12 << 4e12 * 128 * 8 << 64e12;
    QTest::addRow("16, bf16") << 16 << 2 << 3 << "bf16" << 256.0 << 6144.0 << 1536.0;
}

void TestCostView::quantities()
{
    QFETCH(int, n);
    QFETCH(int, headDim);
    QFETCH(int, heads);
    QFETCH(QString, dtype);
    QFETCH(double, pairs);
    QFETCH(double, flops);
    QFETCH(double, scoreBytes);
    CostView view(&m_document);
    spin(view, "costN")->setValue(n);
    spin(view, "costHeadDim")->setValue(headDim);
    spin(view, "costQueryHeads")->setValue(heads);
    setDtype(view, qPrintable(dtype));
    const QMap<QString, double> v = view.taskValues();
    QCOMPARE(v.value("n"), double(n));
    QCOMPARE(v.value("pairs"), pairs);
    QCOMPARE(v.value("flops"), flops);
    QCOMPARE(v.value("score_bytes"), scoreBytes);
    QCOMPARE(v.value("ratio_2n"), 4.0);
}

void TestCostView::scoreMatrixPassesSixteenGiB()
{
    // Lesson 12, step 2: 32 f32 heads exceed 2^34 bytes first at n = 11,586 (n² > 2^27).
    CostView view(&m_document);
    setDtype(view, "f32");
    QCOMPARE(view.taskValues().value("bytes_per_element"), 4.0);
    spin(view, "costN")->setValue(11585);
    QCOMPARE(view.taskValues().value("score_bytes"), 17179164800.0); // 11585² · 128
    QVERIFY(view.taskValues().value("score_bytes") <= 17179869184.0);
    spin(view, "costN")->setValue(11586);
    QCOMPARE(view.taskValues().value("score_bytes"), 17182130688.0); // 11586² · 128
}

void TestCostView::groupedQueryHeads()
{
    CostView view(&m_document);
    spin(view, "costKvHeads")->setValue(8);
    QCOMPARE(view.taskValues().value("kv_cache_bytes"), 536870912.0); // 2 GiB / 4
    QCOMPARE(view.taskValues().value("score_bytes"), 1073741824.0);   // unchanged by GQA
    QCOMPARE(view.atN().kv_mha_bytes, std::uint64_t(2147483648ULL));
    QCOMPARE(view.atN().kv_mqa_bytes, std::uint64_t(67108864ULL));
    QVERIFY(view.note().isEmpty());
    spin(view, "costKvHeads")->setValue(5);
    QVERIFY2(view.note().contains(QStringLiteral("multiple")), qPrintable(view.note()));
    QVERIFY(!view.findChild<QLabel *>(QStringLiteral("costNote"))->isHidden());
    // H_kv never exceeds H_q.
    spin(view, "costQueryHeads")->setValue(4);
    QCOMPARE(spin(view, "costKvHeads")->value(), 4);
    QVERIFY(view.note().isEmpty());
    spin(view, "costKvHeads")->setValue(40);
    QCOMPARE(spin(view, "costKvHeads")->value(), 4);
}

void TestCostView::windowMakesPairsLinear()
{
    CostView view(&m_document);
    spin(view, "costWindow")->setValue(512);
    // W(W + 1)/2 + (n − W)·W = 131,328 + 3,584 · 512 at n = 4,096; 131,328 + 7,680 · 512 at 8,192.
    const QMap<QString, double> v = view.taskValues();
    QCOMPARE(v.value("pairs"), 1966336.0);
    QCOMPARE(v.value("flops"), 4.0 * 1966336 * 128 * 32);
    QCOMPARE(v.value("ratio_2n"), 4063488.0 / 1966336.0);
    QVERIFY(v.value("ratio_2n") < 2.1);
    QCOMPARE(v.value("score_bytes"), 1073741824.0); // a naive kernel still writes n × n
    spin(view, "costWindow")->setValue(1024);
    QVERIFY(view.taskValues().value("ratio_2n") > 2.1);
    // A window wider than n is the causal triangle n(n + 1)/2.
    spin(view, "costWindow")->setValue(100000);
    QCOMPARE(view.taskValues().value("pairs"), 4096.0 * 4097 / 2);
}

void TestCostView::sliderMovesInQuarterOctaves()
{
    CostView view(&m_document);
    auto *slider = view.findChild<QSlider *>(QStringLiteral("costNSlider"));
    QVERIFY(slider);
    QCOMPARE(slider->value(), 48); // 4 · log2(4096)
    slider->setValue(40);
    QCOMPARE(view.taskValues().value("n"), 1024.0);
    slider->setValue(41);
    QCOMPARE(view.taskValues().value("n"), 1218.0); // 2^10.25 = 1217.7
    slider->setValue(80);
    QCOMPARE(view.taskValues().value("n"), 1048576.0);
    spin(view, "costN")->setValue(100000);
    QCOMPARE(slider->value(), 66); // 4 · log2(100,000) = 66.4
    QCOMPARE(view.taskValues().value("n"), 100000.0);
}

void TestCostView::readoutAndTooltips()
{
    CostView view(&m_document);
    QCOMPARE(view.readoutText(0, 0), QStringLiteral("16.8M"));
    QCOMPARE(view.readoutText(0, 1), QStringLiteral("67.1M"));
    QCOMPARE(view.readoutText(0, 2), QStringLiteral("×4.00"));
    QCOMPARE(view.readoutText(2, 0), QStringLiteral("1 GiB"));
    QCOMPARE(view.readoutText(2, 1), QStringLiteral("4 GiB"));
    QCOMPARE(view.readoutText(3, 2), QStringLiteral("×2.00"));
    QCOMPARE(view.readoutToolTip(0, 0), QStringLiteral("16,777,216"));
    QCOMPARE(view.readoutToolTip(2, 0), QStringLiteral("1,073,741,824 bytes (1 GiB)"));
    QCOMPARE(view.readoutToolTip(3, 2), QStringLiteral("4,294,967,296 / 2,147,483,648 = 2"));
    const QString tip = view.plot()->toolTipAt(1024);
    QVERIFY2(tip.contains(QStringLiteral("pairs = 1,048,576")), qPrintable(tip));
    QVERIFY(tip.contains(QStringLiteral("naive score bytes (one layer) = 67,108,864 (64 MiB)")));
}

void TestCostView::plotCurvesAndCaption()
{
    CostView view(&m_document);
    attn::ui::CostPlot *plot = view.plot();
    // Work: pairs, FLOP, marker dots; memory: scores, KV cache, the MQA reference, marker dots.
    QCOMPARE(plot->workRect()->graphs().size(), 3);
    QCOMPARE(plot->memoryRect()->graphs().size(), 4);
    QCPGraph *pairs = plot->workRect()->graphs().first();
    QCOMPARE(pairs->dataCount(), 65);
    QCOMPARE(pairs->data()->at(24)->key, 1024.0);
    QCOMPARE(pairs->data()->at(24)->value, 1048576.0);
    // The axes hold every curve: 16² = 256 pairs up to the FLOP at 1,048,576 (4 · 2^40 · 128 · 32 = 2^54).
    QVERIFY(plot->workRect()->axis(QCPAxis::atLeft)->range().contains(256.0));
    QVERIFY(plot->workRect()->axis(QCPAxis::atLeft)->range().contains(std::pow(2.0, 54)));
    QVERIFY(plot->memoryRect()->axis(QCPAxis::atLeft)->range().contains(view.atN().kv_mqa_bytes / 256.0));
    QVERIFY(plot->memoryRect()->axis(QCPAxis::atLeft)->range().contains(std::pow(2.0, 46))); // scores at 1M
    QVERIFY2(plot->caption().contains(QStringLiteral("pairs ×4.00")), qPrintable(plot->caption()));
    QVERIFY(plot->caption().contains(QStringLiteral("KV cache ×2.00")));
    QVERIFY(plot->caption().contains(QStringLiteral("n = 4,096")));
    // The marks are decimal thousands on one axis: 1K = 1,000 tokens is 10^6 pairs, 100K is 10^10.
    QVERIFY(plot->caption().contains(QStringLiteral("1K = 1,000 tokens → 1,000,000 pairs")));
    QVERIFY(plot->caption().contains(QStringLiteral("100K = 100,000 tokens → 10,000,000,000 pairs")));
    QCOMPARE(attn::ui::costMarkerSizes(), (std::vector<std::int64_t>{1000, 10000, 100000, 1000000}));
    QStringList marks;
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto *text = qobject_cast<QCPItemText *>(plot->item(i))) marks << text->text();
    QVERIFY2(marks.contains(QStringLiteral("1K: 1M")), qPrintable(marks.join(QStringLiteral(" | "))));
    QVERIFY(marks.contains(QStringLiteral("100K: 10B")));
    QVERIFY(!marks.contains(QStringLiteral("1K: 1.05M")));
    // GQA adds the MHA reference; a window adds the dashed pairs and FLOP curves.
    spin(view, "costKvHeads")->setValue(8);
    QCOMPARE(plot->memoryRect()->graphs().size(), 5);
    spin(view, "costWindow")->setValue(256);
    QCOMPARE(plot->workRect()->graphs().size(), 5);
    QVERIFY(plot->caption().contains(QStringLiteral("With the causal window of 256 keys: pairs ×2.03")));
    QVERIFY(
        plot->workRect()->graphs().at(1)->name().contains(QStringLiteral("last 256 keys, itself included")));
    QVERIFY(!plot->caption().contains(QStringLiteral("about half of n²")));
}

void TestCostView::windowCoveringNSaysItIsCausal()
{
    // A window of W ≥ n keys only hides the future: n(n + 1)/2 pairs, not n². The control, the
    // legend and the caption must say so, since "none" counts all n² pairs.
    CostView view(&m_document);
    spin(view, "costN")->setValue(1024);
    QCOMPARE(view.taskValues().value(QStringLiteral("pairs")), 1024.0 * 1024.0);
    QVERIFY(spin(view, "costWindow")->specialValueText().contains(QStringLiteral("all n² pairs, no mask")));
    spin(view, "costWindow")->setValue(1024);
    QCOMPARE(view.taskValues().value(QStringLiteral("pairs")), 1024.0 * 1025.0 / 2.0); // 524,800
    QVERIFY2(
        view.plot()->caption().contains(QStringLiteral("causal n(n + 1)/2 = 524,800 pairs, about half of "
                                                       "n² = 1,048,576")),
        qPrintable(view.plot()->caption()));
    QVERIFY(view.readoutText(0, 0) != QStringLiteral("1.05M"));
    QVERIFY(view.plot()->workRect()->graphs().first()->name().contains(QStringLiteral("no mask")));
}

void TestCostView::smallExportDropsSecondaryText()
{
    CostView view(&m_document);
    attn::ui::CostPlot *plot = view.plot();
    plot->fitTo(QSize(320, 240));
    QVERIFY(plot->isCompact());
    QVERIFY(!plot->workRect()->insetLayout()->elementAt(0)->visible()); // the legend
    plot->fitTo(QSize(1000, 700));
    QVERIFY(!plot->isCompact());
    QVERIFY(plot->workRect()->insetLayout()->elementAt(0)->visible());
    QTemporaryDir dir;
    QVERIFY(view.exportTo(dir.filePath(QStringLiteral("small.png")), QStringLiteral("png"), QSize(320, 240)));
    QCOMPARE(QImage(dir.filePath(QStringLiteral("small.png"))).size(), QSize(320, 240));
}

void TestCostView::resetRestoresDefaults()
{
    CostView view(&m_document);
    const QMap<QString, double> defaults = view.taskValues();
    QSignalSpy spy(&view, &attn::ui::FigureView::taskValuesChanged);
    spin(view, "costN")->setValue(777);
    spin(view, "costQueryHeads")->setValue(8);
    spin(view, "costKvHeads")->setValue(2);
    spin(view, "costLayers")->setValue(3);
    spin(view, "costWindow")->setValue(64);
    spin(view, "costHeadDim")->setValue(7);
    setDtype(view, "int8");
    QVERIFY(spy.count() >= 7);
    QVERIFY(view.taskValues() != defaults);
    view.resetViewState();
    QCOMPARE(view.taskValues(), defaults);
    QCOMPARE(view.findChild<QSlider *>(QStringLiteral("costNSlider"))->value(), 48);
    QCOMPARE(spin(view, "costKvHeads")->maximum(), 32);
}

void TestCostView::fitsTheWindow()
{
    CostView view(&m_document);
    QVERIFY2(view.minimumSizeHint().width() <= 760,
             qPrintable(QString::number(view.minimumSizeHint().width())));
}

void TestCostView::exportsPngSvgPdf_data()
{
    QTest::addColumn<QString>("format");
    QTest::addRow("png") << QStringLiteral("png");
    QTest::addRow("svg") << QStringLiteral("svg");
    QTest::addRow("pdf") << QStringLiteral("pdf");
}

void TestCostView::exportsPngSvgPdf()
{
    QFETCH(QString, format);
    CostView view(&m_document);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("cost.") + format);
    QString error;
    QVERIFY2(view.exportTo(path, format, QSize(1100, 640), &error), qPrintable(error));
    const QString problem = attn::test::checkFigureFile(path, format, QSize(1100, 640));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    if (format == QLatin1String("svg")) {
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray svg = file.readAll();
        QVERIFY(!svg.contains("<image"));
        QVERIFY(svg.contains("<path") || svg.contains("<polyline"));
    }
}

void TestCostView::exportRefusesBadInput()
{
    CostView view(&m_document);
    QTemporaryDir dir;
    QString error;
    QVERIFY(!view.exportTo(dir.filePath("a.gif"), QStringLiteral("gif"), QSize(100, 100), &error));
    QVERIFY(error.contains(QStringLiteral("gif")));
    QVERIFY(!view.exportTo(dir.filePath("a.png"), QStringLiteral("png"), QSize(100, 0), &error));
}

QTEST_MAIN(TestCostView)
#include "tst_costview.moc"
