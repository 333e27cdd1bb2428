// ScoreOptions (softcap, sink, kernel, dtype) as undoable edits, checked against softmax computed
// by hand on the worked example (q = [1, 0], k1 = [1, 0], k2 = [0, 1], d_k = 2, logits 1/√2 and
// 0), and the sink column of the weights heatmap and bars drawn apart from the keys.
#include "strictwarnings.h"
#include "ui/plots/barplot.h"
#include "ui/plots/heatmapplot.h"
#include "ui/views/common/numberbox.h"
#include "ui/views/common/scorecontrols.h"
#include "ui/views/common/scoreoptions.h"
#include "workedexample.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QTest>
#include <QUndoStack>

#include <cmath>

using attn::Precision;
using attn::doc::ScenarioDocument;
using attn::ui::ScoreOptions;

namespace {

const double kLogit = 1.0 / std::sqrt(2.0); // q·k1 / √d_k of the worked example

double weight(const ScenarioDocument &document, int key)
{
    return document.trace().heads.at(0).weights(0, key);
}

void choose(QComboBox *box, const QString &text)
{
    const int index = box->findText(text);
    QVERIFY2(index >= 0, qPrintable(text));
    box->setCurrentIndex(index);
    emit box->activated(index);
}

} // namespace

class TestScoreOptions : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void softcapByHand();
    void sinkByHand();
    void refusedDtypeSnapsBack();
    void float16OverflowIsCounted();
    void lockedStripLocksTheOptions();
    void heatmapDrawsTheSinkApart();
    void barsDrawTheSinkApart();
};

void TestScoreOptions::softcapByHand()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    ScoreOptions options(&document);
    QVERIFY(!options.softcapValueBox()->isEnabled());
    options.softcapBox()->click(); // on at the default c = 5
    QCOMPARE(document.scenario().softcap, std::optional<double>(ScoreOptions::kDefaultSoftcap));
    // 5 · tanh(0.70711 / 5) = 0.70243: the cap bends even this small logit a little.
    const double capped = 5.0 * std::tanh(kLogit / 5.0);
    QVERIFY(std::abs(capped - 0.702430) < 1e-6);
    QVERIFY(std::abs(weight(document, 0) - std::exp(capped) / (std::exp(capped) + 1.0)) < 1e-12);
    options.softcapValueBox()->setValue(0.5); // 0.5 · tanh(1.41421) = 0.44404
    const double tight = 0.5 * std::tanh(kLogit / 0.5);
    QVERIFY(std::abs(weight(document, 0) - std::exp(tight) / (std::exp(tight) + 1.0)) < 1e-12);
    QCOMPARE(document.undoStack()->count(), 2);
    QCOMPARE(document.undoStack()->text(1), QStringLiteral("Set softcap 0.5"));
    options.softcapBox()->click(); // off
    QVERIFY(!document.scenario().softcap);
    document.undoStack()->undo();
    QCOMPARE(options.softcapValueBox()->value(), 0.5);
    QVERIFY(options.softcapBox()->isChecked());
}

void TestScoreOptions::sinkByHand()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    ScoreOptions options(&document);
    options.sinkBox()->click(); // s = 0: the denominator gains e^0 = 1
    QCOMPARE(document.scenario().sinks, std::vector<double>{0.0});
    const double e = std::exp(kLogit);
    QVERIFY(std::abs(weight(document, 0) - e / (1.0 + e + 1.0)) < 1e-12);
    QVERIFY(std::abs(document.trace().heads[0].sink_weights(0) - 1.0 / (1.0 + e + 1.0)) < 1e-12);
    options.sinkValueBox()->setValue(2.0);
    const double sink = std::exp(2.0) / (std::exp(2.0) + e + 1.0); // 0.6457
    QVERIFY(std::abs(document.trace().heads[0].sink_weights(0) - sink) < 1e-12);
    QVERIFY(std::abs(weight(document, 0) + weight(document, 1) + sink - 1.0) < 1e-12);
    QCOMPARE(document.undoStack()->text(1), QStringLiteral("Set sink 2"));
    options.sinkBox()->click();
    QVERIFY(document.scenario().sinks.empty());
    QCOMPARE(document.undoStack()->count(), 3);
}

void TestScoreOptions::refusedDtypeSnapsBack()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    ScoreOptions options(&document);
    choose(options.kernelBox(), QStringLiteral("tiled"));
    QCOMPARE(document.scenario().kernel, attn::KernelKind::Tiled);
    QString refusal;
    connect(&document, &ScenarioDocument::editRefused, this, [&](const QString &text) { refusal = text; });
    choose(options.dtypeBox(), QStringLiteral("float16")); // only naive simulates a dtype
    QVERIFY2(refusal.contains(QStringLiteral("cannot simulate dtype = \"float16\"")), qPrintable(refusal));
    QCOMPARE(document.scenario().dtype, Precision::Float64);
    QCOMPARE(options.dtypeBox()->currentText(), QStringLiteral("float64"));
    QCOMPARE(document.undoStack()->count(), 1);
}

void TestScoreOptions::float16OverflowIsCounted()
{
    attn::Scenario s = attn::test::workedExample();
    s.query = attn::Matrix{{300, 300}};
    s.key = attn::Matrix{{300, 300}, {0, 1}};
    ScenarioDocument document;
    QVERIFY(document.load(s));
    ScoreOptions options(&document);
    QVERIFY(options.precisionLabel()->text().isEmpty()); // float64: nothing to report
    choose(options.dtypeBox(), QStringLiteral("float16"));
    // q·k1 / √2 = 180000 / 1.41421 = 127279 > 65504: the logit is +∞, the row's softmax ∞ − ∞ = NaN.
    const attn::AttentionTrace &t = document.trace();
    QCOMPARE(t.overflowed_logits.size(), std::size_t(1));
    QVERIFY(std::isnan(weight(document, 0)));
    QCOMPARE(options.precisionLabel()->text(),
             QStringLiteral("1 logit(s) → ±∞ · weights NaN (float64: numbers)"));
    QVERIFY(options.precisionLabel()->toolTip().contains(QStringLiteral("head 0, query 0, key 0")));
    choose(options.dtypeBox(), QStringLiteral("bfloat16")); // float32's range: finite again
    QVERIFY(document.trace().overflowed_logits.empty());
    QVERIFY(std::abs(weight(document, 0) - 1.0) < 1e-12);
    QVERIFY(options.precisionLabel()->text().startsWith(QStringLiteral("max |Δweight| vs float64 ")));
    QCOMPARE(document.undoStack()->text(1), QStringLiteral("dtype bfloat16"));
}

void TestScoreOptions::lockedStripLocksTheOptions()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    attn::ui::ScoreControls controls(&document);
    controls.setLocked(true);
    ScoreOptions *options = controls.options();
    for (QWidget *w : std::initializer_list<QWidget *>{options->softcapBox(), options->sinkBox(),
                                                       options->kernelBox(), options->dtypeBox()})
        QVERIFY(!w->isEnabled());
    controls.setLocked(false);
    QVERIFY(options->dtypeBox()->isEnabled());
}

void TestScoreOptions::heatmapDrawsTheSinkApart()
{
    attn::Scenario s = attn::test::workedExample();
    s.sinks = {1.0};
    const attn::AttentionTrace t = attn::attend(s);
    attn::ui::HeatmapPlot plot;
    plot.resize(500, 300);
    plot.setHead(t.heads[0], {"q"}, {"k1", "k2"});
    QVERIFY(plot.hasSink());
    QCOMPARE(plot.sinkColumn(), 2.5); // half a cell right of the last key (centred at 1)
    const double e = std::exp(kLogit);
    QVERIFY(std::abs(plot.sinkWeight(0) - std::exp(1.0) / (std::exp(1.0) + e + 1.0)) < 1e-12);
    QCOMPARE(plot.keyTicks().value(2.5), QStringLiteral("sink"));
    QCOMPARE(plot.keyCount(), 2); // the sink is not a key
    QVERIFY(plot.sinkToolTip(0).contains(QStringLiteral("weight 0.4730")));
    plot.setHead(attn::attend(attn::test::workedExample()).heads[0], {"q"}, {"k1", "k2"});
    QVERIFY(!plot.hasSink());
    QVERIFY(!plot.keyTicks().contains(2.5));
}

void TestScoreOptions::barsDrawTheSinkApart()
{
    attn::Scenario s = attn::test::workedExample();
    s.sinks = {1.0};
    const attn::AttentionTrace t = attn::attend(s);
    attn::ui::BarPlot plot;
    plot.resize(500, 300);
    plot.setQueryRow(t.heads[0], 0, {"k1", "k2"}, "q");
    QCOMPARE(plot.keyCount(), 2);
    QCOMPARE(plot.sinkWeight(), t.heads[0].sink_weights(0));
    QCOMPARE(plot.keyTicks().value(plot.sinkPosition()), QStringLiteral("sink"));
    QVERIFY(plot.sinkToolTip().contains(QStringLiteral("attends to nothing")));
    plot.setQueryRow(attn::attend(attn::test::workedExample()).heads[0], 0, {"k1", "k2"}, "q");
    QVERIFY(std::isnan(plot.sinkWeight()));
    QVERIFY(plot.sinkToolTip().isEmpty());
}

QTEST_MAIN(TestScoreOptions)
#include "tst_scoreoptions.moc"
