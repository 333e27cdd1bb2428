// A lesson step that asks for a prediction (offscreen): the weights stay covered, the task
// unchecked and (with "no_spoilers") the hints closed until the learner answers and presses
// Reveal; the answer and its score are kept with the progress and come back on the next run.
#include "strictwarnings.h"
#include "ui/base/fitscrollarea.h"
#include "ui/base/resources.h"
#include "ui/document/scenariodocument.h"
#include "ui/lessons/distributioneditor.h"
#include "ui/lessons/lessonnavigator.h"
#include "ui/lessons/predictioncover.h"
#include "ui/lessons/predictionpanel.h"
#include "ui/lessons/predictionstore.h"
#include "ui/shell/mainwindow.h"
#include "ui/views/qkv/qkveditorview.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace attn::lessons;
using attn::doc::ScenarioDocument;

namespace {

/// Step 1 asks which key wins (k1: logits 1/√2 against 0, weight 0.670) before a task on the
/// same weight; step 2 asks for the bars. With `noSpoilers`, hints wait for the prediction.
QByteArray predictionLesson(bool noSpoilers)
{
    const QByteArray scenario = "\"scenario\": {\"query_tokens\": [\"q\"], \"key_tokens\": [\"k1\", \"k2\"], "
                                "\"Q\": [[1, 0]], \"K\": [[1, 0], [0, 1]], \"V\": [[2, 0], [0, 4]]}";
    return QByteArray("{\"format\": \"attention-lab.lesson\", \"version\": 1, \"id\": \"07-predict\", "
                      "\"title\": \"P\", ") +
           (noSpoilers ? "\"no_spoilers\": true, " : "") +
           "\"steps\": [{\"title\": \"A\", \"text\": \"t\", " + "\"view\": \"qkv\", " + scenario +
           ", \"prediction\": {\"kind\": \"pick_key\", \"question\": \"Which key wins?\", \"query\": \"q\", "
           "\"explanation\": \"k1 points the same way as q.\"}, \"task\": {\"description\": \"d\", "
           "\"check\": "
           "{\"kind\": \"weight_above\", \"query\": \"q\", \"key\": \"k1\", \"value\": 0.9}}, "
           "\"hints\": [\"Raise the first entry of q.\"]}, {\"title\": \"B\", \"text\": \"t\", "
           "\"view\": \"sentence\", " +
           scenario +
           ", \"prediction\": {\"kind\": \"distribution\", \"question\": \"Draw the row.\", "
           "\"query\": \"q\"}}]}";
}

} // namespace

class TestLessonPrediction : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void hiddenUntilPredicted();
    void hintsOpenWithoutNoSpoilers();
    void keptAcrossRuns();
    void windowCoversTheWeights();

private:
    QString settingsFile() const { return m_dir.filePath(QStringLiteral("settings.ini")); }
    QString lessonsDir() const { return m_dir.filePath(QStringLiteral("lessons")); }
    void writeLesson(bool noSpoilers);
    QTemporaryDir m_dir;
};

void TestLessonPrediction::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    attn::ui::initResources();
}

void TestLessonPrediction::init()
{
    attn::test::failOnQtWarnings();
    QFile::remove(settingsFile());
    QSettings().clear();
}

void TestLessonPrediction::writeLesson(bool noSpoilers)
{
    QDir().mkpath(lessonsDir());
    QFile file(lessonsDir() + QStringLiteral("/07-predict.json"));
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(predictionLesson(noSpoilers));
}

void TestLessonPrediction::hiddenUntilPredicted()
{
    writeLesson(true);
    ScenarioDocument document;
    LessonNavigator navigator(&document);
    navigator.setSettingsFile(settingsFile());
    navigator.setLibrary(loadLessons(lessonsDir()));
    QCOMPARE(navigator.library().lessons.size(), std::size_t{1});
    QVERIFY(navigator.openLesson(QStringLiteral("07-predict"), 0));
    PredictionPanel *panel = navigator.predictionPanel();
    QVERIFY(!panel->isHidden());
    QVERIFY(navigator.isPredictionPending());
    QCOMPARE(panel->findChild<QLabel *>(QStringLiteral("predictionQuestion"))->text(),
             QStringLiteral("Which key wins?"));

    // Before the prediction: no task verdict, no hint, Reveal waits for a key.
    QVERIFY2(navigator.taskStatusText().startsWith(QStringLiteral("Make your prediction first")),
             qPrintable(navigator.taskStatusText()));
    auto *hintButton = navigator.findChild<QPushButton *>(QStringLiteral("hintButton"));
    QVERIFY(!hintButton->isEnabled());
    QCOMPARE(hintButton->text(), QStringLiteral("Hints open after your prediction"));
    QVERIFY(!navigator.showNextHint());
    QVERIFY(!panel->revealButton()->isEnabled());
    QVERIFY(!navigator.revealPrediction());
    QCOMPARE(panel->keyChoice()->count(), 2);

    // Pick k2 (wrong) and reveal: the truth, the score and the gap, then the task is checked.
    panel->keyChoice()->setCurrentIndex(1);
    QVERIFY(panel->revealButton()->isEnabled());
    panel->revealButton()->click();
    QVERIFY(!navigator.isPredictionPending());
    QVERIFY(panel->isRevealed());
    QVERIFY(panel->revealButton()->isHidden());
    QVERIFY(!panel->keyChoice()->isEnabled());
    const QString result = panel->resultText();
    QVERIFY2(result.contains(QStringLiteral("“k1” wins")) && result.contains(QStringLiteral("0.670")),
             qPrintable(result));
    QVERIFY2(result.contains(QStringLiteral("score 0")), qPrintable(result));
    QVERIFY2(result.contains(QStringLiteral("k1 points the same way as q.")), qPrintable(result));
    QVERIFY2(navigator.taskStatusText().startsWith(QStringLiteral("Not yet")),
             qPrintable(navigator.taskStatusText()));
    QVERIFY(hintButton->isEnabled());
    QVERIFY(navigator.showNextHint());

    // Kept in the settings with its score.
    QSettings settings(settingsFile(), QSettings::IniFormat);
    const std::optional<PredictionRecord> kept = storedPrediction(settings, QStringLiteral("07-predict"), 0);
    QVERIFY(kept);
    QCOMPARE(kept->key, QStringLiteral("k2"));
    QCOMPARE(kept->score, 0.0);

    // Predict again hides the weights once more.
    panel->againButton()->click();
    QVERIFY(navigator.isPredictionPending());
    QVERIFY(!panel->isRevealed());
    QVERIFY(
        !storedPrediction(QSettings(settingsFile(), QSettings::IniFormat), QStringLiteral("07-predict"), 0));

    // Step 2 (no task): bars; dragging is renormalised, and the step is done once revealed.
    QVERIFY(navigator.next());
    QVERIFY(navigator.isPredictionPending());
    QVERIFY(!navigator.isStepDone(QStringLiteral("07-predict"), 1));
    panel->bars()->setBar(0, 0.5);
    QVERIFY(navigator.revealPrediction());
    QVERIFY(navigator.isStepDone(QStringLiteral("07-predict"), 1));
    // 1 − (|0.5 − 0.6698| + |0.5 − 0.3302|) / 2 = 0.8302
    const double w1 = 1.0 / (1.0 + std::exp(-1.0 / std::sqrt(2.0)));
    QVERIFY(std::abs(navigator.predictions().at(1).score - (1.5 - w1)) < 1e-12);
    QVERIFY2(panel->resultText().contains(
                 QStringLiteral("score = 1 − mean |Δ| = 1 − (0.170 + 0.170) / 2 = 0.830")),
             qPrintable(panel->resultText()));
}

void TestLessonPrediction::hintsOpenWithoutNoSpoilers()
{
    writeLesson(false);
    ScenarioDocument document;
    LessonNavigator navigator(&document);
    navigator.setSettingsFile(settingsFile());
    navigator.setLibrary(loadLessons(lessonsDir()));
    QVERIFY(navigator.openLesson(QStringLiteral("07-predict"), 0));
    QVERIFY(navigator.isPredictionPending());
    QVERIFY(navigator.showNextHint());
}

void TestLessonPrediction::keptAcrossRuns()
{
    writeLesson(true);
    {
        ScenarioDocument document;
        LessonNavigator navigator(&document);
        navigator.setSettingsFile(settingsFile());
        navigator.setLibrary(loadLessons(lessonsDir()));
        QVERIFY(navigator.openLesson(QStringLiteral("07-predict"), 0));
        navigator.predictionPanel()->keyChoice()->setCurrentIndex(0);
        QVERIFY(navigator.revealPrediction());
    }
    ScenarioDocument document;
    LessonNavigator navigator(&document);
    navigator.setSettingsFile(settingsFile());
    navigator.setLibrary(loadLessons(lessonsDir()));
    QVERIFY(navigator.openLesson(QStringLiteral("07-predict"), 0));
    QVERIFY(!navigator.isPredictionPending());
    PredictionPanel *panel = navigator.predictionPanel();
    QVERIFY(panel->isRevealed());
    QCOMPARE(panel->keyChoice()->currentText(), QStringLiteral("k1"));
    QVERIFY2(panel->resultText().contains(QStringLiteral("Right (score 1).")),
             qPrintable(panel->resultText()));
    QCOMPARE(navigator.predictions().size(), std::size_t{1});
    QCOMPARE(navigator.predictions().at(0).score, 1.0);

    // A workspace's predictions replace those of their steps.
    navigator.setPredictions({{1, PredictionRecord{PredictionKind::Distribution, {}, 0, {1, 0}, 0.33}}});
    QCOMPARE(navigator.predictions().size(), std::size_t{2});
    QCOMPARE(navigator.predictions().at(1).distribution, (std::vector<double>{1, 0}));
}

void TestLessonPrediction::windowCoversTheWeights()
{
    writeLesson(true);
    attn::ui::MainWindow window;
    window.lessonNavigator()->setSettingsFile(settingsFile());
    QVERIFY(window.openLessonsFolder(lessonsDir()));
    auto *cover = window.findChild<PredictionCover *>(QStringLiteral("predictionCover"));
    QVERIFY(cover);
    // Step 1 is in the Q/K/V editor: the plots and the output are covered, the scores are not.
    QCOMPARE(cover->target(), window.findChild<attn::ui::QkvEditorView *>()->weightsArea());
    QVERIFY(!cover->isHidden());
    window.lessonNavigator()->predictionPanel()->keyChoice()->setCurrentIndex(0);
    QVERIFY(window.lessonNavigator()->revealPrediction());
    QVERIFY(!cover || cover->isHidden());
    // Step 2 shows the sentence view, covered as a whole.
    QVERIFY(window.lessonNavigator()->next());
    QVERIFY(!cover->isHidden());
    QCOMPARE(window.currentViewName(), QStringLiteral("sentence"));
    QCOMPARE(cover->target(), attn::ui::pageOf(window.findChild<QStackedWidget *>()->currentWidget()));
    // Opening a preset detaches the lesson: nothing is covered.
    window.lessonNavigator()->detach();
    QVERIFY(cover->isHidden());
}

QTEST_MAIN(TestLessonPrediction)
#include "tst_lessonprediction.moc"
