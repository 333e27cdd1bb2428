// The bad-input catalogue, edits in the window (docs/bad-inputs.md): a scenario edit that breaks a
// rule, a zero scale typed in the score strip, NaN or Inf typed into a cell. Each is refused
// with a message naming the spot, and the document keeps its old values and undo stack.
#include "core/attention.h"
#include "readablemessage.h"
#include "strictwarnings.h"
#include "ui/document/scenariodocument.h"
#include "ui/models/matrixtablemodel.h"
#include "ui/models/scorematrixmodel.h"
#include "ui/views/common/scorecontrols.h"
#include "workedexample.h"

#include <QDoubleSpinBox>
#include <QSignalSpy>
#include <QtTest>

#include <cmath>

#include <functional>

using namespace attn;
using attn::doc::ScenarioDocument;
using attn::doc::TensorRole;
using attn::test::verifyReadable;

namespace {

using Edit = std::function<void(Scenario &)>;

} // namespace

class TestBadEdits : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void scenarioEditsAreRefused_data();
    void scenarioEditsAreRefused();
    void zeroScaleTypedInTheScoreStrip();
    void nonFiniteCellsAreRefused_data();
    void nonFiniteCellsAreRefused();
};

// ---- edits in the window: refused, message, nothing changed -----------------------------------

void TestBadEdits::scenarioEditsAreRefused_data()
{
    QTest::addColumn<Edit>("edit");
    QTest::addColumn<QString>("fragment");
    QTest::addRow("temperature 0") << Edit([](Scenario &s) { s.temperature = 0; }) << "temperature";
    QTest::addRow("temperature -1") << Edit([](Scenario &s) { s.temperature = -1; }) << "got -1";
    QTest::addRow("temperature NaN") << Edit([](Scenario &s) { s.temperature = qQNaN(); }) << "temperature";
    QTest::addRow("scale NaN") << Edit([](Scenario &s) { s.scale = qQNaN(); }) << "scale: must be a finite";
    QTest::addRow("scale 0") << Edit([](Scenario &s) { s.scale = 0.0; }) << "scale: must not be 0";
    QTest::addRow("heads 2:… with 3 kv") << Edit([](Scenario &s) {
        s.num_query_heads = 2;
        s.num_kv_heads = 3;
    }) << "not a multiple of kv heads 3";
    QTest::addRow("labels ≠ n_k") << Edit([](Scenario &s) {
        s.key_tokens = {"a", "b", "c"};
    }) << "has 3 labels but n_k = 2";
    QTest::addRow("mask 2×2 for 1×2")
        << Edit([](Scenario &s) { s.mask.visible = {BoolMatrix::Ones(2, 2)}; }) << "expected 1×2";
    QTest::addRow("key_padding length 3") << Edit([](Scenario &s) {
        s.mask.key_padding = {true, true, false};
    }) << "has 3 entries but n_k = 2";
    QTest::addRow("all masked under error") << Edit([](Scenario &s) {
        s.mask.key_padding = {false, false};
        s.mask.all_masked_rows = MaskedRowPolicy::Error;
    }) << "sees no key";
}

void TestBadEdits::scenarioEditsAreRefused()
{
    QFETCH(Edit, edit);
    QFETCH(QString, fragment);
    ScenarioDocument document;
    QVERIFY(document.load(test::workedExample()));
    const double weight = document.trace().heads[0].weights(0, 0);
    QSignalSpy refused(&document, &ScenarioDocument::editRefused);
    Scenario edited = document.scenario();
    edit(edited);
    QVERIFY(!document.replaceScenario(edited, QStringLiteral("bad edit")));
    QCOMPARE(refused.count(), 1);
    const QString message = refused.at(0).at(0).toString();
    QVERIFY2(message.contains(fragment), qPrintable(message));
    verifyReadable(message);
    QCOMPARE(document.undoStack()->count(), 0);
    QCOMPARE(document.scenario().temperature, 1.0);
    QVERIFY(!document.scenario().scale);
    QCOMPARE(document.trace().heads[0].weights(0, 0), weight);
}

void TestBadEdits::zeroScaleTypedInTheScoreStrip()
{
    ScenarioDocument document;
    QVERIFY(document.load(test::workedExample()));
    ui::ScoreControls controls(&document);
    auto *scale = controls.findChild<QDoubleSpinBox *>(QStringLiteral("scale"));
    QVERIFY(scale);
    const double shown = scale->value();
    QCOMPARE(shown, 1.0 / std::sqrt(2.0)); // the automatic scale 1/√2, exactly (no rounding to 0.7071)
    QSignalSpy refused(&document, &ScenarioDocument::editRefused);
    scale->setValue(0.0);
    QCOMPARE(refused.count(), 1);
    const QString message = refused.at(0).at(0).toString();
    QVERIFY2(message.contains("scale: must not be 0"), qPrintable(message));
    QVERIFY(!document.scenario().scale);
    QCOMPARE(scale->value(), shown); // the strip shows the document's scale again
    QCOMPARE(document.undoStack()->count(), 0);
}

void TestBadEdits::nonFiniteCellsAreRefused_data()
{
    QTest::addColumn<QString>("tensor");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("fragment");
    for (const char *tensor : {"Q", "K", "V", "S"}) {
        QTest::addRow("%s nan", tensor) << tensor << "nan"
                                        << "NaN and infinity are not allowed";
        QTest::addRow("%s inf", tensor) << tensor << "inf"
                                        << "NaN and infinity are not allowed";
        QTest::addRow("%s -inf", tensor) << tensor << "-inf"
                                         << "NaN and infinity are not allowed";
        QTest::addRow("%s 1e999", tensor) << tensor << "1e999"
                                          << "refused “1e999”";
        QTest::addRow("%s letters", tensor) << tensor << "one"
                                            << "not a number";
        QTest::addRow("%s empty", tensor) << tensor << ""
                                          << "not a number";
    }
}

void TestBadEdits::nonFiniteCellsAreRefused()
{
    QFETCH(QString, tensor);
    QFETCH(QString, typed);
    QFETCH(QString, fragment);
    ScenarioDocument document;
    Scenario s = test::workedExample();
    if (tensor == "S") { // raw scores instead of Q and K
        s.query = s.key = Matrix();
        Matrix scores(1, 2);
        scores << 0.5, 0.25;
        s.scores = {scores};
    }
    QVERIFY(document.load(s));
    std::unique_ptr<QAbstractTableModel> model;
    if (tensor == "S")
        model = std::make_unique<ui::ScoreMatrixModel>(&document);
    else {
        const TensorRole role = tensor == "Q"   ? TensorRole::Query
                                : tensor == "K" ? TensorRole::Key
                                                : TensorRole::Value;
        model = std::make_unique<ui::MatrixTableModel>(&document, role);
    }
    QSignalSpy rejected(model.get(), SIGNAL(inputRejected(QString)));
    const QModelIndex cell = model->index(0, 1);
    const QVariant before = model->data(cell, Qt::EditRole);
    QVERIFY(!model->setData(cell, typed, Qt::EditRole));
    QCOMPARE(rejected.count(), 1);
    const QString message = rejected.at(0).at(0).toString();
    QVERIFY2(message.contains(fragment), qPrintable(message));
    QVERIFY2(message.contains(tensor), qPrintable(message)); // names the cell's tensor
    QVERIFY2(message.contains("kept"), qPrintable(message));
    verifyReadable(message);
    QCOMPARE(model->data(cell, Qt::EditRole), before);
    QCOMPARE(document.undoStack()->count(), 0);
}

QTEST_MAIN(TestBadEdits)
#include "tst_badedits.moc"
