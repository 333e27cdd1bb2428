// What the shipped lessons say, in English and in Chinese: the cross-attention example has fewer
// target words than source words, lesson 12 counts in decimal thousands, and lesson 14 carries
// the "lost in the middle" note with its caution.
#include "strictwarnings.h"
#include "ui/base/resources.h"
#include "ui/document/scenariodocument.h"
#include "ui/lessons/lessonloader.h"
#include "ui/lessons/lessonstage.h"
#include "ui/lessons/lessontranslation.h"

#include <QTest>

#include <cmath>

using namespace attn::lessons;

namespace {

const LessonStep &stepOf(const LessonLibrary &library, const QString &id, int step)
{
    const int index = library.indexOf(id);
    if (index < 0) qFatal("no lesson %s", qPrintable(id));
    return library.lessons[std::size_t(index)].steps.at(std::size_t(step));
}

} // namespace

class TestLessonWords : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { attn::ui::initResources(); }
    void init() { attn::test::failOnQtWarnings(); }
    void cleanup() { setLessonLanguage(QString()); }
    void crossAttentionHasTwoTargetsForThreeSources_data() { languages_data(); }
    void crossAttentionHasTwoTargetsForThreeSources();
    void costLessonCountsInDecimalThousands_data() { languages_data(); }
    void costLessonCountsInDecimalThousands();
    void lostInTheMiddleWithItsCaution_data() { languages_data(); }
    void lostInTheMiddleWithItsCaution();

private:
    /// The rows "en" and "zh_CN" (the lesson language to set).
    static void languages_data();
};

void TestLessonWords::languages_data()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("en") << QString();
    QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
}

void TestLessonWords::crossAttentionHasTwoTargetsForThreeSources()
{
    QFETCH(QString, language);
    setLessonLanguage(language);
    const LessonLibrary library = loadShippedLessons();
    QVERIFY(library.problems.empty());
    for (const int step : {1, 2}) {
        const LessonStep &s = stepOf(library, QStringLiteral("08-self-and-cross"), step);
        // The text says n_q need not equal n_k: the example shows it.
        QCOMPARE(s.scenario.query_tokens.size(), std::size_t(2));
        QCOMPARE(s.scenario.key_tokens.size(), std::size_t(3));
        attn::doc::ScenarioDocument document;
        QString error;
        QVERIFY2(loadStep(s, document, &error), qPrintable(error));
        QCOMPARE(document.trace().heads[0].weights.rows(), attn::Index(2));
        QCOMPARE(document.trace().heads[0].weights.cols(), attn::Index(3));
        QVERIFY(s.text.contains(QStringLiteral("2 × 3")));
    }
    // hitam (colour) takes most from black: e^(4/√3) / (e^(4/√3) + 2) = 0.834, as the prediction says.
    const LessonStep &cross = stepOf(library, QStringLiteral("08-self-and-cross"), 1);
    attn::doc::ScenarioDocument document;
    QVERIFY(loadStep(cross, document, nullptr));
    const double e = std::exp(4.0 / std::sqrt(3.0));
    QVERIFY(std::abs(document.trace().heads[0].weights(1, 1) - e / (e + 2.0)) < 1e-12);
    QCOMPARE(QString::number(e / (e + 2.0), 'f', 3), QStringLiteral("0.834"));
}

void TestLessonWords::costLessonCountsInDecimalThousands()
{
    QFETCH(QString, language);
    setLessonLanguage(language);
    const LessonLibrary library = loadShippedLessons();
    const QString text = stepOf(library, QStringLiteral("12-quadratic-cost"), 0).text;
    // The documents' pairs: 1,000 tokens → 1,000,000 pairs; 100,000 → 10,000,000,000.
    QVERIFY2(text.contains(QStringLiteral("1,000,000")) && text.contains(QStringLiteral("10,000,000,000")),
             qPrintable(text));
    QVERIFY(!text.contains(QStringLiteral("1K = 1,024")));
}

void TestLessonWords::lostInTheMiddleWithItsCaution()
{
    QFETCH(QString, language);
    setLessonLanguage(language);
    const LessonLibrary library = loadShippedLessons();
    const QString text = stepOf(library, QStringLiteral("14-measuring-honestly"), 3).text;
    QVERIFY(text.contains(QStringLiteral("Lost in the Middle")));
    QVERIFY(text.contains(language.isEmpty() ? QStringLiteral("not simply weights being diluted")
                                             : QStringLiteral("并不只是权重被更多的键摊薄了")));
}

QTEST_MAIN(TestLessonWords)
#include "tst_lessonwords.moc"
