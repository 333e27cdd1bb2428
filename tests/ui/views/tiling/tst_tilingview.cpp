// The tiling view (offscreen): the online softmax played tile by tile with the real Step, Play
// and Reset buttons and tile-size spin boxes, m and ℓ checked by hand, the end result equal to
// the naive output, the cost notes (FLOP, bytes, KV cache, window reach, linear attention),
// resetViewState, tooltips, and PNG/SVG/PDF export.
#include "core/attention.h"
#include "core/rnn.h"
#include "plotfiles.h"
#include "strictwarnings.h"
#include "ui/base/numbertext.h"
#include "ui/document/scenariodocument.h"
#include "ui/views/tiling/tilingfigure.h"
#include "ui/views/tiling/tilingview.h"

#include <QApplication>
#include <QComboBox>
#include <QHelpEvent>
#include <QImage>
#include <QPainter>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>

#include <cmath>

using attn::doc::ScenarioDocument;
using attn::ui::TilingView;

namespace {

/// One query q = [1], keys 1, 3, 2 (plain dot: logits 1, 3, 2), values 10, 20, 30.
attn::Scenario threeKeys()
{
    attn::Scenario s;
    s.score = attn::ScoreKind::Dot;
    s.query = attn::Matrix::Ones(1, 1);
    s.key.resize(3, 1);
    s.key << 1, 3, 2;
    s.value.resize(3, 1);
    s.value << 10, 20, 30;
    return s;
}

/// The six tokens of lesson 13 (d_k = d_v = 2, scaled dot).
attn::Scenario sixTokens()
{
    attn::Scenario s;
    s.query.resize(6, 2);
    s.query << 1, 0, 0, 1, 1, 1, 2, 0, 0, 2, 1, -1;
    s.key.resize(6, 2);
    s.key << 0, 1, 1, 0, 0, 2, 1, 1, 2, 1, -1, 1;
    s.value = s.query;
    return s;
}

template <typename W> W *child(const TilingView &view, const char *name)
{
    W *w = view.findChild<W *>(QLatin1String(name));
    if (!w) qFatal("no child %s", name);
    return w;
}

} // namespace

class TestTilingView : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void runningMaxAndSumByHand();
    void tileSizesSetTheTiles();
    void finalOutputEqualsNaive();
    void playRunsToTheEnd();
    void resetAndResetViewState();
    void costNotes();
    void windowReach();
    void emptyStateAndScaling();
    void linearScenarioShowsTheComparison();
    void followsDocumentEdits();
    void groupedHeadsAndRawScores();
    void toolTips();
    void wideValuesShowThreeDimsAndTheRestInTheToolTip();
    void canvasShowsToolTip();
    void exportsPngSvgPdf_data();
    void exportsPngSvgPdf();
};

void TestTilingView::runningMaxAndSumByHand()
{
    ScenarioDocument document;
    QVERIFY(document.load(threeKeys()));
    TilingView view(&document);
    child<QSpinBox>(view, "blockKey")->setValue(1);
    QCOMPARE(view.tilesTotal(), 3);
    QCOMPARE(view.taskValues().value("tiles_total"), 3.0);
    QSignalSpy spy(&view, &TilingView::taskValuesChanged);
    auto *step = child<QPushButton>(view, "stepButton");
    step->click();
    QCOMPARE(spy.count(), 1);
    QCOMPARE(view.taskValues().value("tiles_done"), 1.0);
    QCOMPARE(view.figure().state.m(0), 1.0);
    QCOMPARE(view.figure().state.l(0), 1.0);
    QCOMPARE(view.figure().partial(0, 0), 10.0);
    step->click(); // logit 3 arrives: the old sum 1 is rescaled by e^(1−3)
    QCOMPARE(view.figure().state.m(0), 3.0);
    QVERIFY(std::abs(view.figure().state.l(0) - (std::exp(-2.0) + 1)) < 1e-15);
    step->click();
    const double l = std::exp(-2.0) + 1 + std::exp(-1.0);
    QVERIFY(std::abs(view.figure().state.l(0) - l) < 1e-15);
    const double out = (10 * std::exp(-2.0) + 20 + 30 * std::exp(-1.0)) / l;
    QVERIFY(std::abs(view.figure().partial(0, 0) - out) < 1e-13);
    QVERIFY(std::abs(document.trace().output(0, 0) - out) < 1e-13);
    QVERIFY(view.maxDifference() < 1e-13);
    QVERIFY(!step->isEnabled()); // nothing left to visit
    QVERIFY(view.figure().resultLine.startsWith(QStringLiteral("Every tile visited")));
}

void TestTilingView::tileSizesSetTheTiles()
{
    ScenarioDocument document;
    QVERIFY(document.load(sixTokens()));
    TilingView view(&document);
    QCOMPARE(view.tilesTotal(), 9); // ⌈6/2⌉ · ⌈6/2⌉
    child<QPushButton>(view, "stepButton")->click();
    child<QSpinBox>(view, "blockQuery")->setValue(3);
    QCOMPARE(view.tilesDone(), 0); // a new tiling starts over
    QCOMPARE(view.tilesTotal(), 6);
    child<QSpinBox>(view, "blockKey")->setValue(4);
    QCOMPARE(view.tilesTotal(), 4);
    QCOMPARE(view.taskValues().value("block_query"), 3.0);
    QCOMPARE(view.taskValues().value("block_key"), 4.0);
    QCOMPARE(child<QSpinBox>(view, "blockQuery")->maximum(), 6); // at most n_q
    // FlashAttention-2's order: the first two tiles share the query rows 0–2.
    QCOMPARE(view.figure().tiles[1].row_begin, attn::Index(0));
    QCOMPARE(view.figure().tiles[1].col_begin, attn::Index(4));
}

void TestTilingView::finalOutputEqualsNaive()
{
    attn::Scenario s = sixTokens();
    s.mask.window = attn::Window{2, 0};
    ScenarioDocument document;
    QVERIFY(document.load(s));
    TilingView view(&document);
    QVERIFY(view.maxDifference() > 0.5); // nothing visited: the outputs are still 0
    for (int i = 0; i < 9; ++i) child<QPushButton>(view, "stepButton")->click();
    QCOMPARE(view.tilesDone(), 9);
    QVERIFY2(view.maxDifference() < 1e-14, qPrintable(QString::number(view.maxDifference())));
    QCOMPARE(view.taskValues().value("max_difference"), view.maxDifference());
    // Row 0 sees only key 0 under the window: its m is that logit, its ℓ is 1.
    QCOMPARE(view.figure().state.m(0), document.trace().heads[0].logits(0, 0));
    QCOMPARE(view.figure().state.l(0), 1.0);
    // A row with no visible key under the "nan" policy is left out of the difference.
    s.mask.key_padding = {false, true, true, true, true, true};
    s.mask.all_masked_rows = attn::MaskedRowPolicy::NaN;
    QVERIFY(document.load(s));
    for (int i = 0; i < 9; ++i) child<QPushButton>(view, "stepButton")->click();
    QVERIFY(std::isnan(document.trace().output(0, 0)));
    QVERIFY(view.maxDifference() < 1e-14);
}

void TestTilingView::playRunsToTheEnd()
{
    ScenarioDocument document;
    QVERIFY(document.load(sixTokens()));
    TilingView view(&document);
    child<QSpinBox>(view, "blockQuery")->setValue(3);
    child<QSpinBox>(view, "blockKey")->setValue(3);
    auto *play = child<QPushButton>(view, "playButton");
    play->click();
    QVERIFY(play->isChecked());
    QTRY_COMPARE_WITH_TIMEOUT(view.tilesDone(), 4, 8000);
    QTRY_VERIFY(!play->isChecked()); // stops by itself at the end
}

void TestTilingView::resetAndResetViewState()
{
    ScenarioDocument document;
    QVERIFY(document.load(sixTokens()));
    TilingView view(&document);
    child<QPushButton>(view, "stepButton")->click();
    child<QPushButton>(view, "stepButton")->click();
    child<QPushButton>(view, "resetButton")->click();
    QCOMPARE(view.tilesDone(), 0);
    QVERIFY(std::isinf(view.figure().state.m(0)));
    child<QSpinBox>(view, "blockQuery")->setValue(5);
    child<QSpinBox>(view, "windowSpin")->setValue(5);
    child<QSpinBox>(view, "layersSpin")->setValue(3);
    child<QComboBox>(view, "kvHeadsCombo")->setCurrentIndex(3);
    child<QPushButton>(view, "stepButton")->click();
    view.resetViewState();
    const QMap<QString, double> v = view.taskValues();
    QCOMPARE(v.value("block_query"), 2.0);
    QCOMPARE(v.value("block_key"), 2.0);
    QCOMPARE(v.value("tiles_done"), 0.0);
    QCOMPARE(v.value("tiles_total"), 9.0);
    QCOMPARE(v.value("kv_heads"), 32.0);
    QCOMPARE(v.value("kv_cache_ratio"), 1.0);
    QCOMPARE(v.value("window"), 2.0);
    QCOMPARE(v.value("layers"), 1.0);
}

void TestTilingView::costNotes()
{
    ScenarioDocument document;
    QVERIFY(document.load(sixTokens()));
    TilingView view(&document);
    const QStringList notes = view.figure().notes;
    QCOMPARE(notes.size(), 4);
    // 36 pairs · (2·d_k + 2·d_v) = 36 · 8 = 288 FLOP; 36 f32 scores = 144 B; m and ℓ: 2 · 6 · 4 = 48 B.
    QVERIFY2(notes[0].contains(QStringLiteral("same 288 FLOP")), qPrintable(notes[0]));
    QVERIFY(notes[0].contains(QStringLiteral("score matrix, 144 B")));
    QVERIFY(notes[0].contains(QStringLiteral("m and ℓ per row, 48 B")));
    // KV cache: 2 · 32 layers · 4096 tokens · H_kv · 128 · 2 bytes; with 8 K/V heads 536,870,912.
    QVERIFY2(notes[1].contains(QStringLiteral("2147483648 bytes")), qPrintable(notes[1]));
    QVERIFY(notes[1].contains(QStringLiteral("the same as MHA")));
    auto *kv = child<QComboBox>(view, "kvHeadsCombo");
    kv->setCurrentIndex(kv->findData(8));
    QVERIFY2(view.figure().notes[1].contains(QStringLiteral("536870912 bytes), 1/4 of MHA")),
             qPrintable(view.figure().notes[1]));
    QCOMPARE(view.taskValues().value("kv_cache_ratio"), 4.0);
    QCOMPARE(view.taskValues().value("kv_heads"), 8.0);
    // Linear attention: the engine's linear kernel on the same input, not softmax.
    attn::Scenario linear = sixTokens();
    linear.kernel = attn::KernelKind::Linear;
    const double diff = (attn::attend(linear).output - document.trace().output).cwiseAbs().maxCoeff();
    QVERIFY(diff > 0.05);
    QVERIFY2(notes[3].contains(QStringLiteral("up to %1 away").arg(attn::ui::compactNumber(diff))),
             qPrintable(notes[3]));
}

void TestTilingView::windowReach()
{
    attn::Scenario s = sixTokens();
    s.query.conservativeResize(8, 2);
    s.query.bottomRows(2) << 1, 0, 0, 1;
    s.key.conservativeResize(8, 2);
    s.key.bottomRows(2) << 1, 0, 0, 1;
    s.value = s.key;
    ScenarioDocument document;
    QVERIFY(document.load(s));
    TilingView view(&document);
    auto *layers = child<QSpinBox>(view, "layersSpin");
    // Window w = 2 (lesson 13, step 4): the last of 8 tokens is 7 positions from the first,
    // ⌈7/2⌉ = 4 layers, as attn::pathLength counts.
    QCOMPARE(attn::pathLength(attn::Mixer::WindowAttention, 0, 7, 2), std::uint64_t(4));
    for (int L = 1; L <= 3; ++L) {
        layers->setValue(L);
        QCOMPARE(view.taskValues().value("reaches_first"), 0.0);
        const QString note = view.figure().notes[2];
        QVERIFY2(note.contains(QStringLiteral("reaches %1 position(s) back").arg(2 * L)), qPrintable(note));
        QVERIFY2(note.endsWith(QStringLiteral("not reached yet.")), qPrintable(note));
        // The panel tells what L reaches, never how many layers would reach (the task's answer).
        QVERIFY2(!note.contains(QStringLiteral("4 layers")) && !note.contains(QStringLiteral("takes")),
                 qPrintable(note));
    }
    layers->setValue(4);
    QCOMPARE(view.taskValues().value("reaches_first"), 1.0);
    QCOMPARE(view.taskValues().value("layers"), 4.0);
    QVERIFY2(view.figure().notes[2].contains(QStringLiteral("reaches 7 position(s) back")),
             qPrintable(view.figure().notes[2]));
    QVERIFY(view.figure().notes[2].endsWith(QStringLiteral("%1 reached.").arg(document.keyLabel(0))));
    layers->setValue(5); // more layers still reach, but only 7 positions exist
    QVERIFY(view.figure().notes[2].contains(QStringLiteral("reaches 7 position(s) back")));
    child<QSpinBox>(view, "windowSpin")->setValue(1); // now 7 layers are needed
    QCOMPARE(view.taskValues().value("reaches_first"), 0.0);
    QVERIFY(view.figure().notes[2].endsWith(QStringLiteral("not reached yet.")));
}

void TestTilingView::emptyStateAndScaling()
{
    ScenarioDocument document;
    QVERIFY(document.load(sixTokens()));
    TilingView view(&document);
    // Before the first Step the figure says what to do, rather than looking broken.
    QVERIFY2(view.figure().resultLine.startsWith(QStringLiteral("Press Step")),
             qPrintable(view.figure().resultLine));
    QVERIFY(view.figure().title.startsWith(QStringLiteral("FlashAttention-2 tiles (Dao 2023, Alg. 1)")));
    // The figure scales with the size: twice the reference size, twice the matrix.
    const auto base = attn::ui::tilingLayout(view.figure(), QSizeF(1200, 800));
    const auto big = attn::ui::tilingLayout(view.figure(), QSizeF(2400, 1600));
    QVERIFY(std::abs(big.matrix.width() - 2 * base.matrix.width()) < 1e-9);
    QVERIFY(std::abs(big.designs.right() - 2 * base.designs.right()) < 1e-9);
    QCOMPARE(big.scale, 2.0);
    // The smallest export size keeps everything inside the page.
    const QSizeF small(320, 240);
    const auto tiny = attn::ui::tilingLayout(view.figure(), small);
    QVERIFY(QRectF(QPointF(0, 0), small).contains(tiny.designs));
    QVERIFY(QRectF(QPointF(0, 0), small).contains(tiny.rows.back()));
    QVERIFY(QRectF(QPointF(0, 0), small).contains(tiny.matrix));
}

void TestTilingView::linearScenarioShowsTheComparison()
{
    attn::Scenario s = sixTokens();
    s.kernel = attn::KernelKind::Linear;
    ScenarioDocument document;
    QVERIFY(document.load(s));
    TilingView view(&document);
    QVERIFY(view.figure().linearFocus);
    QVERIFY(view.figure().title.startsWith(QStringLiteral("Linear attention")));
    QVERIFY(!child<QPushButton>(view, "stepButton")->isVisibleTo(&view));
    // The blue bars are softmax weights even though the document computes linear ones.
    attn::Scenario softmax = sixTokens();
    const attn::AttentionTrace naive = attn::attend(softmax);
    const attn::ui::TilingDesigns &d = view.figure().designs;
    QVERIFY((d.softmaxWeights - naive.heads[0].weights.row(0).transpose()).cwiseAbs().maxCoeff() < 1e-14);
    QVERIFY((d.linearWeights - document.trace().heads[0].weights.row(0).transpose()).cwiseAbs().maxCoeff() <
            1e-14);
    // Linear weights are flatter: the largest is smaller than softmax's for query a.
    QVERIFY(d.linearWeights.maxCoeff() < d.softmaxWeights.maxCoeff());
    const QSizeF size(1000, 600);
    const auto layout = attn::ui::tilingLayout(view.figure(), size);
    QVERIFY(!layout.linearChart.isEmpty());
    QVERIFY(layout.cells.empty());
    // Hovering the first key's bars gives both exact weights.
    const QPointF first(layout.linearChart.left() + 70, layout.linearChart.center().y());
    const QString tip = view.toolTipAt(first, size);
    QVERIFY2(tip.contains(QStringLiteral("key “%1”").arg(document.keyLabel(0))), qPrintable(tip));
    QVERIFY(
        tip.contains(QStringLiteral("softmax weight %1").arg(attn::ui::exactNumber(d.softmaxWeights(0)))));
    // Back to softmax: the tiles return.
    QVERIFY(document.load(sixTokens()));
    QVERIFY(!view.figure().linearFocus);
    QVERIFY(child<QPushButton>(view, "stepButton")->isVisibleTo(&view));
}

void TestTilingView::followsDocumentEdits()
{
    ScenarioDocument document;
    QVERIFY(document.load(sixTokens()));
    TilingView view(&document);
    for (int i = 0; i < 9; ++i) child<QPushButton>(view, "stepButton")->click();
    QVERIFY(document.setCell(attn::doc::TensorRole::Value, 0, 0, 5.0));
    QCOMPARE(view.tilesDone(), 0);
    QCOMPARE(view.figure().naive, document.trace().heads[0].output);
    for (int i = 0; i < 9; ++i) child<QPushButton>(view, "stepButton")->click();
    QVERIFY(view.maxDifference() < 1e-14);
}

void TestTilingView::groupedHeadsAndRawScores()
{
    // Two query heads sharing one K/V head (MQA): head 1 reads the same V block as head 0.
    attn::Scenario s = sixTokens();
    s.num_query_heads = 2;
    attn::Matrix q(6, 4);
    q << s.query, -s.query;
    s.query = q;
    ScenarioDocument document;
    QVERIFY(document.load(s));
    TilingView view(&document);
    document.setSelectedHead(1);
    QCOMPARE(view.figure().naive, document.trace().heads[1].output);
    for (int i = 0; i < 9; ++i) child<QPushButton>(view, "stepButton")->click();
    QVERIFY(view.maxDifference() < 1e-14);
    QVERIFY(view.figure().title.endsWith(QStringLiteral("head 1")));
    auto *selector = view.findChild<QComboBox *>(QStringLiteral("querySelector"));
    QVERIFY(selector);
    selector->setCurrentIndex(2); // the linear panel follows the selected query
    QCOMPARE(view.figure().designs.queryLabel, document.queryLabel(2));
    QCOMPARE(view.figure().designs.softmaxWeights(0), document.trace().heads[1].weights(2, 0));

    // Raw scores: tiling works on the logits; the linear kernel needs Q and K.
    attn::Scenario raw;
    raw.scores = {attn::Matrix::Constant(2, 3, 1.0)};
    raw.scores[0](0, 2) = 3;
    raw.value = attn::Matrix::Identity(3, 3);
    QVERIFY(document.load(raw));
    QCOMPARE(view.tilesTotal(), 2);
    for (int i = 0; i < 2; ++i) child<QPushButton>(view, "stepButton")->click();
    QVERIFY(view.maxDifference() < 1e-14);
    QVERIFY2(view.figure().notes[3].contains(QStringLiteral("cannot run")),
             qPrintable(view.figure().notes[3]));
}

void TestTilingView::toolTips()
{
    ScenarioDocument document;
    QVERIFY(document.load(threeKeys()));
    TilingView view(&document);
    const QSizeF size(1000, 600);
    const attn::ui::TilingFigureLayout layout = attn::ui::tilingLayout(view.figure(), size);
    QCOMPARE(layout.cells.size(), std::size_t(3));
    const QString cell = view.toolTipAt(layout.cells[1].center(), size);
    QVERIFY2(cell.contains(QStringLiteral("logit 3\n")), qPrintable(cell));
    QVERIFY(cell.contains(QStringLiteral("final weight 0.66")));
    child<QPushButton>(view, "stepButton")->click();
    const QString row = view.toolTipAt(layout.rows[0].center(), size);
    QVERIFY2(row.contains(QStringLiteral("running max m = 3")), qPrintable(row)); // B_c = 2: keys 1 and 3
    QVERIFY(view.toolTipAt(QPointF(2, 2), size).isEmpty());
    // The design panels give their whole sentence.
    const std::vector<QRectF> boxes = attn::ui::tilingDesignBoxes(layout.designs);
    QCOMPARE(boxes.size(), std::size_t(4));
    QVERIFY(layout.designs.bottom() <= size.height());
    QCOMPARE(view.toolTipAt(boxes[1].center(), size), view.figure().notes[1]);
    QVERIFY(view.toolTipAt(boxes[1].center(), size).startsWith(QStringLiteral("KV cache:")));
}

void TestTilingView::wideValuesShowThreeDimsAndTheRestInTheToolTip()
{
    // d_v = 16: the table keeps three output dims and "…" per side (query, m, ℓ, 2 × 3.5 numbers:
    // 64 + 9 × 62 = 622 logical units), so the matrix keeps its room; the tooltip has all 16.
    attn::Scenario s = sixTokens();
    s.value = attn::Matrix(6, 16);
    for (attn::Index i = 0; i < 6; ++i)
        for (attn::Index k = 0; k < 16; ++k) s.value(i, k) = double(i * 16 + k) / 8.0;
    ScenarioDocument document;
    QVERIFY(document.load(s));
    TilingView view(&document);
    const QSizeF size(1200, 800);
    const attn::ui::TilingFigureLayout layout = attn::ui::tilingLayout(view.figure(), size);
    QCOMPARE(layout.rows[0].width(), 64 + 9 * 62.0);
    for (int i = 0; i < 9; ++i) child<QPushButton>(view, "stepButton")->click();
    const QString row = view.toolTipAt(layout.rows[5].center(), size);
    const QStringList naive =
        row.section(QStringLiteral("naive output ["), 1).chopped(1).split(QStringLiteral(", "));
    QCOMPARE(naive.size(), 16);
    for (int k = 0; k < 16; ++k)
        QCOMPARE(naive[k], attn::ui::exactNumber(document.trace().heads[0].output(5, k)));
    QImage image(size.toSize(), QImage::Format_RGB32);
    {
        QPainter painter(&image);
        view.paintFigure(painter, size);
    }
    // Nothing is drawn right of the table, beside the rows.
    const int right = int(std::ceil(layout.rows[0].right())) + 2;
    QVERIFY(right < image.width());
    for (int y = int(layout.rows[0].top()); y < int(layout.rows[5].bottom()); ++y)
        for (int x = right; x < image.width(); ++x)
            QVERIFY2(image.pixel(x, y) == qRgb(255, 255, 255),
                     qPrintable(QStringLiteral("%1,%2").arg(x).arg(y)));
}

void TestTilingView::canvasShowsToolTip()
{
    ScenarioDocument document;
    QVERIFY(document.load(threeKeys()));
    TilingView view(&document);
    view.resize(1000, 660);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    auto *canvas = view.findChild<QWidget *>(QStringLiteral("tilingCanvas"));
    QVERIFY(canvas);
    const attn::ui::TilingFigureLayout layout = attn::ui::tilingLayout(view.figure(), canvas->size());
    const QPoint pos = layout.cells[2].center().toPoint();
    QHelpEvent help(QEvent::ToolTip, pos, canvas->mapToGlobal(pos));
    QApplication::sendEvent(canvas, &help);
    QTRY_VERIFY(QToolTip::isVisible());
    QVERIFY2(QToolTip::text().contains(QStringLiteral("logit 2\n")), qPrintable(QToolTip::text()));
    QToolTip::hideText();
}

void TestTilingView::exportsPngSvgPdf_data()
{
    QTest::addColumn<QString>("format");
    QTest::addRow("png") << QStringLiteral("png");
    QTest::addRow("svg") << QStringLiteral("svg");
    QTest::addRow("pdf") << QStringLiteral("pdf");
}

void TestTilingView::exportsPngSvgPdf()
{
    QFETCH(QString, format);
    ScenarioDocument document;
    QVERIFY(document.load(sixTokens()));
    TilingView view(&document);
    child<QPushButton>(view, "stepButton")->click();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("tiling.") + format);
    QString error;
    QVERIFY2(view.exportTo(path, format, QSize(1000, 640), &error), qPrintable(error));
    const QString problem = attn::test::checkFigureFile(path, format, QSize(1000, 640));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QVERIFY(!view.exportTo(dir.filePath("a.gif"), QStringLiteral("gif"), QSize(100, 100), &error));
    QVERIFY(error.contains(QStringLiteral("gif")));
}

QTEST_MAIN(TestTilingView)
#include "tst_tilingview.moc"
