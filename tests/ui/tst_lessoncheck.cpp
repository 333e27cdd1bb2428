// Task checks: each kind on the worked example with hand-checkable numbers, and for every task
// of every shipped lesson, the intended edit (made only with the step's unlocked controls)
// turns the check from failing to passing.
#include "ui/document/scenariodocument.h"
#include "ui/lessons/lessoncheck.h"
#include "ui/lessons/lessonloader.h"
#include "ui/lessons/lessonstage.h"
#include "ui/models/scorematrixmodel.h"
#include "ui/resources.h"
#include "ui/views/figureview.h"
#include "ui/views/maskedits.h"
#include "ui/views/viewregistry.h"
#include "workedexample.h"

#include <QAbstractButton>
#include <QAbstractSlider>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTest>
#include <QUndoStack>

#include <cmath>
#include <map>
#include <memory>

using namespace attn::lessons;
using attn::doc::ScenarioDocument;
using attn::doc::TensorRole;

namespace {

using attn::test::workedExample;

TaskCheck weightCheck(CheckKind kind, const QString &key, double value)
{
    TaskCheck c;
    c.kind = kind;
    c.query.token = QStringLiteral("q");
    c.key.token = key;
    c.value = value;
    return c;
}

/// The intended solution of every shipped task, as edits a learner makes with the controls the
/// step leaves unlocked: "Q[row][col]=x", "K[row][col]=x", "V[row][col]=x" (rows by label),
/// "remove key ROW", "add query", "add key", "add d_v column", "select ROW", "temperature=x" (the
/// score strip), "edit scores directly" and "S[row][col]=x" (the score table; rows and columns by
/// label), and for a figure view's own controls "set NAME=VALUE" (a spin box, slider or combo box
/// of the view found by objectName; a combo box by item data or text) and "click NAME [xN]" (a
/// button, N times). Key: "<lesson id>/<step, from 1>".
const std::map<QString, QStringList> &solutions()
{
    static const std::map<QString, QStringList> table = {
        {"01-why-attention/1", {"select she"}},
        {"01-why-attention/2", {"select come"}},
        {"01-why-attention/3", {"Q[she][1]=4"}},
        {"02-query-key-value/1", {"Q[q][0]=0", "Q[q][1]=1"}},
        {"02-query-key-value/2",
         {"V[k1][1]=1", "V[k1][2]=1", "V[k2][0]=1", "V[k2][2]=1", "V[k3][0]=1", "V[k3][1]=1"}},
        {"02-query-key-value/3", {"K[k3][0]=4"}},
        {"03-softmax-mixture/1", {"Q[q][0]=4"}},
        {"03-softmax-mixture/2", {"temperature=0.3"}},
        {"03-softmax-mixture/3", {"Q[q][0]=4"}},
        {"03-softmax-mixture/4", {"remove key k2 again"}},
        {"03-softmax-mixture/5", {"K[k1][0]=2"}},
        {"04-why-scale/1", {"K[k1][2]=-3"}},
        {"04-why-scale/2", {"K[k1][2]=10"}},
        {"04-why-scale/3", {"select large"}},
        {"05-scoring-functions/1", {"K[k1][0]=4"}},
        {"05-scoring-functions/2", {"K[k1][0]=3"}},
        {"05-scoring-functions/3", {"K[k1][1]=2"}},
        {"05-scoring-functions/4", {"select c"}},
        {"06-matrix-form/1", {"add query", "Q[q3][0]=1"}},
        {"06-matrix-form/2", {"add d_v column"}},
        {"06-matrix-form/3", {"K[k3][0]=2", "K[k3][1]=2"}},
        {"06-matrix-form/4", {"edit scores directly", "S[a][k1]=0", "S[a][k3]=-10"}},
        {"07-masks/1", {"Q[like][0]=3", "Q[like][1]=0"}},
        {"07-masks/2", {"mask causal"}},
        {"07-masks/3", {"V[tea][0]=10", "V[tea][1]=10"}},
        {"07-masks/5", {"mask policy uniform"}},
        {"08-self-and-cross/1", {"select cat"}},
        {"08-self-and-cross/2", {"select noir"}},
        {"08-self-and-cross/3", {"Q[noir][1]=0", "Q[noir][2]=4"}},
        // lessons 09, 12:
        {"09-rnn-vs-attention/1", {"set pathsI=1", "set pathsJ=10"}},
        {"09-rnn-vs-attention/2", {"set pathsWindow=4"}},
        {"09-rnn-vs-attention/3", {"click pathsStep x12"}},
        {"09-rnn-vs-attention/4", {"set pathsN=64", "set pathsWindow=16"}},
        {"12-quadratic-cost/1", {"set costN=100000"}},
        {"12-quadratic-cost/2", {"set costDtype=f32", "set costN=11586"}},
        {"12-quadratic-cost/3", {"set costKvHeads=8"}},
        {"12-quadratic-cost/4", {"set costWindow=512"}},
        // lessons 10, 11:
        {"10-multi-head/1", {"set headSelector=2"}},
        {"10-multi-head/2", {"K[sat][0]=4"}},
        {"10-multi-head/4", {"set kvGrouping=1"}},
        {"10-multi-head/5", {"Q[cat][0]=0", "Q[cat][1]=6"}},
        {"11-position/1", {"set positionalKind=rope"}},
        {"11-position/2", {"set ropeBase=10"}},
        {"11-position/3", {"set alibiSlope=0.5"}},
        {"11-position/4", {"set window=2"}},
        // lessons 13, 15:
        {"13-efficient-designs/1", {"click stepButton x9"}},
        {"13-efficient-designs/2", {"set blockQuery=3", "set blockKey=3", "click stepButton x4"}},
        {"13-efficient-designs/3", {"set kvHeadsCombo=8 (GQA)"}},
        {"13-efficient-designs/4", {"set layersSpin=4"}},
        {"15-weights-not-explanations/1", {"set interventionKind=delete", "set interventionKey=not"}},
        {"15-weights-not-explanations/2", {"select the"}},
        {"15-weights-not-explanations/3", {"set interventionKind=duplicate", "set interventionKey=movie"}},
        // lessons 14, 16:
        {"14-measuring-honestly/2", {"set measuringRepetitions=21"}},
        {"14-measuring-honestly/3", {"set needleWindow=1024"}},
        {"14-measuring-honestly/4", {"set needleKernel=linear"}},
        {"16-baselines/1", {"K[cat][0]=1", "K[cat][1]=0"}},
        {"16-baselines/2", {"set convWidth=6"}},
        {"16-baselines/3", {"V[she][0]=3"}},
    };
    return table;
}

CheckResult evaluate(const TaskCheck &check, const ScenarioDocument &document,
                     attn::ui::FigureView *view = nullptr)
{
    return evaluateCheck(check, {&document.trace(), document.traceQueryLabels(), document.traceKeyLabels(),
                                 document.selectedQuery(),
                                 view ? view->currentTaskValues() : QMap<QString, double>()});
}

/// "set NAME=VALUE" and "click NAME [xN]" on the figure view's own widgets, as a learner would.
bool applyViewEdit(const QString &edit, attn::ui::FigureView *view, QString *why)
{
    if (!view) return (*why = "the step has no figure view", false);
    static const QRegularExpression set(QStringLiteral("^set (\\w+)=(.+)$"));
    static const QRegularExpression click(QStringLiteral("^click (\\w+)(?: x(\\d+))?$"));
    if (const QRegularExpressionMatch m = set.match(edit); m.hasMatch()) {
        QWidget *widget = view->findChild<QWidget *>(m.captured(1));
        if (!widget) return (*why = "no widget " + m.captured(1), false);
        if (!widget->isEnabled()) return (*why = m.captured(1) + " is disabled", false);
        const QString value = m.captured(2);
        if (auto *spin = qobject_cast<QSpinBox *>(widget)) {
            spin->setValue(value.toInt());
            return spin->value() == value.toInt() || (*why = "value out of range", false);
        }
        if (auto *spin = qobject_cast<QDoubleSpinBox *>(widget)) {
            spin->setValue(value.toDouble());
            return true;
        }
        if (auto *slider = qobject_cast<QAbstractSlider *>(widget)) {
            slider->setValue(value.toInt());
            return slider->value() == value.toInt() || (*why = "value out of range", false);
        }
        if (auto *combo = qobject_cast<QComboBox *>(widget)) {
            int index = combo->findData(value);
            if (index < 0) index = combo->findText(value);
            if (index < 0) return (*why = "no item " + value, false);
            combo->setCurrentIndex(index);
            return true;
        }
        return (*why = m.captured(1) + " is not a spin box, slider or combo box", false);
    }
    if (const QRegularExpressionMatch m = click.match(edit); m.hasMatch()) {
        auto *button = view->findChild<QAbstractButton *>(m.captured(1));
        if (!button) return (*why = "no button " + m.captured(1), false);
        const int times = m.captured(2).isEmpty() ? 1 : m.captured(2).toInt();
        for (int i = 0; i < times; ++i) {
            if (!button->isEnabled()) return (*why = m.captured(1) + " is disabled", false);
            button->click();
        }
        return true;
    }
    return (*why = "unknown edit", false);
}

bool allowed(const LessonStep &step, const QString &control)
{
    return !step.controlsGiven || step.controls.contains(control);
}

/// Applies one edit written as in solutions(); false (with *why) when it cannot be applied or
/// uses a control the step locks.
bool applyEdit(const QString &edit, const LessonStep &step, ScenarioDocument &document, QString *why)
{
    static const QRegularExpression cell(QStringLiteral("^([QKV])\\[(.+)\\]\\[(\\d+)\\]=(-?[\\d.]+)$"));
    if (const QRegularExpressionMatch m = cell.match(edit); m.hasMatch()) {
        const QString tensor = m.captured(1);
        if (!allowed(step, tensor)) return (*why = tensor + " is locked in this step", false);
        const TensorRole role = tensor == "Q"   ? TensorRole::Query
                                : tensor == "K" ? TensorRole::Key
                                                : TensorRole::Value;
        const QStringList labels =
            role == TensorRole::Query ? document.traceQueryLabels() : document.traceKeyLabels();
        const int row = static_cast<int>(labels.indexOf(m.captured(2)));
        if (row < 0) return (*why = "no row " + m.captured(2), false);
        return document.setCell(role, row, m.captured(3).toInt(), m.captured(4).toDouble()) ||
               (*why = "setCell refused", false);
    }
    if (edit.startsWith("temperature=")) {
        if (!allowed(step, QStringLiteral("score"))) return (*why = "the score strip is locked", false);
        attn::Scenario edited = document.scenario();
        edited.temperature = edit.mid(12).toDouble();
        return document.replaceScenario(edited, edit) || (*why = "refused", false);
    }
    if (edit == "edit scores directly") {
        if (!allowed(step, QStringLiteral("S"))) return (*why = "S is locked in this step", false);
        const auto edited = attn::ui::scenarioWithRawScores(document.scenario(), document.trace(), why);
        return edited && (document.replaceScenario(*edited, edit) || (*why = "refused", false));
    }
    static const QRegularExpression score(QStringLiteral("^S\\[([^\\]]+)\\]\\[([^\\]]+)\\]=(-?[\\d.]+)$"));
    if (const QRegularExpressionMatch m = score.match(edit); m.hasMatch()) {
        if (!allowed(step, QStringLiteral("S"))) return (*why = "S is locked in this step", false);
        attn::Scenario edited = document.scenario();
        const int row = static_cast<int>(document.traceQueryLabels().indexOf(m.captured(1)));
        const int column = static_cast<int>(document.traceKeyLabels().indexOf(m.captured(2)));
        if (edited.scores.empty() || row < 0 || column < 0) return (*why = "no raw score " + edit, false);
        edited.scores.front()(row, column) = m.captured(3).toDouble();
        return document.replaceScenario(edited, edit) || (*why = "refused", false);
    }
    if (edit.startsWith("select ")) {
        const int row = static_cast<int>(document.traceQueryLabels().indexOf(edit.mid(7)));
        if (row < 0) return (*why = "no query " + edit.mid(7), false);
        document.setSelectedQuery(row);
        return true;
    }
    // Lesson 7: the mask editor's edits, pushed as its buttons push them (no table is involved).
    if (edit == "mask causal" || edit == "mask policy uniform") {
        const attn::Scenario &current = document.scenario();
        const attn::Scenario edited =
            edit == "mask causal" ? attn::ui::withCausal(current, attn::Alignment::BottomRight)
                                  : attn::ui::withMaskedRowPolicy(current, attn::MaskedRowPolicy::Uniform);
        return document.replaceScenario(edited, edit) || (*why = "refused", false);
    }
    if (!allowed(step, QStringLiteral("shape"))) return (*why = "the shape is locked in this step", false);
    if (edit.startsWith("remove key ")) {
        const int row = static_cast<int>(document.traceKeyLabels().indexOf(edit.mid(11)));
        return row >= 0 && document.removeKey(row);
    }
    if (edit == "add query") return document.addQuery();
    if (edit == "add key") return document.addKey();
    if (edit == "add d_v column") return document.addValueDim();
    *why = "unknown edit";
    return false;
}

} // namespace

class TestLessonCheck : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        attn::ui::initResources();
        setProbeFigureViews(true); // view_value tasks that already hold are refused, as by `lessons --check`
    }
    void weightChecks_data();
    void weightChecks();
    void argmaxKey();
    void outputNear();
    void shapes();
    void selectedQuery();
    void allOf();
    void viewValue();
    void tokenThatDisappearedIsNotMet();
    void indexRefsWork();
    void nothingComputedIsNotMet();
    void everyShippedTaskHasAWrittenSolution();
    void everyTaskFailsBeforeAndPassesAfterItsEdit_data();
    void everyTaskFailsBeforeAndPassesAfterItsEdit();
};

void TestLessonCheck::weightChecks_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("key");
    QTest::addColumn<double>("value");
    QTest::addColumn<bool>("met");
    QTest::addColumn<QString>("status");
    const auto above = static_cast<int>(CheckKind::WeightAbove);
    const auto below = static_cast<int>(CheckKind::WeightBelow);
    const auto near = static_cast<int>(CheckKind::WeightNear);
    QTest::addRow("above met") << above << "k1" << 0.6 << true
                               << "weight of “q” on “k1” = 0.670 (needs > 0.6)";
    QTest::addRow("above not met") << above << "k1" << 0.7 << false
                                   << "weight of “q” on “k1” = 0.670 (needs > 0.7)";
    QTest::addRow("below met") << below << "k2" << 0.5 << true
                               << "weight of “q” on “k2” = 0.330 (needs < 0.5)";
    QTest::addRow("below not met") << below << "k2" << 0.3 << false
                                   << "weight of “q” on “k2” = 0.330 (needs < 0.3)";
    QTest::addRow("near met") << near << "k1" << 0.67 << true
                              << "weight of “q” on “k1” = 0.670 (needs 0.67 ± 0.01)";
    QTest::addRow("near not met") << near << "k1" << 0.65 << false
                                  << "weight of “q” on “k1” = 0.670 (needs 0.65 ± 0.01)";
}

void TestLessonCheck::weightChecks()
{
    QFETCH(int, kind);
    QFETCH(QString, key);
    QFETCH(double, value);
    QFETCH(bool, met);
    QFETCH(QString, status);
    ScenarioDocument document;
    QVERIFY(document.load(workedExample()));
    const CheckResult r = evaluate(weightCheck(static_cast<CheckKind>(kind), key, value), document);
    QCOMPARE(r.met, met);
    QCOMPARE(r.status, status);
}

void TestLessonCheck::argmaxKey()
{
    ScenarioDocument document;
    QVERIFY(document.load(workedExample()));
    TaskCheck c = weightCheck(CheckKind::ArgmaxKey, QStringLiteral("k2"), 0);
    CheckResult r = evaluate(c, document);
    QVERIFY(!r.met);
    QCOMPARE(r.status, QStringLiteral("largest weight of “q”: “k1” (0.670); wanted “k2” alone on top"));
    // q = (1, 1) scores both keys alike: a tie is not a win.
    QVERIFY(document.setCell(TensorRole::Query, 0, 1, 1.0));
    r = evaluate(c, document);
    QVERIFY(!r.met);
    QVERIFY(r.status.contains(QStringLiteral("a tie at 0.500")));
    QVERIFY(document.setCell(TensorRole::Query, 0, 0, 0.0));
    QVERIFY(evaluate(c, document).met);
}

void TestLessonCheck::outputNear()
{
    ScenarioDocument document;
    QVERIFY(document.load(workedExample()));
    TaskCheck c;
    c.kind = CheckKind::OutputNear;
    c.head = -1;
    c.query.index = 0;
    c.target = {1.34, 1.32};
    CheckResult r = evaluate(c, document);
    QVERIFY(r.met);
    QCOMPARE(r.status, QStringLiteral("output of “q” = [1.340, 1.321] (needs [1.340, 1.320] ± 0.01)"));
    c.tolerance = 0.0005;
    QVERIFY(!evaluate(c, document).met); // 1.3210 is 0.001 away from 1.32
    c.target = {1.0};
    r = evaluate(c, document);
    QVERIFY(!r.met);
    QCOMPARE(r.status, QStringLiteral("the output has 2 entries, the target 1"));
}

void TestLessonCheck::shapes()
{
    ScenarioDocument document;
    QVERIFY(document.load(workedExample()));
    TaskCheck c;
    c.kind = CheckKind::Shapes;
    c.n_q = 2;
    c.n_k = 2;
    CheckResult r = evaluate(c, document);
    QVERIFY(!r.met);
    QCOMPARE(r.status, QStringLiteral("n_q = 1 (needs 2), n_k = 2"));
    QVERIFY(document.addQuery());
    QVERIFY(evaluate(c, document).met);
}

void TestLessonCheck::selectedQuery()
{
    attn::Scenario s = workedExample();
    s.query.resize(2, 2);
    s.query << 1, 0, 0, 1;
    s.query_tokens = {"a", "b"};
    ScenarioDocument document;
    QVERIFY(document.load(s));
    TaskCheck c;
    c.kind = CheckKind::SelectedQuery;
    c.query.token = QStringLiteral("b");
    QCOMPARE(evaluate(c, document).status, QStringLiteral("query shown: “a” (wanted “b”)"));
    QVERIFY(!evaluate(c, document).met);
    c.showTarget = false; // "which query …?": the status must not name the answer
    QCOMPARE(evaluate(c, document).status, QStringLiteral("query shown: “a”"));
    document.setSelectedQuery(1);
    QVERIFY(evaluate(c, document).met);
}

void TestLessonCheck::allOf()
{
    ScenarioDocument document;
    QVERIFY(document.load(workedExample()));
    TaskCheck c;
    c.kind = CheckKind::AllOf;
    c.all = {weightCheck(CheckKind::WeightAbove, QStringLiteral("k1"), 0.6),
             weightCheck(CheckKind::WeightBelow, QStringLiteral("k2"), 0.3)};
    const CheckResult r = evaluate(c, document);
    QVERIFY(!r.met);
    QCOMPARE(r.status, QStringLiteral("✓ weight of “q” on “k1” = 0.670 (needs > 0.6)\n"
                                      "✗ weight of “q” on “k2” = 0.330 (needs < 0.3)"));
}

void TestLessonCheck::viewValue()
{
    ScenarioDocument document;
    QVERIFY(document.load(workedExample()));
    TaskCheck c;
    c.kind = CheckKind::ViewValue;
    c.name = QStringLiteral("attention_layers");
    c.equals = 3;
    CheckContext context{&document.trace(), document.traceQueryLabels(), document.traceKeyLabels(), 0, {}};
    CheckResult r = evaluateCheck(c, context);
    QVERIFY(!r.met);
    QCOMPARE(r.status, QStringLiteral("the view does not show “attention_layers” now"));
    context.viewValues.insert(QStringLiteral("attention_layers"), 2);
    r = evaluateCheck(c, context);
    QVERIFY(!r.met);
    QCOMPARE(r.status, QStringLiteral("attention_layers = 2 (needs 3)"));
    context.viewValues[QStringLiteral("attention_layers")] = 3.005; // within the default tolerance
    QVERIFY(evaluateCheck(c, context).met);
    // Bounds combine with AND; each is strict.
    c.equals.reset();
    c.above = 1;
    c.below = 3;
    context.viewValues[QStringLiteral("attention_layers")] = 3;
    r = evaluateCheck(c, context);
    QVERIFY(!r.met);
    QCOMPARE(r.status, QStringLiteral("attention_layers = 3 (needs > 1 and < 3)"));
    context.viewValues[QStringLiteral("attention_layers")] = 2;
    QVERIFY(evaluateCheck(c, context).met);
    context.viewValues[QStringLiteral("attention_layers")] = std::nan("");
    QVERIFY(!evaluateCheck(c, context).met);
    // Large counts and bounds carry thousands separators; a fractional target keeps its tolerance.
    c.above = 17179869184.0;
    c.below.reset();
    context.viewValues[QStringLiteral("attention_layers")] = 1073741824.0;
    QCOMPARE(evaluateCheck(c, context).status,
             QStringLiteral("attention_layers = 1,073,741,824 (needs > 17,179,869,184)"));
    c.above.reset();
    c.equals = 0.5;
    c.tolerance = 0.05;
    QCOMPARE(evaluateCheck(c, context).status,
             QStringLiteral("attention_layers = 1,073,741,824 (needs 0.5 ± 0.05)"));
    // A task whose answer is the target keeps it out of the status line.
    c.showTarget = false;
    QCOMPARE(evaluateCheck(c, context).status, QStringLiteral("attention_layers = 1,073,741,824"));
}

void TestLessonCheck::tokenThatDisappearedIsNotMet()
{
    ScenarioDocument document;
    QVERIFY(document.load(workedExample()));
    const TaskCheck c = weightCheck(CheckKind::WeightBelow, QStringLiteral("k2"), 0.9);
    QVERIFY(evaluate(c, document).met);
    QVERIFY(document.removeKey(1));
    const CheckResult r = evaluate(c, document);
    QVERIFY(!r.met);
    QCOMPARE(r.status, QStringLiteral("key “k2” is no longer in the scenario"));
}

void TestLessonCheck::indexRefsWork()
{
    ScenarioDocument document;
    QVERIFY(document.load(workedExample()));
    TaskCheck c = weightCheck(CheckKind::WeightAbove, {}, 0.3);
    c.query = TokenRef{0, {}};
    c.key = TokenRef{1, {}};
    QVERIFY(evaluate(c, document).met);
    c.key = TokenRef{2, {}};
    QVERIFY(!evaluate(c, document).met);
    QCOMPARE(resolveToken(TokenRef{-1, QStringLiteral("k2")}, {"k1", "k2"}), std::optional<int>(1));
    QCOMPARE(resolveToken(TokenRef{5, {}}, {"k1", "k2"}), std::optional<int>());
}

void TestLessonCheck::nothingComputedIsNotMet()
{
    attn::AttentionTrace empty;
    const CheckResult r =
        evaluateCheck(weightCheck(CheckKind::WeightBelow, QStringLiteral("k1"), 1), {&empty, {}, {}, 0});
    QVERIFY(!r.met);
    QCOMPARE(r.status, QStringLiteral("nothing computed yet"));
}

void TestLessonCheck::everyShippedTaskHasAWrittenSolution()
{
    const LessonLibrary library = loadShippedLessons();
    QVERIFY(library.problems.empty());
    for (const Lesson &lesson : library.lessons)
        for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
            const QString key = QStringLiteral("%1/%2").arg(lesson.id).arg(i + 1);
            QVERIFY2(lesson.steps[i].task.has_value() == (solutions().count(key) == 1),
                     qPrintable(key + (lesson.steps[i].task ? ": a task without a solution in this test"
                                                            : ": a solution for a step without a task")));
        }
}

void TestLessonCheck::everyTaskFailsBeforeAndPassesAfterItsEdit_data()
{
    QTest::addColumn<QString>("lessonId");
    QTest::addColumn<int>("step");
    QTest::addColumn<QStringList>("edits");
    for (const auto &[key, edits] : solutions()) {
        const QStringList parts = key.split('/');
        QTest::addRow("%s", qPrintable(key)) << parts[0] << parts[1].toInt() << edits;
    }
}

void TestLessonCheck::everyTaskFailsBeforeAndPassesAfterItsEdit()
{
    QFETCH(QString, lessonId);
    QFETCH(int, step);
    QFETCH(QStringList, edits);
    const LessonLibrary library = loadShippedLessons();
    const Lesson *lesson = library.find(lessonId);
    QVERIFY2(lesson, qPrintable(lessonId));
    QVERIFY(step >= 1 && step <= static_cast<int>(lesson->steps.size()));
    const LessonStep &s = lesson->steps[static_cast<std::size_t>(step - 1)];
    QVERIFY(s.task);

    ScenarioDocument document;
    QString error;
    QVERIFY2(loadStep(s, document, &error), qPrintable(error));
    // The step's figure view, built on the loaded document as the window shows it.
    std::unique_ptr<attn::ui::FigureView> view;
    if (const attn::ui::FigureViewInfo *info = attn::ui::findFigureView(s.view)) {
        view.reset(info->create(&document, nullptr));
        view->resetViewState();
    }
    const CheckResult before = evaluate(s.task->check, document, view.get());
    QVERIFY2(!before.met, qPrintable(before.status));
    bool viewEdits = false;
    for (const QString &edit : edits) {
        QString why;
        if (edit.startsWith("set ") || edit.startsWith("click ")) {
            viewEdits = true;
            QVERIFY2(applyViewEdit(edit, view.get(), &why), qPrintable(edit + ": " + why));
        } else {
            QVERIFY2(applyEdit(edit, s, document, &why), qPrintable(edit + ": " + why));
        }
    }
    const CheckResult after = evaluate(s.task->check, document, view.get());
    QVERIFY2(after.met, qPrintable(after.status));
    // Undoing the edits brings the step back to where the task is open again; a view's own
    // controls go back with resetViewState (what opening the step again does).
    while (document.undoStack()->canUndo()) document.undoStack()->undo();
    if (view) view->resetViewState();
    if (!edits.first().startsWith("select ") || viewEdits)
        QVERIFY2(!evaluate(s.task->check, document, view.get()).met,
                 qPrintable(evaluate(s.task->check, document, view.get()).status));
}

QTEST_MAIN(TestLessonCheck)
#include "tst_lessoncheck.moc"
