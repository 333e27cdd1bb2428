// ScoresTable and ScoreMatrixModel: the logits read-only, "Edit scores directly" keeping every
// weight, raw score cells as undoable edits checked against softmax computed by hand.
#include "strictwarnings.h"
#include "ui/lessons/lessonstage.h"
#include "ui/models/scorematrixmodel.h"
#include "ui/views/common/scorecontrols.h"
#include "ui/views/common/scorestable.h"
#include "ui/views/qkv/qkveditorview.h"
#include "workedexample.h"

#include <QAbstractItemModelTester>
#include <QColor>
#include <QComboBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QUndoStack>

#include <cmath>
#include <limits>

Q_DECLARE_METATYPE(attn::Scenario)

using attn::Matrix;
using attn::Scenario;
using attn::doc::ScenarioDocument;
using attn::ui::QkvEditorView;
using attn::ui::ScoreMatrixModel;
using attn::ui::ScoresTable;

namespace {

/// Largest |difference| between the weights of every head of two traces.
double weightDistance(const attn::AttentionTrace &a, const attn::AttentionTrace &b)
{
    if (a.heads.size() != b.heads.size()) return INFINITY;
    double worst = 0.0;
    for (std::size_t h = 0; h < a.heads.size(); ++h)
        worst = std::max(worst, (a.heads[h].weights - b.heads[h].weights).cwiseAbs().maxCoeff());
    return worst;
}

/// Two query heads sharing one K/V head (d_k = 2), three tokens, causal, ALiBi slopes 0.5 and
/// 0.25, temperature 0.7, plain dot: every part that the conversion must fold into S.
Scenario twoHeadAlibi()
{
    Scenario s;
    s.num_query_heads = 2;
    s.num_kv_heads = 1;
    s.query.resize(3, 4); // (n_q, H_q·d_k)
    s.query << 1, 0, 0.5, 1, 0, 1, -1, 0, 1, 1, 0, 2;
    s.key.resize(3, 2); // (n_k, H_kv·d_k)
    s.key << 1, 0, 0.5, 0.5, -1, 2;
    s.value = Matrix::Identity(3, 3); // (n_k, d_v)
    s.score = attn::ScoreKind::Dot;
    s.temperature = 0.7;
    s.mask.causal = true;
    s.positional.kind = attn::PositionalKind::Alibi;
    s.positional.alibi_slopes = {0.5, 0.25};
    return s;
}

} // namespace

class TestScoresTable : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void logitsAreShownReadOnly();
    void modelPassesTheTester();
    void editDirectlyKeepsEveryWeight_data();
    void editDirectlyKeepsEveryWeight();
    void rawCellEditFollowsSoftmax();
    void nanAndTextAreRefused();
    void backToScaledDotFromTheStrip();
    void lockedTableCannotBeEdited();
    void linearKernelCannotConvert();
    void editorShowsTheTable();
    void maskedCellsAreGrey();
    void lessonControlsLockTheStripAndTheTable();
};

void TestScoresTable::logitsAreShownReadOnly()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    ScoresTable table(&document);
    ScoreMatrixModel *model = table.model();
    QCOMPARE(model->rowCount(), 1);
    QCOMPARE(model->columnCount(), 2);
    QVERIFY(!model->isEditable());
    QCOMPARE(model->data(model->index(0, 0)).toString(), QStringLiteral("0.707"));
    QCOMPARE(model->data(model->index(0, 1)).toString(), QStringLiteral("0.000"));
    QCOMPARE(model->values()(0, 0), 1.0 / std::sqrt(2.0));
    QCOMPARE(model->headerData(1, Qt::Horizontal).toString(), QStringLiteral("k2"));
    QCOMPARE(model->headerData(0, Qt::Vertical).toString(), QStringLiteral("q"));
    QVERIFY(!(model->flags(model->index(0, 0)) & Qt::ItemIsEditable));
    QVERIFY(!model->setData(model->index(0, 0), 3.0));
    QVERIFY2(table.titleText().contains(QStringLiteral("n_q × n_k = 1 × 2")), qPrintable(table.titleText()));
    QVERIFY(!table.editDirectlyButton()->isHidden());

    // The logits follow every edit of Q and K, e.g. q = [2, 0]: 2/√2.
    QVERIFY(document.setCell(attn::doc::TensorRole::Query, 0, 0, 2.0));
    QCOMPARE(model->values()(0, 0), 2.0 / std::sqrt(2.0));
}

void TestScoresTable::modelPassesTheTester()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    ScoreMatrixModel model(&document);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(document.addKey());
    QCOMPARE(model.columnCount(), 3);
    QVERIFY(document.addQuery());
    QCOMPARE(model.rowCount(), 2);
    document.undoStack()->undo();
    QCOMPARE(model.rowCount(), 1);
}

void TestScoresTable::editDirectlyKeepsEveryWeight_data()
{
    QTest::addColumn<Scenario>("scenario");
    QTest::addColumn<int>("head");
    Scenario half = attn::test::workedExample();
    half.temperature = 0.5;
    Scenario scaled = attn::test::workedExample();
    scaled.score = attn::ScoreKind::Dot;
    scaled.scale = 3.0;
    QTest::addRow("worked example") << attn::test::workedExample() << 0;
    QTest::addRow("temperature 0.5") << half << 0;
    QTest::addRow("dot, scale 3") << scaled << 0;
    QTest::addRow("two heads, ALiBi, causal, head 1") << twoHeadAlibi() << 1;
}

void TestScoresTable::editDirectlyKeepsEveryWeight()
{
    QFETCH(Scenario, scenario);
    QFETCH(int, head);
    ScenarioDocument document;
    QVERIFY(document.load(scenario));
    document.setSelectedHead(head);
    const attn::AttentionTrace before = document.trace();
    ScoresTable table(&document);
    const Matrix logits = table.model()->values();
    QCOMPARE(logits, before.heads.at(head).logits);

    QVERIFY(table.editScoresDirectly());
    QVERIFY(attn::ui::usesRawScores(document.scenario()));
    QCOMPARE(document.undoStack()->count(), 1);
    QCOMPARE(document.undoStack()->undoText(), QStringLiteral("Edit scores directly"));
    QVERIFY2(weightDistance(before, document.trace()) <= 1e-12,
             qPrintable(QString::number(weightDistance(before, document.trace()))));
    QVERIFY((before.output - document.trace().output).cwiseAbs().maxCoeff() <= 1e-12);
    QCOMPARE(document.scenario().temperature, 1.0);
    QVERIFY(!document.scenario().scale);
    // The editable cells are the numbers that were shown: the logits of the selected head.
    QVERIFY(table.model()->isEditable());
    QCOMPARE(table.model()->values(), logits);
    QVERIFY(table.editDirectlyButton()->isHidden());
    QVERIFY(!table.editScoresDirectly()); // already raw

    document.undoStack()->undo();
    QVERIFY(!attn::ui::usesRawScores(document.scenario()));
    QCOMPARE(weightDistance(before, document.trace()), 0.0);
}

void TestScoresTable::rawCellEditFollowsSoftmax()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    ScoresTable table(&document);
    QVERIFY(table.editScoresDirectly());
    ScoreMatrixModel *model = table.model();
    QSignalSpy changed(model, &QAbstractItemModel::dataChanged);
    QVERIFY(model->setData(model->index(0, 1), QStringLiteral("2")));
    QVERIFY(changed.count() >= 1);
    QCOMPARE(document.undoStack()->count(), 2);
    QCOMPARE(document.undoStack()->undoText(), QStringLiteral("Set S[q, k2] = 2"));
    // S = [1/√2, 2] → weights e^0.7071 / (e^0.7071 + e²) = 0.2155 and 0.7845.
    const double s0 = 1.0 / std::sqrt(2.0);
    const double w0 = std::exp(s0) / (std::exp(s0) + std::exp(2.0));
    QVERIFY(std::abs(document.trace().heads[0].weights(0, 0) - w0) < 1e-12);
    QVERIFY(std::abs(document.trace().heads[0].weights(0, 1) - (1.0 - w0)) < 1e-12);
    QCOMPARE(model->data(model->index(0, 1)).toString(), QStringLiteral("2.000"));
    QCOMPARE(model->data(model->index(0, 1), Qt::EditRole).toString(), QStringLiteral("2"));

    // The temperature also divides raw scores: at τ = 2 the logits are [0.3536, 1].
    attn::ui::ScoreControls controls(&document);
    QVERIFY(controls.setTemperature(2.0));
    const double w0Warm = std::exp(s0 / 2) / (std::exp(s0 / 2) + std::exp(1.0));
    QVERIFY(std::abs(document.trace().heads[0].weights(0, 0) - w0Warm) < 1e-12);
    QCOMPARE(model->values()(0, 1), 2.0); // the cell still shows the raw score

    document.undoStack()->undo();
    document.undoStack()->undo();
    QCOMPARE(model->values()(0, 1), 0.0);
}

void TestScoresTable::nanAndTextAreRefused()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    QkvEditorView view(&document);
    auto *table = view.findChild<ScoresTable *>();
    QVERIFY(table);
    QVERIFY(table->editScoresDirectly());
    ScoreMatrixModel *model = table->model();
    QSignalSpy rejected(model, &ScoreMatrixModel::inputRejected);
    QVERIFY(!model->setData(model->index(0, 0), QStringLiteral("nan")));
    QCOMPARE(rejected.count(), 1);
    QVERIFY2(view.messageText().startsWith(QStringLiteral("S[0, 0] (“q” → “k1”): refused “nan”")),
             qPrintable(view.messageText()));
    QVERIFY(view.messageText().contains(QStringLiteral("NaN and infinity are not allowed")));
    QVERIFY(!model->setData(model->index(0, 0), std::numeric_limits<double>::infinity()));
    QVERIFY(!model->setData(model->index(0, 0), QStringLiteral("abc")));
    QVERIFY(view.messageText().contains(QStringLiteral("not a number")));
    QCOMPARE(rejected.count(), 3);
    QCOMPARE(document.undoStack()->count(), 1); // only the conversion
    QCOMPARE(model->values()(0, 0), 1.0 / std::sqrt(2.0));
}

void TestScoresTable::backToScaledDotFromTheStrip()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    const double w0 = document.trace().heads[0].weights(0, 0);
    QkvEditorView view(&document);
    auto *controls = view.findChild<attn::ui::ScoreControls *>();
    QComboBox *kind = controls->scoreKindBox();
    // Choosing "raw scores" in the strip converts like the button does.
    const int raw = kind->findText(QStringLiteral("raw scores"), Qt::MatchStartsWith);
    kind->setCurrentIndex(raw);
    emit kind->activated(raw);
    QVERIFY(attn::ui::usesRawScores(document.scenario()));
    QCOMPARE(document.trace().heads[0].weights(0, 0), w0);
    auto *model = view.findChild<ScoresTable *>()->model();
    QVERIFY(model->setData(model->index(0, 0), 5.0));
    QVERIFY(document.trace().heads[0].weights(0, 0) > 0.98);

    // Q and K were kept: scaled dot computes the scores from them again.
    const int scaled = kind->findText(QStringLiteral("scaled dot"), Qt::MatchStartsWith);
    kind->setCurrentIndex(scaled);
    emit kind->activated(scaled);
    QVERIFY(!attn::ui::usesRawScores(document.scenario()));
    QCOMPARE(document.trace().heads[0].weights(0, 0), w0);
    QVERIFY(!model->isEditable());
    QCOMPARE(document.undoStack()->count(), 3);
}

void TestScoresTable::lockedTableCannotBeEdited()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    ScoresTable table(&document);
    table.setLocked(true);
    QVERIFY(!table.editDirectlyButton()->isEnabled());
    table.setLocked(false);
    QVERIFY(table.editDirectlyButton()->isEnabled());
    QVERIFY(table.editScoresDirectly());
    QCOMPARE(table.tableView()->editTriggers(), QAbstractItemView::AllEditTriggers);
    table.setLocked(true);
    QCOMPARE(table.tableView()->editTriggers(), QAbstractItemView::NoEditTriggers);
}

void TestScoresTable::linearKernelCannotConvert()
{
    Scenario s = attn::test::workedExample();
    s.kernel = attn::KernelKind::Linear;
    ScenarioDocument document;
    QVERIFY(document.load(s));
    ScoresTable table(&document);
    QSignalSpy rejected(&table, &ScoresTable::inputRejected);
    QVERIFY(!table.editScoresDirectly());
    QCOMPARE(rejected.count(), 1);
    QVERIFY(rejected.at(0).at(0).toString().contains(QStringLiteral("linear kernel")));
    QCOMPARE(document.undoStack()->count(), 0);
}

void TestScoresTable::editorShowsTheTable()
{
    ScenarioDocument document;
    QVERIFY(document.load(twoHeadAlibi()));
    QkvEditorView view(&document);
    auto *table = view.findChild<ScoresTable *>();
    QVERIFY(table);
    QVERIFY(table->titleText().contains(QStringLiteral("head 0")));
    document.setSelectedHead(1);
    QVERIFY(table->titleText().contains(QStringLiteral("head 1")));
    QCOMPARE(table->model()->values(), document.trace().heads[1].logits);
}

void TestScoresTable::maskedCellsAreGrey()
{
    Scenario s = attn::test::workedExample();
    s.mask.key_padding = {true, false}; // k2 is padding
    ScenarioDocument document;
    QVERIFY(document.load(s));
    ScoreMatrixModel model(&document);
    QVERIFY(!model.data(model.index(0, 0), Qt::ForegroundRole).isValid());
    QCOMPARE(model.data(model.index(0, 1), Qt::ForegroundRole).value<QColor>(), QColor(Qt::gray));
    QVERIFY(model.data(model.index(0, 1), Qt::ToolTipRole).toString().contains(QStringLiteral("masked")));
}

void TestScoresTable::lessonControlsLockTheStripAndTheTable()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    QkvEditorView view(&document);
    auto *controls = view.findChild<attn::ui::ScoreControls *>();
    auto *table = view.findChild<ScoresTable *>();
    attn::lessons::LessonStep step;
    step.controlsGiven = true;
    step.controls = {QStringLiteral("Q")};
    attn::lessons::applyControls(&step, view);
    QVERIFY(controls->isLocked());
    QVERIFY(table->isLocked());
    QVERIFY(!table->editDirectlyButton()->isEnabled());
    step.controls = {QStringLiteral("score")};
    attn::lessons::applyControls(&step, view);
    QVERIFY(!controls->isLocked());
    QVERIFY(table->isLocked());
    step.controls = {QStringLiteral("S")};
    attn::lessons::applyControls(&step, view);
    QVERIFY(controls->isLocked());
    QVERIFY(!table->isLocked());
    attn::lessons::applyControls(nullptr, view); // no lesson: everything editable
    QVERIFY(!controls->isLocked());
    QVERIFY(!table->isLocked());
    QVERIFY(attn::lessons::knownControls().contains(QStringLiteral("score")));
    QVERIFY(attn::lessons::knownControls().contains(QStringLiteral("S")));
}

QTEST_MAIN(TestScoresTable)
#include "tst_scorestable.moc"
