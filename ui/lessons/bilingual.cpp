#include "ui/lessons/bilingual.h"

#include "ui/lessons/lesson.h"

#include <algorithm>

namespace attn::lessons {

namespace {

QString englishIfChanged(const QString &translated, const QString &english)
{
    return translated == english ? QString() : english;
}

} // namespace

void keepEnglish(Lesson &translated, const Lesson &english)
{
    translated.englishTitle = englishIfChanged(translated.title, english.title);
    const std::size_t steps = std::min(translated.steps.size(), english.steps.size());
    for (std::size_t i = 0; i < steps; ++i) {
        LessonStep &step = translated.steps[i];
        const LessonStep &en = english.steps[i];
        step.englishTitle = englishIfChanged(step.title, en.title);
        step.englishText = englishIfChanged(step.text, en.text);
        if (step.task && en.task)
            step.englishTask = englishIfChanged(step.task->description, en.task->description);
        if (step.prediction && en.prediction)
            step.englishQuestion = englishIfChanged(step.prediction->question, en.prediction->question);
        step.englishHints.clear();
        bool anyHint = false;
        for (int h = 0; h < step.hints.size(); ++h) {
            const QString hint = englishIfChanged(step.hints[h], en.hints.value(h));
            anyHint = anyHint || !hint.isEmpty();
            step.englishHints << hint;
        }
        if (!anyHint) step.englishHints.clear();
    }
}

QString withEnglish(const QString &text, const QString &english, bool bilingual, bool markdown)
{
    if (!bilingual || english.isEmpty() || english == text) return text;
    return markdown ? text + QStringLiteral("\n\n---\n\n") + english : text + QLatin1Char('\n') + english;
}

QString bilingualStepText(const LessonStep &step, bool bilingual)
{
    return withEnglish(step.text, step.englishText, bilingual);
}

} // namespace attn::lessons
