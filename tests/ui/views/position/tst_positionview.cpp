// The position view (offscreen): score-by-distance curves from the engine (flat without a
// scheme, a cosine with RoPE, a straight line with ALiBi), the order check (reversing the keys
// changes nothing without positions), every control as one undoable edit of the scenario, the
// window band's task value, reset, tooltips and PNG/SVG/PDF export.
#include "core/score.h"
#include "plotfiles.h"
#include "strictwarnings.h"
#include "ui/base/resources.h"
#include "ui/document/scenariodocument.h"
#include "ui/lessons/lessonloader.h"
#include "ui/lessons/lessonstage.h"
#include "ui/views/position/positionedits.h"
#include "ui/views/position/positionview.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <cmath>
#include <limits>

using attn::doc::ScenarioDocument;
using attn::ui::PositionView;

namespace {

/// Three tokens, d_k = 2, dot product (scale 1): q = k = [1, 0] for every token; values 0, 1, 2.
attn::Scenario threeTokens()
{
    attn::Scenario s;
    s.score = attn::ScoreKind::Dot;
    s.query_tokens = {"a", "b", "c"};
    s.key_tokens = {"a", "b", "c"};
    s.query.resize(3, 2);
    s.query << 1, 0, 1, 0, 1, 0;
    s.key = s.query;
    s.value.resize(3, 1);
    s.value << 0, 1, 2;
    return s;
}

/// As threeTokens, but the keys differ: k_a = [2, 0], k_b = [0, 1], k_c = [1, 0.5]; q = [1, 1],
/// so every query scores a 2, b 1 and c 1.5.
attn::Scenario distinctKeys()
{
    attn::Scenario s = threeTokens();
    s.query << 1, 1, 1, 1, 1, 1;
    s.key << 2, 0, 0, 1, 1, 0.5;
    return s;
}

} // namespace

class TestPositionView : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void initTestCase() { attn::ui::initResources(); }
    void curvesByHand();
    void orderBlindWithoutPositions();
    void nanOutputIsNotComparable();
    void reversingKeysByHand();
    void controlsEditTheScenarioUndoably();
    void rotaryDimByHand();
    void alibiSlopeWritesOutStandardSlopes();
    void windowBandAndTaskValue();
    void refusedEditRestoresControls();
    void curveKeyAndReset();
    void toolTips();
    void lessonStepOneEitherSchemeWorks();
    void exportsPngSvgPdf_data();
    void exportsPngSvgPdf();
};

void TestPositionView::curvesByHand()
{
    attn::Scenario s = threeTokens();
    s.positional.alibi_slopes = {0.25};
    ScenarioDocument document;
    QVERIFY(document.load(s));
    PositionView view(&document);
    QCOMPARE(view.curveNone().size(), attn::Index(PositionView::kMaxDistance + 1));
    for (int d = 0; d <= PositionView::kMaxDistance; ++d) {
        QCOMPARE(view.curveNone()(d), 1.0); // q·k = 1 at every distance
        // RoPE with d_k = 2: one pair turning 1 radian per token, q·k = cos(d).
        QVERIFY(std::abs(view.curveRope()(d) - std::cos(double(d))) < 1e-12);
        QVERIFY(std::abs(view.curveAlibi()(d) - (1.0 - 0.25 * d)) < 1e-12); // 1 − slope · d
    }
    // The scenario's own options are used: a temperature of 2 halves every score.
    s.temperature = 2;
    QVERIFY(document.load(s));
    QCOMPARE(view.curveNone()(5), 0.5);
}

void TestPositionView::orderBlindWithoutPositions()
{
    ScenarioDocument document;
    QVERIFY(document.load(distinctKeys()));
    PositionView view(&document);
    QVERIFY(view.orderEffect() < 1e-12);
    QCOMPARE(view.taskValues().value("order_effect"), view.orderEffect());
    QVERIFY2(view.orderText().contains(QStringLiteral("Largest change")), qPrintable(view.orderText()));
    // RoPE ties the scores to positions: the reversed keys give another output.
    auto *kind = view.findChild<QComboBox *>(QStringLiteral("positionalKind"));
    kind->setCurrentIndex(1);
    QCOMPARE(document.scenario().positional.kind, attn::PositionalKind::Rope);
    QVERIFY2(view.orderEffect() > 0.01, qPrintable(QString::number(view.orderEffect()) + view.orderText()));
    QCOMPARE(view.taskValues().value("positional_kind"), 1.0);
    kind->setCurrentIndex(2); // the standard slope of one head, 1/256: a small but real effect
    QVERIFY2(view.orderEffect() > 1e-4, qPrintable(QString::number(view.orderEffect())));
    QCOMPARE(view.taskValues().value("positional_kind"), 2.0);
}

void TestPositionView::nanOutputIsNotComparable()
{
    // A NaN value makes outputs NaN in both orders: the check must say NaN, not "no change" (0).
    attn::Scenario s = distinctKeys();
    s.value(1, 0) = std::numeric_limits<double>::quiet_NaN();
    ScenarioDocument document;
    QVERIFY(document.load(s));
    QVERIFY(document.traceIsCurrent());
    PositionView view(&document);
    QVERIFY2(std::isnan(view.orderEffect()), qPrintable(QString::number(view.orderEffect())));
    QVERIFY(std::isnan(view.taskValues().value(QStringLiteral("order_effect"))));
    QVERIFY2(view.orderText().contains(QStringLiteral("cannot be compared")), qPrintable(view.orderText()));
    QVERIFY(!view.orderText().contains(QStringLiteral("no change)")));
}

void TestPositionView::reversingKeysByHand()
{
    const attn::Scenario r = attn::ui::withKeysReversed(distinctKeys());
    QCOMPARE(r.key(0, 0), 1.0); // c first
    QCOMPARE(r.key(2, 0), 2.0); // a last
    QCOMPARE(r.value(0, 0), 2.0);
    QCOMPARE(r.key_tokens, (std::vector<std::string>{"c", "b", "a"}));
    QCOMPARE(r.query, distinctKeys().query);
    // With ALiBi (slope 1) the query at position 2 gives key "a" (score 2) the bias −2; reversed,
    // "a" sits at position 2 with bias 0. Output = Σ softmax · value, by hand.
    attn::Scenario s = distinctKeys();
    s.positional.kind = attn::PositionalKind::Alibi;
    s.positional.alibi_slopes = {1.0};
    ScenarioDocument document;
    QVERIFY(document.load(s));
    document.setSelectedQuery(2);
    PositionView view(&document);
    // Reversed, query c (position 2): keys c, b, a at positions 0, 1, 2 with scores 1.5 − 2, 1 − 1, 2 − 0.
    const double e0 = std::exp(-0.5), e1 = std::exp(0.0), e2 = std::exp(2.0);
    const double expected = (e0 * 2 + e1 * 1 + e2 * 0) / (e0 + e1 + e2);
    QVERIFY(std::abs(view.reversedOutput()(0) - expected) < 1e-12);
}

void TestPositionView::controlsEditTheScenarioUndoably()
{
    attn::Scenario s = threeTokens();
    s.query.resize(3, 4);
    s.query << 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0;
    s.key = s.query;
    ScenarioDocument document;
    QVERIFY(document.load(s));
    PositionView view(&document);
    auto *kind = view.findChild<QComboBox *>(QStringLiteral("positionalKind"));
    auto *base = view.findChild<QDoubleSpinBox *>(QStringLiteral("ropeBase"));
    auto *layout = view.findChild<QComboBox *>(QStringLiteral("ropeLayout"));
    QVERIFY(kind && base && layout);
    QVERIFY(!base->isEnabled()); // only with RoPE
    kind->setCurrentIndex(kind->findData(QStringLiteral("rope")));
    QVERIFY(base->isEnabled());
    base->setValue(100);
    QCOMPARE(document.scenario().positional.rope_base, 100.0);
    QCOMPARE(view.taskValues().value("rope_base"), 100.0);
    layout->setCurrentIndex(layout->findData(QStringLiteral("interleaved")));
    QCOMPARE(document.scenario().positional.rope_layout, attn::RopeLayout::Interleaved);
    QCOMPARE(document.undoStack()->count(), 3);
    // Interleaved, d_k = 4, q = k = e_0: pair (0, 1) turns 1 radian per token → cos(d).
    QVERIFY(std::abs(view.curveRope()(3) - std::cos(3.0)) < 1e-12); // plain dot
    document.undoStack()->undo();
    document.undoStack()->undo();
    QCOMPARE(base->value(), 10000.0);
    document.undoStack()->undo();
    QCOMPARE(kind->currentIndex(), 0);
    QVERIFY(!base->isEnabled());
}

void TestPositionView::rotaryDimByHand()
{
    // q = k = [1, 0, 3, 0], RoPE half split. rotary_dim 4: features 0 and 2 form pair 0 (1 radian
    // per token), so q·k at distance d is 10 cos d. rotary_dim 2: pair (0, 1) turns, features 2 and
    // 3 do not, q·k = cos d + 9. The change from d = 0 to d = 3 shrinks tenfold, whatever the scale.
    attn::Scenario s = threeTokens();
    s.query.resize(3, 4);
    s.query << 1, 0, 3, 0, 1, 0, 3, 0, 1, 0, 3, 0;
    s.key = s.query;
    s.positional.kind = attn::PositionalKind::Rope;
    ScenarioDocument document;
    QVERIFY(document.load(s));
    PositionView view(&document);
    auto *rotary = view.findChild<QSpinBox *>(QStringLiteral("rotaryDim"));
    QVERIFY(rotary && rotary->isEnabled());
    QCOMPARE(rotary->text(), QStringLiteral("all"));
    QCOMPARE(view.taskValues().value("rotary_dim"), 4.0);
    const double full = view.curveRope()(3) - view.curveRope()(0);
    rotary->setValue(2);
    QCOMPARE(document.scenario().positional.rotary_dim, std::optional<attn::Index>(2));
    QCOMPARE(view.taskValues().value("rotary_dim"), 2.0);
    const double partial = view.curveRope()(3) - view.curveRope()(0);
    QVERIFY(std::abs(partial * 10 - full) < 1e-12);
    QVERIFY(std::abs(full / (std::cos(3.0) - 1.0) / 10 - document.trace().scale) < 1e-12);
    rotary->setValue(4); // d_k: every feature, written as no key
    QVERIFY(!document.scenario().positional.rotary_dim);
    rotary->setValue(2);
    auto *kind = view.findChild<QComboBox *>(QStringLiteral("positionalKind"));
    kind->setCurrentIndex(kind->findData(QStringLiteral("none"))); // leaving RoPE drops rotary_dim
    QVERIFY(!document.scenario().positional.rotary_dim);
    QVERIFY(!rotary->isEnabled());
    QCOMPARE(document.undoStack()->count(), 4);
    document.undoStack()->undo();
    QCOMPARE(rotary->value(), 2);
}

void TestPositionView::alibiSlopeWritesOutStandardSlopes()
{
    attn::Scenario s = threeTokens();
    s.num_query_heads = 2;
    s.query.resize(3, 4);
    s.query << 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0;
    s.positional.kind = attn::PositionalKind::Alibi;
    ScenarioDocument document;
    QVERIFY(document.load(s));
    PositionView view(&document);
    auto *slope = view.findChild<QDoubleSpinBox *>(QStringLiteral("alibiSlope"));
    QVERIFY(slope && slope->isEnabled());
    QCOMPARE(slope->value(), 0.0625); // standard slopes for 2 heads: 2^−4, 2^−8
    document.setSelectedHead(1);
    QCOMPARE(slope->value(), attn::alibiSlopes(2)[1]); // exact, not rounded to 4 decimals
    slope->setValue(0.5);
    QCOMPARE(document.scenario().positional.alibi_slopes, (std::vector<double>{0.0625, 0.5}));
    QCOMPARE(view.taskValues().value("alibi_slope"), 0.5);
    QVERIFY(std::abs(view.curveAlibi()(4) - (1 - 2.0)) < 1e-12); // 1 − 0.5 · 4, head 1
}

void TestPositionView::windowBandAndTaskValue()
{
    ScenarioDocument document;
    QVERIFY(document.load(threeTokens()));
    PositionView view(&document);
    auto *window = view.findChild<QSpinBox *>(QStringLiteral("window"));
    QVERIFY(window);
    QCOMPARE(window->value(), -1);
    QCOMPARE(window->text(), QStringLiteral("off"));
    QCOMPARE(view.taskValues().value("window"), -1.0);
    window->setValue(1);
    QVERIFY(document.scenario().mask.window.has_value());
    QCOMPARE(*document.scenario().mask.window->left, std::int64_t(1));
    QCOMPARE(*document.scenario().mask.window->right, std::int64_t(1));
    QCOMPARE(view.taskValues().value("window"), 1.0);
    // Query c (position 2) no longer sees a (position 0).
    QCOMPARE(document.trace().heads[0].weights(2, 0), 0.0);
    QCOMPARE(document.trace().heads[0].weights(2, 1), 0.5);
    // A window that only looks back keeps doing so.
    attn::Scenario back = threeTokens();
    back.mask.window = attn::Window{0, 0};
    QVERIFY(document.load(back));
    window->setValue(2);
    QCOMPARE(*document.scenario().mask.window->right, std::int64_t(0));
    window->setValue(-1);
    QVERIFY(!document.scenario().mask.window.has_value());
}

void TestPositionView::refusedEditRestoresControls()
{
    attn::Scenario s = threeTokens();
    s.query.resize(3, 3); // odd d_k: RoPE cannot apply
    s.query << 1, 0, 0, 1, 0, 0, 1, 0, 0;
    s.key = s.query;
    ScenarioDocument document;
    QVERIFY(document.load(s));
    PositionView view(&document);
    QCOMPARE(view.curveRope().size(), attn::Index(0)); // no RoPE curve
    QCOMPARE(view.curveNone().size(), attn::Index(PositionView::kMaxDistance + 1));
    auto *kind = view.findChild<QComboBox *>(QStringLiteral("positionalKind"));
    kind->setCurrentIndex(1);
    QCOMPARE(document.scenario().positional.kind, attn::PositionalKind::None);
    QCOMPARE(kind->currentIndex(), 0);
    QCOMPARE(document.undoStack()->count(), 0);
}

void TestPositionView::curveKeyAndReset()
{
    ScenarioDocument document;
    QVERIFY(document.load(distinctKeys()));
    document.setSelectedQuery(1);
    PositionView view(&document);
    QCOMPARE(view.curveKey(), 0);       // the query's largest weight: key a (score 2)
    QCOMPARE(view.curveNone()(0), 2.0); // q = [1, 1], k_a = [2, 0]
    auto *key = view.findChild<QComboBox *>(QStringLiteral("curveKey"));
    key->setCurrentIndex(1);
    QCOMPARE(view.curveNone()(0), 1.0); // k_b = [0, 1]
    QCOMPARE(view.taskValues().value("curve_key"), 1.0);
    document.setSelectedQuery(2); // a chosen key stays
    QCOMPARE(view.curveKey(), 1);
    view.resetViewState();
    QCOMPARE(view.curveKey(), 0);
    QCOMPARE(key->currentIndex(), 0);
}

void TestPositionView::toolTips()
{
    attn::Scenario s = threeTokens();
    s.positional.kind = attn::PositionalKind::Alibi;
    s.positional.alibi_slopes = {1.0};
    ScenarioDocument document;
    QVERIFY(document.load(s));
    PositionView view(&document);
    view.resize(980, 600);
    const QSizeF size = view.canvas()->size();
    // Find cell (query c, key a) by scanning for its tooltip; it names positions and distance.
    QString found;
    for (int x = 0; x < size.width() && found.isEmpty(); x += 4)
        for (int y = 0; y < size.height() && found.isEmpty(); y += 4) {
            const QString tip = view.toolTipAt(QPointF(x, y), size);
            if (tip.startsWith(QStringLiteral("query “c”")) && tip.contains(QStringLiteral("key “a”")))
                found = tip;
        }
    QVERIFY2(found.contains(QStringLiteral("distance 2")), qPrintable(found));
    QVERIFY(found.contains(QStringLiteral("score (logit) = -1"))); // 1 − 1 · 2
}

void TestPositionView::lessonStepOneEitherSchemeWorks()
{
    // Lesson 11, step 1 asks whether both schemes make the order matter: both must pass its 0.01.
    const attn::lessons::LessonLibrary library = attn::lessons::loadShippedLessons();
    const attn::lessons::Lesson *lesson = library.find(QStringLiteral("11-position"));
    QVERIFY(lesson);
    ScenarioDocument document;
    QVERIFY(attn::lessons::loadStep(lesson->steps.front(), document));
    PositionView view(&document);
    view.resetViewState();
    QVERIFY(view.orderEffect() < 1e-12);
    auto *kind = view.findChild<QComboBox *>(QStringLiteral("positionalKind"));
    for (int k : {1, 2}) {
        kind->setCurrentIndex(k);
        QVERIFY2(view.orderEffect() > 0.01, qPrintable(QString::number(view.orderEffect())));
    }
}

void TestPositionView::exportsPngSvgPdf_data()
{
    QTest::addColumn<QString>("format");
    QTest::newRow("png") << "png";
    QTest::newRow("svg") << "svg";
    QTest::newRow("pdf") << "pdf";
}

void TestPositionView::exportsPngSvgPdf()
{
    QFETCH(QString, format);
    attn::Scenario s = threeTokens();
    s.mask.window = attn::Window{1, 1};
    ScenarioDocument document;
    QVERIFY(document.load(s));
    PositionView view(&document);
    QTemporaryDir dir;
    const QString path = dir.filePath("position." + format);
    QString error;
    QVERIFY2(view.exportTo(path, format, QSize(900, 560), &error), qPrintable(error));
    QCOMPARE(attn::test::checkFigureFile(path, format, QSize(900, 560)), QString());
}

QTEST_MAIN(TestPositionView)
#include "tst_positionview.moc"
