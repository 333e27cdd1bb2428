// The bilingual view: a translated lesson keeps its English beside each translated string, and the
// text shown puts the English under the translation only when asked.
#include "strictwarnings.h"
#include "ui/lessons/bilingual.h"
#include "ui/lessons/lesson.h"

#include <QTest>

using attn::lessons::Lesson;
using attn::lessons::LessonStep;

namespace {

Lesson lesson(const QString &title, const QString &stepTitle, const QString &text, const QStringList &hints,
              const QString &task)
{
    Lesson l;
    l.title = title;
    LessonStep step;
    step.title = stepTitle;
    step.text = text;
    step.hints = hints;
    step.task = attn::lessons::LessonTask{task, {}};
    l.steps.push_back(step);
    return l;
}

} // namespace

class TestBilingual : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void keepsTheEnglishOfWhatWasTranslated();
    void showsTheEnglishUnderTheTranslation();
};

void TestBilingual::keepsTheEnglishOfWhatWasTranslated()
{
    const Lesson english =
        lesson("Masks", "Padding", "A **mask** hides keys.", {"Try Space.", "softmax"}, "Hide it.");
    Lesson zh = lesson("掩码", "Padding", "**掩码**隐藏键。", {"试试空格键。", "softmax"}, "隐藏它。");
    attn::lessons::keepEnglish(zh, english);
    QCOMPARE(zh.englishTitle, QStringLiteral("Masks"));
    const LessonStep &s = zh.steps[0];
    QVERIFY(s.englishTitle.isEmpty()); // left English by the translation: nothing to repeat
    QCOMPARE(s.englishText, QStringLiteral("A **mask** hides keys."));
    QCOMPARE(s.englishTask, QStringLiteral("Hide it."));
    QCOMPARE(s.englishHints, QStringList({"Try Space.", QString()}));
    // A lesson read in English keeps nothing.
    Lesson en = english;
    attn::lessons::keepEnglish(en, english);
    QVERIFY(en.englishTitle.isEmpty() && en.steps[0].englishText.isEmpty() &&
            en.steps[0].englishHints.isEmpty());
}

void TestBilingual::showsTheEnglishUnderTheTranslation()
{
    using attn::lessons::withEnglish;
    QCOMPARE(withEnglish("掩码", "Masks", false), QStringLiteral("掩码"));
    QCOMPARE(withEnglish("掩码", "Masks", true), QStringLiteral("掩码\n\n---\n\nMasks"));
    QCOMPARE(withEnglish("掩码", "Masks", true, false), QStringLiteral("掩码\nMasks"));
    QCOMPARE(withEnglish("softmax", QString(), true), QStringLiteral("softmax"));
    Lesson zh = lesson("掩码", "填充", "**掩码**隐藏键。", {}, "隐藏它。");
    attn::lessons::keepEnglish(zh, lesson("Masks", "Padding", "A **mask** hides keys.", {}, "Hide it."));
    QCOMPARE(attn::lessons::bilingualStepText(zh.steps[0], true),
             QStringLiteral("**掩码**隐藏键。\n\n---\n\nA **mask** hides keys."));
    QCOMPARE(attn::lessons::bilingualStepText(zh.steps[0], false), QStringLiteral("**掩码**隐藏键。"));
}

QTEST_MAIN(TestBilingual)
#include "tst_bilingual.moc"
