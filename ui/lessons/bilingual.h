// The bilingual view of a translated lesson: the English under the translated text, for classrooms
// that share one screen across languages (View → Bilingual lesson text). QtCore only.
#pragma once

#include <QString>

namespace attn::lessons {

struct Lesson;
struct LessonStep;

/// Keeps the English of `english` beside the translated text of `translated` (the same lesson read
/// in English and in another language): every title, step text, task and hint that the translation
/// changed goes into the english* fields; those it left alone stay empty.
void keepEnglish(Lesson &translated, const Lesson &english);

/// `text` with `english` under it when `bilingual` is on and there is an English that differs.
/// Markdown: a horizontal rule between the two; plain text (`markdown` false): a new line.
QString withEnglish(const QString &text, const QString &english, bool bilingual, bool markdown = true);

/// The step's Markdown text with its English under it (bilingual on), else its text.
QString bilingualStepText(const LessonStep &step, bool bilingual);

} // namespace attn::lessons
