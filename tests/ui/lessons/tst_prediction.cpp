// Predictions: scores computed by hand, the bars that stay a distribution, the record kept in
// settings and workspaces, and the lesson checker's refusals of a prediction it cannot ask.
#include "strictwarnings.h"
#include "ui/base/resources.h"
#include "ui/lessons/distributioneditor.h"
#include "ui/lessons/lessonloader.h"
#include "ui/lessons/prediction.h"

#include <QJsonArray>
#include <QTest>
#include <set>

#include <cmath>
#include <numeric>

using namespace attn::lessons;

namespace {

/// q = (1, 0) against k1 = (1, 0), k2 = (0, 1), d_k = 2: logits (1/√2, 0), so
/// w(q, k1) = 1 / (1 + e^(−1/√2)) = 0.6697615493266569 and w(q, k2) = 0.3302384506733431.
/// V = ((2, 0), (0, 4)): output (2·w1, 4·w2) = (1.3395230986533138, 1.3209538026933724).
const QString kScenario =
    QStringLiteral("\"scenario\": {\"query_tokens\": [\"q\"], \"key_tokens\": [\"k1\", \"k2\"], "
                   "\"Q\": [[1, 0]], \"K\": [[1, 0], [0, 1]], \"V\": [[2, 0], [0, 4]]}");
const double kW1 = 1.0 / (1.0 + std::exp(-1.0 / std::sqrt(2.0)));
const double kW2 = 1.0 - kW1;

/// A one-step lesson whose step asks `prediction` (a JSON object's inside) over kScenario.
QByteArray lessonWith(const QString &prediction, const QString &top = {})
{
    return QStringLiteral(
               "{\"format\": \"attention-lab.lesson\", \"version\": 1, \"id\": \"07-test\", "
               "\"title\": \"T\"%1, \"steps\": [{\"title\": \"S\", \"text\": \"t\", \"view\": \"qkv\", "
               "%2, \"prediction\": {%3}}]}")
        .arg(top.isEmpty() ? QString() : QStringLiteral(", ") + top, kScenario, prediction)
        .toUtf8();
}

/// The step's prediction of a lesson that must parse.
StepPrediction parsed(const QString &prediction)
{
    const LessonFileResult r = parseLesson(lessonWith(prediction), QStringLiteral("07-test.json"));
    if (!r.lesson) {
        QStringList all;
        for (const LessonProblem &p : r.problems) all << p.toString();
        qWarning("%s", qPrintable(all.join('\n')));
        return {};
    }
    return *r.lesson->steps.front().prediction;
}

} // namespace

class TestPrediction : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void initTestCase() { attn::ui::initResources(); }
    void distributionScoreByHand_data();
    void distributionScoreByHand();
    void renormalisedSumsToOne();
    void barsStayADistribution();
    void revealsAndScoresEachKind();
    void maskedKeysAreExplained();
    void recordRoundTrip();
    void recordRefusals_data();
    void recordRefusals();
    void predictionsParse();
    void checkerRefuses_data();
    void checkerRefuses();
    void shippedLessonsAskPredictions();
};

void TestPrediction::distributionScoreByHand_data()
{
    // Rows are written as text, which no vectoriser can rebuild: GCC 12 targeting AVX-512 built the
    // list {0.5, 0.5, 0.0, 0.0} as {0.5, 0.5, 0.5, 0.5} (CMakeLists.txt now avoids it; core.toolchain).
    QTest::addColumn<QString>("guess");
    QTest::addColumn<QString>("truth");
    QTest::addColumn<double>("score");
    // 1 − (0.2 + 0.4 + 0.1 + 0.1) / 4 = 0.8
    QTest::addRow("brief example") << "0.5 0.5 0 0"
                                   << "0.7 0.1 0.1 0.1" << 0.8;
    QTest::addRow("exact") << "0.25 0.75"
                           << "0.25 0.75" << 1.0;
    // Opposite one-hot rows: Σ|Δ| = 2 over 2 keys, the lowest score there is.
    QTest::addRow("opposite") << "1 0"
                              << "0 1" << 0.0;
    // 1 − (0.3 + 0.3 + 0) / 3 = 0.8
    QTest::addRow("three keys") << "0.6 0.2 0.2"
                                << "0.3 0.5 0.2" << 0.8;
}

void TestPrediction::distributionScoreByHand()
{
    QFETCH(QString, guess);
    QFETCH(QString, truth);
    QFETCH(double, score);
    const auto row = [](const QString &text) {
        std::vector<double> values;
        for (const QString &x : text.split(QLatin1Char(' '))) values.push_back(x.toDouble());
        return values;
    };
    const std::vector<double> g = row(guess), t = row(truth);
    QCOMPARE(g.size(), t.size());
    const double got = distributionScore(g, t);
    QVERIFY2(std::abs(got - score) < 1e-12, qPrintable(QString::number(got, 'g', 17)));
}

void TestPrediction::renormalisedSumsToOne()
{
    QCOMPARE(renormalised({2, 1, 1}), (std::vector<double>{0.5, 0.25, 0.25}));
    QCOMPARE(renormalised({0, 0}), (std::vector<double>{0.5, 0.5}));
    QCOMPARE(renormalised({-1, 3}), (std::vector<double>{0, 1}));
    QVERIFY(std::isnan(distributionScore({0.5, 0.5}, {1.0})));
}

void TestPrediction::barsStayADistribution()
{
    DistributionEditor bars;
    bars.setLabels({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("d")});
    QCOMPARE(bars.values(), (std::vector<double>{0.25, 0.25, 0.25, 0.25}));
    // Raising a to 0.7 leaves 0.3 for the three others, equal before and so after.
    bars.setBar(0, 0.7);
    for (int j = 1; j < 4; ++j) QVERIFY(std::abs(bars.values()[j] - 0.1) < 1e-12);
    // Lowering b to 0 gives its share to the others in their proportions 0.7 : 0.1 : 0.1.
    bars.setBar(1, 0.0);
    QVERIFY(std::abs(bars.values()[0] - 0.7 / 0.9) < 1e-12);
    QCOMPARE(bars.values()[1], 0.0);
    QVERIFY(std::abs(bars.values()[2] - 0.1 / 0.9) < 1e-12);
    QVERIFY(std::abs(std::accumulate(bars.values().begin(), bars.values().end(), 0.0) - 1.0) < 1e-12);
    // The keyboard: → to c, ↑ adds 0.05.
    // The keyboard: the bar set last is current (b); → moves to c, ↑ adds 0.05 to it.
    QCOMPARE(bars.currentBar(), 1);
    QTest::keyClick(&bars, Qt::Key_Right);
    QTest::keyClick(&bars, Qt::Key_Up);
    QCOMPARE(bars.currentBar(), 2);
    QVERIFY(std::abs(bars.values()[2] - (0.1 / 0.9 + 0.05)) < 1e-12);
    QVERIFY(std::abs(std::accumulate(bars.values().begin(), bars.values().end(), 0.0) - 1.0) < 1e-12);
    // Read-only after the reveal: keys change nothing.
    const std::vector<double> before = bars.values();
    bars.setReadOnly(true);
    QTest::keyClick(&bars, Qt::Key_Up);
    QCOMPARE(bars.values(), before);
}

void TestPrediction::revealsAndScoresEachKind()
{
    const LessonFileResult r =
        parseLesson(lessonWith(QStringLiteral("\"kind\": \"distribution\", "
                                              "\"question\": \"?\", \"query\": \"q\"")),
                    QStringLiteral("07-test.json"));
    QVERIFY(r.lesson);
    const attn::AttentionTrace trace = attn::attend(r.lesson->steps.front().scenario);
    const CheckContext context{
        &trace, {QStringLiteral("q")}, {QStringLiteral("k1"), QStringLiteral("k2")}, 0, {}};
    QVERIFY(std::abs(trace.heads[0].weights(0, 0) - kW1) < 1e-15);

    // Pick: k1 wins; picking k2 scores 0 and says how far its logit is behind (1/√2 = 0.707).
    const StepPrediction pick =
        parsed(QStringLiteral("\"kind\": \"pick_key\", \"question\": \"?\", \"query\": \"q\""));
    PredictionRecord guess{PredictionKind::PickKey, QStringLiteral("k1"), 0, {}, 0};
    PredictionOutcome out = scorePrediction(pick, guess, context);
    QVERIFY(out.scored && out.right);
    QCOMPARE(out.score, 1.0);
    QCOMPARE(out.winner, 0);
    QVERIFY2(out.answer.contains(QStringLiteral("“k1” wins")) && out.answer.contains(QStringLiteral("0.670")),
             qPrintable(out.answer));
    guess.key = QStringLiteral("k2");
    out = scorePrediction(pick, guess, context);
    QVERIFY(out.scored && !out.right);
    QCOMPARE(out.score, 0.0);
    QVERIFY2(out.gap.contains(QStringLiteral("0.330")) && out.gap.contains(QStringLiteral("0.707")),
             qPrintable(out.gap));
    // e^−0.707 = 0.493 = w2 / w1
    QVERIFY2(out.gap.contains(QStringLiteral("0.493")), qPrintable(out.gap));

    // A weight: |0.5 − 0.6698| = 0.1698.
    const StepPrediction weight = parsed(QStringLiteral(
        "\"kind\": \"number\", \"of\": \"weight\", \"question\": \"?\", \"query\": \"q\", \"key\": \"k1\""));
    guess = {PredictionKind::Number, {}, 0.5, {}, 0};
    out = scorePrediction(weight, guess, context);
    QVERIFY(out.scored);
    QVERIFY(std::abs(out.score - (kW1 - 0.5)) < 1e-12);
    QVERIFY(std::abs(out.truthNumber - kW1) < 1e-15);
    QVERIFY2(out.scoreText.contains(QStringLiteral("0.170")), qPrintable(out.scoreText));

    // An output entry: column 1 is 4·w2 = 1.32095; a guess of 1 is off by 0.32095.
    const StepPrediction entry = parsed(QStringLiteral(
        "\"kind\": \"number\", \"of\": \"output\", \"question\": \"?\", \"query\": \"q\", \"column\": 1"));
    guess.number = 1.0;
    out = scorePrediction(entry, guess, context);
    QVERIFY(std::abs(out.truthNumber - 4 * kW2) < 1e-12);
    QVERIFY(std::abs(out.score - (4 * kW2 - 1)) < 1e-12);

    // Bars (0.5, 0.5): 1 − (0.1698 + 0.1698) / 2 = 0.8302, with the formula shown term by term.
    const StepPrediction row =
        parsed(QStringLiteral("\"kind\": \"distribution\", \"question\": \"?\", \"query\": 0"));
    guess = {PredictionKind::Distribution, {}, 0, {0.5, 0.5}, 0};
    out = scorePrediction(row, guess, context);
    QVERIFY(std::abs(out.score - (1 - (kW1 - 0.5))) < 1e-12);
    QCOMPARE(out.scoreText, QStringLiteral("score = 1 − mean |Δ| = 1 − (0.170 + 0.170) / 2 = 0.830"));
    QVERIFY2(out.gap.contains(QStringLiteral("“k1”")), qPrintable(out.gap));
    QCOMPARE(out.truth.size(), std::size_t{2});
    // Bars for a scenario that has since gained a key cannot be scored.
    guess.distribution = {0.2, 0.3, 0.5};
    QVERIFY(!scorePrediction(row, guess, context).scored);
}

void TestPrediction::maskedKeysAreExplained()
{
    // Causal: "a" sees only itself, so it wins although "b" would score higher.
    const QByteArray json = QByteArray(
        "{\"format\": \"attention-lab.lesson\", \"version\": 1, \"id\": \"07-test\", \"title\": \"T\", "
        "\"steps\": "
        "[{\"title\": \"S\", \"text\": \"t\", \"view\": \"qkv\", \"scenario\": {\"query_tokens\": [\"a\", "
        "\"b\"], "
        "\"key_tokens\": [\"a\", \"b\"], \"Q\": [[0, 1], [0, 1]], \"K\": [[1, 0], [0, 3]], \"V\": [[1, 0], "
        "[0, 1]], "
        "\"mask\": {\"causal\": true}}, \"prediction\": {\"kind\": \"pick_key\", \"question\": \"?\", "
        "\"query\": \"a\"}}]}");
    const LessonFileResult r = parseLesson(json, QStringLiteral("07-test.json"));
    QVERIFY(r.lesson);
    const attn::AttentionTrace trace = attn::attend(r.lesson->steps.front().scenario);
    const CheckContext context{&trace,
                               {QStringLiteral("a"), QStringLiteral("b")},
                               {QStringLiteral("a"), QStringLiteral("b")},
                               0,
                               {}};
    const PredictionRecord guess{PredictionKind::PickKey, QStringLiteral("b"), 0, {}, 0};
    const PredictionOutcome out = scorePrediction(*r.lesson->steps.front().prediction, guess, context);
    QCOMPARE(out.winner, 0);
    QVERIFY(!out.right);
    QVERIFY2(out.gap.contains(QStringLiteral("mask hides “b”")), qPrintable(out.gap));
}

void TestPrediction::recordRoundTrip()
{
    const std::vector<PredictionRecord> records{
        {PredictionKind::PickKey, QStringLiteral("小红"), 0, {}, 1},
        {PredictionKind::Number, {}, 0.1 + 0.2, {}, 0.2697615493266569},
        {PredictionKind::Distribution, {}, 0, {0.5, 0.25, 0.25}, 0.8},
    };
    for (const PredictionRecord &record : records) {
        QString error;
        const std::optional<PredictionRecord> back =
            predictionRecordFromJson(predictionRecordToJson(record), &error);
        QVERIFY2(back, qPrintable(error));
        QVERIFY(*back == record);
    }
}

void TestPrediction::recordRefusals_data()
{
    QTest::addColumn<QJsonObject>("object");
    QTest::addColumn<QString>("message");
    QTest::addRow("unknown kind") << QJsonObject{{"kind", "guess"}, {"score", 1}} << "“kind” must be one of";
    QTest::addRow("no score") << QJsonObject{{"kind", "pick_key"}, {"key", "a"}}
                              << "“score” must be a number";
    QTest::addRow("no key") << QJsonObject{{"kind", "pick_key"}, {"score", 1}} << "“key” must name";
    QTest::addRow("text value") << QJsonObject{{"kind", "number"}, {"value", "0.5"}, {"score", 0}}
                                << "“value” must be a number";
    QTest::addRow("weight above 1") << QJsonObject{{"kind", "distribution"},
                                                   {"weights", QJsonArray{0.5, 1.5}},
                                                   {"score", 0}}
                                    << "between 0 and 1";
    QTest::addRow("extra key") << QJsonObject{{"kind", "number"}, {"value", 1}, {"score", 0}, {"key", "a"}}
                               << "unknown key “key”";
}

void TestPrediction::recordRefusals()
{
    QFETCH(QJsonObject, object);
    QFETCH(QString, message);
    QString error;
    QVERIFY(!predictionRecordFromJson(object, &error));
    QVERIFY2(error.contains(message), qPrintable(error));
}

void TestPrediction::predictionsParse()
{
    const LessonFileResult r = parseLesson(
        lessonWith(
            QStringLiteral("\"kind\": \"pick_key\", \"question\": [\"Which key?\", \"Think first.\"], "
                           "\"explanation\": \"k1 matches q.\", \"query\": \"q\", \"choices\": [\"k1\", 1]"),
            QStringLiteral("\"no_spoilers\": true")),
        QStringLiteral("07-test.json"));
    QVERIFY(r.lesson);
    QVERIFY(r.lesson->noSpoilers);
    const StepPrediction &p = *r.lesson->steps.front().prediction;
    QCOMPARE(p.kind, PredictionKind::PickKey);
    QCOMPARE(p.question, QStringLiteral("Which key?\nThink first."));
    QCOMPARE(p.explanation, QStringLiteral("k1 matches q."));
    QCOMPARE(p.query.token, QStringLiteral("q"));
    QCOMPARE(p.choices.size(), std::size_t{2});
    QCOMPARE(p.choices[1].index, 1);
    // A lesson without the key keeps hints open.
    QVERIFY(!parseLesson(
                 lessonWith(QStringLiteral("\"kind\": \"distribution\", \"question\": \"?\", \"query\": 0")),
                 QStringLiteral("07-test.json"))
                 .lesson->noSpoilers);
}

void TestPrediction::checkerRefuses_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("message");
    const auto add = [](const char *name, const QString &prediction, const char *field, const char *message) {
        QTest::addRow("%s", name) << lessonWith(prediction) << QString::fromUtf8(field)
                                  << QString::fromUtf8(message);
    };
    add("unknown kind", QStringLiteral("\"kind\": \"guess_weight\", \"question\": \"?\", \"query\": \"q\""),
        "prediction.kind", "unknown kind “guess_weight”; expected one of pick_key, number, distribution");
    add("missing kind", QStringLiteral("\"question\": \"?\", \"query\": \"q\""), "prediction.kind",
        "is missing");
    add("missing question", QStringLiteral("\"kind\": \"pick_key\", \"query\": \"q\""), "prediction.question",
        "is missing");
    add("unknown query", QStringLiteral("\"kind\": \"pick_key\", \"question\": \"?\", \"query\": \"she\""),
        "prediction.query", "unknown query “she”; the queries are q");
    add("key token not in the scenario",
        QStringLiteral("\"kind\": \"number\", \"of\": \"weight\", \"question\": \"?\", \"query\": \"q\", "
                       "\"key\": \"k3\""),
        "prediction.key", "unknown key “k3”; the keys are k1, k2");
    add("choice not in the scenario",
        QStringLiteral(
            "\"kind\": \"pick_key\", \"question\": \"?\", \"query\": \"q\", \"choices\": [\"k1\", \"Ming\"]"),
        "prediction.choices[1]", "unknown key “Ming”");
    add("winner not offered",
        QStringLiteral("\"kind\": \"pick_key\", \"question\": \"?\", \"query\": \"q\", \"choices\": [1, 1]"),
        "prediction.choices", "the winning key “k1” is not among the choices");
    add("one choice",
        QStringLiteral(
            "\"kind\": \"pick_key\", \"question\": \"?\", \"query\": \"q\", \"choices\": [\"k1\"]"),
        "prediction.choices", "at least two keys");
    add("output column out of range",
        QStringLiteral(
            "\"kind\": \"number\", \"of\": \"output\", \"question\": \"?\", \"query\": \"q\", \"column\": 2"),
        "prediction.column", "column 2 is out of range: the output has 2 columns (0…1)");
    add("key index out of range",
        QStringLiteral(
            "\"kind\": \"number\", \"of\": \"weight\", \"question\": \"?\", \"query\": \"q\", \"key\": 5"),
        "prediction.key", "key index 5 is out of range: the scenario has 2 keys (0…1)");
    add("head out of range",
        QStringLiteral("\"kind\": \"distribution\", \"question\": \"?\", \"query\": \"q\", \"head\": 1"),
        "prediction.head", "head 1 is out of range: the scenario has 1 query heads");
    add("number without of",
        QStringLiteral("\"kind\": \"number\", \"question\": \"?\", \"query\": \"q\", \"key\": \"k1\""),
        "prediction.of", "is missing; expected \"weight\"");
    add("column for a weight",
        QStringLiteral(
            "\"kind\": \"number\", \"of\": \"weight\", \"question\": \"?\", \"query\": \"q\", \"key\": 0, "
            "\"column\": 0"),
        "prediction.column", "a weight is named by \"query\" and \"key\"");
    add("unknown key",
        QStringLiteral("\"kind\": \"distribution\", \"question\": \"?\", \"query\": \"q\", \"key\": 0"),
        "prediction.key", "unknown key (known here: kind, question, explanation, head, query)");
    add("raw HTML",
        QStringLiteral("\"kind\": \"distribution\", \"question\": \"<b>?</b>\", \"query\": \"q\""),
        "prediction.question", "raw HTML");
    QTest::addRow("no_spoilers not a boolean")
        << lessonWith(QStringLiteral("\"kind\": \"distribution\", \"question\": \"?\", \"query\": \"q\""),
                      QStringLiteral("\"no_spoilers\": \"yes\""))
        << QStringLiteral("no_spoilers") << QStringLiteral("expected true or false, got a string");
    // A tie at the top: no single key wins. Equal keys give equal weights.
    QTest::addRow("tie")
        << QStringLiteral(
               "{\"format\": \"attention-lab.lesson\", \"version\": 1, \"id\": \"07-test\", \"title\": "
               "\"T\", \"steps\": [{\"title\": \"S\", \"text\": \"t\", \"view\": \"qkv\", \"scenario\": "
               "{\"Q\": [[1, 0]], \"K\": [[1, 0], [1, 0]], \"V\": [[1], [2]]}, \"prediction\": "
               "{\"kind\": \"pick_key\", \"question\": \"?\", \"query\": 0}}]}")
               .toUtf8()
        << QStringLiteral("prediction") << QStringLiteral("the largest weights of “q1” tie");
}

void TestPrediction::checkerRefuses()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, field);
    QFETCH(QString, message);
    const LessonFileResult r = parseLesson(json, QStringLiteral("lessons/07-test.json"));
    QVERIFY(!r.lesson);
    QStringList all;
    bool found = false;
    for (const LessonProblem &p : r.problems) {
        all << p.toString();
        found = found || (p.field == field && p.message.contains(message));
    }
    QVERIFY2(found, qPrintable(all.join('\n')));
}

void TestPrediction::shippedLessonsAskPredictions()
{
    const LessonLibrary library = loadShippedLessons();
    QVERIFY(library.problems.empty());
    // The two questions the lessons used to ask without waiting for an answer are predictions now.
    const auto stepOf = [&library](const char *id, int step) -> const LessonStep & {
        return library.find(QString::fromLatin1(id))->steps[static_cast<std::size_t>(step)];
    };
    QVERIFY(stepOf("01-why-attention", 0).prediction);
    QCOMPARE(stepOf("01-why-attention", 0).prediction->kind, PredictionKind::PickKey);
    QVERIFY(stepOf("08-self-and-cross", 1).prediction);
    QCOMPARE(stepOf("08-self-and-cross", 1).prediction->kind, PredictionKind::PickKey);
    // Every lesson whose steps draw a scenario's weights asks at least one; the lessons on cost,
    // measurement, training and paths show views that do not draw the step's weights.
    const QStringList withoutWeights{
        QStringLiteral("09-rnn-vs-attention"), QStringLiteral("12-quadratic-cost"),
        QStringLiteral("14-measuring-honestly"), QStringLiteral("17-heads-are-learned")};
    std::set<PredictionKind> kinds;
    for (const Lesson &lesson : library.lessons) {
        int predictions = 0;
        for (const LessonStep &step : lesson.steps)
            if (step.prediction) {
                ++predictions;
                kinds.insert(step.prediction->kind);
            }
        if (!withoutWeights.contains(lesson.id)) QVERIFY2(predictions >= 1, qPrintable(lesson.id));
    }
    QCOMPARE(kinds.size(), std::size_t{3}); // every kind is used by a shipped lesson
}

QTEST_MAIN(TestPrediction)
#include "tst_prediction.moc"
