// Lesson translation files (lessons/<language>/<lesson>.json): applied under that language,
// stale or missing strings reported and left English, a translation that breaks its lesson
// never stops the lesson from loading; and every shipped lesson is translated into zh_CN.
#include "strictwarnings.h"
#include "ui/base/resources.h"
#include "ui/lessons/lessonloader.h"
#include "ui/lessons/lessontranslation.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace attn::lessons;

namespace {

/// A two-step lesson: a sentence whose task names the token "she", and a step without a task.
const char *const kLesson = R"({
  "format": "attention-lab.lesson", "version": 1, "id": "07-test", "title": "Two keys",
  "summary": "A summary",
  "steps": [
    {"title": "Find her", "text": ["Line one", "", "Line two"], "view": "qkv",
     "scenario": {"title": "A sentence", "comment": "features",
                  "query_tokens": ["Mary", "she"], "key_tokens": ["Mary", "she"],
                  "Q": [[0, 1], [1, 0]], "K": [[1, 0], [0, 1]], "V": [[1, 0], [0, 1]]},
     "task": {"description": "Make **she** look at Mary",
              "check": {"kind": "weight_above", "query": "she", "key": "she", "value": 0.9}},
     "hints": ["First hint", "Second hint"]},
    {"title": "Second", "text": "Only text", "view": "qkv",
     "scenario": {"query_tokens": ["q"], "key_tokens": ["k"], "Q": [[1]], "K": [[1]], "V": [[1]]}}
  ]
})";

/// Its complete zh_CN translation: text, tokens (and the check that names them) replaced.
const char *const kTranslation = R"({
  "format": "attention-lab.lesson-translation", "version": 1, "lesson": "07-test", "language": "zh_CN",
  "title": {"en": "Two keys", "zh_CN": "两个键"},
  "summary": {"en": "A summary", "zh_CN": "摘要"},
  "steps": [
    {"title": {"en": "Find her", "zh_CN": "找到她"},
     "text": {"en": ["Line one", "", "Line two"], "zh_CN": ["第一行", "", "第二行"]},
     "scenario": {"title": {"en": "A sentence", "zh_CN": "一个句子"},
                  "comment": {"en": "features", "zh_CN": "特征"},
                  "query_tokens": {"en": ["Mary", "she"], "zh_CN": ["小红", "她"]},
                  "key_tokens": {"en": ["Mary", "she"], "zh_CN": ["小红", "她"]}},
     "task": {"description": {"en": "Make **she** look at Mary", "zh_CN": "让 **她** 看向小红"},
              "check": {"en": {"kind": "weight_above", "query": "she", "key": "she", "value": 0.9},
                        "zh_CN": {"kind": "weight_above", "query": "她", "key": "她", "value": 0.9}}},
     "hints": {"en": ["First hint", "Second hint"], "zh_CN": ["唯一的提示"]}},
    {"title": {"en": "Second", "zh_CN": "第二步"}, "text": {"en": "Only text", "zh_CN": "只有文字"}}
  ]
})";

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

/// kTranslation with `edit` applied to its JSON object.
QByteArray editedTranslation(const std::function<void(QJsonObject &)> &edit)
{
    QJsonObject o = QJsonDocument::fromJson(kTranslation).object();
    edit(o);
    return QJsonDocument(o).toJson();
}

/// Sets o[steps][index][key] (a step of a translation object).
void setStepEntry(QJsonObject &o, int index, const QString &key, const QJsonValue &value)
{
    QJsonArray steps = o.value(QStringLiteral("steps")).toArray();
    QJsonObject step = steps.at(index).toObject();
    if (value.isUndefined())
        step.remove(key);
    else
        step.insert(key, value);
    steps[index] = step;
    o.insert(QStringLiteral("steps"), steps);
}

QStringList texts(const std::vector<LessonProblem> &problems)
{
    QStringList lines;
    for (const LessonProblem &p : problems) lines << p.toString();
    return lines;
}

/// Restores the language lessons are read in when a test ends.
struct LanguageGuard {
    explicit LanguageGuard(const QString &language) { setLessonLanguage(language); }
    ~LanguageGuard() { setLessonLanguage(QStringLiteral("en")); }
};

} // namespace

class TestLessonTranslation : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void initTestCase() { attn::ui::initResources(); }
    void translationReplacesTextTokensAndChecks();
    void englishWhenTheLanguageIsEnglish();
    void noTranslationFileKeepsTheEnglish();
    void faultsAreReportedAndLeftEnglish_data();
    void faultsAreReportedAndLeftEnglish();
    void aTranslationThatBreaksItsLessonShowsTheEnglish();
    void languagesAreTheFoldersBesideTheLessons();
    void everyShippedLessonIsTranslatedIntoChinese();

private:
    QTemporaryDir m_dir;
    QString lessonPath() const { return m_dir.filePath(QStringLiteral("07-test.json")); }
    QString translationFile() const { return m_dir.filePath(QStringLiteral("zh_CN/07-test.json")); }
    void write(const QByteArray &translation)
    {
        QVERIFY(writeFile(lessonPath(), kLesson));
        QVERIFY(writeFile(translationFile(), translation));
    }
};

void TestLessonTranslation::translationReplacesTextTokensAndChecks()
{
    write(kTranslation);
    LanguageGuard language(QStringLiteral("zh_CN"));
    const LessonFileResult result = readLessonFile(lessonPath());
    QVERIFY2(result.lesson, qPrintable(texts(result.problems).join('\n')));
    QVERIFY2(result.translationProblems.empty(), qPrintable(texts(result.translationProblems).join('\n')));
    const Lesson &lesson = *result.lesson;
    QCOMPARE(lesson.title, QStringLiteral("两个键"));
    QCOMPARE(lesson.summary, QStringLiteral("摘要"));
    QCOMPARE(lesson.steps.size(), std::size_t(2));
    QCOMPARE(lesson.steps[0].title, QStringLiteral("找到她"));
    QCOMPARE(lesson.steps[0].text, QStringLiteral("第一行\n\n第二行"));
    QCOMPARE(lesson.steps[0].hints, QStringList{QStringLiteral("唯一的提示")});
    QVERIFY(lesson.steps[0].task);
    QCOMPARE(lesson.steps[0].task->description, QStringLiteral("让 **她** 看向小红"));
    QCOMPARE(lesson.steps[0].task->check.query.token, QStringLiteral("她"));
    QCOMPARE(lesson.steps[0].scenario.query_tokens, (std::vector<std::string>{"小红", "她"}));
    QCOMPARE(lesson.steps[0].scenario.title, std::string("一个句子"));
    QCOMPARE(lesson.steps[0].scenarioNote, QStringLiteral("特征"));
    QCOMPARE(lesson.steps[1].text, QStringLiteral("只有文字"));
    // The numbers are the lesson's: only what was listed changed.
    QCOMPARE(lesson.steps[0].scenario.query(0, 1), 1.0);
}

void TestLessonTranslation::englishWhenTheLanguageIsEnglish()
{
    write(kTranslation);
    const LessonFileResult result = readLessonFile(lessonPath());
    QVERIFY(result.lesson);
    QCOMPARE(result.lesson->title, QStringLiteral("Two keys"));
    QVERIFY(result.translationProblems.empty());
}

void TestLessonTranslation::noTranslationFileKeepsTheEnglish()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(QStringLiteral("07-test.json")), kLesson));
    LanguageGuard language(QStringLiteral("zh_CN"));
    const LessonFileResult result = readLessonFile(dir.filePath(QStringLiteral("07-test.json")));
    QVERIFY(result.lesson);
    QCOMPARE(result.lesson->title, QStringLiteral("Two keys"));
    QCOMPARE(texts(result.translationProblems),
             QStringList{dir.filePath(QStringLiteral("zh_CN/07-test.json")) +
                         QStringLiteral(": missing: this lesson has no zh_CN translation")});
}

void TestLessonTranslation::faultsAreReportedAndLeftEnglish_data()
{
    QTest::addColumn<QByteArray>("translation");
    QTest::addColumn<QString>("problem"); ///< after "FILE: "
    QTest::addColumn<QString>("title");   ///< the first step's title shown
    QTest::addColumn<QString>("text");    ///< the first step's text shown

    QTest::newRow("stale") << editedTranslation([](QJsonObject &o) {
        setStepEntry(o, 0, QStringLiteral("title"), QJsonObject{{"en", "Find him"}, {"zh_CN", "找到他"}});
    })
                           << QStringLiteral("step 1: title: stale: the English text changed after it was "
                                             "translated (its \"en\" is "
                                             "no longer the lesson's); translate it again")
                           << QStringLiteral("Find her") << QStringLiteral("第一行\n\n第二行");
    QTest::newRow("missing") << editedTranslation([](QJsonObject &o) {
        setStepEntry(o, 0, QStringLiteral("text"), QJsonValue::Undefined);
    }) << QStringLiteral("step 1: text: missing: no zh_CN translation")
                             << QStringLiteral("找到她") << QStringLiteral("Line one\n\nLine two");
    QTest::newRow("missing hints") << editedTranslation([](QJsonObject &o) {
        setStepEntry(o, 0, QStringLiteral("hints"), QJsonValue::Undefined);
    }) << QStringLiteral("step 1: hints: missing: no zh_CN translation")
                                   << QStringLiteral("找到她") << QStringLiteral("第一行\n\n第二行");
    QTest::newRow("no such field") << editedTranslation([](QJsonObject &o) {
        setStepEntry(o, 1, QStringLiteral("hints"), QJsonObject{{"en", "x"}, {"zh_CN", "y"}});
    }) << QStringLiteral("step 2: hints: the lesson has no such field here")
                                   << QStringLiteral("找到她") << QStringLiteral("第一行\n\n第二行");
    QTest::newRow("wrong type") << editedTranslation([](QJsonObject &o) {
        setStepEntry(o, 0, QStringLiteral("title"), QJsonObject{{"en", "Find her"}, {"zh_CN", 3}});
    }) << QStringLiteral("step 1: title: the translation is a number but the lesson has a string here")
                                << QStringLiteral("Find her") << QStringLiteral("第一行\n\n第二行");
    QTest::newRow("too few steps")
        << editedTranslation([](QJsonObject &o) {
               QJsonArray steps = o.value(QStringLiteral("steps")).toArray();
               steps.removeLast();
               o.insert(QStringLiteral("steps"), steps);
           })
        << QStringLiteral(
               "steps: 1 entries, but the lesson has 2 here (one entry for each, {} for those left as "
               "they are)")
        << QStringLiteral("Find her") << QStringLiteral("Line one\n\nLine two");
    QTest::newRow("not a leaf")
        << editedTranslation(
               [](QJsonObject &o) { setStepEntry(o, 0, QStringLiteral("title"), QStringLiteral("找到她")); })
        << QStringLiteral(
               "step 1: title: expected {\"en\": …, \"zh_CN\": …} or an object mirroring the lesson, "
               "got a string")
        << QStringLiteral("Find her") << QStringLiteral("第一行\n\n第二行");
    QTest::newRow("another lesson's") << editedTranslation([](QJsonObject &o) {
        o.insert(QStringLiteral("lesson"), QStringLiteral("08-other"));
    }) << QStringLiteral("lesson: expected \"07-test\", got \"08-other\"")
                                      << QStringLiteral("Find her") << QStringLiteral("Line one\n\nLine two");
    QTest::newRow("another language") << editedTranslation([](QJsonObject &o) {
        o.insert(QStringLiteral("language"), QStringLiteral("de"));
    }) << QStringLiteral("language: expected \"zh_CN\", got \"de\"")
                                      << QStringLiteral("Find her") << QStringLiteral("Line one\n\nLine two");
    QTest::newRow("not JSON") << QByteArray("{\"format\": ") << QStringLiteral("not valid JSON")
                              << QStringLiteral("Find her") << QStringLiteral("Line one\n\nLine two");
}

void TestLessonTranslation::faultsAreReportedAndLeftEnglish()
{
    QFETCH(QByteArray, translation);
    QFETCH(QString, problem);
    write(translation);
    LanguageGuard language(QStringLiteral("zh_CN"));
    const LessonFileResult result = readLessonFile(lessonPath());
    QVERIFY2(result.lesson, qPrintable(texts(result.problems).join('\n')));
    const QStringList problems = texts(result.translationProblems);
    QCOMPARE(problems.size(), 1);
    QVERIFY2(problems.front().startsWith(translationFile() + QStringLiteral(": ") + problem),
             qPrintable(problems.front()));
    QTEST(result.lesson->steps[0].title, "title");
    QTEST(result.lesson->steps[0].text, "text");
}

void TestLessonTranslation::aTranslationThatBreaksItsLessonShowsTheEnglish()
{
    // Tokens renamed, but the check still names "she": the translated lesson would be broken.
    write(editedTranslation([](QJsonObject &o) {
        QJsonArray steps = o.value(QStringLiteral("steps")).toArray();
        QJsonObject step = steps.at(0).toObject();
        QJsonObject task = step.value(QStringLiteral("task")).toObject();
        task.remove(QStringLiteral("check"));
        step.insert(QStringLiteral("task"), task);
        steps[0] = step;
        o.insert(QStringLiteral("steps"), steps);
    }));
    LanguageGuard language(QStringLiteral("zh_CN"));
    const LessonFileResult result = readLessonFile(lessonPath());
    QVERIFY(result.lesson);
    QCOMPARE(result.lesson->title, QStringLiteral("Two keys"));
    // The query and the key of the check name "she", which the translated scenario renamed.
    const QStringList problems = texts(result.translationProblems);
    QCOMPARE(problems.size(), 2);
    for (const QString &problem : problems) {
        QVERIFY2(problem.startsWith(lessonPath() + QStringLiteral(": step 1: task.check.")),
                 qPrintable(problem));
        QVERIFY2(problem.contains(QStringLiteral(": in zh_CN: ")), qPrintable(problem));
        QVERIFY2(problem.contains(QStringLiteral("“she”")), qPrintable(problem));
    }
}

void TestLessonTranslation::languagesAreTheFoldersBesideTheLessons()
{
    QTemporaryDir dir;
    for (const char *sub : {"zh_CN", "de", "scenarios", "pictures", "en", "zh_cn"})
        QVERIFY(QDir(dir.path()).mkdir(QString::fromLatin1(sub)));
    QCOMPARE(translationLanguages(dir.path()), (QStringList{QStringLiteral("de"), QStringLiteral("zh_CN")}));
    QCOMPARE(translationPath(QStringLiteral("/a/b/03-x.json"), QStringLiteral("zh_CN")),
             QStringLiteral("/a/b/zh_CN/03-x.json"));
    QCOMPARE(translationLanguages(QStringLiteral(":/lessons")), QStringList{QStringLiteral("zh_CN")});
}

void TestLessonTranslation::everyShippedLessonIsTranslatedIntoChinese()
{
    LanguageGuard language(QStringLiteral("zh_CN"));
    const LessonLibrary library = loadShippedLessons();
    QVERIFY2(library.problems.empty(), qPrintable(texts(library.problems).join('\n')));
    QVERIFY2(library.translationProblems.empty(), qPrintable(texts(library.translationProblems).join('\n')));
    // Every lesson file of the source folder is shipped, and each has its translation: a new
    // lesson without one fails here by name.
    const QDir source(QStringLiteral(ATTN_SOURCE_DIR "/lessons"));
    QStringList sourceIds;
    for (const QString &name : source.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        const QString id = QFileInfo(name).completeBaseName();
        sourceIds << id;
        QVERIFY2(QFileInfo::exists(source.filePath(QStringLiteral("zh_CN/") + name)),
                 qPrintable(id + QStringLiteral(": no lessons/zh_CN/") + name));
    }
    QVERIFY(!sourceIds.isEmpty());
    QStringList shippedIds;
    for (const Lesson &lesson : library.lessons) shippedIds << lesson.id;
    QCOMPARE(shippedIds, sourceIds);
    for (const Lesson &lesson : library.lessons) {
        // A translated lesson's title has Chinese in it (not only Latin letters).
        bool han = false;
        for (const QChar c : lesson.title) han = han || (c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF);
        QVERIFY2(han, qPrintable(lesson.id + QStringLiteral(": ") + lesson.title));
    }
}

QTEST_MAIN(TestLessonTranslation)
#include "tst_lessontranslation.moc"
