#include "lessonscommand.h"

#include "commands.h"
#include "ui/lessons/lessonloader.h"
#include "ui/lessons/lessontranslation.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

namespace attn::app {

namespace {

/// A folder whose every *.json file is a lesson translation (format "attention-lab.lesson-translation").
bool isTranslationFolder(const QString &path)
{
    const QDir dir(path);
    if (!QFileInfo(path).isDir()) return false;
    const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files);
    if (files.isEmpty()) return false;
    for (const QString &name : files) {
        QFile file(dir.filePath(name));
        if (file.size() > 16 * 1024 * 1024 || !file.open(QIODevice::ReadOnly)) return false;
        const QJsonDocument json = QJsonDocument::fromJson(file.readAll());
        if (json.object().value(QStringLiteral("format")).toString() !=
            QLatin1String("attention-lab.lesson-translation"))
            return false;
    }
    return true;
}

} // namespace

namespace {

bool printLine(const QString &line)
{
    const QByteArray bytes = line.toUtf8() + '\n';
    return std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), stdout) ==
           static_cast<std::size_t>(bytes.size());
}

int finish(bool written)
{
    if (!written || std::fflush(stdout) != 0 || std::ferror(stdout)) {
        printError("cannot write to standard output");
        return Failure;
    }
    return Ok;
}

} // namespace

int runLessons(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Lists the built-in lessons, or checks lesson files written by a teacher.");
    parser.addHelpOption();
    parser.addPositionalArgument("lessons", "The command.");
    const QCommandLineOption listOption("list", "Print \"id<TAB>title\" for every built-in lesson.");
    const QCommandLineOption checkOption(
        "check", "Check a lesson file, or every lesson file (*.json) in a folder; one line per problem.",
        "PATH");
    parser.addOptions({listOption, checkOption});
    if (const std::optional<int> stop = parseCommand(parser, arguments, QStringLiteral("lessons")))
        return *stop;
    if (parser.isSet(listOption) == parser.isSet(checkOption)) {
        printError("usage: attention-lab lessons --list | --check PATH");
        return BadInput;
    }

    if (parser.isSet(listOption)) {
        const lessons::LessonLibrary library = lessons::loadShippedLessons();
        bool written = true;
        for (const lessons::Lesson &lesson : library.lessons)
            written = written && printLine(lesson.id + QLatin1Char('\t') + lesson.title);
        // A built-in lesson with a problem is a bug of this build: say so, but list the others.
        for (const lessons::LessonProblem &problem : library.problems) printError(problem.toString());
        const int status = finish(written);
        return status != Ok ? status : (library.problems.empty() ? Ok : Failure);
    }

    const QString path = parser.value(checkOption);
    if (isTranslationFolder(path)) {
        // A translator checking their own folder: its files are checked with the lessons they translate.
        printError(
            QStringLiteral("%1 holds lesson translations, not lessons: check the lessons folder it belongs "
                           "to (attention-lab lessons --check %2), which checks every translation beside it")
                .arg(path, QFileInfo(QDir(path).absolutePath()).path()));
        return BadInput;
    }
    const lessons::LessonLibrary library = lessons::loadLessons(path);
    std::vector<lessons::LessonProblem> problems = library.problems;
    if (problems.empty() && library.lessons.empty())
        problems.push_back({path, 0, {}, QStringLiteral("no lesson file (*.json) found")});
    // Every language with a translation folder beside the lessons: each string missing or stale,
    // and what the translated lessons break.
    const QFileInfo info(path);
    const QStringList languages = lessons::translationLanguages(info.isDir() ? path : info.path());
    for (const QString &language : languages) {
        lessons::setLessonLanguage(language);
        const lessons::LessonLibrary translated = lessons::loadLessons(path);
        problems.insert(problems.end(), translated.translationProblems.begin(),
                        translated.translationProblems.end());
    }
    lessons::setLessonLanguage(QStringLiteral("en"));
    bool written = true;
    for (const lessons::LessonProblem &problem : problems) written = written && printLine(problem.toString());
    if (problems.empty()) {
        QString ok = library.lessons.size() == 1
                         ? QStringLiteral("1 lesson OK")
                         : QStringLiteral("%1 lessons OK").arg(library.lessons.size());
        if (!languages.isEmpty())
            ok += QStringLiteral(", translated into %1").arg(languages.join(QStringLiteral(", ")));
        written = printLine(ok);
    }
    const int status = finish(written);
    return status != Ok ? status : (problems.empty() ? Ok : BadInput);
}

} // namespace attn::app
