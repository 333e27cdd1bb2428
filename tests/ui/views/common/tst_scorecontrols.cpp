// ScoreControls: score kind, scale and temperature as undoable edits, checked against softmax
// computed by hand on the worked example (q = [1, 0], k1 = [1, 0], k2 = [0, 1], d_k = 2).
#include "strictwarnings.h"
#include "ui/views/common/scorecontrols.h"
#include "ui/views/qkv/qkveditorview.h"
#include "workedexample.h"

#include "ui/base/numbertext.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLocale>
#include <QPushButton>
#include <QSlider>
#include <QTest>
#include <QUndoStack>

#include <cmath>

using attn::doc::ScenarioDocument;
using attn::ui::QkvEditorView;
using attn::ui::ScoreControls;

namespace {

/// Weight of the first of two keys whose logits are a and b: e^a / (e^a + e^b).
double firstWeight(double a, double b)
{
    return std::exp(a) / (std::exp(a) + std::exp(b));
}

double weight(const ScenarioDocument &document, int key)
{
    return document.trace().heads.at(0).weights(0, key);
}

/// attend, refusing temperatures below 0.2 (stands in for an engine refusal).
attn::AttentionTrace pickyAttend(const attn::Scenario &scenario)
{
    if (scenario.temperature < 0.2)
        throw attn::ScenarioError("temperature", "temperature: below 0.2 is not allowed here");
    return attn::attend(scenario);
}

/// Chooses item `text` of the score kind box as a user would (activated is the user's signal).
void chooseKind(ScoreControls &controls, const QString &text)
{
    QComboBox *box = controls.scoreKindBox();
    const int index = box->findText(text, Qt::MatchStartsWith);
    QVERIFY2(index >= 0, qPrintable(text));
    box->setCurrentIndex(index);
    emit box->activated(index);
}

} // namespace

class TestScoreControls : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void temperatureHalfSharpensAndUndoRestores();
    void sliderIsLogarithmic();
    void sliderDragIsOneUndoEntry();
    void sliderIsWideWithTicksAndFineKeys();
    void dragThatChangesNothingLeavesNoEntry();
    void dotVersusScaledDot();
    void explicitScaleAndBackToAuto();
    void resetIsOneEdit();
    void refusedTemperatureSnapsBack();
    void controlsFollowUndoAndLoad();
    void additiveOfferedOnlyWithItsParameters();
    void lockedControlsAreDisabled();
    void editorShowsTheStrip();
    void typedNumbersReadAsInTheCells_data();
    void typedNumbersReadAsInTheCells();
};

void TestScoreControls::temperatureHalfSharpensAndUndoRestores()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    const double w0 = weight(document, 0);
    const double w1 = weight(document, 1);
    QCOMPARE(qRound(w0 * 1000), 670);
    QCOMPARE(qRound(w1 * 1000), 330);
    ScoreControls controls(&document);
    QCOMPARE(controls.temperatureBox()->value(), 1.0);
    QCOMPARE(controls.temperatureSlider()->value(), 500);

    controls.temperatureBox()->setValue(0.5);
    QCOMPARE(document.scenario().temperature, 0.5);
    QCOMPARE(document.undoStack()->count(), 1);
    QCOMPARE(document.undoStack()->undoText(), QStringLiteral("Set temperature 0.5"));
    // logits = [1/√2, 0] / 0.5 = [1.4142, 0] → weights 4.1133/5.1133 = 0.8044 and 0.1956.
    const double expected = firstWeight(1.0 / std::sqrt(2.0) / 0.5, 0.0);
    QVERIFY(std::abs(weight(document, 0) - expected) < 1e-12);
    QVERIFY(std::abs(weight(document, 1) - (1.0 - expected)) < 1e-12);
    QCOMPARE(qRound(weight(document, 0) * 10000), 8044);
    QCOMPARE(qRound(weight(document, 1) * 10000), 1956);
    QCOMPARE(controls.temperatureSlider()->value(), ScoreControls::sliderPosition(0.5));

    document.undoStack()->undo();
    QCOMPARE(weight(document, 0), w0); // exactly the weights from before
    QCOMPARE(weight(document, 1), w1);
    QCOMPARE(controls.temperatureBox()->value(), 1.0);
    QCOMPARE(controls.temperatureSlider()->value(), 500);
}

void TestScoreControls::sliderIsLogarithmic()
{
    QCOMPARE(ScoreControls::temperatureAt(0), 0.05);
    QCOMPARE(ScoreControls::temperatureAt(ScoreControls::kSliderSteps), 20.0);
    QCOMPARE(ScoreControls::temperatureAt(ScoreControls::kSliderSteps / 2), 1.0); // √(0.05 · 20)
    QCOMPARE(ScoreControls::sliderPosition(1.0), 500);
    QCOMPARE(ScoreControls::sliderPosition(0.001), 0); // beyond the slider: clamped
    QCOMPARE(ScoreControls::sliderPosition(1000.0), ScoreControls::kSliderSteps);
    // Equal ratios are equal distances: 0.1 → 1 and 1 → 10 both span a factor of ten.
    QCOMPARE(ScoreControls::sliderPosition(1.0) - ScoreControls::sliderPosition(0.1),
             ScoreControls::sliderPosition(10.0) - ScoreControls::sliderPosition(1.0));
    for (double t : {0.05, 0.1, 0.25, 0.5, 2.0, 4.0, 20.0})
        QCOMPARE(ScoreControls::temperatureAt(ScoreControls::sliderPosition(t)), t);
}

void TestScoreControls::sliderIsWideWithTicksAndFineKeys()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    ScoreControls controls(&document);
    controls.resize(1200, 80);
    controls.show();
    QVERIFY(QTest::qWaitForWindowExposed(&controls));
    QSlider *slider = controls.temperatureSlider();
    // Wide: never below 220 px (the old minimum of 120 let a 94-pixel drag leap from τ = 1 to
    // 0.053), and it takes the strip's spare room.
    QVERIFY(slider->minimumWidth() >= 220);
    QVERIFY2(slider->width() >= 300, qPrintable(QString::number(slider->width())));
    QCOMPARE(slider->tickPosition(), QSlider::TicksBelow);
    QCOMPARE(slider->tickInterval(), 125);
    QCOMPARE(ScoreControls::sliderPosition(1.0) % slider->tickInterval(), 0); // τ = 1 on a tick
    // One arrow key: 5 positions, τ = 400^(5/1000) = 1.0304, written with 3 digits.
    slider->setFocus();
    QTest::keyClick(slider, Qt::Key_Right);
    QCOMPARE(slider->value(), 505);
    QCOMPARE(document.scenario().temperature, 1.03);
    QTest::keyClick(slider, Qt::Key_Left);
    QCOMPARE(document.scenario().temperature, 1.0);
    // Page Up: one tick, τ × 400^(1/8) = 2.115.
    QTest::keyClick(slider, Qt::Key_PageUp);
    QCOMPARE(slider->value(), 625);
    QCOMPARE(document.scenario().temperature, ScoreControls::temperatureAt(625));
    QVERIFY(std::abs(document.scenario().temperature - std::pow(400.0, 0.125)) < 0.01);
}

void TestScoreControls::sliderDragIsOneUndoEntry()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    ScoreControls controls(&document);
    QSlider *slider = controls.temperatureSlider();
    slider->setSliderDown(true);
    for (double t : {2.0, 4.0, 0.25, 0.5}) {
        slider->setValue(ScoreControls::sliderPosition(t));
        QCOMPARE(document.scenario().temperature, t); // live while dragging
        QCOMPARE(controls.temperatureBox()->value(), t);
    }
    slider->setSliderDown(false);
    QCOMPARE(document.undoStack()->count(), 1);
    QCOMPARE(document.undoStack()->undoText(), QStringLiteral("Set temperature 0.5"));
    QVERIFY(std::abs(weight(document, 0) - firstWeight(std::sqrt(2.0), 0.0)) < 1e-12);

    document.undoStack()->undo(); // the whole drag at once
    QCOMPARE(document.scenario().temperature, 1.0);
    QCOMPARE(slider->value(), 500);
    document.undoStack()->redo();
    QCOMPARE(document.scenario().temperature, 0.5);

    // A second drag is a second entry.
    slider->setSliderDown(true);
    slider->setValue(ScoreControls::sliderPosition(4.0));
    slider->setSliderDown(false);
    QCOMPARE(document.undoStack()->count(), 2);
    QCOMPARE(document.undoStack()->undoText(), QStringLiteral("Set temperature 4"));
}

void TestScoreControls::dragThatChangesNothingLeavesNoEntry()
{
    ScenarioDocument document(pickyAttend);
    QVERIFY(document.load(attn::test::workedExample()));
    ScoreControls controls(&document);
    QSlider *slider = controls.temperatureSlider();
    slider->setSliderDown(true);
    slider->setValue(ScoreControls::sliderPosition(0.1)); // refused by the engine
    slider->setSliderDown(false);
    QCOMPARE(document.undoStack()->count(), 0);
    QVERIFY(!document.undoStack()->canRedo());
    QCOMPARE(document.scenario().temperature, 1.0);
    QCOMPARE(slider->value(), 500); // snapped back
    QCOMPARE(controls.temperatureBox()->value(), 1.0);
}

void TestScoreControls::dotVersusScaledDot()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    ScoreControls controls(&document);
    QCOMPARE(controls.autoScaleBox()->text(), QStringLiteral("auto = 0.7071"));
    QVERIFY(controls.autoScaleBox()->isChecked());
    QCOMPARE(controls.scaleBox()->value(), 1.0 / std::sqrt(2.0)); // not rounded to 4 decimals

    chooseKind(controls, QStringLiteral("dot"));
    QCOMPARE(document.scenario().score, attn::ScoreKind::Dot);
    QCOMPARE(document.undoStack()->undoText(), QStringLiteral("Score: dot"));
    // Plain dot: logits [1, 0] → e/(e + 1) = 0.7311.
    QVERIFY(std::abs(weight(document, 0) - firstWeight(1.0, 0.0)) < 1e-12);
    QCOMPARE(controls.autoScaleBox()->text(), QStringLiteral("auto = 1.0000"));
    QCOMPARE(controls.scaleBox()->value(), 1.0);

    chooseKind(controls, QStringLiteral("scaled dot"));
    QVERIFY(std::abs(weight(document, 0) - firstWeight(1.0 / std::sqrt(2.0), 0.0)) < 1e-12);
    QCOMPARE(document.undoStack()->count(), 2);
}

void TestScoreControls::explicitScaleAndBackToAuto()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    ScoreControls controls(&document);
    controls.scaleBox()->setValue(2.0);
    QCOMPARE(document.scenario().scale, std::optional<double>(2.0));
    QCOMPARE(document.undoStack()->undoText(), QStringLiteral("Set scale 2"));
    QVERIFY(!controls.autoScaleBox()->isChecked());
    // logits = 2 · [1, 0] = [2, 0] → e²/(e² + 1) = 0.8808.
    QVERIFY(std::abs(weight(document, 0) - firstWeight(2.0, 0.0)) < 1e-12);

    controls.autoScaleBox()->click(); // back to 1/√2
    QVERIFY(!document.scenario().scale);
    QVERIFY(controls.autoScaleBox()->isChecked());
    QCOMPARE(controls.scaleBox()->value(), 1.0 / std::sqrt(2.0)); // not rounded to 4 decimals
    QVERIFY(std::abs(weight(document, 0) - firstWeight(1.0 / std::sqrt(2.0), 0.0)) < 1e-12);

    controls.autoScaleBox()->click(); // explicit, at the auto value: the weights stay
    QCOMPARE(document.scenario().scale, std::optional<double>(1.0 / std::sqrt(2.0)));
    QVERIFY(std::abs(weight(document, 0) - firstWeight(1.0 / std::sqrt(2.0), 0.0)) < 1e-12);
    QCOMPARE(document.undoStack()->count(), 3);
}

void TestScoreControls::resetIsOneEdit()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    ScoreControls controls(&document);
    QVERIFY(!controls.resetButton()->isEnabled()); // nothing to reset yet
    QVERIFY(controls.setScale(3.0));
    QVERIFY(controls.setTemperature(0.25));
    QVERIFY(controls.resetButton()->isEnabled());
    controls.resetButton()->click();
    QCOMPARE(document.undoStack()->count(), 3);
    QCOMPARE(document.undoStack()->undoText(), QStringLiteral("Reset scale and temperature"));
    QVERIFY(!document.scenario().scale);
    QCOMPARE(document.scenario().temperature, 1.0);
    QCOMPARE(controls.temperatureBox()->value(), 1.0);
    QVERIFY(!controls.reset());
}

void TestScoreControls::refusedTemperatureSnapsBack()
{
    ScenarioDocument document(pickyAttend);
    QVERIFY(document.load(attn::test::workedExample()));
    QkvEditorView view(&document);
    auto *controls = view.findChild<ScoreControls *>();
    QVERIFY(controls);
    controls->temperatureBox()->setValue(0.1);
    QCOMPARE(document.scenario().temperature, 1.0);
    QCOMPARE(document.undoStack()->count(), 0);
    QCOMPARE(controls->temperatureBox()->value(), 1.0); // snapped back
    QCOMPARE(controls->temperatureSlider()->value(), 500);
    QVERIFY2(view.messageText().contains(QStringLiteral("Set temperature 0.1")) &&
                 view.messageText().contains(QStringLiteral("below 0.2")),
             qPrintable(view.messageText()));
    QVERIFY(!controls->setTemperature(0.0)); // not > 0: refused before the engine
    QVERIFY(!controls->setTemperature(std::nan("")));
    QCOMPARE(document.undoStack()->count(), 0);
}

void TestScoreControls::controlsFollowUndoAndLoad()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    ScoreControls controls(&document);
    attn::Scenario edited = document.scenario();
    edited.temperature = 4.0;
    edited.scale = 0.5;
    edited.score = attn::ScoreKind::Dot;
    QVERIFY(document.replaceScenario(edited, QStringLiteral("several")));
    QCOMPARE(controls.temperatureBox()->value(), 4.0);
    QCOMPARE(controls.temperatureSlider()->value(), ScoreControls::sliderPosition(4.0));
    QCOMPARE(controls.scaleBox()->value(), 0.5);
    QVERIFY(!controls.autoScaleBox()->isChecked());
    QVERIFY(controls.scoreKindBox()->currentText().startsWith(QStringLiteral("dot")));

    document.undoStack()->undo();
    QCOMPARE(controls.temperatureBox()->value(), 1.0);
    QCOMPARE(controls.temperatureSlider()->value(), 500);
    QVERIFY(controls.autoScaleBox()->isChecked());
    QVERIFY(controls.scoreKindBox()->currentText().startsWith(QStringLiteral("scaled dot")));

    attn::Scenario loaded = attn::test::workedExample();
    loaded.temperature = 20.0;
    QVERIFY(document.load(loaded));
    QCOMPARE(controls.temperatureBox()->value(), 20.0);
    QCOMPARE(controls.temperatureSlider()->value(), ScoreControls::kSliderSteps);
}

void TestScoreControls::additiveOfferedOnlyWithItsParameters()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    ScoreControls controls(&document);
    QCOMPARE(controls.scoreKindBox()->findText(QStringLiteral("additive"), Qt::MatchStartsWith), -1);

    attn::Scenario s = attn::test::workedExample();
    attn::AdditiveParams a;
    a.W_q = attn::Matrix::Identity(2, 2);
    a.W_k = attn::Matrix::Identity(2, 2);
    a.v = attn::Vector::Ones(2);
    s.additive = a;
    QVERIFY(document.load(s));
    QVERIFY(controls.scoreKindBox()->findText(QStringLiteral("additive"), Qt::MatchStartsWith) >= 0);
    chooseKind(controls, QStringLiteral("additive"));
    // a(q, k) = vᵀ tanh(q + k): k1 gives tanh 2 + tanh 0, k2 gives tanh 1 + tanh 1; scale 1.
    const double expected = firstWeight(std::tanh(2.0), 2.0 * std::tanh(1.0));
    QVERIFY(std::abs(weight(document, 0) - expected) < 1e-12);
    QCOMPARE(controls.autoScaleBox()->text(), QStringLiteral("auto = 1.0000"));
}

void TestScoreControls::lockedControlsAreDisabled()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    ScoreControls controls(&document);
    QVERIFY(controls.setTemperature(2.0));
    controls.setLocked(true);
    QVERIFY(controls.isLocked());
    QVERIFY(!controls.temperatureSlider()->isEnabled());
    QVERIFY(!controls.temperatureBox()->isEnabled());
    QVERIFY(!controls.scoreKindBox()->isEnabled());
    QVERIFY(!controls.scaleBox()->isEnabled());
    QVERIFY(!controls.resetButton()->isEnabled());
    controls.setLocked(false);
    QVERIFY(controls.temperatureSlider()->isEnabled());
    QVERIFY(controls.resetButton()->isEnabled());
}

void TestScoreControls::editorShowsTheStrip()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    attn::ui::QkvEditorView view(&document);
    auto *controls = view.findChild<ScoreControls *>();
    QVERIFY(controls);
    view.resize(1200, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(controls->isVisible());
    QVERIFY(controls->setTemperature(0.5));
    QCOMPARE(view.scoresText(),
             QStringLiteral("Query “q”: scores = [1.414, 0.000] → weights = [0.804, 0.196]"));
}

void TestScoreControls::typedNumbersReadAsInTheCells_data()
{
    QTest::addColumn<QString>("locale");
    QTest::addColumn<QString>("box");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<double>("value");
    // Before: QDoubleSpinBox dropped "e" and "-" (1e-3 became 13), read "0.5" as 5 under a comma
    // locale, and rounded to 4 decimals (0.00004 became 0).
    QTest::addRow("exponent") << "en_US"
                              << "scale"
                              << "1e-3" << 1e-3;
    QTest::addRow("negative exponent") << "en_US"
                                       << "scale"
                                       << "-2.5e-7" << -2.5e-7;
    QTest::addRow("below 4 decimals") << "en_US"
                                      << "scale"
                                      << "0.00004" << 0.00004;
    QTest::addRow("large") << "en_US"
                           << "scale"
                           << "1e200" << 1e200;
    QTest::addRow("German, point") << "de_DE"
                                   << "temperature"
                                   << "0.5" << 0.5;
    QTest::addRow("German, comma") << "de_DE"
                                   << "temperature"
                                   << "0,25" << 0.25;
    QTest::addRow("German, thousands look") << "de_DE"
                                            << "scale"
                                            << "1.500" << 1.5;
    QTest::addRow("tiny temperature") << "en_US"
                                      << "temperature"
                                      << "3e-5" << 3e-5;
}

void TestScoreControls::typedNumbersReadAsInTheCells()
{
    QFETCH(QString, locale);
    QFETCH(QString, box);
    QFETCH(QString, typed);
    QFETCH(double, value);
    const QLocale before;
    QLocale::setDefault(QLocale(locale));
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    ScoreControls controls(&document);
    QDoubleSpinBox *spin = box == QLatin1String("scale") ? controls.scaleBox() : controls.temperatureBox();
    spin->selectAll();
    QTest::keyClicks(spin, typed); // one key at a time, through the box's validator, as typed
    QTest::keyClick(spin, Qt::Key_Return);
    const double got = box == QLatin1String("scale") ? document.scenario().scale.value_or(qQNaN())
                                                     : document.scenario().temperature;
    QLocale::setDefault(before);
    QCOMPARE(got, value);
    QCOMPARE(spin->value(), value);
    // The table cells read the same text as the same number (one parser).
    double cell = 0;
    QLocale::setDefault(QLocale(locale));
    const bool parsed = attn::ui::parseTypedNumber(typed, &cell);
    QLocale::setDefault(before);
    QVERIFY(parsed);
    QCOMPARE(cell, value);
}

QTEST_MAIN(TestScoreControls)
#include "tst_scorecontrols.moc"
