// The mask editor (offscreen): toggling a cell hides exactly that key and the other weights
// renormalise, every edit is one undo step, the presets give the textbook patterns, rows that
// see no key are reported under each policy, hidden values never move a visible output, and the
// figure exports as PNG, SVG and PDF without raster images in the vector files.
#include "core/mask.h"
#include "strictwarnings.h"
#include "ui/document/scenariodocument.h"
#include "ui/lessons/lesson.h"
#include "ui/views/mask/maskeditorview.h"
#include "ui/views/mask/maskedits.h"
#include "ui/views/viewregistry.h"

#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <cmath>

using attn::BoolMatrix;
using attn::MaskedRowPolicy;
using attn::Scenario;
using attn::doc::ScenarioDocument;
using attn::ui::MaskEditorView;

namespace {

/// n_q queries a, b, … and n_k keys x, y, z, k4, …; dot scores (scale 1) so the logits are the
/// plain dot products. Q rows alternate (1, 0), (0, 1); K rows (1, 0), (0, 1), (1, 1), (1, 0), …
Scenario grid(int nq, int nk)
{
    Scenario s;
    s.score = attn::ScoreKind::Dot;
    s.query.resize(nq, 2);
    for (int i = 0; i < nq; ++i) s.query.row(i) << (i % 2 == 0 ? 1.0 : 0.0), (i % 2 == 0 ? 0.0 : 1.0);
    s.key.resize(nk, 2);
    for (int j = 0; j < nk; ++j) s.key.row(j) << (j % 3 != 1 ? 1.0 : 0.0), (j % 3 != 0 ? 1.0 : 0.0);
    s.value.resize(nk, 2);
    for (int j = 0; j < nk; ++j) s.value.row(j) << j + 1.0, 10.0 * (j + 1);
    for (int i = 0; i < nq; ++i) s.query_tokens.push_back(std::string(1, static_cast<char>('a' + i)));
    for (int j = 0; j < nk; ++j)
        s.key_tokens.push_back(j < 3 ? std::string(1, static_cast<char>('x' + j))
                                     : "k" + std::to_string(j + 1));
    return s;
}

/// The selected head's visibility as rows of 0/1, e.g. "100 110 111".
QString pattern(const ScenarioDocument &document)
{
    const BoolMatrix &v = document.trace().heads[0].visible;
    QStringList rows;
    for (int i = 0; i < v.rows(); ++i) {
        QString row;
        for (int j = 0; j < v.cols(); ++j) row += v(i, j) ? QLatin1Char('1') : QLatin1Char('0');
        rows << row;
    }
    return rows.join(QLatin1Char(' '));
}

double weight(const ScenarioDocument &document, int query, int key)
{
    return document.trace().heads[0].weights(query, key);
}

/// Clicks the child of `view` under `pos` (view coordinates), as a learner's click would land.
void clickAt(QWidget &view, QPointF pos)
{
    QWidget *target = view.childAt(pos.toPoint());
    QVERIFY(target);
    QTest::mouseClick(target, Qt::LeftButton, {}, target->mapFrom(&view, pos.toPoint()));
}

bool hasDrawing(const QImage &image)
{
    const QRgb first = image.pixel(0, 0);
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            if (image.pixel(x, y) != first) return true;
    return false;
}

} // namespace

class TestMaskEditorView : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void registered();
    void togglingHidesAKeyAndRenormalises();
    void showingACausalCellKeepsTheRestCausal();
    void causalPreset();
    void causalPresetWithAlignment();
    void windowPresetGivesABand();
    void presetsKeepTheHiddenCells();
    void paddingHidesAColumn();
    void clearShowsEverything();
    void fullyMaskedRowUnderEachPolicy_data();
    void fullyMaskedRowUnderEachPolicy();
    void errorPolicyRefusesAnEmptyRow();
    void maskedValuesDoNotMoveTheOutput();
    void uniformPolicyLeaksAndTheCheckSaysSo();
    void toolTipSaysWhy();
    void perHeadMasksEditOneHead();
    void keyboardAndMouse();
    void exportsPngSvgPdf();
};

void TestMaskEditorView::registered()
{
    const attn::ui::FigureViewInfo *info = attn::ui::findFigureView(QStringLiteral("mask"));
    QVERIFY(info);
    QCOMPARE(info->suffix, QStringLiteral("mask"));
    QCOMPARE(info->menuText, QStringLiteral("&Mask editor"));
    QVERIFY(attn::lessons::knownViews().contains(QStringLiteral("mask")));
}

void TestMaskEditorView::togglingHidesAKeyAndRenormalises()
{
    // 2 × 3 by hand: query a = (1, 0) scores x, y, z = 1, 0, 1, so its weights are
    // e/(2e+1), 1/(2e+1), e/(2e+1). Hiding z leaves e/(e+1) and 1/(e+1).
    ScenarioDocument document;
    QVERIFY(document.load(grid(2, 3)));
    MaskEditorView view(&document);
    const double e = std::exp(1.0);
    QVERIFY(std::abs(weight(document, 0, 0) - e / (2 * e + 1)) < 1e-12);
    QVERIFY(std::abs(weight(document, 0, 2) - e / (2 * e + 1)) < 1e-12);
    const double before10 = weight(document, 1, 0);

    QVERIFY(view.toggleCell(0, 2));
    QCOMPARE(document.undoStack()->count(), 1);
    QCOMPARE(document.undoStack()->undoText(), QStringLiteral("Hide a→z"));
    QCOMPARE(pattern(document), QStringLiteral("110 111"));
    QCOMPARE(weight(document, 0, 2), 0.0); // exactly
    QVERIFY(std::abs(weight(document, 0, 0) - e / (e + 1)) < 1e-12);
    QVERIFY(std::abs(weight(document, 0, 1) - 1 / (e + 1)) < 1e-12);
    QCOMPARE(weight(document, 1, 0), before10); // the other query is untouched
    QVERIFY(!document.scenario().mask.causal);
    QCOMPARE(document.scenario().mask.visible.size(), std::size_t(1));

    document.undoStack()->undo();
    QCOMPARE(pattern(document), QStringLiteral("111 111"));
    QVERIFY(std::abs(weight(document, 0, 2) - e / (2 * e + 1)) < 1e-12);
    document.undoStack()->redo();
    QCOMPARE(weight(document, 0, 2), 0.0);

    // Showing it again removes the all-ones matrix altogether.
    QVERIFY(view.toggleCell(0, 2));
    QCOMPARE(document.undoStack()->undoText(), QStringLiteral("Show a→z"));
    QVERIFY(document.scenario().mask.visible.empty());
    QCOMPARE(pattern(document), QStringLiteral("111 111"));
    QVERIFY(!view.toggleCell(2, 0)); // out of range
}

void TestMaskEditorView::showingACausalCellKeepsTheRestCausal()
{
    Scenario s = grid(3, 3);
    s.mask.causal = true;
    s.mask.key_padding = {true, true, true};
    ScenarioDocument document;
    QVERIFY(document.load(s));
    MaskEditorView view(&document);
    QCOMPARE(pattern(document), QStringLiteral("100 110 111"));
    QVERIFY(view.toggleCell(0, 2)); // show: causal becomes explicit cells
    QCOMPARE(pattern(document), QStringLiteral("101 110 111"));
    QVERIFY(!document.scenario().mask.causal);
    // Hiding a cell keeps the flags: a fresh causal scenario stays causal.
    QVERIFY(view.applyCausal());
    QVERIFY(view.toggleCell(2, 0));
    QVERIFY(document.scenario().mask.causal);
    QCOMPARE(pattern(document), QStringLiteral("100 110 011"));
}

void TestMaskEditorView::causalPreset()
{
    ScenarioDocument document;
    QVERIFY(document.load(grid(3, 3)));
    MaskEditorView view(&document);
    QVERIFY(view.applyCausal());
    QCOMPARE(document.undoStack()->count(), 1);
    QVERIFY(document.scenario().mask.causal);
    QCOMPARE(pattern(document), QStringLiteral("100 110 111")); // lower triangular
    QCOMPARE(weight(document, 0, 0), 1.0);
    document.undoStack()->undo();
    QCOMPARE(pattern(document), QStringLiteral("111 111 111"));
}

void TestMaskEditorView::causalPresetWithAlignment()
{
    ScenarioDocument document;
    QVERIFY(document.load(grid(2, 4)));
    MaskEditorView view(&document);
    QCOMPARE(view.alignmentChoice(), attn::Alignment::BottomRight);
    QVERIFY(view.applyCausal()); // query i at i + 2: the last query sees the last key
    QCOMPARE(pattern(document), QStringLiteral("1110 1111"));
    QCOMPARE(document.scenario().alignment, attn::Alignment::BottomRight);
    view.setAlignmentChoice(attn::Alignment::TopLeft);
    QVERIFY(view.applyCausal());
    QCOMPARE(pattern(document), QStringLiteral("1000 1100"));
}

void TestMaskEditorView::windowPresetGivesABand()
{
    ScenarioDocument document;
    QVERIFY(document.load(grid(4, 4)));
    MaskEditorView view(&document);
    QVERIFY(view.applyWindow(1, 1));
    QCOMPARE(pattern(document), QStringLiteral("1100 1110 0111 0011"));
    QVERIFY(view.applyWindow(1, 0)); // two keys including the current one, causal
    QCOMPARE(pattern(document), QStringLiteral("1000 1100 0110 0011"));
    QCOMPARE(document.undoStack()->count(), 2);
    QVERIFY(view.applyWindow({}, 0)); // unbounded left: the causal pattern
    QCOMPARE(pattern(document), QStringLiteral("1000 1100 1110 1111"));
    QVERIFY(view.applyWindow({}, {})); // no window at all
    QVERIFY(!document.scenario().mask.window);
    QCOMPARE(pattern(document), QStringLiteral("1111 1111 1111 1111"));
}

void TestMaskEditorView::presetsKeepTheHiddenCells()
{
    // Mask parts combine with AND (lesson 7): a preset adds its pattern, it does not clear the
    // cells the learner hid. Each preset is one undoable step.
    ScenarioDocument document;
    QVERIFY(document.load(grid(3, 3)));
    MaskEditorView view(&document);
    QVERIFY(view.toggleCell(2, 0)); // hide c→x
    QCOMPARE(pattern(document), QStringLiteral("111 111 011"));
    QVERIFY(view.applyCausal());
    QCOMPARE(pattern(document), QStringLiteral("100 110 011")); // causal AND the hidden cell
    QVERIFY(document.scenario().mask.causal);
    document.undoStack()->undo();
    QCOMPARE(pattern(document), QStringLiteral("111 111 011"));
    QVERIFY(!document.scenario().mask.causal);

    QVERIFY(document.load(grid(4, 4)));
    QVERIFY(view.toggleCell(1, 1)); // hide b→y
    QVERIFY(view.applyWindow(1, 1));
    QCOMPARE(pattern(document), QStringLiteral("1100 1010 0111 0011"));
    QCOMPARE(document.undoStack()->count(), 2);
    document.undoStack()->undo();
    QCOMPARE(pattern(document), QStringLiteral("1111 1011 1111 1111"));
    // Clear is the one way to show everything again.
    QVERIFY(view.clearMask());
    QCOMPARE(pattern(document), QStringLiteral("1111 1111 1111 1111"));
}

void TestMaskEditorView::paddingHidesAColumn()
{
    ScenarioDocument document;
    QVERIFY(document.load(grid(2, 3)));
    MaskEditorView view(&document);
    QVERIFY(view.setKeyPadding(2, true));
    QCOMPARE(pattern(document), QStringLiteral("110 110"));
    QCOMPARE(document.scenario().mask.key_padding, std::vector<bool>({true, true, false}));
    const double e = std::exp(1.0);
    QVERIFY(std::abs(weight(document, 0, 0) - e / (e + 1)) < 1e-12);
    QVERIFY(view.cellToolTip(1, 2).contains(QStringLiteral("key_padding: “z” is a padding token")));
    // Showing one padded cell marks the key real and keeps it hidden from the other query.
    QVERIFY(view.toggleCell(0, 2));
    QCOMPARE(pattern(document), QStringLiteral("111 110"));
    QVERIFY(document.scenario().mask.key_padding.empty());
    QVERIFY(view.setKeyPadding(2, true));
    QVERIFY(view.setKeyPadding(2, false));
    QCOMPARE(pattern(document), QStringLiteral("111 110"));
}

void TestMaskEditorView::clearShowsEverything()
{
    Scenario s = grid(3, 3);
    s.mask.causal = true;
    s.mask.window = attn::Window{0, 0};
    s.mask.all_masked_rows = MaskedRowPolicy::NaN;
    ScenarioDocument document;
    QVERIFY(document.load(s));
    MaskEditorView view(&document);
    QCOMPARE(pattern(document), QStringLiteral("100 010 001"));
    QVERIFY(view.clearMask());
    QCOMPARE(pattern(document), QStringLiteral("111 111 111"));
    QCOMPARE(document.scenario().mask.all_masked_rows, MaskedRowPolicy::NaN); // the policy stays
}

void TestMaskEditorView::fullyMaskedRowUnderEachPolicy_data()
{
    QTest::addColumn<int>("policy");
    QTest::addColumn<QString>("note");
    QTest::addColumn<double>("rowWeight"); // every weight of the empty row; NaN for "nan"
    QTest::addRow("zero") << static_cast<int>(MaskedRowPolicy::Zero) << "policy “zero”: weights 0, output 0"
                          << 0.0;
    QTest::addRow("nan") << static_cast<int>(MaskedRowPolicy::NaN) << "policy “nan”" << std::nan("");
    QTest::addRow("uniform") << static_cast<int>(MaskedRowPolicy::Uniform) << "policy “uniform”" << 1.0 / 3;
}

void TestMaskEditorView::fullyMaskedRowUnderEachPolicy()
{
    QFETCH(int, policy);
    QFETCH(QString, note);
    QFETCH(double, rowWeight);
    ScenarioDocument document;
    QVERIFY(document.load(grid(2, 3)));
    MaskEditorView view(&document);
    QVERIFY(view.setMaskedRowPolicy(static_cast<MaskedRowPolicy>(policy)));
    for (int k = 0; k < 3; ++k) QVERIFY(view.toggleCell(1, k));
    QCOMPARE(pattern(document), QStringLiteral("111 000"));
    const auto &rows = document.trace().fully_masked_rows;
    QCOMPARE(rows.size(), std::size_t(1));
    QCOMPARE(rows[0].first, 0);
    QCOMPARE(rows[0].second, attn::Index(1));
    QVERIFY2(view.rowNote(1).contains(note), qPrintable(view.rowNote(1)));
    QVERIFY(view.rowNote(0).isEmpty());
    for (int k = 0; k < 3; ++k) {
        const double w = weight(document, 1, k);
        QVERIFY(std::isnan(rowWeight) ? std::isnan(w) : std::abs(w - rowWeight) < 1e-15);
    }
    // The policy is one undoable edit too.
    while (document.undoStack()->canUndo()) document.undoStack()->undo();
    QCOMPARE(document.scenario().mask.all_masked_rows, MaskedRowPolicy::Zero);
}

void TestMaskEditorView::errorPolicyRefusesAnEmptyRow()
{
    ScenarioDocument document;
    QVERIFY(document.load(grid(2, 2)));
    MaskEditorView view(&document);
    QVERIFY(view.setMaskedRowPolicy(MaskedRowPolicy::Error));
    QVERIFY(view.toggleCell(1, 0));
    QVERIFY(!view.toggleCell(1, 1)); // the last visible key of b: the engine refuses
    QCOMPARE(pattern(document), QStringLiteral("11 01"));
    QVERIFY2(view.message().contains(QStringLiteral("Hide b→y: refused")), qPrintable(view.message()));
    QVERIFY2(document.lastRefusal().contains(QStringLiteral("mask")), qPrintable(document.lastRefusal()));
    // With an empty row under "zero", switching to "error" is refused as well.
    QVERIFY(view.setMaskedRowPolicy(MaskedRowPolicy::Zero));
    QVERIFY(view.toggleCell(1, 1));
    QVERIFY(!view.setMaskedRowPolicy(MaskedRowPolicy::Error));
    QCOMPARE(document.scenario().mask.all_masked_rows, MaskedRowPolicy::Zero);
}

void TestMaskEditorView::maskedValuesDoNotMoveTheOutput()
{
    Scenario s = grid(3, 3);
    s.mask.causal = true;
    ScenarioDocument document;
    QVERIFY(document.load(s));
    MaskEditorView view(&document);
    document.setSelectedQuery(0); // a sees only x
    QVERIFY(view.checkPassed());
    QCOMPARE(view.checkText(), QStringLiteral("Masked-token check: changing V of the 2 keys hidden from “a” "
                                              "leaves its output unchanged — max |ΔO| = 0"));
    const attn::ui::MaskedValueCheck check =
        attn::ui::checkMaskedValues(document.scenario(), document.trace(), 0, 1);
    QCOMPARE(check.maskedKeys, attn::Index(1));
    QCOMPARE(check.maxDelta, 0.0);
    // A huge hidden value reaches no visible output either.
    QVERIFY(document.setCell(attn::doc::TensorRole::Value, 2, 0, 1e300));
    QVERIFY(view.checkPassed());
    document.setSelectedQuery(2); // c sees every key: nothing to test
    QVERIFY(view.checkText().contains(QStringLiteral("sees every key")));
    QVERIFY(view.checkPassed());
}

void TestMaskEditorView::uniformPolicyLeaksAndTheCheckSaysSo()
{
    Scenario s = grid(2, 2);
    s.mask.visible = {BoolMatrix::Constant(2, 2, true)};
    s.mask.visible[0].row(1).setConstant(false);
    s.mask.all_masked_rows = MaskedRowPolicy::Uniform;
    ScenarioDocument document;
    QVERIFY(document.load(s));
    MaskEditorView view(&document);
    document.setSelectedQuery(1);
    QVERIFY(!view.checkPassed());
    // Uniform weights 1/2 over both keys: each +1000 moves the output by 1000.
    QVERIFY2(view.checkText().contains(QStringLiteral("max |ΔO| = 1000.000")), qPrintable(view.checkText()));
    QVERIFY(view.checkText().contains(QStringLiteral("uniform")));
    QVERIFY(view.setMaskedRowPolicy(MaskedRowPolicy::Zero));
    QVERIFY(view.checkPassed());
}

void TestMaskEditorView::toolTipSaysWhy()
{
    Scenario s = grid(3, 3);
    s.mask.causal = true;
    s.mask.window = attn::Window{0, std::nullopt};
    ScenarioDocument document;
    QVERIFY(document.load(s));
    MaskEditorView view(&document);
    const QString hidden = view.cellToolTip(0, 2);
    QVERIFY2(hidden.contains(QStringLiteral("query “a” → key “z”")), qPrintable(hidden));
    QVERIFY(hidden.contains(QStringLiteral("weight = 0\n")));
    QVERIFY(hidden.contains(QStringLiteral("logit = 1\n"))); // (1, 0)·(1, 1)
    QVERIFY(hidden.contains(QStringLiteral("causal: key position 2 > query position 0")));
    QVERIFY(!hidden.contains(QStringLiteral("window")));
    const QString window = view.cellToolTip(2, 0);
    QVERIFY2(window.contains(QStringLiteral("window: key position 0 outside [2 − 0, 2 + ∞]")),
             qPrintable(window));
    QVERIFY(view.cellToolTip(1, 1).contains(QStringLiteral("weight = 1\n")));
    QVERIFY(view.cellToolTip(1, 1).contains(QStringLiteral("visible")));
}

void TestMaskEditorView::perHeadMasksEditOneHead()
{
    Scenario s = grid(2, 3);
    s.num_query_heads = s.num_kv_heads = 2;
    s.query = (Eigen::MatrixXd(2, 4) << s.query, s.query).finished();
    s.key = (Eigen::MatrixXd(3, 4) << s.key, s.key).finished();
    s.value = (Eigen::MatrixXd(3, 4) << s.value, s.value).finished();
    ScenarioDocument document;
    QVERIFY(document.load(s));
    document.setSelectedHead(1);
    MaskEditorView view(&document);
    // No explicit matrix yet: a hidden cell is shared by both heads.
    QVERIFY(view.toggleCell(0, 0));
    QCOMPARE(document.trace().heads[0].visible(0, 0), false);
    QCOMPARE(document.trace().heads[1].visible(0, 0), false);
    // One matrix per head: only the selected head's changes.
    s.mask.visible = {BoolMatrix::Constant(2, 3, true), BoolMatrix::Constant(2, 3, true)};
    QVERIFY(document.load(s));
    document.setSelectedHead(1);
    QVERIFY(view.toggleCell(1, 2));
    QCOMPARE(document.trace().heads[0].visible(1, 2), true);
    QCOMPARE(document.trace().heads[1].visible(1, 2), false);
    QCOMPARE(document.trace().heads[1].weights(1, 2), 0.0);
    QVERIFY(view.cellToolTip(1, 2).contains(QStringLiteral("head 1")));
}

void TestMaskEditorView::keyboardAndMouse()
{
    ScenarioDocument document;
    QVERIFY(document.load(grid(3, 3)));
    MaskEditorView view(&document);
    view.resize(820, 560);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTest::keyClick(&view, Qt::Key_Down);
    QTest::keyClick(&view, Qt::Key_Right);
    QTest::keyClick(&view, Qt::Key_Right);
    QCOMPARE(view.cursorQuery(), 1);
    QCOMPARE(view.cursorKey(), 2);
    QCOMPARE(document.selectedQuery(), 1);
    QTest::keyClick(&view, Qt::Key_Space);
    QCOMPARE(pattern(document), QStringLiteral("111 110 111"));

    const QRectF cell = view.cellRect(2, 0);
    QVERIFY(!cell.isEmpty());
    clickAt(view, cell.center());
    QCOMPARE(pattern(document), QStringLiteral("111 110 011"));
    QCOMPARE(document.selectedQuery(), 2);
    QCOMPARE(document.undoStack()->count(), 2);
    const QRectF pad = view.paddingRect(1);
    QVERIFY(!pad.isEmpty());
    clickAt(view, pad.center());
    QCOMPARE(pattern(document), QStringLiteral("101 100 001"));
    QVERIFY(hasDrawing(view.grab().toImage()));
}

void TestMaskEditorView::exportsPngSvgPdf()
{
    Scenario s = grid(3, 3);
    s.mask.visible = {BoolMatrix::Constant(3, 3, true)};
    s.mask.visible[0].row(2).setConstant(false); // a hatched row
    s.mask.causal = true;
    ScenarioDocument document;
    QVERIFY(document.load(s));
    MaskEditorView view(&document);
    QTemporaryDir dir;
    QString error;
    const QString png = dir.filePath(QStringLiteral("mask.png"));
    QVERIFY2(view.exportTo(png, QStringLiteral("png"), QSize(640, 480), &error), qPrintable(error));
    const QImage image(png);
    QCOMPARE(image.size(), QSize(640, 480));
    QVERIFY(hasDrawing(image));

    const QString svg = dir.filePath(QStringLiteral("mask.svg"));
    QVERIFY2(view.exportTo(svg, QStringLiteral("svg"), QSize(640, 480), &error), qPrintable(error));
    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    const QByteArray svgText = svgFile.readAll();
    QVERIFY(svgText.contains("<svg"));
    QVERIFY(svgText.contains("key_padding"));
    QVERIFY(!svgText.contains("<image"));

    const QString pdf = dir.filePath(QStringLiteral("mask.pdf"));
    QVERIFY2(view.exportTo(pdf, QStringLiteral("PDF"), QSize(640, 480), &error), qPrintable(error));
    QFile pdfFile(pdf);
    QVERIFY(pdfFile.open(QIODevice::ReadOnly));
    const QByteArray pdfBytes = pdfFile.readAll();
    QVERIFY(pdfBytes.startsWith("%PDF-"));
    QVERIFY(!pdfBytes.contains("/Subtype /Image")); // no raster XObject

    QVERIFY(!view.exportTo(dir.filePath("a.gif"), QStringLiteral("gif"), QSize(100, 100), &error));
    QCOMPARE(error, QStringLiteral("Unknown figure format “gif”: use png, svg or pdf."));
    QVERIFY(!view.exportTo(dir.filePath("missing/a.png"), QStringLiteral("png"), QSize(100, 100), &error));
}

QTEST_MAIN(TestMaskEditorView)
#include "tst_maskeditorview.moc"
