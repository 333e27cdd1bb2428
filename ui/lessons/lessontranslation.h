// Lesson text in other languages: a translation file per lesson and language, in a folder named
// by the language beside the lesson ("lessons/zh_CN/01-why-attention.json" translates
// "lessons/01-why-attention.json"; format "attention-lab.lesson-translation", lessons/README.md).
// The file mirrors the lesson, objects by key and arrays by index, down to leaves
// {"en": <the lesson's value>, "<language>": <its replacement>}; "en" is how a translation whose
// English changed since is found (stale). QtCore only.
#pragma once

#include "ui/lessons/lesson.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <vector>

namespace attn::lessons {

/// The language lessons are read in: "en" (as written, the default) or a language with
/// translation files, such as "zh_CN". Set once at start-up, before lessons are read.
void setLessonLanguage(const QString &language);
QString lessonLanguage();

/// Where the `language` translation of the lesson file `lessonPath` lives: <its folder>/<language>/<its
/// name>.
QString translationPath(const QString &lessonPath, const QString &language);

/// The languages with a translation folder in lesson folder `dir` (subfolders named like
/// "zh_CN" or "de"), sorted.
QStringList translationLanguages(const QString &dir);

/// What translateLesson() made of a lesson and its translation file.
struct TranslatedLesson {
    bool found = false; ///< the translation file exists (and was read)
    QJsonObject lesson; ///< the lesson with every valid, current entry replaced; stale ones stay English
    /// Each string the file lacks ("missing"), each entry whose "en" is no longer the lesson's
    /// ("stale"), each entry that names nothing in the lesson, and the file's own faults.
    std::vector<LessonProblem> problems;
};

/// Applies the `language` translation of the lesson at `lessonPath` to its JSON `lesson`.
TranslatedLesson translateLesson(const QJsonObject &lesson, const QString &lessonPath,
                                 const QString &language);

} // namespace attn::lessons
