// The interventions view (offscreen): weights against deletion effects computed by hand, the
// discordant pairs and γ, each intervention kind driven through the real combo boxes, the
// permutation and duplicate invariants, following the selected query, resetViewState,
// tooltips, and PNG/SVG/PDF export.
#include "plotfiles.h"
#include "strictwarnings.h"
#include "ui/document/scenariodocument.h"
#include "ui/views/interventions/interventionfigure.h"
#include "ui/views/interventions/interventionview.h"
#include "ui/views/interventions/keyinvariants.h"

#include <QComboBox>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using attn::doc::ScenarioDocument;
using attn::ui::InterventionView;

namespace {

/// One query, plain dot, logits 0, 0, ln 2: weights 1/4, 1/4, 1/2. Values (4, 0), (0, 4), (1, 1):
/// output (1.5, 1.5). The heaviest key's value is closest to the output.
attn::Scenario threeKeys()
{
    attn::Scenario s;
    s.score = attn::ScoreKind::Dot;
    s.query_tokens = {"q"};
    s.key_tokens = {"a", "b", "c"};
    s.query = attn::Matrix::Ones(1, 1);
    s.key.resize(3, 1);
    s.key << 0, 0, std::log(2.0);
    s.value.resize(3, 2);
    s.value << 4, 0, 0, 4, 1, 1;
    return s;
}

void choose(InterventionView &view, const QString &key, const QString &kind)
{
    auto *keys = view.findChild<QComboBox *>(QStringLiteral("interventionKey"));
    auto *kinds = view.findChild<QComboBox *>(QStringLiteral("interventionKind"));
    QVERIFY(keys && kinds);
    kinds->setCurrentIndex(kinds->findData(kind));
    keys->setCurrentIndex(keys->findText(key));
}

bool near(double a, double b, double tolerance = 1e-12)
{
    return std::abs(a - b) <= tolerance;
}

} // namespace

class TestInterventionView : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void weightsAgainstEffectsByHand();
    void interventionKinds();
    void invariants();
    void permutationNotShownWithPositions();
    void followsSelectedQuery();
    void resetViewState();
    void singleKeyMessage();
    void toolTips();
    void weightsAndEffectsOnTwoPanels();
    void scalesWithTheSize();
    void exportsPngSvgPdf_data();
    void exportsPngSvgPdf();
};

void TestInterventionView::weightsAgainstEffectsByHand()
{
    ScenarioDocument document;
    QVERIFY(document.load(threeKeys()));
    InterventionView view(&document);
    const attn::ui::InterventionFigureData &f = view.figure();
    QVERIFY(near(f.weights(0), 0.25) && near(f.weights(2), 0.5));
    // Deleting a: weights b 1/3, c 2/3, output (2/3, 2): Δ = (−5/6, 1/2).
    QVERIFY(near(f.effects(0), std::sqrt(25.0 / 36 + 0.25)));
    QVERIFY(near(f.effects(1), std::sqrt(25.0 / 36 + 0.25)));
    // Deleting c: output (2, 2): Δ = (1/2, 1/2), the smallest effect for the largest weight.
    QVERIFY(near(f.effects(2), std::sqrt(0.5)));
    const QMap<QString, double> v = view.taskValues();
    QCOMPARE(v.value("discordant_pairs"), 2.0); // (a, c) and (b, c); (a, b) is tied
    QCOMPARE(v.value("disagreements"), 3.0);
    QCOMPARE(v.value("gamma"), -1.0);
    QCOMPARE(f.disagreeing, (std::vector<bool>{true, true, true}));
    QVERIFY2(f.lines[0].contains(QStringLiteral("0 concordant, 2 discordant")), qPrintable(f.lines[0]));
    QVERIFY(f.lines[0].contains(QStringLiteral("a & c; b & c")));
    QCOMPARE(v.value("key"), -1.0);
    QCOMPARE(v.value("deleted_key"), -1.0);
}

void TestInterventionView::interventionKinds()
{
    ScenarioDocument document;
    QVERIFY(document.load(threeKeys()));
    InterventionView view(&document);
    QSignalSpy spy(&view, &InterventionView::taskValuesChanged);
    choose(view, "c", "delete");
    QVERIFY(spy.count() > 0);
    QMap<QString, double> v = view.taskValues();
    QCOMPARE(v.value("key"), 2.0);
    QCOMPARE(v.value("kind"), 1.0);
    QCOMPARE(v.value("deleted_key"), 2.0);
    QVERIFY(near(v.value("effect"), std::sqrt(0.5)));
    QVERIFY(near(v.value("weight"), 0.5));
    QCOMPARE(v.value("weight_after"), 0.0);
    QVERIFY2(view.figure().lines[1].contains(QStringLiteral("[1.500, 1.500] → [2.000, 2.000]")),
             qPrintable(view.figure().lines[1]));
    QCOMPARE(view.figure().chosenKey, 2);
    // The others share c's weight: 1/4 / (1 − 1/2) = 1/2 each.
    QVERIFY2(view.figure().lines[2].contains(
                 QStringLiteral("divided by 1 − 0.500 = 0.500: “a” 0.250 → 0.500, “b” 0.250 → 0.500.")),
             qPrintable(view.figure().lines[2]));

    choose(view, "c", "zero_value"); // the weight stays 1/2; the output loses 1/2 · (1, 1)
    v = view.taskValues();
    QCOMPARE(v.value("kind"), 2.0);
    QCOMPARE(v.value("deleted_key"), -1.0);
    QVERIFY(near(v.value("weight_after"), 0.5));
    QVERIFY(near(v.value("effect"), std::sqrt(0.5)));

    choose(view, "c", "zero_key"); // logit 0: weights 1/3 each, output (5/3, 5/3)
    v = view.taskValues();
    QVERIFY(near(v.value("weight_after"), 1.0 / 3));
    QVERIFY(near(v.value("effect"), std::sqrt(2.0) / 6));

    choose(view, "c", "duplicate"); // weights 1/6, 1/6, 1/3, 1/3: copies 2/3 = 2w/(1 + w)
    v = view.taskValues();
    QCOMPARE(v.value("kind"), 4.0);
    QVERIFY(near(v.value("weight_after"), 2.0 / 3));
    QVERIFY(near(v.value("effect"), std::sqrt(2.0) / 6)); // output (4/3, 4/3)
    QVERIFY2(view.figure().lines[1].contains(QStringLiteral("becomes 0.667")),
             qPrintable(view.figure().lines[1]));
}

void TestInterventionView::invariants()
{
    const attn::Scenario s = threeKeys();
    const attn::ui::PermutationCheck perm = attn::ui::checkPermutation(s);
    QVERIFY(perm.applicable);
    QVERIFY(perm.max_difference < 1e-14);
    for (attn::Index key = 0; key < 3; ++key) {
        const attn::ui::DuplicateCheck dup = attn::ui::checkDuplicate(s, key, 0, 0);
        const double w = dup.weight_before;
        QVERIFY(near(dup.weight_copies, 2 * w / (1 + w)));
        QVERIFY(near(dup.weight_raised, dup.weight_copies));
        QVERIFY(dup.max_difference < 1e-14);
    }
    // The invariant also holds with a temperature and the scaled score (the logits carry both).
    attn::Scenario t = s;
    t.score = attn::ScoreKind::ScaledDot;
    t.temperature = 0.5;
    const attn::ui::DuplicateCheck dup = attn::ui::checkDuplicate(t, 0, 0, 0);
    QVERIFY(near(dup.weight_raised, dup.weight_copies));
    QVERIFY_THROWS_EXCEPTION(attn::ScenarioError, attn::ui::checkDuplicate(s, 3, 0, 0));

    ScenarioDocument document;
    QVERIFY(document.load(s));
    InterventionView view(&document);
    QVERIFY2(view.figure().lines.last().startsWith(QStringLiteral("Permutation: the keys reversed")),
             qPrintable(view.figure().lines.last()));
}

void TestInterventionView::permutationNotShownWithPositions()
{
    attn::Scenario s = threeKeys();
    s.query_tokens = {"q1", "q2", "q3"};
    s.query = attn::Matrix::Ones(3, 1);
    s.mask.causal = true;
    ScenarioDocument document;
    QVERIFY(document.load(s));
    InterventionView view(&document);
    QVERIFY2(view.figure().lines.last().contains(QStringLiteral("causal or window mask")),
             qPrintable(view.figure().lines.last()));
    // Query q1 sees only key a: the other keys are left out of the comparison.
    QCOMPARE(view.figure().visible, (std::vector<bool>{true, false, false}));
    // A duplicate under a causal mask keeps the copy at its key's position.
    const attn::ui::DuplicateCheck dup = attn::ui::checkDuplicate(s, 1, 0, 2);
    QVERIFY(near(dup.weight_raised, dup.weight_copies));
}

void TestInterventionView::followsSelectedQuery()
{
    attn::Scenario s = threeKeys();
    s.query_tokens = {"q", "r"};
    s.query.resize(2, 1);
    s.query << 1, -1; // r: logits 0, 0, −ln 2: weights 2/5, 2/5, 1/5
    ScenarioDocument document;
    QVERIFY(document.load(s));
    InterventionView view(&document);
    document.setSelectedQuery(1);
    QVERIFY(near(view.figure().weights(2), 0.2));
    QVERIFY(view.figure().title.contains(QStringLiteral("“r”")));
    auto *selector = view.findChild<QComboBox *>(QStringLiteral("querySelector"));
    QVERIFY(selector);
    selector->setCurrentIndex(0);
    QVERIFY(near(view.figure().weights(2), 0.5));
}

void TestInterventionView::resetViewState()
{
    ScenarioDocument document;
    QVERIFY(document.load(threeKeys()));
    InterventionView view(&document);
    choose(view, "b", "duplicate");
    QCOMPARE(view.taskValues().value("key"), 1.0);
    view.resetViewState();
    QCOMPARE(view.taskValues().value("key"), -1.0);
    QCOMPARE(view.taskValues().value("kind"), 0.0);
    QCOMPARE(view.findChild<QComboBox *>(QStringLiteral("interventionKind"))->currentData().toString(),
             QStringLiteral("delete"));
    QCOMPARE(view.figure().chosenKey, -1);
}

void TestInterventionView::singleKeyMessage()
{
    attn::Scenario s = threeKeys();
    s.key_tokens = {"a"};
    s.key.conservativeResize(1, 1);
    s.value.conservativeResize(1, 2);
    ScenarioDocument document;
    QVERIFY(document.load(s));
    InterventionView view(&document);
    QVERIFY2(view.figure().message.contains(QStringLiteral("only key")), qPrintable(view.figure().message));
    QVERIFY(view.taskValues().isEmpty());
}

void TestInterventionView::toolTips()
{
    ScenarioDocument document;
    QVERIFY(document.load(threeKeys()));
    InterventionView view(&document);
    const QSizeF size(1000, 600);
    const std::vector<QRectF> bars = attn::ui::interventionBars(view.figure(), size);
    QCOMPARE(bars.size(), std::size_t(6));
    QVERIFY(bars[4].height() > bars[0].height()); // c's weight bar is twice a's
    const QString weight = view.toolTipAt(bars[4].center(), size);
    QVERIFY2(weight.contains(QStringLiteral("key “c”: weight 0.5")), qPrintable(weight));
    const QString effect = view.toolTipAt(bars[5].center(), size);
    QVERIFY2(effect.contains(QStringLiteral("0.7071067811865")), qPrintable(effect));
    QVERIFY(view.toolTipAt(QPointF(1, 1), size).isEmpty());
}

void TestInterventionView::weightsAndEffectsOnTwoPanels()
{
    // A weight (0 … 1) and a change of the output are different quantities: the figure puts them
    // in two panels with baselines of their own, one above the other over the same key columns.
    ScenarioDocument document;
    QVERIFY(document.load(threeKeys()));
    InterventionView view(&document);
    const QSizeF size(1000, 600);
    const std::vector<QRectF> bars = attn::ui::interventionBars(view.figure(), size);
    QCOMPARE(bars.size(), std::size_t(6));
    for (std::size_t j = 0; j < 3; ++j) {
        const QRectF weight = bars[2 * j], effect = bars[2 * j + 1];
        QCOMPARE(weight.bottom(), bars[0].bottom()); // one baseline per panel
        QCOMPARE(effect.bottom(), bars[1].bottom());
        QVERIFY(std::abs(weight.center().x() - effect.center().x()) < 1e-9); // the key's column
        QVERIFY2(weight.bottom() < effect.top() || effect.height() == 0.0,
                 qPrintable(QStringLiteral("weight bar ends at %1, effect bar starts at %2")
                                .arg(weight.bottom())
                                .arg(effect.top())));
    }
    // The largest effect fills most of its panel (its axis ends a tenth above it), whatever the
    // weights: a's effect √(25/36 + 1/4) = 0.972 is the largest, c's weight 0.5 half of 1.
    QVERIFY(std::abs(bars[1].height() / bars[5].height() - std::sqrt(25.0 / 36 + 0.25) / std::sqrt(0.5)) <
            1e-9);
    QVERIFY(std::abs(bars[4].height() / bars[0].height() - 2.0) < 1e-9);
}

void TestInterventionView::scalesWithTheSize()
{
    ScenarioDocument document;
    QVERIFY(document.load(threeKeys()));
    InterventionView view(&document);
    // Twice the largest logical size: every bar twice as large, at twice the position.
    const std::vector<QRectF> base = attn::ui::interventionBars(view.figure(), QSizeF(1200, 800));
    const std::vector<QRectF> big = attn::ui::interventionBars(view.figure(), QSizeF(2400, 1600));
    QCOMPARE(big.size(), base.size());
    for (std::size_t b = 0; b < base.size(); ++b) {
        QVERIFY(std::abs(big[b].left() - 2 * base[b].left()) < 1e-9);
        QVERIFY(std::abs(big[b].height() - 2 * base[b].height()) < 1e-9);
    }
    // The smallest export size keeps every bar inside the page.
    const QSizeF small(320, 240);
    for (const QRectF &r : attn::ui::interventionBars(view.figure(), small))
        QVERIFY(QRectF(QPointF(0, 0), small).contains(r));
}

void TestInterventionView::exportsPngSvgPdf_data()
{
    QTest::addColumn<QString>("format");
    QTest::addRow("png") << QStringLiteral("png");
    QTest::addRow("svg") << QStringLiteral("svg");
    QTest::addRow("pdf") << QStringLiteral("pdf");
}

void TestInterventionView::exportsPngSvgPdf()
{
    QFETCH(QString, format);
    ScenarioDocument document;
    QVERIFY(document.load(threeKeys()));
    InterventionView view(&document);
    choose(view, "a", "delete");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("interventions.") + format);
    QString error;
    QVERIFY2(view.exportTo(path, format, QSize(1000, 600), &error), qPrintable(error));
    const QString problem = attn::test::checkFigureFile(path, format, QSize(1000, 600));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QVERIFY(!view.exportTo(dir.filePath("a.png"), QStringLiteral("png"), QSize(0, 10), &error));
}

QTEST_MAIN(TestInterventionView)
#include "tst_interventionview.moc"
