// QkvEditorView: what the editor shows when an edit is refused, for huge values, for NaN from
// a file, for a thousand keys, and how its query chooser sizes itself.
#include "strictwarnings.h"
#include "ui/models/matrixtablemodel.h"
#include "ui/plots/barplot.h"
#include "ui/plots/heatmapplot.h"
#include "ui/views/qkv/projectionpanel.h"
#include "ui/views/qkv/qkveditorview.h"
#include "workedexample.h"

#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QTest>
#include <QUndoStack>

#include <cmath>
#include <limits>

using attn::doc::ScenarioDocument;
using attn::doc::TensorRole;
using attn::ui::QkvEditorView;

namespace {

/// attend, refusing a non-finite visible logit (field "logits") as the engine is meant to.
attn::AttentionTrace finiteLogitsAttend(const attn::Scenario &scenario)
{
    attn::AttentionTrace trace = attn::attend(scenario);
    for (const attn::HeadTrace &head : trace.heads)
        for (attn::Index i = 0; i < head.logits.rows(); ++i)
            for (attn::Index j = 0; j < head.logits.cols(); ++j)
                if (head.visible(i, j) && !std::isfinite(head.logits(i, j)))
                    throw attn::ScenarioError("logits", "logits: a visible logit is not finite");
    return trace;
}

/// n_k keys k_j = [j, 0] with values v_j = [1, …, j] (d_v wide), one query q = [0.01, 0];
/// tokens "t0" … . Scores j·0.01/√2.
attn::Scenario manyKeys(int nk, int dv = 2)
{
    attn::Scenario s;
    s.query = attn::Matrix::Zero(1, 2);
    s.query(0, 0) = 0.01;
    s.key = attn::Matrix::Zero(nk, 2);
    s.value = attn::Matrix::Zero(nk, dv);
    for (int j = 0; j < nk; ++j) {
        s.key(j, 0) = j;
        s.value(j, 0) = 1.0;
        s.value(j, dv - 1) = j;
        s.key_tokens.push_back("t" + std::to_string(j));
    }
    s.query_tokens = {"q"};
    return s;
}

} // namespace

class TestQkvEditorView : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void refusedEditKeepsTablesAndPlotsTogether();
    void hugeValuesAreCompactEverywhere();
    void nanFromAFileIsNoted();
    void maskedScoresReadAsDashes();
    void linesOfAThousandKeysAreElided();
    void querySelectorWidensToItsLongestToken();
    void scenarioNoteAboveTheTables();
    void rawScoresShapesNameS();
    void selectedQueryRowIsScrolledIntoView();
    void projectionModeEditsXAndW();
    void biasesAreAddedEditedAndRemoved();
};

void TestQkvEditorView::refusedEditKeepsTablesAndPlotsTogether()
{
    ScenarioDocument document(finiteLogitsAttend);
    QVERIFY(document.load(attn::test::workedExample()));
    QkvEditorView view(&document);
    attn::ui::MatrixTableModel *q = view.model(TensorRole::Query);
    attn::ui::MatrixTableModel *k = view.model(TensorRole::Key);
    QVERIFY(q->setData(q->index(0, 0), QStringLiteral("1e300"))); // logit 1e300/√2: computes
    const QString heat = view.heatmap()->cellText(0, 0);
    const QString output = view.outputText();
    QVERIFY(view.messageText().isEmpty());

    QVERIFY(!k->setData(k->index(0, 0), QStringLiteral("1e300"))); // logit overflows: refused
    QVERIFY2(view.messageText().contains(QStringLiteral("refused")) &&
                 view.messageText().contains(QStringLiteral("logits")),
             qPrintable(view.messageText()));
    QCOMPARE(k->data(k->index(0, 0)).toString(), QStringLiteral("1.000")); // the table kept 1
    QCOMPARE(view.heatmap()->cellText(0, 0), heat);                        // and the plots match it
    QCOMPARE(view.outputText(), output);
    QCOMPARE(document.undoStack()->count(), 1);

    document.undoStack()->undo(); // a good change clears the message
    QVERIFY(view.messageText().isEmpty());
    QCOMPARE(view.outputText(), QStringLiteral("O = [1.340, 1.321]"));
}

void TestQkvEditorView::rawScoresShapesNameS()
{
    // Raw scores replace Q·Kᵀ: the shapes line names S, not empty Q and K.
    attn::Scenario s;
    attn::Matrix scores(2, 3); // (n_q, n_k)
    scores << 1, 0, -1, 0, 2, 0;
    s.scores = {scores};
    s.value.resize(3, 1); // (n_k, d_v)
    s.value << 1, 2, 3;
    ScenarioDocument document;
    QVERIFY(document.load(s));
    QkvEditorView view(&document);
    QCOMPARE(view.shapesText(), QStringLiteral("S 2×3 (raw scores), V 3×1 → A 2×3, O 2×1"));
}

void TestQkvEditorView::selectedQueryRowIsScrolledIntoView()
{
    // 30 queries: the Q table shows a few rows; selecting query 25 brings its row into view.
    attn::Scenario s = attn::test::workedExample();
    s.query_tokens.clear();
    s.query = attn::Matrix::Ones(30, 2);
    ScenarioDocument document;
    QVERIFY(document.load(s));
    QkvEditorView view(&document);
    view.resize(1000, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTableView *table = view.tableView(TensorRole::Query);
    const auto rowInView = [table](int row) {
        return table->viewport()->rect().contains(table->visualRect(table->model()->index(row, 0)));
    };
    QVERIFY(!rowInView(25));
    document.setSelectedQuery(25);
    QTRY_VERIFY(rowInView(25));
}

void TestQkvEditorView::hugeValuesAreCompactEverywhere()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    QkvEditorView view(&document);
    QVERIFY(document.setCell(TensorRole::Value, 0, 0, 1e308));
    QCOMPARE(view.model(TensorRole::Value)->data(view.model(TensorRole::Value)->index(0, 0)).toString(),
             QStringLiteral("1e+308"));
    // O = 0.670·[1e308, 0] + 0.330·[0, 4]: the first entry is written with 4 digits.
    QVERIFY2(view.outputText().startsWith(QStringLiteral("O = [6.698e+307, 1.321]")),
             qPrintable(view.outputText()));
    QVERIFY(view.outputText().size() < 40);
    QCOMPARE(view.scoresText(),
             QStringLiteral("Query “q”: scores = [0.707, 0.000] → weights = [0.670, 0.330]"));
}

void TestQkvEditorView::nanFromAFileIsNoted()
{
    attn::Scenario s = attn::test::workedExample();
    s.value(1, 0) = std::numeric_limits<double>::quiet_NaN(); // null in the file
    ScenarioDocument document;
    QVERIFY(document.load(s));
    QkvEditorView view(&document);
    QVERIFY2(view.messageText().startsWith(QStringLiteral("Note: V[1][0] (key “k2”) is NaN")),
             qPrintable(view.messageText()));
    QVERIFY(view.outputText().contains(QStringLiteral("NaN"))); // q attends to k2: O[0] is NaN
    // An edit elsewhere keeps the note; removing the NaN key removes it.
    QVERIFY(document.setCell(TensorRole::Query, 0, 1, 0.5));
    QVERIFY(view.messageText().contains(QStringLiteral("V[1][0]")));
    QVERIFY(document.removeKey(1));
    QVERIFY(view.messageText().isEmpty());
}

void TestQkvEditorView::maskedScoresReadAsDashes()
{
    attn::Scenario s = attn::test::workedExample();
    s.mask.causal = true; // q at position 0 (top-left) sees k1 only
    s.alignment = attn::Alignment::TopLeft;
    ScenarioDocument document;
    QVERIFY(document.load(s));
    QkvEditorView view(&document);
    // k2's logit (0) never enters softmax: it is written "—", not "0.000".
    QCOMPARE(view.scoresText(), QStringLiteral("Query “q”: scores = [0.707, —] → weights = [1.000, 0.000] "
                                               "(— = masked: left out of softmax)"));
    s.mask.causal = false;
    QVERIFY(document.load(s));
    QCOMPARE(view.scoresText(),
             QStringLiteral("Query “q”: scores = [0.707, 0.000] → weights = [0.670, 0.330]"));
}

void TestQkvEditorView::linesOfAThousandKeysAreElided()
{
    ScenarioDocument document;
    QVERIFY(document.load(manyKeys(1000)));
    QkvEditorView view(&document);
    const QString scores = view.scoresText();
    QVERIFY2(scores.count(QStringLiteral("… (1000 keys)")) == 2, qPrintable(scores)); // scores and weights
    QVERIFY2(scores.size() < 400, qPrintable(QString::number(scores.size())));
    QVERIFY2(scores.contains(QStringLiteral("scores = [0.000, 0.007, 0.014,")), qPrintable(scores));
    QVERIFY(!view.outputText().contains(QStringLiteral("…"))); // d_v = 2

    QVERIFY(document.load(manyKeys(3, 40)));
    QVERIFY2(view.outputText().contains(QStringLiteral("… (40 values)")), qPrintable(view.outputText()));
    QVERIFY(!view.scoresText().contains(QStringLiteral("…")));
}

void TestQkvEditorView::querySelectorWidensToItsLongestToken()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample())); // one query, "q"
    QkvEditorView view(&document);
    view.resize(1200, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    auto *selector = view.findChild<QComboBox *>(QStringLiteral("querySelector"));
    QVERIFY(selector);

    attn::Scenario s = attn::test::workedExample();
    s.query_tokens = {"tomorrow"};
    QVERIFY(document.load(s));
    QCoreApplication::processEvents(); // let the layout take the new size hint
    const int needed = selector->fontMetrics().horizontalAdvance(QStringLiteral("tomorrow"));
    QVERIFY2(selector->width() > needed,
             qPrintable(QStringLiteral("%1 px for %2 px of text").arg(selector->width()).arg(needed)));
    QCOMPARE(selector->currentText(), QStringLiteral("tomorrow"));
}

void TestQkvEditorView::scenarioNoteAboveTheTables()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    QkvEditorView view(&document);
    auto *note = view.findChild<QLabel *>(QStringLiteral("scenarioNote"));
    QVERIFY(note);
    QVERIFY(note->isHidden());
    view.setScenarioNote(QStringLiteral("  K = V:\n the token's features. "));
    QCOMPARE(view.scenarioNote(), QStringLiteral("K = V: the token's features."));
    QVERIFY(!note->isHidden());
    // The comment is about the scenario: it stands above the first table, not inside V's panel.
    view.resize(1200, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const auto top = [&view](const QWidget *w) { return w->mapTo(&view, QPoint(0, 0)).y(); };
    QVERIFY2(top(note) + note->height() <= top(view.tableView(TensorRole::Query)),
             qPrintable(QStringLiteral("note at %1, Q table at %2")
                            .arg(top(note))
                            .arg(top(view.tableView(TensorRole::Query)))));
    QVERIFY(!view.tableView(TensorRole::Value)->parentWidget()->isAncestorOf(note));
    view.setScenarioNote({});
    QVERIFY(note->isHidden());
}

void TestQkvEditorView::projectionModeEditsXAndW()
{
    // The worked example as projections: X = [1, 0] asks, X_kv = I is read, W_q = W_k = I,
    // W_v = diag(2, 4). Swapping W_q's columns turns the query into [0, 1]: the weights swap.
    const attn::Scenario s = attn::test::projectedWorkedExample();
    ScenarioDocument document;
    QVERIFY(document.load(s));
    QkvEditorView view(&document);
    attn::ui::ProjectionPanel *panel = view.projectionPanel();
    QVERIFY(!panel->isHidden());
    QVERIFY(!panel->tableView(attn::ui::ProjectionMatrix::X_kv)->isHidden());
    QVERIFY(panel->tableView(attn::ui::ProjectionMatrix::W_o)->isHidden()); // no W_o here
    QCOMPARE(panel->productsText().section(QStringLiteral("   "), 0, 0),
             QStringLiteral("Q = X·W_q: (1 × 2)·(2 × 2) → 1 × 2"));
    QCOMPARE(view.tableView(TensorRole::Query)->editTriggers(), QAbstractItemView::NoEditTriggers);

    attn::ui::ProjectionTableModel *wq = panel->model(attn::ui::ProjectionMatrix::W_q);
    QVERIFY(wq->setData(wq->index(0, 0), QStringLiteral("0")));
    QVERIFY(wq->setData(wq->index(0, 1), QStringLiteral("1")));
    QCOMPARE(document.tensor(TensorRole::Query)(0, 0), 0.0);
    QCOMPARE(document.tensor(TensorRole::Query)(0, 1), 1.0);
    const double w1 = 1.0 / (1.0 + std::exp(-1.0 / std::sqrt(2.0))); // 0.6697615
    QVERIFY(std::abs(document.trace().heads[0].weights(0, 1) - w1) < 1e-12);
    QCOMPARE(document.undoStack()->count(), 2);
    QCOMPARE(document.undoStack()->text(1), QStringLiteral("W_q[0, 1] = 1"));

    QVERIFY(!wq->setData(wq->index(1, 1), QStringLiteral("two"))); // not a number: refused
    QVERIFY2(view.messageText().contains(QStringLiteral("W_q[1, 1]: refused")),
             qPrintable(view.messageText()));
    QCOMPARE(document.undoStack()->count(), 2);

    document.undoStack()->undo();
    document.undoStack()->undo();
    QCOMPARE(document.tensor(TensorRole::Query)(0, 0), 1.0);
    QVERIFY(std::abs(document.trace().heads[0].weights(0, 0) - w1) < 1e-12);

    attn::Scenario withWo = document.scenario(); // W_o = [[1], [1]], b_o = 0.5: O·W_o + b_o
    withWo.W_o = attn::Matrix::Ones(2, 1);
    withWo.b_o = attn::Matrix::Constant(1, 1, 0.5);
    QVERIFY(document.replaceScenario(withWo, QStringLiteral("W_o")));
    QVERIFY(!panel->tableView(attn::ui::ProjectionMatrix::W_o)->isHidden());
    QVERIFY2(panel->productsText().endsWith(
                 QStringLiteral("projected output of “q” = [3.160]")), // 2·0.670 + 4·0.330 + 0.5
             qPrintable(panel->productsText()));

    QVERIFY(document.load(attn::test::workedExample())); // a plain scenario: no panel, Q editable
    QVERIFY(panel->isHidden());
    QCOMPARE(view.tableView(TensorRole::Query)->editTriggers(), QAbstractItemView::AllEditTriggers);
}

void TestQkvEditorView::biasesAreAddedEditedAndRemoved()
{
    // The projected worked example with W_o = [[1], [1]]: Add biases gives zero b_q, b_k, b_v, b_o;
    // b_q = [0, 3] turns the query [1, 0] into [1, 3], so k2 (score 3/√2) outweighs k1 (1/√2).
    attn::Scenario s = attn::test::projectedWorkedExample();
    s.W_o = attn::Matrix::Ones(2, 1);
    ScenarioDocument document;
    QVERIFY(document.load(s));
    QkvEditorView view(&document);
    attn::ui::ProjectionPanel *panel = view.projectionPanel();
    using attn::ui::ProjectionMatrix;
    QVERIFY(panel->tableView(ProjectionMatrix::b_q)->isHidden());
    auto *button = panel->findChild<QPushButton *>(QStringLiteral("projectionBiases"));
    QVERIFY(button);
    button->click();
    for (ProjectionMatrix m :
         {ProjectionMatrix::b_q, ProjectionMatrix::b_k, ProjectionMatrix::b_v, ProjectionMatrix::b_o})
        QVERIFY(!panel->tableView(m)->isHidden());
    QCOMPARE(document.scenario().projection->b_q, attn::Matrix::Zero(1, 2));
    QCOMPARE(document.scenario().b_o, attn::Matrix::Zero(1, 1));
    QVERIFY(panel->productsText().startsWith(QStringLiteral("Q = X·W_q + b_q: (1 × 2)·(2 × 2) → 1 × 2")));

    attn::ui::ProjectionTableModel *bq = panel->model(ProjectionMatrix::b_q);
    QCOMPARE(bq->rowCount(), 1);
    QCOMPARE(bq->columnCount(), 2);
    QVERIFY(bq->setData(bq->index(0, 1), QStringLiteral("3")));
    QCOMPARE(document.tensor(TensorRole::Query)(0, 0), 1.0);
    QCOMPARE(document.tensor(TensorRole::Query)(0, 1), 3.0);
    const double w2 = 1.0 / (1.0 + std::exp(-2.0 / std::sqrt(2.0))); // e^{3/√2} / (e^{1/√2} + e^{3/√2})
    QVERIFY(std::abs(document.trace().heads[0].weights(0, 1) - w2) < 1e-12);
    QCOMPARE(document.undoStack()->text(document.undoStack()->index() - 1), QStringLiteral("b_q[0, 1] = 3"));
    attn::ui::ProjectionTableModel *bo = panel->model(ProjectionMatrix::b_o);
    QVERIFY(bo->setData(bo->index(0, 0), QStringLiteral("0.5")));
    QCOMPARE(document.scenario().b_o(0, 0), 0.5);
    QVERIFY(!bq->setData(bq->index(0, 0), QStringLiteral("nan"))); // refused, kept
    QCOMPARE(document.scenario().projection->b_q(0, 0), 0.0);

    button->click(); // remove them all, one edit
    QCOMPARE(document.scenario().projection->b_q.size(), attn::Index(0));
    QCOMPARE(document.scenario().b_o.size(), attn::Index(0));
    QCOMPARE(document.tensor(TensorRole::Query)(0, 1), 0.0);
    QVERIFY(panel->tableView(ProjectionMatrix::b_q)->isHidden());
    document.undoStack()->undo(); // the biases are back with their values
    QCOMPARE(document.scenario().projection->b_q(0, 1), 3.0);
    QCOMPARE(document.scenario().b_o(0, 0), 0.5);
}

QTEST_MAIN(TestQkvEditorView)
#include "tst_qkveditorview.moc"
