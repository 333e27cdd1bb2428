// Lesson files: every shipped lesson loads and validates; broken files give one clear message
// per problem, naming file, step and field; a broken lesson never stops the others.
#include "readablemessage.h"
#include "strictwarnings.h"
#include "ui/base/resources.h"
#include "ui/lessons/lessonloader.h"
#include "ui/lessons/lessontranslation.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace attn::lessons;

namespace {

/// A valid one-step lesson around the worked example; `step` replaces keys of the step and
/// `top` keys of the lesson (JSON fragments without braces, e.g. "\"view\": \"x\"").
QByteArray lessonJson(const QString &stepExtra = {}, const QString &top = {})
{
    QString step = QStringLiteral(
        "\"title\": \"S\", \"text\": \"Some text\", \"view\": \"qkv\", "
        "\"scenario\": {\"query_tokens\": [\"q\"], \"key_tokens\": [\"k1\", \"k2\"], "
        "\"Q\": [[1, 0]], \"K\": [[1, 0], [0, 1]], \"V\": [[2, 0], [0, 4]]}, "
        "\"task\": {\"description\": \"Do it\", "
        "\"check\": {\"kind\": \"weight_above\", \"query\": \"q\", \"key\": \"k1\", \"value\": 0.9}}, "
        "\"hints\": [\"A hint\"]");
    if (!stepExtra.isEmpty()) step = stepExtra;
    QString lesson =
        QStringLiteral("\"format\": \"attention-lab.lesson\", \"version\": 1, \"id\": \"07-test\", "
                       "\"title\": \"T\"");
    if (!top.isEmpty()) lesson = top;
    return QStringLiteral("{%1, \"steps\": [{%2}]}").arg(lesson, step).toUtf8();
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

} // namespace

class TestLessonLoader : public QObject {
    Q_OBJECT

private slots:
    void missingLessonsFolder();
    void init() { attn::test::failOnQtWarnings(); }
    void initTestCase() { attn::ui::initResources(); }
    void shippedLessonsLoadAndValidate();
    void resourcesHoldEveryLessonOfTheSourceFolder();
    void resourcesHoldEveryTranslationAndScenarioFile();
    void validLessonParses();
    void markdownMayBeAnArrayOfLines();
    void brokenLessonsNameFileStepAndField_data();
    void brokenLessonsNameFileStepAndField();
    void problemTextFormat();
    void everyProblemIsReported();
    void brokenLessonDoesNotStopTheOthers();
    void duplicateIdsAreRefused();
    void scenarioFilesNextToLessonsAreUsedAndSkipped();
    void missingFolderIsOneProblem();
};

void TestLessonLoader::shippedLessonsLoadAndValidate()
{
    const LessonLibrary library = loadShippedLessons();
    QStringList problems;
    for (const LessonProblem &p : library.problems) problems << p.toString();
    QVERIFY2(library.problems.empty(), qPrintable(problems.join('\n')));
    QVERIFY(library.lessons.size() >= 3);
    QCOMPARE(library.lessons[0].id, QStringLiteral("01-why-attention"));
    QCOMPARE(library.lessons[1].id, QStringLiteral("02-query-key-value"));
    QCOMPARE(library.lessons[2].id, QStringLiteral("03-softmax-mixture"));
    QString previous;
    for (const Lesson &lesson : library.lessons) {
        QVERIFY2(lesson.id > previous, qPrintable(lesson.id));
        previous = lesson.id;
        QVERIFY2(lesson.steps.size() >= 2, qPrintable(lesson.id));
        int tasks = 0;
        for (const LessonStep &step : lesson.steps) {
            QVERIFY(!step.title.isEmpty());
            QVERIFY(!step.text.isEmpty());
            QVERIFY(knownViews().contains(step.view));
            if (step.task) {
                ++tasks;
                QVERIFY2(!step.hints.isEmpty(), qPrintable(lesson.id + ": " + step.title));
            }
        }
        QVERIFY2(tasks >= 1, qPrintable(lesson.id));
    }
}

void TestLessonLoader::resourcesHoldEveryLessonOfTheSourceFolder()
{
    // A lesson added to lessons/ but forgotten in the .qrc would load from a folder only.
    const LessonLibrary source = loadLessons(QStringLiteral(ATTN_SOURCE_DIR "/lessons"));
    QVERIFY(source.problems.empty());
    const LessonLibrary shipped = loadShippedLessons();
    QCOMPARE(shipped.lessons.size(), source.lessons.size());
    for (std::size_t i = 0; i < source.lessons.size(); ++i) {
        QCOMPARE(shipped.lessons[i].id, source.lessons[i].id);
        QCOMPARE(shipped.lessons[i].steps.size(), source.lessons[i].steps.size());
    }
}

void TestLessonLoader::resourcesHoldEveryTranslationAndScenarioFile()
{
    // A translation (lessons/<language>/) or a scenario file (lessons/scenarios/) forgotten in the
    // .qrc would be read from a folder only: the built-in lessons would show the English, or break.
    const QString source = QStringLiteral(ATTN_SOURCE_DIR "/lessons");
    QStringList folders = translationLanguages(source);
    QVERIFY(folders.contains(QStringLiteral("zh_CN")));
    folders << QStringLiteral("scenarios");
    for (const QString &folder : folders) {
        const QDir dir(source + QLatin1Char('/') + folder);
        const QStringList names = dir.entryList({QStringLiteral("*.json")}, QDir::Files);
        QVERIFY2(!names.isEmpty(), qPrintable(dir.path()));
        for (const QString &name : names) {
            QFile shipped(QStringLiteral(":/lessons/%1/%2").arg(folder, name));
            QVERIFY2(shipped.open(QIODevice::ReadOnly),
                     qPrintable(shipped.fileName() + " is not in the resources"));
            QFile file(dir.filePath(name));
            QVERIFY(file.open(QIODevice::ReadOnly));
            QVERIFY2(shipped.readAll() == file.readAll(),
                     qPrintable(shipped.fileName() + " differs from the source"));
        }
    }
}

void TestLessonLoader::validLessonParses()
{
    const LessonFileResult r = parseLesson(lessonJson(), QStringLiteral("07-test.json"));
    QVERIFY(r.problems.empty());
    QVERIFY(r.lesson);
    const Lesson &lesson = *r.lesson;
    QCOMPARE(lesson.id, QStringLiteral("07-test"));
    QCOMPARE(lesson.steps.size(), std::size_t(1));
    const LessonStep &step = lesson.steps[0];
    QCOMPARE(step.view, QStringLiteral("qkv"));
    QCOMPARE(step.scenario.value.rows(), 2);
    QVERIFY(!step.controlsGiven);
    QVERIFY(step.task);
    QCOMPARE(step.task->check.kind, CheckKind::WeightAbove);
    QCOMPARE(step.task->check.key.token, QStringLiteral("k1"));
    QCOMPARE(step.task->check.value, 0.9);
    QCOMPARE(step.hints, QStringList{QStringLiteral("A hint")});
}

void TestLessonLoader::markdownMayBeAnArrayOfLines()
{
    const QString step = QStringLiteral("\"title\": \"S\", \"text\": [\"# Head\", \"\", \"body\"], \"view\": "
                                        "\"sentence\", \"controls\": [\"V\"], "
                                        "\"scenario\": {\"Q\": [[1]], \"K\": [[1]], \"V\": [[1]]}");
    const LessonFileResult r = parseLesson(lessonJson(step), QStringLiteral("x.json"));
    QVERIFY(r.problems.empty());
    QCOMPARE(r.lesson->steps[0].text, QStringLiteral("# Head\n\nbody"));
    QVERIFY(r.lesson->steps[0].controlsGiven);
    QCOMPARE(r.lesson->steps[0].controls, QStringList{QStringLiteral("V")});
}

void TestLessonLoader::brokenLessonsNameFileStepAndField_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<int>("step");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("message");

    const QString scenario =
        QStringLiteral("\"scenario\": {\"query_tokens\": [\"q\"], \"key_tokens\": [\"k1\", \"k2\"], "
                       "\"Q\": [[1, 0]], \"K\": [[1, 0], [0, 1]], \"V\": [[2, 0], [0, 4]]}");
    const auto step = [&scenario](const QString &rest) {
        return lessonJson(QStringLiteral("\"title\": \"S\", \"text\": \"t\", \"view\": \"qkv\", %1%2")
                              .arg(scenario, rest.isEmpty() ? QString() : QStringLiteral(", ") + rest));
    };
    const auto task = [&step](const QString &check) {
        return step(QStringLiteral("\"task\": {\"description\": \"d\", \"check\": {%1}}").arg(check));
    };

    QTest::addRow("not json") << QByteArray("{\"format\": ") << 0 << QString() << "not valid JSON at byte";
    QTest::addRow("wrong format") << lessonJson({}, "\"format\": \"attention-lab.lessons\", \"version\": 1, "
                                                    "\"id\": \"07-test\", \"title\": \"T\"")
                                  << 0 << "format"
                                  << "expected \"attention-lab.lesson\"";
    // A scenario file read as a lesson says what it is (before: its keys were named unknown).
    QTest::addRow("a scenario file") << lessonJson({},
                                                   "\"format\": \"attention-lab.scenario\", \"version\": 1, "
                                                   "\"id\": \"07-test\", \"title\": \"T\"")
                                     << 0 << QString()
                                     << "this is a scenario file (format \"attention-lab.scenario\")";
    QTest::addRow("bad id") << lessonJson({}, "\"format\": \"attention-lab.lesson\", \"version\": 1, "
                                              "\"id\": \"Softmax\", \"title\": \"T\"")
                            << 0 << "id"
                            << "is not two digits, a dash and a lowercase slug";
    QTest::addRow("missing title") << lessonJson({}, "\"format\": \"attention-lab.lesson\", \"version\": 1, "
                                                     "\"id\": \"07-test\"")
                                   << 0 << "title"
                                   << "is missing";
    QTest::addRow("no steps") << QByteArray("{\"format\": \"attention-lab.lesson\", \"version\": 1, "
                                            "\"id\": \"07-test\", \"title\": \"T\", \"steps\": []}")
                              << 0 << "steps"
                              << "expected a non-empty array of steps, got an empty array";
    QTest::addRow("steps a string") << QByteArray("{\"format\": \"attention-lab.lesson\", \"version\": 1, "
                                                  "\"id\": \"07-test\", \"title\": \"T\", \"steps\": \"x\"}")
                                    << 0 << "steps"
                                    << "expected a non-empty array of steps, got a string";
    QTest::addRow("duplicate key")
        << QByteArray("{\"format\": \"attention-lab.lesson\", \"version\": 1, "
                      "\"id\": \"07-test\", \"title\": \"T\", \"title\": \"U\", \"steps\": []}")
        << 0 << "title"
        << "is given twice in one object (again at line 1, column 81); JSON keeps only the "
           "last: remove one";
    QTest::addRow("unknown lesson key")
        << lessonJson({}, "\"format\": \"attention-lab.lesson\", \"version\": 1, "
                          "\"id\": \"07-test\", \"title\": \"T\", \"autor\": \"me\"")
        << 0 << "autor"
        << "unknown key";
    QTest::addRow("unknown view")
        << lessonJson(QStringLiteral("\"title\": \"S\", \"text\": \"t\", \"view\": \"heatmap\", ") + scenario)
        << 1 << "view"
        << "unknown view “heatmap”; expected one of qkv, sentence, scaling, scoring, mask";
    QTest::addRow("missing text") << lessonJson(QStringLiteral("\"title\": \"S\", \"view\": \"qkv\", ") +
                                                scenario)
                                  << 1 << "text"
                                  << "is missing";
    QTest::addRow("ragged scenario")
        << lessonJson("\"title\": \"S\", \"text\": \"t\", \"view\": \"qkv\", "
                      "\"scenario\": {\"Q\": [[1, 0]], \"K\": [[1, 0], [0]], \"V\": [[2], [4]]}")
        << 1 << "scenario.K"
        << "row 1 has 1 numbers but row 0 has 2";
    QTest::addRow("scenario key typo") // named once: "scenario", not "scenario.scenario"
        << lessonJson("\"title\": \"S\", \"text\": \"t\", \"view\": \"qkv\", "
                      "\"scenario\": {\"Q\": [[1, 0]], \"K\": [[1, 0]], \"V\": [[2]], \"casual\": true}")
        << 1 << "scenario"
        << "unknown key";
    QTest::addRow("missing scenario file")
        << lessonJson("\"title\": \"S\", \"text\": \"t\", \"view\": \"qkv\", \"scenario\": \"nowhere.json\"")
        << 1 << "scenario"
        << "cannot read the scenario file “nowhere.json”";
    QTest::addRow("unknown control") << step("\"controls\": [\"Q\", \"temperature\"]") << 1 << "controls"
                                     << "unknown control “temperature”";
    QTest::addRow("empty hint") << step("\"hints\": [\"\"]") << 1 << "hints[0]"
                                << "expected a non-empty string, got an empty string";
    QTest::addRow("unknown selected query") << step("\"selected_query\": \"she\"") << 1 << "selected_query"
                                            << "unknown query “she”; the queries are q";
    QTest::addRow("unknown check kind") << task("\"kind\": \"weight_between\"") << 1 << "task.check.kind"
                                        << "unknown kind “weight_between”";
    QTest::addRow("weights task with only V unlocked")
        << step("\"controls\": [\"V\"], \"task\": {\"description\": \"d\", \"check\": {\"kind\": "
                "\"all_of\", \"checks\": [{\"kind\": \"argmax_key\", \"query\": \"q\", \"key\": \"k2\"}]}}")
        << 1 << "task.check"
        << "tests weights, but the step unlocks only V";
    QTest::addRow("weights task with nothing unlocked")
        << step("\"controls\": [], \"task\": {\"description\": \"d\", \"check\": {\"kind\": "
                "\"weight_above\", \"query\": \"q\", \"key\": \"k2\", \"value\": 0.9}}")
        << 1 << "task.check"
        << "tests weights, but the step unlocks nothing";
    QTest::addRow("unknown key token")
        << task("\"kind\": \"weight_above\", \"query\": \"q\", \"key\": \"k3\", \"value\": 0.9") << 1
        << "task.check.key"
        << "unknown key “k3”; the keys are k1, k2";
    QTest::addRow("key index out of range")
        << task("\"kind\": \"argmax_key\", \"query\": 0, \"key\": 5") << 1 << "task.check.key"
        << "key index 5 is out of range: the scenario has 2 keys";
    QTest::addRow("weight out of range")
        << task("\"kind\": \"weight_below\", \"query\": \"q\", \"key\": \"k1\", \"value\": 1.5") << 1
        << "task.check.value"
        << "expected a weight between 0 and 1, got 1.5";
    QTest::addRow("head out of range")
        << task("\"kind\": \"weight_below\", \"head\": 2, \"query\": \"q\", \"key\": \"k1\", \"value\": 0.5")
        << 1 << "task.check.head"
        << "head 2 is out of range: the scenario has 1 query heads";
    QTest::addRow("output length") << task(
                                          "\"kind\": \"output_near\", \"query\": \"q\", \"value\": [1, 2, 3]")
                                   << 1 << "task.check.value"
                                   << "has 3 numbers but the output row (H_q·d_v) has 2";
    QTest::addRow("empty shapes check") << task("\"kind\": \"shapes\"") << 1 << "task.check"
                                        << "needs at least one of n_q, n_k, d_k, d_v";
    QTest::addRow("dtype check without dtypes") << task("\"kind\": \"dtype\"") << 1 << "task.check.one_of"
                                                << "expected an array of dtype names";
    QTest::addRow("unknown dtype") << task("\"kind\": \"dtype\", \"one_of\": [\"float16\", \"half\"]") << 1
                                   << "task.check.one_of"
                                   << "unknown dtype “half”; expected float64, float32, float16 or bfloat16";
    QTest::addRow("nested check")
        << task("\"kind\": \"all_of\", \"checks\": [{\"kind\": \"selected_query\", \"query\": \"x\"}]") << 1
        << "task.check.checks[0].query"
        << "unknown query “x”";
    QTest::addRow("view value of a view without values")
        << task("\"kind\": \"view_value\", \"name\": \"layers\", \"equals\": 3") << 1 << "task.check.name"
        << "the view “qkv” shows no values a check can test";
    QTest::addRow("view value without bounds")
        << task("\"kind\": \"view_value\", \"name\": \"layers\"") << 1 << "task.check"
        << "a view_value check needs at least one of above, below, equals";
    QTest::addRow("view value bound not a number")
        << task("\"kind\": \"view_value\", \"name\": \"layers\", \"above\": \"2\"") << 1 << "task.check.above"
        << "expected a number, got a string";
    QTest::addRow("view value with an empty name")
        << task("\"kind\": \"view_value\", \"name\": \"\", \"below\": 2") << 1 << "task.check.name"
        << "expected the name of a value the view shows, got an empty string";
    QTest::addRow("empty all_of") << task("\"kind\": \"all_of\", \"checks\": []") << 1 << "task.check.checks"
                                  << "expected a non-empty array of checks, got an empty array";
    QTest::addRow("view value without name")
        << task("\"kind\": \"view_value\", \"below\": 2") << 1 << "task.check.name"
        << "expected the name of a value the view shows";
    const auto pathsTask = [&scenario](const QString &check) {
        return lessonJson(QStringLiteral("\"title\": \"S\", \"text\": \"t\", \"view\": \"paths\", %1, "
                                         "\"task\": {\"description\": \"d\", \"check\": {%2}}")
                              .arg(scenario, check));
    };
    QTest::addRow("view value bounds exclude each other")
        << pathsTask("\"kind\": \"view_value\", \"name\": \"n\", \"above\": 5, \"below\": 3") << 1
        << "task.check"
        << "can never hold: n cannot be above 5 and below 3 at once";
    QTest::addRow("two targets for one value in all_of")
        << pathsTask("\"kind\": \"all_of\", \"checks\": [{\"kind\": \"view_value\", \"name\": \"n\", "
                     "\"equals\": 5}, {\"kind\": \"all_of\", \"checks\": [{\"kind\": \"view_value\", "
                     "\"name\": \"n\", \"equals\": 6}]}]")
        << 1 << "task.check"
        << "can never hold: n cannot be equal to 5 ± 0.01 and equal to 6 ± 0.01 at once";
    // Softmax weights lie in [0, 1]: a learner could never meet these (found in a review).
    QTest::addRow("weight above 1")
        << task("\"kind\": \"weight_above\", \"query\": \"q\", \"key\": \"k2\", \"value\": 1") << 1
        << "task.check"
        << "can never hold: a weight is at most 1, and the check wants it above 1";
    QTest::addRow("weight below 0 in an all_of")
        << task("\"kind\": \"all_of\", \"checks\": [{\"kind\": \"weight_below\", \"query\": \"q\", "
                "\"key\": \"k2\", \"value\": 0}]")
        << 1 << "task.check"
        << "can never hold: a weight is at least 0, and the check wants it below 0";
    // Weight checks that exclude each other in one all_of: each query's weights sum to 1.
    const auto allOf = [&task](const QString &a, const QString &b) {
        return task(QStringLiteral("\"kind\": \"all_of\", \"checks\": [{%1}, {%2}]").arg(a, b));
    };
    QTest::addRow("one weight above 0.8 and below 0.5")
        << allOf("\"kind\": \"weight_above\", \"query\": \"q\", \"key\": \"k1\", \"value\": 0.8",
                 "\"kind\": \"weight_below\", \"query\": 0, \"key\": \"k1\", \"value\": 0.5")
        << 1 << "task.check"
        << "can never hold: the weight of “q” on “k1” cannot be above 0.8 and below 0.5 at once";
    QTest::addRow("two weights of one query above 0.6 and 0.5")
        << allOf("\"kind\": \"weight_above\", \"query\": \"q\", \"key\": \"k2\", \"value\": 0.5",
                 "\"kind\": \"weight_near\", \"query\": \"q\", \"key\": \"k1\", \"value\": 0.6, "
                 "\"tolerance\": 0.05")
        << 1 << "task.check"
        << "can never hold: the weights of “q” sum to 1, but the check wants “k1” within 0.6 ± 0.05, “k2” "
           "above "
           "0.5";
    QTest::addRow("two argmax keys")
        << allOf("\"kind\": \"argmax_key\", \"query\": \"q\", \"key\": \"k1\"",
                 "\"kind\": \"argmax_key\", \"query\": \"q\", \"key\": \"k2\"")
        << 1 << "task.check"
        << "can never hold: “q” has one largest weight, but the check wants it on “k1” and on “k2”";
    QTest::addRow("argmax outweighed")
        << allOf("\"kind\": \"argmax_key\", \"query\": \"q\", \"key\": \"k1\"",
                 "\"kind\": \"weight_above\", \"query\": \"q\", \"key\": \"k2\", \"value\": 0.5")
        << 1 << "task.check"
        << "can never hold: “q” on “k2” is above 0.5, more than half, so “k1” cannot have the largest weight";
    QTest::addRow("index beyond any token") // shown in full, not as 1e+11
        << task("\"kind\": \"weight_above\", \"query\": 99999999999, \"key\": \"k1\", \"value\": 0.5") << 1
        << "task.check.query"
        << "expected a token label or a 0-based index, got 99999999999";
    QTest::addRow("tolerance without equals")
        << pathsTask("\"kind\": \"view_value\", \"name\": \"n\", \"above\": 5, \"tolerance\": 0.5") << 1
        << "task.check.tolerance"
        << "applies to \"equals\" only";
    QTest::addRow("weights on a view that never edits the scenario")
        << pathsTask("\"kind\": \"weight_above\", \"query\": \"q\", \"key\": \"k2\", \"value\": 0.9") << 1
        << "task.check"
        << "the view “paths” never changes the scenario";
    QTest::addRow("show_target not a boolean")
        << task("\"kind\": \"selected_query\", \"query\": \"q\", \"show_target\": \"no\"") << 1
        << "task.check.show_target"
        << "expected true or false, got a string";
    QTest::addRow("already met") << task("\"kind\": \"argmax_key\", \"query\": \"q\", \"key\": \"k1\"") << 1
                                 << "task.check"
                                 << "already holds when the step opens";
    QTest::addRow("unknown check key")
        << task("\"kind\": \"argmax_key\", \"query\": \"q\", \"key\": \"k2\", \"treshold\": 1") << 1
        << "task.check.treshold"
        << "unknown key (known here: kind, head, query, key)";
}

void TestLessonLoader::brokenLessonsNameFileStepAndField()
{
    QFETCH(QByteArray, json);
    QFETCH(int, step);
    QFETCH(QString, field);
    QFETCH(QString, message);
    const LessonFileResult r = parseLesson(json, QStringLiteral("lessons/07-test.json"));
    QVERIFY(!r.lesson);
    QVERIFY(!r.problems.empty());
    QStringList all;
    bool found = false;
    for (const LessonProblem &p : r.problems) {
        all << p.toString();
        QCOMPARE(p.file, QStringLiteral("lessons/07-test.json"));
        found = found || (p.step == step && p.field == field && p.message.contains(message));
    }
    QVERIFY2(found, qPrintable(all.join('\n')));
}

void TestLessonLoader::problemTextFormat()
{
    const LessonProblem p{QStringLiteral("03-x.json"), 2, QStringLiteral("task.check.key"),
                          QStringLiteral("unknown key")};
    QCOMPARE(p.toString(), QStringLiteral("03-x.json: step 2: task.check.key: unknown key"));
    const LessonProblem top{QStringLiteral("03-x.json"), 0, QStringLiteral("id"), QStringLiteral("bad")};
    QCOMPARE(top.toString(), QStringLiteral("03-x.json: id: bad"));
}

void TestLessonLoader::everyProblemIsReported()
{
    // Three independent problems in two steps: all three are reported, not only the first.
    const QByteArray json = "{\"format\": \"attention-lab.lesson\", \"version\": 1, \"id\": \"bad\", "
                            "\"title\": \"T\", \"steps\": ["
                            "{\"title\": \"A\", \"text\": \"t\", \"view\": \"nope\", \"scenario\": {\"Q\": "
                            "[[1]], \"K\": [[1]], \"V\": [[1]]}},"
                            "{\"title\": \"B\", \"text\": \"t\", \"view\": \"qkv\", \"scenario\": {\"Q\": "
                            "[[1]], \"K\": [[1]]}}]}";
    const LessonFileResult r = parseLesson(json, QStringLiteral("f.json"));
    QCOMPARE(r.problems.size(), std::size_t(3));
    QCOMPARE(r.problems[0].field, QStringLiteral("id"));
    QCOMPARE(r.problems[1].step, 1);
    QCOMPARE(r.problems[1].field, QStringLiteral("view"));
    QCOMPARE(r.problems[2].step, 2);
    QCOMPARE(r.problems[2].field, QStringLiteral("scenario.V"));
}

void TestLessonLoader::brokenLessonDoesNotStopTheOthers()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath("07-test.json"), lessonJson()));
    QVERIFY(writeFile(dir.filePath("08-broken.json"), "{ not json"));
    QByteArray other = lessonJson();
    other.replace("07-test", "09-other");
    QVERIFY(writeFile(dir.filePath("09-other.json"), other));
    const LessonLibrary library = loadLessons(dir.path());
    QCOMPARE(library.lessons.size(), std::size_t(2));
    QCOMPARE(library.lessons[0].id, QStringLiteral("07-test"));
    QCOMPARE(library.lessons[1].id, QStringLiteral("09-other"));
    QCOMPARE(library.brokenFiles, QStringList{dir.filePath("08-broken.json")});
    QCOMPARE(library.problems.size(), std::size_t(1));
    QVERIFY(library.problems[0].toString().startsWith(dir.filePath("08-broken.json") + ": not valid JSON"));
}

void TestLessonLoader::duplicateIdsAreRefused()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath("a.json"), lessonJson()));
    QVERIFY(writeFile(dir.filePath("b.json"), lessonJson()));
    const LessonLibrary library = loadLessons(dir.path());
    QCOMPARE(library.lessons.size(), std::size_t(1));
    QCOMPARE(library.problems.size(), std::size_t(1));
    QCOMPARE(library.problems[0].file, dir.filePath("b.json"));
    QCOMPARE(library.problems[0].field, QStringLiteral("id"));
    QVERIFY(library.problems[0].message.contains(dir.filePath("a.json")));
}

void TestLessonLoader::scenarioFilesNextToLessonsAreUsedAndSkipped()
{
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath("scenarios"));
    QVERIFY(writeFile(dir.filePath("scenarios/we.json"),
                      "{\"format\": \"attention-lab.scenario\", \"version\": 1, \"comment\": \"A note\", "
                      "\"Q\": [[1, 0]], \"K\": [[1, 0], [0, 1]], \"V\": [[2, 0], [0, 4]]}"));
    // A scenario file directly in the folder is not a lesson and is not reported.
    QVERIFY(writeFile(dir.filePath("we.json"), "{\"format\": \"attention-lab.scenario\", \"version\": 1, "
                                               "\"Q\": [[1]], \"K\": [[1]], \"V\": [[1]]}"));
    QVERIFY(writeFile(dir.filePath("07-test.json"),
                      lessonJson("\"title\": \"S\", \"text\": \"t\", \"view\": \"sentence\", "
                                 "\"scenario\": \"scenarios/we.json\", \"selected_query\": 0")));
    const LessonLibrary library = loadLessons(dir.path());
    QVERIFY(library.problems.empty());
    QCOMPARE(library.lessons.size(), std::size_t(1));
    QCOMPARE(library.lessons[0].steps[0].scenario.key.rows(), 2);
    QCOMPARE(library.lessons[0].steps[0].scenarioNote, QStringLiteral("A note"));
}

void TestLessonLoader::missingFolderIsOneProblem()
{
    const LessonLibrary library = loadLessons(QStringLiteral("/nonexistent/lessons"));
    QVERIFY(library.lessons.empty());
    QCOMPARE(library.problems.size(), std::size_t(1));
    QCOMPARE(library.problems[0].toString(), QStringLiteral("/nonexistent/lessons: no such file or folder"));
}

void TestLessonLoader::missingLessonsFolder()
{
    // A folder that does not exist is one problem naming it, in one readable line.
    QTemporaryDir dir;
    const QString folder = dir.filePath("no-such-folder");
    const attn::lessons::LessonLibrary library = attn::lessons::loadLessons(folder);
    QVERIFY(library.lessons.empty());
    QCOMPARE(library.problems.size(), std::size_t(1));
    QVERIFY2(library.problems[0].toString().contains(folder), qPrintable(library.problems[0].toString()));
    attn::test::verifyReadable(library.problems[0].toString());
}

QTEST_GUILESS_MAIN(TestLessonLoader)
#include "tst_lessonloader.moc"
