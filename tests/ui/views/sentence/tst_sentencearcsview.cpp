// The sentence arcs view (offscreen): arcs follow the weights, clicks choose the query, masked
// keys get no arc, two rows for cross-attention, and the figure exports as PNG, SVG and PDF.
#include "strictwarnings.h"
#include "ui/base/gridaccessible.h"
#include "ui/base/numbertext.h"
#include "ui/base/resources.h"
#include "ui/document/scenariodocument.h"
#include "ui/plots/figureexport.h"
#include "ui/plots/plottables.h"
#include "ui/views/sentence/sentencearcsview.h"
#include "workedexample.h"

#include <QAccessible>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <vector>

using attn::doc::ScenarioDocument;
using attn::ui::SentenceArcsView;

namespace {

/// True when `image` holds more than one colour (something was drawn).
bool hasDrawing(const QImage &image)
{
    const QRgb first = image.pixel(0, 0);
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            if (image.pixel(x, y) != first) return true;
    return false;
}

} // namespace

class TestSentenceArcsView : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void initTestCase() { attn::ui::initResources(); }
    void xiaohongShe();
    void clickingAWordMakesItTheQuery();
    void arrowKeysMoveTheQuery();
    void screenReaderAndTableReadTheWeights();
    void followsEdits();
    void maskedKeyHasNoArc();
    void crossAttentionHasTwoRows();
    void rendersOffscreen();
    void exportsPngSvgPdf();
    void exportRefusesBadInput();
    void onlyTheStrongestArcsAreDrawn();
};

void TestSentenceArcsView::xiaohongShe()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::ui::loadPresetScenario(QStringLiteral("xiaohong"))));
    document.setSelectedQuery(4); // "she"
    SentenceArcsView view(&document);
    QVERIFY(!view.isCrossAttention());
    QCOMPARE(view.title(), QStringLiteral("Weights of the query “she” over every word"));
    QCOMPARE(view.weightText(0), QStringLiteral("0.549"));
    QCOMPARE(view.weightText(2), QStringLiteral("0.122"));
    const double w = document.trace().heads[0].weights(4, 0);
    QCOMPARE(view.arcWidth(0), 0.6 + 12.0 * w);
    QCOMPARE(view.arcOpacity(0), 0.12 + 0.88 * w);
    for (int key = 1; key < 8; ++key) QVERIFY(view.arcWidth(key) < view.arcWidth(0));
    const QString tip = view.keyToolTip(0);
    QVERIFY2(tip.contains(QStringLiteral("query “she” → key “Xiaohong”")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("weight = 0.5488")), qPrintable(tip)); // exact: 0.5488464…
    QVERIFY2(tip.contains(QStringLiteral("score (logit) = 3")), qPrintable(tip));
}

void TestSentenceArcsView::clickingAWordMakesItTheQuery()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::ui::loadPresetScenario(QStringLiteral("xiaohong"))));
    SentenceArcsView view(&document);
    view.resize(900, 420);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QRectF she = view.tokenRect(4);
    QVERIFY(!she.isEmpty());
    QTest::mouseClick(&view, Qt::LeftButton, {}, she.center().toPoint());
    QCOMPARE(document.selectedQuery(), 4);
    QTest::mouseClick(&view, Qt::LeftButton, {}, view.tokenRect(2).center().toPoint());
    QCOMPARE(document.selectedQuery(), 2);
    // A click between words changes nothing.
    QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(5, 5));
    QCOMPARE(document.selectedQuery(), 2);
}

void TestSentenceArcsView::arrowKeysMoveTheQuery()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::ui::loadPresetScenario(QStringLiteral("xiaohong"))));
    SentenceArcsView view(&document);
    // ↑/↓ step through the queries, as in every grid of the app.
    QTest::keyClick(&view, Qt::Key_Down);
    QTest::keyClick(&view, Qt::Key_Down);
    QCOMPARE(document.selectedQuery(), 2);
    QTest::keyClick(&view, Qt::Key_Up);
    QTest::keyClick(&view, Qt::Key_Up);
    QTest::keyClick(&view, Qt::Key_Up);
    QCOMPARE(document.selectedQuery(), 0);
    // ←/→ walk the keys of the query shown; Enter makes the key the query, as a click does.
    QTest::keyClick(&view, Qt::Key_Right);
    QTest::keyClick(&view, Qt::Key_Right);
    QTest::keyClick(&view, Qt::Key_Right);
    QCOMPARE(view.gridCurrentColumn(), 3);
    QCOMPARE(document.selectedQuery(), 0);
    QTest::keyClick(&view, Qt::Key_Return);
    QCOMPARE(document.selectedQuery(), 3);
    QTest::keyClick(&view, Qt::Key_End);
    QCOMPARE(view.gridCurrentColumn(), document.keyCount() - 1);
}

void TestSentenceArcsView::screenReaderAndTableReadTheWeights()
{
    attn::ui::installGridAccessibility();
    ScenarioDocument document;
    QVERIFY(document.load(attn::ui::loadPresetScenario(QStringLiteral("xiaohong"))));
    const QStringList keys = document.traceKeyLabels();
    const int she = int(keys.indexOf(QStringLiteral("she")));
    const int xiaohong = int(keys.indexOf(QStringLiteral("Xiaohong")));
    QVERIFY(she > 0 && xiaohong >= 0);
    document.setSelectedQuery(she);
    SentenceArcsView view(&document);
    view.resize(900, 420);
    const double w = document.trace().heads[0].weights(she, xiaohong);
    const QString weight = attn::ui::compactNumber(w);
    QVERIFY2(w > 0.5, qPrintable(weight)); // the preset's point: she looks at Xiaohong
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(&view);
    QVERIFY(iface);
    QCOMPARE(iface->role(), QAccessible::Table);
    QAccessibleTableInterface *table = iface->tableInterface();
    QVERIFY(table);
    QCOMPARE(table->rowCount(), int(document.trace().shapes.n_q));
    QCOMPARE(table->columnCount(), int(document.trace().shapes.n_k));
    QCOMPARE(table->cellAt(she, xiaohong)->text(QAccessible::Name),
             QStringLiteral("query she, key Xiaohong, weight %1").arg(weight));
    QCOMPARE(view.gridCellRect(she, xiaohong), view.tokenRect(xiaohong).toAlignedRect());
    // View → Show as table: the same numbers, one row a query.
    const QList<attn::ui::FigureTable> tables = attn::ui::figureTablesIn(&view);
    QCOMPARE(tables.size(), 1);
    QCOMPARE(tables[0].rowHeaders, document.traceQueryLabels());
    QCOMPARE(tables[0].columnHeaders, keys);
    QCOMPARE(tables[0].cells[she][xiaohong], weight);
}

void TestSentenceArcsView::followsEdits()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    SentenceArcsView view(&document);
    QCOMPARE(view.weightText(0), QStringLiteral("0.670"));
    QVERIFY(document.setCell(attn::doc::TensorRole::Query, 0, 0, 4.0));
    QCOMPARE(view.weightText(0), QStringLiteral("0.944"));
    QVERIFY(view.arcWidth(1) < 1.5);
}

void TestSentenceArcsView::maskedKeyHasNoArc()
{
    attn::Scenario s = attn::test::workedExample();
    s.mask.key_padding = {true, false};
    ScenarioDocument document;
    QVERIFY(document.load(s));
    SentenceArcsView view(&document);
    QCOMPARE(view.weightText(0), QStringLiteral("1.000"));
    QCOMPARE(view.weightText(1), QStringLiteral("—"));
    QCOMPARE(view.arcWidth(1), 0.0);
    QCOMPARE(view.arcOpacity(1), 0.0);
    QVERIFY(view.keyToolTip(1).contains(QStringLiteral("masked")));
}

void TestSentenceArcsView::crossAttentionHasTwoRows()
{
    attn::Scenario s;
    s.query_tokens = {"le", "chat"};
    s.key_tokens = {"the", "black", "cat"};
    s.query.resize(2, 2);
    s.query << 1, 0, 0, 1;
    s.key.resize(3, 2);
    s.key << 1, 0, 0, 0.2, 0, 1;
    s.value = s.key;
    ScenarioDocument document;
    QVERIFY(document.load(s));
    SentenceArcsView view(&document);
    view.resize(800, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(view.isCrossAttention());
    QVERIFY(view.title().contains(QStringLiteral("lower row")));
    const QRectF key = view.tokenRect(0);
    const QRectF query = view.tokenRect(1, true);
    QVERIFY(!key.isEmpty() && !query.isEmpty());
    QVERIFY(query.top() > key.bottom()); // queries below the keys
    QVERIFY(view.tokenRect(2, true).isEmpty());
    QTest::mouseClick(&view, Qt::LeftButton, {}, query.center().toPoint());
    QCOMPARE(document.selectedQuery(), 1);
    // Clicking a key does not change the query.
    QTest::mouseClick(&view, Qt::LeftButton, {}, key.center().toPoint());
    QCOMPARE(document.selectedQuery(), 1);
    QVERIFY(view.arcWidth(2) > view.arcWidth(0)); // "chat" looks for "cat"
}

void TestSentenceArcsView::rendersOffscreen()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::ui::loadPresetScenario(QStringLiteral("xiaohong"))));
    SentenceArcsView view(&document);
    view.resize(800, 400);
    const QImage image = view.grab().toImage();
    QCOMPARE(image.size(), QSize(800, 400));
    QVERIFY(hasDrawing(image));
}

void TestSentenceArcsView::exportsPngSvgPdf()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::ui::loadPresetScenario(QStringLiteral("xiaohong"))));
    document.setSelectedQuery(4);
    SentenceArcsView view(&document);
    QTemporaryDir dir;
    QString error;
    const QString png = dir.filePath(QStringLiteral("arcs.png"));
    QVERIFY2(view.exportTo(png, QStringLiteral("png"), QSize(640, 360), &error), qPrintable(error));
    const QImage image(png);
    QCOMPARE(image.size(), QSize(640, 360));
    QVERIFY(hasDrawing(image));

    const QString svg = dir.filePath(QStringLiteral("arcs.svg"));
    QVERIFY2(view.exportTo(svg, QStringLiteral("svg"), QSize(640, 360), &error), qPrintable(error));
    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    const QByteArray svgText = svgFile.readAll();
    QVERIFY(svgText.contains("<svg"));
    QVERIFY(svgText.contains("Xiaohong"));
    QVERIFY(svgText.contains("follow the weight"));
    QVERIFY(!svgText.contains("hover")); // a file cannot be hovered

    const QString pdf = dir.filePath(QStringLiteral("arcs.pdf"));
    QVERIFY2(view.exportTo(pdf, QStringLiteral("PDF"), QSize(640, 360), &error), qPrintable(error));
    QFile pdfFile(pdf);
    QVERIFY(pdfFile.open(QIODevice::ReadOnly));
    QVERIFY(pdfFile.read(5) == "%PDF-");
}

void TestSentenceArcsView::exportRefusesBadInput()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    SentenceArcsView view(&document);
    QTemporaryDir dir;
    QString error;
    QVERIFY(!view.exportTo(dir.filePath("a.gif"), QStringLiteral("gif"), QSize(100, 100), &error));
    QCOMPARE(error, QStringLiteral("Unknown figure format “gif”: use png, svg or pdf."));
    QVERIFY(!view.exportTo(dir.filePath("a.png"), QStringLiteral("png"), QSize(0, 100), &error));
    QVERIFY(!view.exportTo(dir.filePath("missing/a.png"), QStringLiteral("png"), QSize(100, 100), &error));
    QVERIFY2(error.startsWith(QStringLiteral("Cannot write")), qPrintable(error));
    QVERIFY(!QFile::exists(dir.filePath("missing/a.png")));
}

void TestSentenceArcsView::onlyTheStrongestArcsAreDrawn()
{
    // One query, 40 keys with scores 0, 1, …, 39 (key 7 masked): weights grow with the key.
    attn::Scenario s;
    s.scores = {attn::Matrix(1, 40)};
    for (int j = 0; j < 40; ++j) s.scores[0](0, j) = 0.1 * j;
    s.value = attn::Matrix::Ones(40, 1);
    s.mask.key_padding.assign(40, true);
    s.mask.key_padding[7] = false;
    ScenarioDocument document;
    QVERIFY(document.load(s));
    SentenceArcsView view(&document);
    QCOMPARE(view.maxArcs(), 32);
    std::vector<int> drawn = view.drawnArcs();
    QCOMPARE(drawn.size(), std::size_t(32));
    // Keys 8 … 39, faintest first: the 32 largest weights of the 39 visible keys.
    for (int i = 0; i < 32; ++i) QCOMPARE(drawn[std::size_t(i)], 8 + i);
    view.setMaxArcs(64); // more than there are: every visible key, the masked one still without
    drawn = view.drawnArcs();
    QCOMPARE(drawn.size(), std::size_t(39));
    QVERIFY(std::find(drawn.begin(), drawn.end(), 7) == drawn.end());
    view.setMaxArcs(0); // clamped to one: the strongest
    QCOMPARE(view.drawnArcs(), std::vector<int>{39});
}

QTEST_MAIN(TestSentenceArcsView)
#include "tst_sentencearcsview.moc"
