// The scoring-functions view (offscreen): dot, scaled dot and additive scores of hand-made
// vectors, additive parameters edited locally or through the document's undo stack, following
// the selected query, a message for raw scores, and PNG/SVG/PDF export.
#include "plotfiles.h"
#include "strictwarnings.h"
#include "ui/document/scenariodocument.h"
#include "ui/views/scoring/scoringview.h"

#include <QFile>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <cmath>

using attn::ScoreKind;
using attn::doc::ScenarioDocument;
using attn::ui::ScoringView;

namespace {

/// Lesson 5's vectors: q = (1, 0); k1 = (1, 0), k2 = (3, 1); plain dot product.
attn::Scenario lessonFive(ScoreKind kind = ScoreKind::Dot)
{
    attn::Scenario s;
    s.score = kind;
    s.query_tokens = {"q"};
    s.key_tokens = {"k1", "k2"};
    s.query.resize(1, 2);
    s.query << 1, 0;
    s.key.resize(2, 2);
    s.key << 1, 0, 3, 1;
    s.value = attn::Matrix::Identity(2, 2);
    if (kind == ScoreKind::Additive)
        s.additive = attn::AdditiveParams{attn::Matrix::Identity(2, 2), attn::Matrix::Identity(2, 2),
                                          attn::Vector::Ones(2)};
    return s;
}

bool near(double a, double b)
{
    return std::abs(a - b) < 1e-12;
}

} // namespace

class TestScoringView : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void threeFunctionsByHand();
    void localAdditiveParameters();
    void tableEditsTheParameters();
    void scenarioParametersAreUndoable();
    void followsSelectedQuery();
    void followsSelectedHead();
    void rawScoresMessage();
    void exportsPngSvgPdf_data();
    void exportsPngSvgPdf();
};

void TestScoringView::threeFunctionsByHand()
{
    ScenarioDocument document;
    QVERIFY(document.load(lessonFive()));
    ScoringView view(&document);
    QVERIFY(view.message().isEmpty());
    QCOMPARE(view.scores(ScoreKind::Dot)(0), 1.0);
    QCOMPARE(view.scores(ScoreKind::Dot)(1), 3.0);
    QVERIFY(near(view.weights(ScoreKind::Dot)(1), 1 / (1 + std::exp(-2.0)))); // 0.881
    QCOMPARE(view.weights(ScoreKind::Dot)(1), document.trace().heads[0].weights(0, 1));
    QVERIFY(near(view.scores(ScoreKind::ScaledDot)(1), 3 / std::sqrt(2.0)));
    // Default additive parameters for d_k = 2: W_q = W_k = I, v = (1, 1), so
    // a(q, k) = tanh(q₁ + k₁) + tanh(q₂ + k₂): k1 → tanh 2 = 0.964, k2 → tanh 4 + tanh 1 = 1.761.
    QVERIFY(!view.editsScenario());
    QCOMPARE(view.additiveParams().v.size(), attn::Index(2));
    QVERIFY(near(view.scores(ScoreKind::Additive)(0), std::tanh(2.0)));
    QVERIFY(near(view.scores(ScoreKind::Additive)(1), std::tanh(4.0) + std::tanh(1.0)));
    QVERIFY(std::abs(view.weights(ScoreKind::Additive)(0) - 0.311) < 5e-4);
    const QString tip = view.barToolTip(ScoreKind::Dot, 1);
    QVERIFY2(tip.contains(QStringLiteral("query “q” → key “k2”")), qPrintable(tip));
    QVERIFY(tip.contains(QStringLiteral("score (logit) = 3")));
    QVERIFY(tip.contains(QStringLiteral("weight = 0.8807970779778823")));
}

void TestScoringView::localAdditiveParameters()
{
    ScenarioDocument document;
    QVERIFY(document.load(lessonFive()));
    ScoringView view(&document);
    // v = (2, 1): k1 → 2·tanh 2 + tanh 0, k2 → 2·tanh 4 + tanh 1.
    QVERIFY(view.setParameter(0, 4, 2.0));
    QVERIFY(near(view.scores(ScoreKind::Additive)(0), 2 * std::tanh(2.0)));
    QVERIFY(near(view.scores(ScoreKind::Additive)(1), 2 * std::tanh(4.0) + std::tanh(1.0)));
    // W_k[1][0] = −1: unit 1 now reads tanh(q₂ + k₂ − k₁): k1 → tanh(−1), k2 → tanh(−2).
    QVERIFY(view.setParameter(1, 2, -1.0));
    QVERIFY(near(view.scores(ScoreKind::Additive)(0), 2 * std::tanh(2.0) + std::tanh(-1.0)));
    QVERIFY(near(view.scores(ScoreKind::Additive)(1), 2 * std::tanh(4.0) + std::tanh(-2.0)));
    // Local edits leave the document (and the other columns) alone.
    QCOMPARE(document.undoStack()->count(), 0);
    QCOMPARE(view.scores(ScoreKind::Dot)(1), 3.0);
    QVERIFY(!view.setParameter(2, 0, 1.0)); // h = 2
    QVERIFY(!view.setParameter(0, 5, 1.0)); // 2·d_k + 1 = 5 columns
    QVERIFY(!view.setParameter(0, 0, std::nan("")));
}

void TestScoringView::tableEditsTheParameters()
{
    ScenarioDocument document;
    QVERIFY(document.load(lessonFive()));
    ScoringView view(&document);
    QTableWidget *table = view.parameterTable();
    QCOMPARE(table->rowCount(), 2);
    QCOMPARE(table->columnCount(), 5);
    table->item(0, 0)->setText(QStringLiteral("0.5")); // W_q[0][0]
    QCOMPARE(view.additiveParams().W_q(0, 0), 0.5);
    QVERIFY(near(view.scores(ScoreKind::Additive)(0), std::tanh(1.5)));
    table->item(0, 0)->setText(QStringLiteral("abc")); // refused, the table shows 0.5 again
    QCOMPARE(view.additiveParams().W_q(0, 0), 0.5);
    QCOMPARE(table->item(0, 0)->text(), QStringLiteral("0.500"));
}

void TestScoringView::scenarioParametersAreUndoable()
{
    ScenarioDocument document;
    QVERIFY(document.load(lessonFive(ScoreKind::Additive)));
    ScoringView view(&document);
    QVERIFY(view.editsScenario());
    QVERIFY(view.setParameter(1, 4, 0.0)); // v[1] = 0: only unit 0 counts
    QCOMPARE(document.scenario().additive->v(1), 0.0);
    QCOMPARE(document.undoStack()->count(), 1);
    QVERIFY(near(view.scores(ScoreKind::Additive)(1), std::tanh(4.0)));
    // The document's own trace now has the same additive scores.
    QVERIFY(near(document.trace().heads[0].logits(0, 1), std::tanh(4.0)));
    document.undoStack()->undo();
    QCOMPARE(view.additiveParams().v(1), 1.0);
    QVERIFY(near(view.scores(ScoreKind::Additive)(1), std::tanh(4.0) + std::tanh(1.0)));
}

void TestScoringView::followsSelectedQuery()
{
    attn::Scenario s = lessonFive();
    s.query_tokens = {"a", "b"};
    s.query.resize(2, 2);
    s.query << 1, 0, 0, 2;
    ScenarioDocument document;
    QVERIFY(document.load(s));
    ScoringView view(&document);
    document.setSelectedQuery(1); // b = (0, 2): dot scores (0, 2)
    QCOMPARE(view.scores(ScoreKind::Dot)(0), 0.0);
    QCOMPARE(view.scores(ScoreKind::Dot)(1), 2.0);
    QVERIFY(near(view.scores(ScoreKind::Additive)(1), std::tanh(3.0) + std::tanh(3.0)));
    QVERIFY(view.barToolTip(ScoreKind::Dot, 0).contains(QStringLiteral("query “b”")));
}

void TestScoringView::followsSelectedHead()
{
    // Two heads of d_k = 1: head 0 reads column 0 of Q and K, head 1 column 1.
    attn::Scenario s;
    s.num_query_heads = s.num_kv_heads = 2;
    s.query.resize(1, 2);
    s.query << 1, -2;
    s.key.resize(2, 2);
    s.key << 1, 0, 0, 1;
    s.value = attn::Matrix::Identity(2, 2);
    ScenarioDocument document;
    QVERIFY(document.load(s));
    ScoringView view(&document);
    QCOMPARE(view.scores(ScoreKind::Dot)(0), 1.0); // q = 1, keys 1 and 0
    QCOMPARE(view.additiveParams().v.size(), attn::Index(1));
    document.setSelectedHead(1); // q = −2, keys 0 and 1
    QCOMPARE(view.scores(ScoreKind::Dot)(0), 0.0);
    QCOMPARE(view.scores(ScoreKind::Dot)(1), -2.0);
    QVERIFY(near(view.scores(ScoreKind::Additive)(1), std::tanh(-1.0))); // W_q = W_k = v = 1
}

void TestScoringView::rawScoresMessage()
{
    attn::Scenario raw;
    raw.scores = {attn::Matrix::Constant(1, 2, 1.0)};
    raw.value = attn::Matrix::Identity(2, 2);
    ScenarioDocument document;
    QVERIFY(document.load(raw));
    ScoringView view(&document);
    QVERIFY(view.message().contains(QStringLiteral("raw scores")));
    QCOMPARE(view.scores(ScoreKind::Dot).size(), attn::Index(0));
    QCOMPARE(view.columnMessage(ScoreKind::Additive), view.message());
    QVERIFY(!view.parameterTable()->isEnabled());
}

void TestScoringView::exportsPngSvgPdf_data()
{
    QTest::addColumn<QString>("format");
    QTest::addRow("png") << QStringLiteral("png");
    QTest::addRow("svg") << QStringLiteral("svg");
    QTest::addRow("pdf") << QStringLiteral("pdf");
}

void TestScoringView::exportsPngSvgPdf()
{
    QFETCH(QString, format);
    ScenarioDocument document;
    QVERIFY(document.load(lessonFive()));
    ScoringView view(&document);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("scoring.") + format);
    QString error;
    QVERIFY2(view.exportTo(path, format, QSize(960, 600), &error), qPrintable(error));
    const QString problem = attn::test::checkFigureFile(path, format, QSize(960, 600));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    if (format == QLatin1String("svg")) {
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray svg = file.readAll();
        QVERIFY(!svg.contains("<image"));
        QVERIFY(svg.contains("k2")); // token labels are text
    }
    QVERIFY(!view.exportTo(dir.filePath("a.bmp"), QStringLiteral("bmp"), QSize(10, 10), &error));
}

QTEST_MAIN(TestScoringView)
#include "tst_scoringview.moc"
