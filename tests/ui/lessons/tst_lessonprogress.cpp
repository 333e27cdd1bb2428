// Start-up and progress: a first run stays on the worked example and later runs resume the
// lesson step; Lessons → Reset progress forgets the steps done, the predictions and the position,
// only after the user confirms.
#include "strictwarnings.h"
#include "ui/base/resources.h"
#include "ui/document/scenariodocument.h"
#include "ui/lessons/lessonloader.h"
#include "ui/lessons/lessonnavigator.h"
#include "ui/shell/mainwindow.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QListWidget>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <QTimer>

#include <cmath>

using namespace attn::lessons;

namespace {

/// Answers the next "Reset progress" question with the button whose text is `button`.
void answerResetQuestion(const QString &button, bool *asked)
{
    QTimer::singleShot(0, [button, asked] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box || box->objectName() != QLatin1String("resetProgressQuestion")) return;
        *asked = true;
        for (QAbstractButton *b : box->buttons())
            if (b->text() == button) b->click();
    });
}

} // namespace

class TestLessonProgress : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // The window keeps progress in the application's settings: test mode keeps them apart.
        QStandardPaths::setTestModeEnabled(true);
        attn::ui::initResources();
    }
    void init()
    {
        attn::test::failOnQtWarnings();
        QSettings().clear();
    }
    void firstRunStaysOnTheWorkedExample();
    void laterRunsResumeTheStep();
    void resetProgressForgetsEverything();
    void resetProgressAsksFirst();
};

void TestLessonProgress::firstRunStaysOnTheWorkedExample()
{
    // The README: "A first run opens on the worked example".
    attn::ui::MainWindow window;
    QVERIFY(!window.lessonNavigator()->hasRememberedPosition());
    QVERIFY(!window.resumeLessons());
    QVERIFY(!window.lessonNavigator()->currentLesson());
    QCOMPARE(window.currentViewName(), QStringLiteral("qkv"));
    const attn::Shapes &shapes = window.document()->trace().shapes;
    QCOMPARE(shapes.n_q, attn::Index(1));
    QCOMPARE(shapes.n_k, attn::Index(2));
    QCOMPARE(window.document()->trace().heads[0].weights(0, 0),
             1.0 / (1.0 + std::exp(-1.0 / std::sqrt(2.0))));
}

void TestLessonProgress::laterRunsResumeTheStep()
{
    {
        attn::ui::MainWindow window;
        QVERIFY(window.openLesson(QStringLiteral("07-masks"), 1));
    }
    attn::ui::MainWindow window;
    QVERIFY(window.lessonNavigator()->hasRememberedPosition());
    QVERIFY(window.resumeLessons());
    QCOMPARE(window.lessonNavigator()->currentLesson()->id, QStringLiteral("07-masks"));
    QCOMPARE(window.lessonNavigator()->currentStep(), 1);
    QCOMPARE(window.currentViewName(), QStringLiteral("mask"));
}

void TestLessonProgress::resetProgressForgetsEverything()
{
    {
        QSettings settings;
        settings.setValue(QStringLiteral("lessons/done/03-softmax-mixture"), QStringList{"1", "2"});
        settings.setValue(QStringLiteral("lessons/predictions/08-self-and-cross/2/answer"), 1);
        settings.setValue(QStringLiteral("lessons/current/id"), QStringLiteral("03-softmax-mixture"));
        settings.setValue(QStringLiteral("lessons/current/step"), 1);
        settings.setValue(QStringLiteral("window/other"), 7); // not the lessons': kept
    }
    attn::ui::MainWindow window;
    LessonNavigator *navigator = window.lessonNavigator();
    const int lesson = navigator->library().indexOf(QStringLiteral("03-softmax-mixture"));
    QCOMPARE(navigator->progressMark(lesson), QStringLiteral("◐"));
    QVERIFY(navigator->hasRememberedPosition());
    QVERIFY(window.resetLessonProgress(false));
    QCOMPARE(navigator->progressMark(lesson), QStringLiteral("○"));
    QVERIFY(!navigator->hasRememberedPosition()); // no step was open
    QVERIFY(!navigator->isStepDone(QStringLiteral("03-softmax-mixture"), 0));
    QSettings settings;
    QVERIFY(settings.childGroups().contains(QStringLiteral("window")));
    QVERIFY(!settings.childGroups().contains(QStringLiteral("lessons")));
    QCOMPARE(settings.value(QStringLiteral("window/other")).toInt(), 7);
    QVERIFY(navigator->lessonList()->item(lesson)->text().startsWith(QStringLiteral("○")));

    // With a step open it starts afresh: its prediction is asked again.
    QVERIFY(window.openLesson(QStringLiteral("08-self-and-cross"), 1));
    QVERIFY(navigator->isPredictionPending());
    QVERIFY(navigator->predictionPanel());
    PredictionRecord answer;
    answer.key = QStringLiteral("black");
    navigator->setPredictions({{1, answer}});
    QVERIFY(!navigator->isPredictionPending());
    QVERIFY(window.resetLessonProgress(false));
    QVERIFY(navigator->isPredictionPending());
    QCOMPARE(navigator->currentStep(), 1);
}

void TestLessonProgress::resetProgressAsksFirst()
{
    attn::ui::MainWindow window;
    LessonNavigator *navigator = window.lessonNavigator();
    QSettings().setValue(QStringLiteral("lessons/done/03-softmax-mixture"), QStringList{"1"});
    const int lesson = navigator->library().indexOf(QStringLiteral("03-softmax-mixture"));
    auto *action = window.findChild<QAction *>(QStringLiteral("resetLessonProgress"));
    QVERIFY(action);
    bool asked = false;
    answerResetQuestion(QStringLiteral("Cancel"), &asked);
    action->trigger();
    QVERIFY(asked);
    QCOMPARE(navigator->progressMark(lesson), QStringLiteral("◐")); // cancelled: kept
    asked = false;
    answerResetQuestion(QStringLiteral("Reset progress"), &asked);
    action->trigger();
    QVERIFY(asked);
    QCOMPARE(navigator->progressMark(lesson), QStringLiteral("○"));
}

QTEST_MAIN(TestLessonProgress)
#include "tst_lessonprogress.moc"
