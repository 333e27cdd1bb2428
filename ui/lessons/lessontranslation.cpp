#include "ui/lessons/lessontranslation.h"

#include "ui/document/boundedread.h"
#include "ui/document/jsonproblem.h"
#include "ui/document/scenariojson.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>

namespace attn::lessons {

namespace {

constexpr qint64 kMaxTranslationFileBytes = qint64{4} << 20;
const char *const kTranslationFormat = "attention-lab.lesson-translation";

QString g_language = QStringLiteral("en");

/// Text is a string or an array of lines; anything else must keep the lesson's JSON type.
bool sameKind(const QJsonValue &lesson, const QJsonValue &translation)
{
    const auto isText = [](const QJsonValue &v) { return v.isString() || v.isArray(); };
    if (lesson.isString()) return isText(translation);
    return lesson.type() == translation.type();
}

/// Walks a translation file over its lesson (both as JSON), building the translated lesson.
class Translator {
public:
    Translator(QString file, QString language) : m_file(std::move(file)), m_language(std::move(language)) {}

    QJsonValue apply(const QJsonValue &lesson, const QJsonValue &entry, const QString &path)
    {
        if (entry.isObject() && isLeaf(entry.toObject())) {
            const QJsonObject leaf = entry.toObject();
            m_present.insert(path);
            if (leaf.value(QStringLiteral("en")) != lesson) {
                problem(path, QStringLiteral("stale: the English text changed after it was translated (its "
                                             "\"en\" is no longer the lesson's); translate it again"));
                return lesson;
            }
            const QJsonValue replacement = leaf.value(m_language);
            if (!sameKind(lesson, replacement)) {
                problem(path, QStringLiteral("the translation is %1 but the lesson has %2 here")
                                  .arg(doc::jsonTypeName(replacement), doc::jsonTypeName(lesson)));
                return lesson;
            }
            return replacement;
        }
        if (entry.isObject()) {
            if (!lesson.isObject()) {
                problem(path,
                        QStringLiteral("an object, but the lesson has %1 here; a replacement is written "
                                       "{\"en\": …, \"%2\": …}")
                            .arg(doc::jsonTypeName(lesson), m_language));
                return lesson;
            }
            QJsonObject result = lesson.toObject();
            const QJsonObject o = entry.toObject();
            for (auto it = o.begin(); it != o.end(); ++it) {
                const QString child = join(path, it.key());
                if (!result.contains(it.key())) {
                    problem(child, QStringLiteral("the lesson has no such field here"));
                    continue;
                }
                result.insert(it.key(), apply(result.value(it.key()), it.value(), child));
            }
            return result;
        }
        if (entry.isArray()) {
            const QJsonArray e = entry.toArray();
            if (!lesson.isArray() || lesson.toArray().size() != e.size()) {
                problem(path,
                        lesson.isArray()
                            ? QStringLiteral("%1 entries, but the lesson has %2 here (one entry for each, "
                                             "{} for those left as they are)")
                                  .arg(e.size())
                                  .arg(lesson.toArray().size())
                            : QStringLiteral("an array, but the lesson has %1 here")
                                  .arg(doc::jsonTypeName(lesson)));
                return lesson;
            }
            QJsonArray result = lesson.toArray();
            for (qsizetype i = 0; i < e.size(); ++i)
                result[i] = apply(result.at(i), e.at(i), join(path, QString::number(i)));
            return result;
        }
        problem(path,
                QStringLiteral("expected {\"en\": …, \"%1\": …} or an object mirroring the lesson, got %2")
                    .arg(m_language, doc::jsonTypeName(entry)));
        return lesson;
    }

    /// Reports every string a learner reads that has no entry (a leaf above it counts).
    void requireText(const QJsonObject &lesson)
    {
        require(QStringLiteral("title"));
        if (lesson.contains(QStringLiteral("summary"))) require(QStringLiteral("summary"));
        const QJsonArray steps = lesson.value(QStringLiteral("steps")).toArray();
        for (qsizetype i = 0; i < steps.size(); ++i) {
            const QJsonObject s = steps.at(i).toObject();
            const QString base = QStringLiteral("steps/%1").arg(i);
            require(join(base, QStringLiteral("title")));
            require(join(base, QStringLiteral("text")));
            if (s.value(QStringLiteral("task")).toObject().contains(QStringLiteral("description")))
                require(join(base, QStringLiteral("task/description")));
            if (s.contains(QStringLiteral("hints"))) require(join(base, QStringLiteral("hints")));
            const QJsonObject prediction = s.value(QStringLiteral("prediction")).toObject();
            for (const QString key : {QStringLiteral("question"), QStringLiteral("explanation")})
                if (prediction.contains(key)) require(join(base, QStringLiteral("prediction/") + key));
            const QJsonObject scenario = s.value(QStringLiteral("scenario")).toObject();
            for (const QString key : {QStringLiteral("title"), QStringLiteral("comment")})
                if (scenario.contains(key)) require(join(base, QStringLiteral("scenario/") + key));
        }
    }

    /// Reports a fault at `path`; what is under it is then not reported missing again.
    void problem(const QString &path, const QString &message)
    {
        m_present.insert(path);
        // "steps/2/task/description" → step 3, field "task.description".
        QStringList parts = path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
        int step = 0;
        if (parts.size() >= 2 && parts.front() == QLatin1String("steps")) {
            step = parts.at(1).toInt() + 1;
            parts = parts.mid(2);
        }
        m_problems.push_back({m_file, step, parts.join(QLatin1Char('.')), message});
    }

    std::vector<LessonProblem> takeProblems() { return std::move(m_problems); }

private:
    bool isLeaf(const QJsonObject &o) const
    {
        return o.size() == 2 && o.contains(QStringLiteral("en")) && o.contains(m_language);
    }
    static QString join(const QString &path, const QString &key)
    {
        return path.isEmpty() ? key : path + QLatin1Char('/') + key;
    }
    void require(const QString &path)
    {
        for (QString p = path;; p = p.section(QLatin1Char('/'), 0, -2)) {
            if (m_present.contains(p)) return;
            if (!p.contains(QLatin1Char('/'))) break;
        }
        problem(path, QStringLiteral("missing: no %1 translation").arg(m_language));
    }

    QString m_file;
    QString m_language;
    QSet<QString> m_present; ///< the leaves found, current or stale
    std::vector<LessonProblem> m_problems;
};

} // namespace

void setLessonLanguage(const QString &language)
{
    g_language = language.isEmpty() ? QStringLiteral("en") : language;
}

QString lessonLanguage()
{
    return g_language;
}

QString translationPath(const QString &lessonPath, const QString &language)
{
    const QFileInfo info(lessonPath);
    return info.path() + QLatin1Char('/') + language + QLatin1Char('/') + info.fileName();
}

QStringList translationLanguages(const QString &dir)
{
    static const QRegularExpression name(QStringLiteral("^[a-z]{2,3}(_[A-Z]{2})?$"));
    QStringList languages;
    for (const QString &entry : QDir(dir).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
        if (name.match(entry).hasMatch() && entry != QLatin1String("en")) languages << entry;
    return languages;
}

TranslatedLesson translateLesson(const QJsonObject &lesson, const QString &lessonPath,
                                 const QString &language)
{
    TranslatedLesson result;
    result.lesson = lesson;
    const QString file = translationPath(lessonPath, language);
    const auto fail = [&](const QString &field, const QString &message) {
        result.problems.push_back({file, 0, field, message});
        return result;
    };
    const doc::BoundedRead read = doc::readFileBounded(file, kMaxTranslationFileBytes);
    if (read.status == doc::BoundedRead::Status::Missing)
        return fail({}, QStringLiteral("missing: this lesson has no %1 translation").arg(language));
    result.found = true;
    if (!read.ok()) return fail({}, QStringLiteral("cannot read the file: %1").arg(read.reason));
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(read.bytes, &error);
    if (error.error != QJsonParseError::NoError) return fail({}, doc::jsonSyntaxProblem(read.bytes, error));
    if (!document.isObject()) return fail({}, QStringLiteral("expected a JSON object at the top level"));
    if (const auto duplicate = doc::findDuplicateKey(read.bytes))
        return fail(duplicate->path, duplicate->message());

    QJsonObject entries = document.object();
    const auto expect = [&](const QString &key, const QJsonValue &want) {
        const QJsonValue got = entries.take(key);
        if (got == want) return true;
        const QString wanted = want.isString() ? QStringLiteral("\"%1\"").arg(want.toString())
                                               : QString::number(want.toDouble());
        const QString found =
            got.isString() ? QStringLiteral("\"%1\"").arg(got.toString()) : doc::jsonTypeName(got);
        result.problems.push_back({file, 0, key, QStringLiteral("expected %1, got %2").arg(wanted, found)});
        return false;
    };
    bool ok = expect(QStringLiteral("format"), QLatin1String(kTranslationFormat));
    ok = expect(QStringLiteral("version"), 1) && ok;
    ok = expect(QStringLiteral("lesson"), lesson.value(QStringLiteral("id"))) && ok;
    ok = expect(QStringLiteral("language"), language) && ok;
    if (!ok) return result;

    Translator translator(file, language);
    result.lesson = translator.apply(lesson, entries, {}).toObject();
    translator.requireText(lesson);
    std::vector<LessonProblem> problems = translator.takeProblems();
    result.problems.insert(result.problems.end(), problems.begin(), problems.end());
    return result;
}

} // namespace attn::lessons
