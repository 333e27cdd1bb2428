#include "ui/lessons/lessonloader.h"
#include "ui/document/boundedread.h"
#include "ui/document/filekind.h"

#include "core/attention.h"
#include "ui/base/resources.h"
#include "ui/document/jsonproblem.h"
#include "ui/document/scenariojson.h"
#include "ui/lessons/bilingual.h"
#include "ui/lessons/lessoncheck.h"
#include "ui/lessons/lessonmarkdown.h"
#include "ui/lessons/lessonreader.h"
#include "ui/lessons/lessontranslation.h"
#include "ui/lessons/predictionreader.h"
#include "ui/lessons/tasklint.h"
#include "ui/views/viewregistry.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <exception>
#include <map>

namespace attn::lessons {

namespace {

constexpr qint64 kMaxLessonFileBytes = qint64{4} << 20;
const char *const kLessonFormat = "attention-lab.lesson";
const char *const kScenarioFormat = "attention-lab.scenario";

/// Labels as the document shows them: the tokens, or "q1…"/"k1…" when there are none.
QStringList labelsOf(const std::vector<std::string> &tokens, Index count, QChar prefix)
{
    QStringList labels;
    for (Index i = 0; i < count; ++i)
        labels << (i < static_cast<Index>(tokens.size()) ? QString::fromStdString(tokens[i])
                                                         : QStringLiteral("%1%2").arg(prefix).arg(i + 1));
    return labels;
}

bool g_probeFigureViews = false;

/// Walks one lesson file, collecting every problem instead of stopping at the first.
class Parser : public LessonReader {
public:
    using LessonReader::LessonReader;

    LessonFileResult parse(const QByteArray &text);
    /// The lesson of a JSON object already read (by parse(), or translated).
    LessonFileResult parseObject(const QJsonObject &o);

private:
    std::optional<LessonStep> step(const QJsonValue &v, const QString &dir);
    /// Reports what of `text` (field `field`) would not show: raw HTML, pictures outside `dir`,
    /// links that are not http(s) addresses (lessonmarkdown.h).
    void checkMarkdown(const QString &text, const QString &field, const QString &dir);
    bool scenario(const QJsonValue &v, const QString &dir, LessonStep *step);
};

bool Parser::scenario(const QJsonValue &v, const QString &dir, LessonStep *step)
{
    const QString field = QStringLiteral("scenario");
    QJsonObject object;
    QString fileName;
    if (v.isString() && !v.toString().isEmpty()) {
        fileName = v.toString();
        if (const QString outside = pathOutsideFolder(fileName, dir); !outside.isEmpty()) {
            problem(field, QStringLiteral("the scenario file “%1” %2").arg(fileName, outside));
            return false;
        }
        const doc::BoundedRead read = doc::readFileBounded(QDir(dir).filePath(fileName), kMaxLessonFileBytes);
        if (read.status == doc::BoundedRead::Status::NotAFile) {
            problem(field,
                    QStringLiteral("the scenario file “%1” is %2, not a file").arg(fileName, read.kind));
            return false;
        }
        if (read.status == doc::BoundedRead::Status::TooLarge) {
            problem(field, QStringLiteral("the scenario file “%1” is larger than %2 MiB, the most it may be")
                               .arg(fileName)
                               .arg(kMaxLessonFileBytes >> 20));
            return false;
        }
        if (!read.ok()) {
            problem(field, QStringLiteral("cannot read the scenario file “%1” (looked in %2): %3")
                               .arg(fileName, QDir::toNativeSeparators(dir), read.reason));
            return false;
        }
        const QByteArray &text = read.bytes;
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(text, &error);
        if (error.error != QJsonParseError::NoError) {
            problem(field, QStringLiteral("the scenario file “%1”: %2")
                               .arg(fileName, doc::jsonSyntaxProblem(text, error)));
            return false;
        }
        if (!doc.isObject()) {
            problem(field, QStringLiteral("the scenario file “%1” is not a JSON object").arg(fileName));
            return false;
        }
        if (const auto duplicate = doc::findDuplicateKey(text)) {
            problem(field, QStringLiteral("the scenario file “%1”: %2: %3")
                               .arg(fileName, duplicate->path, duplicate->message()));
            return false;
        }
        object = doc.object();
    } else if (v.isObject()) {
        object = v.toObject();
        // Inside a lesson the scenario's format is implied.
        if (!object.contains(QStringLiteral("format")))
            object.insert(QStringLiteral("format"), kScenarioFormat);
        if (!object.contains(QStringLiteral("version"))) object.insert(QStringLiteral("version"), 1);
    } else {
        problem(field, QStringLiteral("expected a scenario object or the name of a scenario file next to the "
                                      "lesson, got %1")
                           .arg(typeName(v)));
        return false;
    }
    const QString where = fileName.isEmpty() ? QString() : QStringLiteral(" (file “%1”)").arg(fileName);
    try {
        step->scenario = doc::scenarioFromJson(object);
    } catch (const ScenarioError &e) {
        // e.what() starts with the scenario's own field name: "K: row 1 has 3 numbers …".
        QString message = QString::fromStdString(e.what());
        const QString prefix = QString::fromStdString(e.field()) + QStringLiteral(": ");
        if (message.startsWith(prefix)) message = message.mid(prefix.size());
        // A problem of the scenario object as a whole (an unknown key) is named "scenario" by the
        // reader too: say it once.
        const QString inner = QString::fromStdString(e.field());
        problem(inner == field ? field : field + QLatin1Char('.') + inner, message + where);
        return false;
    }
    try {
        (void)attend(step->scenario);
    } catch (const std::exception &e) {
        problem(field, QStringLiteral("is valid but cannot be computed%1: %2")
                           .arg(where, QString::fromLocal8Bit(e.what())));
        return false;
    }
    step->scenarioNote = object.value(QStringLiteral("comment")).toString();
    return true;
}

void Parser::checkMarkdown(const QString &text, const QString &field, const QString &dir)
{
    if (const QString html = rawHtmlIn(text); !html.isEmpty())
        problem(field, QStringLiteral("raw HTML “%1” would not show (lesson text is Markdown only: write "
                                      "![description](picture.png) for a picture, **bold** for bold)")
                           .arg(html));
    for (const MarkdownReference &reference : markdownReferences(text))
        if (const QString why = referenceProblem(reference, dir); !why.isEmpty()) problem(field, why);
}

std::optional<LessonStep> Parser::step(const QJsonValue &v, const QString &dir)
{
    if (!v.isObject()) {
        problem({}, QStringLiteral("expected a step object, got %1").arg(typeName(v)));
        return std::nullopt;
    }
    const std::size_t before = problemCount();
    const QJsonObject o = v.toObject();
    rejectUnknownKeys(
        o, {},
        {"title", "text", "view", "scenario", "controls", "selected_query", "task", "prediction", "hints"});
    LessonStep s;
    s.title = requiredString(o, QStringLiteral("title"), QStringLiteral("title"));
    if (!o.contains(QStringLiteral("text")))
        problem(QStringLiteral("text"), QStringLiteral("is missing (the step's Markdown text)"));
    else
        s.text = markdown(o.value(QStringLiteral("text")), QStringLiteral("text"));
    checkMarkdown(s.text, QStringLiteral("text"), dir);
    s.view = requiredString(o, QStringLiteral("view"), QStringLiteral("view"));
    if (!s.view.isEmpty() && !knownViews().contains(s.view))
        problem(QStringLiteral("view"), QStringLiteral("unknown view “%1”; expected one of %2")
                                            .arg(s.view, knownViews().join(QStringLiteral(", "))));

    std::optional<StepContext> context;
    if (!o.contains(QStringLiteral("scenario"))) {
        problem(QStringLiteral("scenario"), QStringLiteral("is missing (an inline scenario or a file name)"));
    } else if (scenario(o.value(QStringLiteral("scenario")), dir, &s)) {
        StepContext c;
        c.trace = attend(s.scenario);
        c.queryLabels = labelsOf(s.scenario.query_tokens, c.trace.shapes.n_q, QLatin1Char('q'));
        c.keyLabels = labelsOf(s.scenario.key_tokens, c.trace.shapes.n_k, QLatin1Char('k'));
        c.view = s.view;
        if (const ui::FigureViewInfo *info = ui::findFigureView(s.view))
            c.viewValueNames = info->taskValueNames;
        context = std::move(c);
    }

    if (o.contains(QStringLiteral("controls"))) {
        s.controlsGiven = true;
        const QJsonValue controls = o.value(QStringLiteral("controls"));
        if (!controls.isArray()) {
            problem(QStringLiteral("controls"),
                    QStringLiteral("expected an array of %1, got %2")
                        .arg(knownControls().join(QStringLiteral(", ")), typeName(controls)));
        } else {
            for (const QJsonValue &c : controls.toArray()) {
                if (!knownControls().contains(c.toString()))
                    problem(QStringLiteral("controls"),
                            QStringLiteral("unknown control %1; expected %2")
                                .arg(c.isString() ? QStringLiteral("“%1”").arg(c.toString()) : typeName(c),
                                     knownControls().join(QStringLiteral(", "))));
                else
                    s.controls << c.toString();
            }
        }
    }
    if (o.contains(QStringLiteral("selected_query"))) {
        if (const auto ref =
                tokenRef(o.value(QStringLiteral("selected_query")), QStringLiteral("selected_query"))) {
            s.selectedQuery = *ref;
            if (context)
                resolve(*ref, context->queryLabels, QStringLiteral("query"),
                        QStringLiteral("selected_query"));
        }
    }
    if (o.contains(QStringLiteral("hints"))) {
        const QJsonValue hints = o.value(QStringLiteral("hints"));
        const QJsonArray array = hints.toArray();
        if (!hints.isArray())
            problem(QStringLiteral("hints"),
                    QStringLiteral("expected an array of strings, got %1").arg(typeName(hints)));
        for (qsizetype i = 0; i < array.size(); ++i) {
            if (!array.at(i).isString() || array.at(i).toString().trimmed().isEmpty())
                problem(QStringLiteral("hints[%1]").arg(i),
                        QStringLiteral("expected a non-empty string, got %1").arg(shownType(array.at(i))));
            else
                s.hints << array.at(i).toString();
            checkMarkdown(array.at(i).toString(), QStringLiteral("hints[%1]").arg(i), dir);
        }
    }
    if (o.contains(QStringLiteral("task"))) {
        const QJsonValue taskValue = o.value(QStringLiteral("task"));
        if (!taskValue.isObject()) {
            problem(QStringLiteral("task"),
                    QStringLiteral("expected an object with \"description\" and \"check\", got %1")
                        .arg(typeName(taskValue)));
        } else {
            const QJsonObject t = taskValue.toObject();
            rejectUnknownKeys(t, QStringLiteral("task"), {"description", "check"});
            LessonTask task;
            if (!t.contains(QStringLiteral("description")))
                problem(QStringLiteral("task.description"), QStringLiteral("is missing"));
            else
                task.description =
                    markdown(t.value(QStringLiteral("description")), QStringLiteral("task.description"));
            checkMarkdown(task.description, QStringLiteral("task.description"), dir);
            if (!t.contains(QStringLiteral("check"))) {
                problem(QStringLiteral("task.check"), QStringLiteral("is missing"));
            } else if (auto c = check(t.value(QStringLiteral("check")), QStringLiteral("task.check"),
                                      context ? &*context : nullptr)) {
                task.check = *c;
                for (const TaskProblem &p :
                     lintTask(s, task.check, context ? &*context : nullptr, g_probeFigureViews))
                    problem(p.field, p.message);
            }
            s.task = task;
        }
    }
    if (o.contains(QStringLiteral("prediction"))) {
        s.prediction =
            readPrediction(*this, o.value(QStringLiteral("prediction")), context ? &*context : nullptr);
        if (s.prediction) checkMarkdown(s.prediction->question, QStringLiteral("prediction.question"), dir);
    }
    if (problemCount() != before) return std::nullopt;
    return s;
}

LessonFileResult Parser::parse(const QByteArray &text)
{
    LessonFileResult result;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError) {
        problem({}, doc::jsonSyntaxProblem(text, error));
        result.problems = problems();
        return result;
    }
    if (!doc.isObject()) {
        problem({}, QStringLiteral("expected a JSON object at the top level"));
        result.problems = problems();
        return result;
    }
    if (const auto duplicate = doc::findDuplicateKey(text)) {
        problem(duplicate->path, duplicate->message());
        result.problems = problems();
        return result;
    }
    const QJsonObject o = doc.object();
    if (o.value(QStringLiteral("format")).toString() == QLatin1String(kScenarioFormat)) {
        problem({}, QStringLiteral("this is a scenario file (format \"%1\"), not a lesson file; a lesson's "
                                   "step names it in \"scenario\", and `attention-lab compute` computes it")
                        .arg(QLatin1String(kScenarioFormat)));
        result.problems = problems();
        return result;
    }
    return parseObject(o);
}

LessonFileResult Parser::parseObject(const QJsonObject &o)
{
    LessonFileResult result;
    rejectUnknownKeys(o, {}, {"format", "version", "id", "title", "summary", "no_spoilers", "steps"});
    if (o.value(QStringLiteral("format")).toString() != QLatin1String(kLessonFormat))
        problem(QStringLiteral("format"),
                QStringLiteral("expected \"%1\", got %2")
                    .arg(QLatin1String(kLessonFormat),
                         o.value(QStringLiteral("format")).isString()
                             ? QStringLiteral("\"%1\"").arg(o.value(QStringLiteral("format")).toString())
                             : typeName(o.value(QStringLiteral("format")))));
    if (o.value(QStringLiteral("version")).toDouble(-1) != 1)
        problem(QStringLiteral("version"),
                QStringLiteral("this program reads version 1, got %1")
                    .arg(o.value(QStringLiteral("version")).isDouble()
                             ? QString::number(o.value(QStringLiteral("version")).toDouble())
                             : typeName(o.value(QStringLiteral("version")))));
    Lesson lesson;
    lesson.sourcePath = path();
    lesson.id = requiredString(o, QStringLiteral("id"), QStringLiteral("id"));
    static const QRegularExpression idPattern(QStringLiteral("^\\d\\d-[a-z0-9]+(-[a-z0-9]+)*$"));
    if (!lesson.id.isEmpty() && !idPattern.match(lesson.id).hasMatch())
        problem(QStringLiteral("id"), QStringLiteral("“%1” is not two digits, a dash and a lowercase slug, "
                                                     "like “03-softmax-mixture”")
                                          .arg(lesson.id));
    lesson.title = requiredString(o, QStringLiteral("title"), QStringLiteral("title"));
    if (o.contains(QStringLiteral("summary"))) {
        if (!o.value(QStringLiteral("summary")).isString())
            problem(QStringLiteral("summary"), QStringLiteral("expected a string, got %1")
                                                   .arg(typeName(o.value(QStringLiteral("summary")))));
        lesson.summary = o.value(QStringLiteral("summary")).toString();
    }
    if (o.contains(QStringLiteral("no_spoilers"))) {
        if (!o.value(QStringLiteral("no_spoilers")).isBool())
            problem(QStringLiteral("no_spoilers"),
                    QStringLiteral("expected true or false, got %1")
                        .arg(typeName(o.value(QStringLiteral("no_spoilers")))));
        lesson.noSpoilers = o.value(QStringLiteral("no_spoilers")).toBool();
    }
    const QJsonValue steps = o.value(QStringLiteral("steps"));
    if (!steps.isArray() || steps.toArray().isEmpty()) {
        problem(QStringLiteral("steps"),
                QStringLiteral("expected a non-empty array of steps, got %1")
                    .arg(steps.isArray() ? QStringLiteral("an empty array") : typeName(steps)));
    } else {
        const QString dir = QFileInfo(path()).path();
        const QJsonArray array = steps.toArray();
        for (qsizetype i = 0; i < array.size(); ++i) {
            setStep(static_cast<int>(i) + 1);
            if (auto s = step(array.at(i), dir)) lesson.steps.push_back(std::move(*s));
        }
        setStep(0);
    }
    result.problems = problems();
    if (problemCount() == 0) result.lesson = std::move(lesson);
    return result;
}

} // namespace

const Lesson *LessonLibrary::find(const QString &id) const
{
    const int i = indexOf(id);
    return i < 0 ? nullptr : &lessons[static_cast<std::size_t>(i)];
}

int LessonLibrary::indexOf(const QString &id) const
{
    for (std::size_t i = 0; i < lessons.size(); ++i)
        if (lessons[i].id == id) return static_cast<int>(i);
    return -1;
}

LessonFileResult parseLesson(const QByteArray &text, const QString &path)
{
    LessonFileResult english = Parser(path).parse(text);
    const QString language = lessonLanguage();
    if (language == QLatin1String("en") || !english.lesson) return english;
    const TranslatedLesson translation =
        translateLesson(QJsonDocument::fromJson(text).object(), path, language);
    english.translationProblems = translation.problems;
    if (!translation.found) return english;
    LessonFileResult translated = Parser(path).parseObject(translation.lesson);
    if (!translated.lesson) {
        // A translation that breaks the lesson (a check naming a token it renamed): show the English.
        for (LessonProblem &problem : translated.problems) {
            problem.message = QStringLiteral("in %1: %2").arg(language, problem.message);
            english.translationProblems.push_back(std::move(problem));
        }
        return english;
    }
    translated.translationProblems = std::move(english.translationProblems);
    keepEnglish(*translated.lesson, *english.lesson); // for the bilingual view
    return translated;
}

LessonFileResult readLessonFile(const QString &path)
{
    LessonFileResult result;
    const doc::BoundedRead read = doc::readFileBounded(path, kMaxLessonFileBytes);
    if (read.status == doc::BoundedRead::Status::TooLarge) {
        result.problems.push_back({path,
                                   0,
                                   {},
                                   QStringLiteral("larger than %1 MiB, the most a lesson file may be")
                                       .arg(kMaxLessonFileBytes >> 20)});
        return result;
    }
    if (!read.ok()) {
        result.problems.push_back({path, 0, {}, QStringLiteral("cannot read the file: %1").arg(read.reason)});
        return result;
    }
    return parseLesson(read.bytes, path);
}

bool isScenarioFileText(const QByteArray &text)
{
    return QJsonDocument::fromJson(text).object().value(QStringLiteral("format")).toString() ==
           QLatin1String(kScenarioFormat);
}

LessonLibrary loadLessons(const QString &dir)
{
    LessonLibrary library;
    library.source = dir;
    QStringList files;
    const QFileInfo info(dir);
    if (info.isFile()) {
        files << dir;
    } else if (info.isDir()) {
        const QDir folder(dir);
        for (const QString &name : folder.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
            files << (dir.endsWith(QLatin1Char('/')) ? dir + name : dir + QLatin1Char('/') + name);
    } else if (dir.isEmpty()) {
        library.problems.push_back({QStringLiteral("\"\""), 0, {}, QStringLiteral("the path is empty")});
        return library;
    } else if (info.exists()) {
        // A device, a pipe or a socket: nothing a lesson can be read from.
        const QString kind = doc::unreadableFileKind(dir);
        library.problems.push_back(
            {dir,
             0,
             {},
             QStringLiteral("neither a lesson file nor a folder, but %1")
                 .arg(kind.isEmpty() ? QStringLiteral("a device or special file") : kind)});
        return library;
    } else {
        library.problems.push_back({dir, 0, {}, QStringLiteral("no such file or folder")});
        return library;
    }

    std::map<QString, QString> fileOfId;
    for (const QString &path : files) {
        // A step's scenario file beside the lessons: not a lesson, and checked with its step. A
        // scenario file asked for by name is read as a lesson, to say what it is.
        if (!info.isFile() && isScenarioFileText(doc::readFileBounded(path, kMaxLessonFileBytes).bytes))
            continue;
        LessonFileResult result = readLessonFile(path);
        if (result.lesson) {
            const auto seen = fileOfId.find(result.lesson->id);
            if (seen != fileOfId.end())
                result.problems.push_back({path, 0, QStringLiteral("id"),
                                           QStringLiteral("“%1” is also the id of %2; ids must be unique")
                                               .arg(result.lesson->id, seen->second)});
        }
        library.translationProblems.insert(library.translationProblems.end(),
                                           result.translationProblems.begin(),
                                           result.translationProblems.end());
        if (!result.problems.empty()) {
            library.brokenFiles << path;
            library.problems.insert(library.problems.end(), result.problems.begin(), result.problems.end());
            continue;
        }
        fileOfId[result.lesson->id] = path;
        library.lessons.push_back(std::move(*result.lesson));
    }
    std::sort(library.lessons.begin(), library.lessons.end(),
              [](const Lesson &a, const Lesson &b) { return a.id < b.id; });
    return library;
}

LessonLibrary loadShippedLessons()
{
    ui::initResources();
    return loadLessons(QStringLiteral(":/lessons"));
}

void setProbeFigureViews(bool on)
{
    g_probeFigureViews = on;
}

} // namespace attn::lessons
