// Reading and validating lesson files (format "attention-lab.lesson", version 1; see
// lessons/README.md). Every problem is reported with its file, step and field; a broken lesson
// is left out and never stops the others from loading. QtCore only.
#pragma once

#include "ui/lessons/lesson.h"

#include <QByteArray>
#include <QString>

#include <optional>
#include <vector>

namespace attn::lessons {

/// One lesson file: the lesson when it has no problem, otherwise every problem found.
struct LessonFileResult {
    std::optional<Lesson> lesson;
    std::vector<LessonProblem> problems;
    /// Under a lessonLanguage() other than "en": what is missing, stale or wrong in the lesson's
    /// translation (lessontranslation.h), and the problems of the translated lesson, whose English
    /// is then shown instead. Never stops the lesson from loading.
    std::vector<LessonProblem> translationProblems;
};

/// The lessons of a folder (or of one file), in id order, and the problems of the files left out.
struct LessonLibrary {
    std::vector<Lesson> lessons;
    std::vector<LessonProblem> problems;
    QStringList brokenFiles;                        ///< files with at least one problem (not in `lessons`)
    std::vector<LessonProblem> translationProblems; ///< of the lessons read (LessonFileResult)
    QString source;                                 ///< the folder or file read

    /// The lesson with `id`, or nullptr.
    const Lesson *find(const QString &id) const;
    /// The index of lesson `id` in `lessons`, or −1.
    int indexOf(const QString &id) const;
};

/// Parses lesson JSON `text`; under a lessonLanguage() other than "en", in that language when
/// its translation file exists and the translated lesson has no problem. `path` names the file in problems
/// and locates scenario files given by name (relative to the lesson's folder; ":/lessons/…" works too).
/// Checks every field: the id ("NN-slug"), every step's text, view, controls, scenario (parsed by the
/// scenario reader and computed by the engine), selected query and task; a task's check must name existing
/// tokens and heads and must not already hold when the step opens.
LessonFileResult parseLesson(const QByteArray &text, const QString &path);

/// With `on` (and a QApplication), the checker builds the figure view of every step whose task
/// has a "view_value" check and refuses the check when it already holds as the step opens. Off by
/// default, so that the window starts fast; `attention-lab lessons --check` and the tests turn
/// it on. Not thread-safe: set it before reading lessons.
void setProbeFigureViews(bool on);

/// Reads and parses the lesson file at `path` (at most 4 MiB).
LessonFileResult readLessonFile(const QString &path);

/// True when `text` is JSON whose "format" is "attention-lab.scenario": a scenario file kept
/// next to the lessons that use it, not a lesson.
bool isScenarioFileText(const QByteArray &text);

/// Reads every "*.json" file directly in folder `dir` (scenario files are skipped), or the single
/// file `dir` names. Duplicate ids are problems of the later file. A missing folder is one problem.
LessonLibrary loadLessons(const QString &dir);

/// The lessons compiled into the application (":/lessons"). Registers the resources if needed.
LessonLibrary loadShippedLessons();

} // namespace attn::lessons
