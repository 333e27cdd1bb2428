// The multi-head view (offscreen): the K/V regrouping rule (mean pooling down, copies up), the
// grouping combo box as one undoable edit, one map per head, the concatenation and W_o,
// selecting a head by clicking its map, task values, reset, tooltips and PNG/SVG/PDF export.
#include "core/multihead.h"
#include "plotfiles.h"
#include "strictwarnings.h"
#include "ui/base/appsettings.h"
#include "ui/base/numbertext.h"
#include "ui/document/scenariodocument.h"
#include "ui/plots/viridis.h"
#include "ui/views/common/weightgrid.h"
#include "ui/views/heads/headsfigure.h"
#include "ui/views/heads/headsview.h"

#include <QColor>
#include <QComboBox>
#include <QFontMetricsF>
#include <QImage>
#include <QPainter>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <cmath>

using attn::Matrix;
using attn::doc::ScenarioDocument;
using attn::ui::HeadsView;

namespace {

/// Two tokens, 4 query heads, 4 K/V heads, d_k = d_v = 1. Head h's key column is h + 1 for the
/// first key and 0 for the second; its value column is 10h + 1 and 10h + 2.
attn::Scenario fourHeads()
{
    attn::Scenario s;
    s.query_tokens = {"a", "b"};
    s.key_tokens = {"a", "b"};
    s.num_query_heads = 4;
    s.num_kv_heads = 4;
    s.query.resize(2, 4);
    s.query << 1, 1, 0, 2, //
        0, 0, 0, 0;
    s.key.resize(2, 4);
    s.key << 1, 2, 3, 4, //
        0, 0, 0, 0;
    s.value.resize(2, 4);
    s.value << 1, 11, 21, 31, //
        2, 12, 22, 32;
    return s;
}

double first(double a, double b) // softmax weight of the first of two logits
{
    return 1.0 / (1.0 + std::exp(b - a));
}

} // namespace

class TestHeadsView : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void weightGridPaintsEachCellInItsColour();
    void narrowCellsKeepEveryDigit();
    void sinkColumnBesideEveryHead();
    void meanPoolingDown();
    void copiesUpChangeNothing();
    void refusesBadCounts();
    void presentationModeEnlargesTheText();
    void groupingComboIsOneUndoableEdit();
    void concatenationAndProjection();
    void scenarioOutputProjectionIsUsed();
    void clickSelectsHeadAndQuery();
    void rowLabelsClearTheSelectedFrame();
    void headSelectorAndTaskValues();
    void resetSelectsHeadZero();
    void toolTipsAreExact();
    void exportsPngSvgPdf_data();
    void exportsPngSvgPdf();
};

void TestHeadsView::narrowCellsKeepEveryDigit()
{
    // A narrow cell once wrote 0.549 as "0.5": now the digits stay and the font shrinks, down to
    // 60 %; below that the cell stays empty (the tooltip has the number).
    QImage image(200, 40, QImage::Format_ARGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    QFont font;
    font.setPixelSize(20);
    const double full = QFontMetricsF(font).horizontalAdvance(QStringLiteral("0.549"));
    const auto inked = [&image](double width) {
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < int(width); ++x)
                if (image.pixel(x, y) != qRgb(255, 255, 255)) return true;
        return false;
    };
    QVERIFY(attn::ui::drawFittedText(painter, QRectF(0, 0, full + 6, 40), QStringLiteral("0.549"), font));
    image.fill(Qt::white);
    const double narrow = 0.8 * full + 4; // room for 80 % of the text
    QVERIFY(attn::ui::drawFittedText(painter, QRectF(0, 0, narrow, 40), QStringLiteral("0.549"), font));
    QVERIFY(inked(narrow));
    QCOMPARE(painter.font().pixelSize(), 20); // the painter's font is given back
    image.fill(Qt::white);
    QVERIFY(
        !attn::ui::drawFittedText(painter, QRectF(0, 0, 0.5 * full + 4, 40), QStringLiteral("0.549"), font));
    QVERIFY(!inked(200));
    painter.end();
    // The grid writes weights as every view does: weightNumber, 0.549 with its three decimals.
    QCOMPARE(attn::ui::weightNumber(0.549), QStringLiteral("0.549"));
}

void TestHeadsView::meanPoolingDown()
{
    const attn::Scenario two = attn::ui::withKvHeads(fourHeads(), 2);
    QCOMPARE(two.num_kv_heads, 2);
    QCOMPARE(two.key.cols(), attn::Index(2));
    QCOMPARE(two.key(0, 0), 1.5);           // mean of heads 0, 1: (1 + 2) / 2
    QCOMPARE(two.key(0, 1), 3.5);           // (3 + 4) / 2
    QCOMPARE(two.value(1, 1), 27.0);        // (22 + 32) / 2
    QCOMPARE(two.query, fourHeads().query); // queries stay per head
    const attn::Scenario one = attn::ui::withKvHeads(fourHeads(), 1);
    QCOMPARE(one.key(0, 0), 2.5);    // (1 + 2 + 3 + 4) / 4
    QCOMPARE(one.value(0, 0), 16.0); // (1 + 11 + 21 + 31) / 4
    // GQA 2 → MQA 1 gives the same as MHA → MQA (equal groups).
    QCOMPARE(attn::ui::withKvHeads(two, 1).key, one.key);
}

void TestHeadsView::copiesUpChangeNothing()
{
    const attn::Scenario one = attn::ui::withKvHeads(fourHeads(), 1);
    const attn::Scenario four = attn::ui::withKvHeads(one, 4);
    QCOMPARE(four.key.cols(), attn::Index(4));
    for (int h = 0; h < 4; ++h) QCOMPARE(four.key(0, h), 2.5);
    // Every query head reads the same numbers as before: weights and outputs are identical.
    const attn::AttentionTrace a = attn::attend(one);
    const attn::AttentionTrace b = attn::attend(four);
    QCOMPARE(a.output, b.output);
    for (int h = 0; h < 4; ++h) QCOMPARE(a.heads[h].weights, b.heads[h].weights);
}

void TestHeadsView::refusesBadCounts()
{
    QVERIFY_THROWS_EXCEPTION(attn::ScenarioError, attn::ui::withKvHeads(fourHeads(), 3));
    QVERIFY_THROWS_EXCEPTION(attn::ScenarioError, attn::ui::withKvHeads(fourHeads(), 0));
    ScenarioDocument document;
    QVERIFY(document.load(fourHeads()));
    HeadsView view(&document);
    QVERIFY(!view.setNumKvHeads(3));
    QCOMPARE(document.scenario().num_kv_heads, 4);
    QCOMPARE(document.undoStack()->count(), 0);
}

void TestHeadsView::groupingComboIsOneUndoableEdit()
{
    ScenarioDocument document;
    QVERIFY(document.load(fourHeads()));
    HeadsView view(&document);
    auto *combo = view.findChild<QComboBox *>(QStringLiteral("kvGrouping"));
    QVERIFY(combo);
    QCOMPARE(combo->count(), 3); // 4 (MHA), 2 (GQA), 1 (MQA)
    QCOMPARE(combo->itemText(0), QStringLiteral("MHA (H_kv = 4)"));
    QCOMPARE(combo->itemText(2), QStringLiteral("MQA (H_kv = 1)"));
    QCOMPARE(view.taskValues().value("num_kv_heads"), 4.0);
    combo->setCurrentIndex(combo->findData(QStringLiteral("2")));
    QCOMPARE(document.scenario().num_kv_heads, 2);
    QCOMPARE(document.undoStack()->count(), 1);
    QCOMPARE(view.taskValues().value("num_kv_heads"), 2.0);
    // Head 1 now reads K/V head 0 = mean of keys 1 and 2: logit of key a = 1 · 1.5 (scale 1/√1).
    QCOMPARE(document.trace().heads[1].kv_head, 0);
    QVERIFY(std::abs(document.trace().heads[1].weights(0, 0) - first(1.5, 0)) < 1e-12);
    QVERIFY(view.title().contains(QStringLiteral("GQA")));
    document.undoStack()->undo();
    QCOMPARE(document.scenario().num_kv_heads, 4);
    QCOMPARE(combo->currentText(), QStringLiteral("MHA (H_kv = 4)"));
    QVERIFY(std::abs(document.trace().heads[1].weights(0, 0) - first(2, 0)) < 1e-12);
}

void TestHeadsView::concatenationAndProjection()
{
    ScenarioDocument document;
    QVERIFY(document.load(fourHeads()));
    HeadsView view(&document);
    // W_o: initMultiHead's W_o for d_model = H_q·d_v = 4, the same whatever the grouping.
    const Matrix expected = attn::initMultiHead({4, 4, 4, 1, 1}, HeadsView::kOutputSeed).W_o;
    QCOMPARE(view.outputProjection(), expected);
    // Query a: head 0 weights (σ(1), 1 − σ(1)) over values (1, 2); head 2 has q = 0: (1/2, 1/2).
    const double w0 = first(1, 0);
    const double head0 = w0 * 1 + (1 - w0) * 2;
    const double head2 = 0.5 * 21 + 0.5 * 22;
    QVERIFY(std::abs(document.trace().output(0, 0) - head0) < 1e-12);
    QVERIFY(std::abs(document.trace().output(0, 2) - head2) < 1e-12);
    // output_j = Σ_r concat_r · W_o[r][j], written out for j = 1.
    const attn::Vector c = document.trace().output.row(0).transpose();
    const double out1 =
        c(0) * expected(0, 1) + c(1) * expected(1, 1) + c(2) * expected(2, 1) + c(3) * expected(3, 1);
    QCOMPARE(view.projectedOutput().size(), attn::Index(4));
    QVERIFY(std::abs(view.projectedOutput()(1) - out1) < 1e-12);
    QVERIFY(view.setNumKvHeads(1));
    QCOMPARE(view.outputProjection(), expected);
    // Query b has zero queries in every head: uniform weights, output = mean of the pooled values.
    document.setSelectedQuery(1);
    const attn::Vector cb = document.trace().output.row(1).transpose();
    QCOMPARE(cb(0), 0.5 * 16 + 0.5 * 17); // pooled values 16 and 17
    QVERIFY(std::abs(view.projectedOutput()(0) - (cb.transpose() * expected.col(0))(0)) < 1e-12);
}

void TestHeadsView::scenarioOutputProjectionIsUsed()
{
    // A scenario with its own W_o (4 × 2) and b_o: the view draws that one, output = concat · W_o + b_o,
    // and an edit of W_o (as the Q/K/V editor's table makes it) moves the projected output.
    attn::Scenario s = fourHeads();
    s.W_o = Matrix::Zero(4, 2);
    s.W_o(0, 0) = 1;   // output 0 = head 0's entry
    s.W_o(3, 1) = 0.5; // output 1 = half of head 3's entry + b_o
    s.b_o = Matrix::Constant(1, 2, 10);
    ScenarioDocument document;
    QVERIFY(document.load(s));
    HeadsView view(&document);
    QCOMPARE(view.outputProjection(), s.W_o);
    const attn::Vector c = document.trace().output.row(0).transpose();
    QCOMPARE(view.projectedOutput().size(), attn::Index(2));
    QCOMPARE(view.projectedOutput()(0), c(0) + 10);
    QCOMPARE(view.projectedOutput()(1), 0.5 * c(3) + 10);
    attn::Scenario edited = document.scenario();
    edited.W_o(0, 0) = 2;
    QVERIFY(document.replaceScenario(edited, QStringLiteral("W_o[0, 0] = 2")));
    QCOMPARE(view.projectedOutput()(0), 2 * c(0) + 10);
    document.undoStack()->undo();
    QCOMPARE(view.projectedOutput()(0), c(0) + 10);
}

void TestHeadsView::clickSelectsHeadAndQuery()
{
    ScenarioDocument document;
    QVERIFY(document.load(fourHeads()));
    HeadsView view(&document);
    view.resize(960, 680);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QRectF cell = view.cellRect(3, 1, 0);
    QVERIFY(!cell.isEmpty());
    QTest::mouseClick(view.canvas(), Qt::LeftButton, {}, cell.center().toPoint());
    QCOMPARE(document.selectedHead(), 3);
    QCOMPARE(document.selectedQuery(), 1);
    QCOMPARE(view.findChild<QComboBox *>(QStringLiteral("headSelector"))->currentText(), QStringLiteral("3"));
    QCOMPARE(view.findChild<QComboBox *>(QStringLiteral("queryChooser"))->currentText(), QStringLiteral("b"));
    // The maps of a row do not overlap, and head 3's map is right of head 2's.
    QVERIFY(view.cellRect(2, 0, 1).right() < view.cellRect(3, 0, 0).left());
    QVERIFY(view.cellRect(4, 0, 0).isEmpty());
}

void TestHeadsView::rowLabelsClearTheSelectedFrame()
{
    // The selected map's frame reaches 4.5 px out of the cells; the row labels end 9 px out. So a
    // strip 5–8 px left of the cells holds neither text nor frame (dark): only the background and
    // the grey K/V box's edge (lightness about 165).
    attn::Scenario s = fourHeads();
    s.query_tokens = {"Wb", "dm"}; // wide glyphs on the right of each label
    ScenarioDocument document;
    QVERIFY(document.load(s));
    HeadsView view(&document);
    view.resize(960, 680);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCOMPARE(document.selectedHead(), 0);
    const QImage image = view.canvas()->grab().toImage();
    const QRectF first = view.cellRect(0, 0, 0), last = view.cellRect(0, 1, 0);
    QVERIFY(!first.isEmpty());
    int darkInFrame = 0;
    for (int y = int(first.top()) + 1; y < int(last.bottom()); ++y) {
        for (int x = int(std::ceil(first.left())) - 8; x <= int(first.left()) - 5; ++x)
            QVERIFY2(QColor(image.pixel(x, y)).lightness() > 140,
                     qPrintable(QStringLiteral("dark pixel at %1, %2").arg(x).arg(y)));
        if (QColor(image.pixel(int(first.left()) - 3, y)).lightness() < 150) ++darkInFrame;
    }
    QVERIFY(darkInFrame > 0); // the frame is there
}

void TestHeadsView::headSelectorAndTaskValues()
{
    ScenarioDocument document;
    QVERIFY(document.load(fourHeads()));
    HeadsView view(&document);
    QSignalSpy spy(&view, &attn::ui::FigureView::taskValuesChanged);
    auto *head = view.findChild<QComboBox *>(QStringLiteral("headSelector"));
    QVERIFY(head);
    QCOMPARE(head->count(), 4);
    head->setCurrentIndex(2);
    QCOMPARE(document.selectedHead(), 2);
    QCOMPARE(view.taskValues().value("selected_head"), 2.0);
    QVERIFY(spy.count() >= 1);
    auto *query = view.findChild<QComboBox *>(QStringLiteral("queryChooser"));
    query->setCurrentIndex(1);
    QCOMPARE(document.selectedQuery(), 1);
}

void TestHeadsView::resetSelectsHeadZero()
{
    ScenarioDocument document;
    QVERIFY(document.load(fourHeads()));
    HeadsView view(&document);
    document.setSelectedHead(3);
    view.resetViewState();
    QCOMPARE(document.selectedHead(), 0);
    QCOMPARE(view.taskValues().value("selected_head"), 0.0);
}

void TestHeadsView::toolTipsAreExact()
{
    ScenarioDocument document;
    QVERIFY(document.load(fourHeads()));
    HeadsView view(&document);
    view.resize(960, 680);
    const QSizeF size = view.canvas()->size();
    const QString tip = view.toolTipAt(view.cellRect(0, 0, 0).center(), size);
    QVERIFY2(tip.contains(QStringLiteral("weight = 0.7310585786300049")), qPrintable(tip)); // σ(1)
    QVERIFY(tip.contains(QStringLiteral("K/V head 0")));
    QVERIFY(view.toolTipAt(QPointF(1, 1), size).isEmpty());
}

void TestHeadsView::exportsPngSvgPdf_data()
{
    QTest::addColumn<QString>("format");
    QTest::newRow("png") << "png";
    QTest::newRow("svg") << "svg";
    QTest::newRow("pdf") << "pdf";
}

void TestHeadsView::exportsPngSvgPdf()
{
    QFETCH(QString, format);
    ScenarioDocument document;
    QVERIFY(document.load(fourHeads()));
    HeadsView view(&document);
    QTemporaryDir dir;
    const QString path = dir.filePath("heads." + format);
    QString error;
    QVERIFY2(view.exportTo(path, format, QSize(900, 600), &error), qPrintable(error));
    QCOMPARE(attn::test::checkFigureFile(path, format, QSize(900, 600)), QString());
    QVERIFY(!view.exportTo(dir.filePath("x.bmp"), "bmp", QSize(900, 600), &error));
    QVERIFY(!error.isEmpty());
}

void TestHeadsView::weightGridPaintsEachCellInItsColour()
{
    // On a raster device the cells are one scaled image: every cell keeps its own colour (the
    // colour map at its weight, grey when masked, pink for NaN) over its whole area but the edges.
    attn::HeadTrace head;
    head.weights.resize(3, 4);
    head.weights << 0.0, 0.25, 0.5, 0.25, //
        1.0, 0.0, 0.0, 0.0,               //
        0.1, 0.2, 0.3, std::nan("");
    head.visible = attn::BoolMatrix::Constant(3, 4, true);
    head.visible(1, 1) = false;
    QImage image(410, 310, QImage::Format_RGB32);
    image.fill(Qt::white);
    const QRectF cells(5, 5, 400, 300); // cells of 100 × 100 px
    {
        QPainter painter(&image);
        attn::ui::paintWeightGrid(painter, cells, head, -1, QFont());
    }
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 4; ++j) {
            const double w = head.weights(i, j);
            const QColor expected = std::isnan(w)         ? QColor(0xd9, 0x44, 0x8a)
                                    : !head.visible(i, j) ? attn::ui::maskedColor()
                                                          : attn::ui::currentMapColor(w);
            // Corners 10 px inside the cell (the numbers are in the middle).
            for (const QPoint corner : {QPoint(15, 15), QPoint(94, 15), QPoint(15, 94), QPoint(94, 94)}) {
                const QPoint at = QPoint(5 + 100 * j, 5 + 100 * i) + corner;
                QVERIFY2(image.pixel(at) == expected.rgb(),
                         qPrintable(QStringLiteral("cell %1,%2 at %3,%4: %5 instead of %6")
                                        .arg(i)
                                        .arg(j)
                                        .arg(at.x())
                                        .arg(at.y())
                                        .arg(QColor(image.pixel(at)).name(), expected.name())));
            }
        }
}

void TestHeadsView::sinkColumnBesideEveryHead()
{
    // Two query heads with sinks 0 and 1 over one K/V head; each map gets a column of its sink
    // weights, apart from the keys, that is painted, hit and named like a cell.
    attn::Scenario s;
    s.num_query_heads = 2;
    s.num_kv_heads = 1;
    s.query = Matrix(3, 2);
    s.query << 1, 2, 0, 0, 1, 1;
    s.key = Matrix(3, 1);
    s.key << 1, 0, -1;
    s.value = Matrix(3, 1);
    s.value << 1, 2, 3;
    s.score = attn::ScoreKind::Dot;
    s.sinks = {0.0, 1.0};
    const attn::AttentionTrace trace = attn::attend(s);
    // Row 0 of head 0: logits [1, 0, -1] and sink 0: the sink's share is 1 / (e + 1 + 1/e + 1).
    QVERIFY(std::abs(trace.heads[0].sink_weights(0) - 1.0 / (std::exp(1.0) + 2.0 + std::exp(-1.0))) < 1e-12);
    attn::ui::HeadsFigureData data;
    data.trace = &trace;
    data.queryLabels = {"a", "b", "c"};
    data.keyLabels = {"a", "b", "c"};
    data.title = QStringLiteral("heads");
    const QSizeF size(900, 600);
    const attn::ui::HeadsLayout l = attn::ui::layoutHeadsFigure(data, size);
    QCOMPARE(l.sinkCells.size(), std::size_t(2));
    for (std::size_t h = 0; h < 2; ++h) {
        const QRectF &keys = l.cells[h];
        const QRectF &sink = l.sinkCells[h];
        QVERIFY(sink.left() > keys.right());                       // apart from the real keys
        QCOMPARE(sink.height(), keys.height());                    // one cell a query
        QVERIFY(std::abs(sink.width() - keys.width() / 3) < 1e-9); // as wide as a key's column
        if (h == 0) QVERIFY(sink.right() < l.cells[1].left());     // clear of the next head's map
        const attn::ui::HeadsHit hit =
            attn::ui::headsHitAt(data, size, sink.center() + QPointF(0, sink.height() / 3));
        QCOMPARE(hit.kind, attn::ui::HeadsHit::Kind::Sink);
        QCOMPARE(hit.head, int(h));
        QCOMPARE(hit.row, 2);
    }
    QImage image(size.toSize(), QImage::Format_RGB32);
    {
        QPainter painter(&image);
        attn::ui::paintHeadsFigure(painter, size, data, false);
    }
    for (int h = 0; h < 2; ++h)
        for (int i = 0; i < 3; ++i) {
            const QRectF &sink = l.sinkCells[std::size_t(h)];
            const double ch = sink.height() / 3;
            const QPoint at(int(sink.left() + 3), int(sink.top() + ch * i + 3)); // inside, off the number
            const QColor expected = attn::ui::currentMapColor(trace.heads[std::size_t(h)].sink_weights(i));
            QVERIFY2(image.pixel(at) == expected.rgb(),
                     qPrintable(QStringLiteral("head %1 row %2: %3, not %4")
                                    .arg(h)
                                    .arg(i)
                                    .arg(QColor(image.pixel(at)).name(), expected.name())));
        }
    // Without sinks there is no such column.
    s.sinks.clear();
    const attn::AttentionTrace plain = attn::attend(s);
    data.trace = &plain;
    QVERIFY(attn::ui::layoutHeadsFigure(data, size).sinkCells.empty());
}

void TestHeadsView::presentationModeEnlargesTheText()
{
    // 960 × 720: the text is min(720 / 48, 960 / 68) = 14.12 px, 21.18 px in presentation mode;
    // the title's and the caption's rectangles grow with it.
    QTemporaryDir dir;
    attn::ui::AppSettings &settings = attn::ui::AppSettings::instance();
    settings.useFile(dir.filePath(QStringLiteral("settings.ini")));
    const attn::ui::HeadsLayout normal = attn::ui::layoutHeadsFigure({}, QSizeF(960, 720));
    settings.setPresentationMode(true);
    const attn::ui::HeadsLayout large = attn::ui::layoutHeadsFigure({}, QSizeF(960, 720));
    settings.setPresentationMode(false);
    QVERIFY(std::abs(normal.fontPx - 960.0 / 68) < 1e-9);
    QVERIFY(std::abs(large.fontPx - 1.5 * 960.0 / 68) < 1e-9);
    QVERIFY(std::abs(large.titleRect.height() - 1.5 * normal.titleRect.height()) < 1e-9);
    QVERIFY(std::abs(large.captionRect.height() - 1.5 * normal.captionRect.height()) < 1e-9);
}

QTEST_MAIN(TestHeadsView)
#include "tst_headsview.moc"
