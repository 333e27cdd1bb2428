// The √d_k saturation view (offscreen): curves from the seeded sweep, the live row of the
// worked example with and without scaling, the marker at the document's d_k, messages for
// scenarios without q·k, following the selected query, and PNG/SVG/PDF export.
#include "plotfiles.h"
#include "strictwarnings.h"
#include "ui/document/scenariodocument.h"
#include "ui/plots/scalingplot.h"
#include "ui/views/scaling/scalingview.h"
#include "workedexample.h"

#include <QComboBox>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using attn::doc::ScenarioDocument;
using attn::ui::ScalingView;

namespace {

/// softmax(a, b) of two logits: the first weight, 1 / (1 + e^(b − a)).
double firstOfTwo(double a, double b)
{
    return 1.0 / (1.0 + std::exp(b - a));
}

} // namespace

class TestScalingView : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void curvesFollowSqrtD();
    void liveRowOfTheWorkedExample();
    void plainDotScenario();
    void followsSelectedQuery();
    void noDotProductMessages();
    void tooltipsGiveExactValues();
    void exportsPngSvgPdf_data();
    void exportsPngSvgPdf();
    void exportRefusesBadFormat();
};

void TestScalingView::curvesFollowSqrtD()
{
    const std::vector<attn::ScalingPoint> &curves = ScalingView::curves();
    QCOMPARE(curves.size(), std::size_t(18));
    QCOMPARE(curves.back().d_k, attn::Index(512));
    // 400 draws of 16 keys at d_k = 512: the std's relative standard error is about 0.9 %
    // (see tests/core/tst_scaling.cpp); allow four of them.
    QVERIFY(std::abs(curves.back().std_plain / std::sqrt(512.0) - 1.0) < 0.036);
    QVERIFY(std::abs(curves.back().std_scaled - 1.0) < 0.036);
}

void TestScalingView::liveRowOfTheWorkedExample()
{
    // q = [1, 0], k1 = [1, 0], k2 = [0, 1]: plain scores (1, 0), scaled (1/√2, 0).
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    ScalingView view(&document);
    QCOMPARE(view.plainWeights().size(), attn::Index(2));
    QVERIFY(std::abs(view.plainWeights()(0) - firstOfTwo(1, 0)) < 1e-12);                   // 0.731
    QVERIFY(std::abs(view.scaledWeights()(0) - firstOfTwo(1 / std::sqrt(2.0), 0)) < 1e-12); // 0.670
    // The scaled row is the document's own trace.
    QCOMPARE(view.scaledWeights()(1), document.trace().heads[0].weights(0, 1));
    QVERIFY(view.rowMessage().isEmpty());
    QVERIFY2(view.rowTitle().contains(QStringLiteral("this scenario: scaled dot")),
             qPrintable(view.rowTitle()));
    QVERIFY(view.hasMarker());
    QCOMPARE(view.marker().d_k, attn::Index(2));
    QCOMPARE(view.marker().std_plain, ScalingView::curves()[1].std_plain); // d_k = 2 is on the curve
}

void TestScalingView::plainDotScenario()
{
    // d_k = 5 (not on the curves): the marker is computed for it; plain scores (3, −1).
    attn::Scenario s;
    s.score = attn::ScoreKind::Dot;
    s.query.resize(1, 5);
    s.query << 1, 1, 1, 0, 0;
    s.key.resize(2, 5);
    s.key << 1, 1, 1, 0, 0, -1, 0, 0, 0, 0;
    s.value = attn::Matrix::Identity(2, 2);
    ScenarioDocument document;
    QVERIFY(document.load(s));
    ScalingView view(&document);
    QVERIFY(std::abs(view.plainWeights()(0) - firstOfTwo(3, -1)) < 1e-12);
    QVERIFY(std::abs(view.scaledWeights()(0) - firstOfTwo(3 / std::sqrt(5.0), -1 / std::sqrt(5.0))) < 1e-12);
    QCOMPARE(view.plainWeights()(0), document.trace().heads[0].weights(0, 0));
    QVERIFY(view.rowTitle().contains(QStringLiteral("this scenario: plain dot")));
    QCOMPARE(view.marker().d_k, attn::Index(5));
    QVERIFY(std::abs(view.marker().std_plain / std::sqrt(5.0) - 1) < 0.15);
    // An explicit scale is named; the bars keep the default scales 1 and 1/√d_k.
    s.scale = 0.5;
    QVERIFY(document.load(s));
    QVERIFY2(view.rowMessage().contains(QStringLiteral("own scale 0.500")), qPrintable(view.rowMessage()));
    QVERIFY(std::abs(view.plainWeights()(0) - firstOfTwo(3, -1)) < 1e-12);
    QVERIFY(view.plot()->rowCaption().contains(QStringLiteral("own scale")));
}

void TestScalingView::followsSelectedQuery()
{
    attn::Scenario s = attn::test::workedExample();
    s.query_tokens = {"a", "b"};
    s.query.resize(2, 2);
    s.query << 1, 0, 0, 2;
    ScenarioDocument document;
    QVERIFY(document.load(s));
    ScalingView view(&document);
    auto *selector = view.findChild<QComboBox *>(QStringLiteral("querySelector"));
    QVERIFY(selector);
    QCOMPARE(selector->count(), 2);
    QVERIFY(view.plainWeights()(0) > 0.5);
    document.setSelectedQuery(1); // b = [0, 2]: plain scores (0, 2)
    QCOMPARE(selector->currentIndex(), 1);
    QVERIFY(std::abs(view.plainWeights()(0) - firstOfTwo(0, 2)) < 1e-12);
    QVERIFY(view.rowTitle().contains(QStringLiteral("“b”")));
    selector->setCurrentIndex(0); // the selector drives the document too
    QCOMPARE(document.selectedQuery(), 0);
    // An edit of the document reaches the row.
    QVERIFY(document.setCell(attn::doc::TensorRole::Query, 0, 0, 4.0));
    QVERIFY(std::abs(view.plainWeights()(0) - firstOfTwo(4, 0)) < 1e-12);
}

void TestScalingView::noDotProductMessages()
{
    attn::Scenario raw;
    raw.scores = {attn::Matrix::Constant(1, 2, 1.0)};
    raw.value = attn::Matrix::Identity(2, 2);
    ScenarioDocument document;
    QVERIFY(document.load(raw));
    ScalingView view(&document);
    QCOMPARE(view.plainWeights().size(), attn::Index(0));
    QVERIFY(view.rowMessage().contains(QStringLiteral("raw scores")));
    QVERIFY(!view.hasMarker());

    attn::Scenario additive = attn::test::workedExample();
    additive.score = attn::ScoreKind::Additive;
    additive.additive = attn::AdditiveParams{attn::Matrix::Identity(2, 2), attn::Matrix::Identity(2, 2),
                                             attn::Vector::Ones(2)};
    QVERIFY(document.load(additive));
    QCOMPARE(view.plainWeights().size(), attn::Index(0));
    QVERIFY(view.rowMessage().contains(QStringLiteral("additive")));
    QVERIFY(view.hasMarker()); // the curves still apply to its d_k
}

void TestScalingView::tooltipsGiveExactValues()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    ScalingView view(&document);
    const QString key = view.keyToolTip(0);
    QVERIFY2(key.contains(QStringLiteral("without scaling: weight 0.7310585786300049, logit 1")),
             qPrintable(key));
    QVERIFY(key.contains(QStringLiteral("logit 0.7071067811865475")));
    const QString curve = view.curveToolTip(7);
    QVERIFY2(curve.startsWith(QStringLiteral("d_k = 16\n")), qPrintable(curve));
    QVERIFY(curve.contains(QStringLiteral("(√d_k = 4)")));
    QVERIFY(view.keyToolTip(2).isEmpty());
}

void TestScalingView::exportsPngSvgPdf_data()
{
    QTest::addColumn<QString>("format");
    QTest::addRow("png") << QStringLiteral("png");
    QTest::addRow("svg") << QStringLiteral("svg");
    QTest::addRow("pdf") << QStringLiteral("pdf");
}

void TestScalingView::exportsPngSvgPdf()
{
    QFETCH(QString, format);
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    ScalingView view(&document);
    view.resize(900, 640);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("scaling.") + format);
    QString error;
    QVERIFY2(view.exportTo(path, format, QSize(900, 640), &error), qPrintable(error));
    const QString problem = attn::test::checkFigureFile(path, format, QSize(900, 640));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    if (format == QLatin1String("svg")) {
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray svg = file.readAll();
        QVERIFY(!svg.contains("<image")); // vector, not a picture of the plot
        QVERIFY(svg.contains("<path") || svg.contains("<polyline"));
    }
}

void TestScalingView::exportRefusesBadFormat()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    ScalingView view(&document);
    QTemporaryDir dir;
    QString error;
    QVERIFY(!view.exportTo(dir.filePath("a.gif"), QStringLiteral("gif"), QSize(100, 100), &error));
    QVERIFY(error.contains(QStringLiteral("gif")));
    QVERIFY(!view.exportTo(dir.filePath("a.png"), QStringLiteral("png"), QSize(0, 100), &error));
}

QTEST_MAIN(TestScalingView)
#include "tst_scalingview.moc"
