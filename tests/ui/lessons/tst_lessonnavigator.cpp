// The lesson navigator (offscreen): it walks every step of every shipped lesson, loads each
// step's scenario and view in the window, checks tasks live, reveals hints, remembers the
// position and the progress, and keeps working after a preset or a file replaces the scenario.
#include "strictwarnings.h"
#include "ui/base/resources.h"
#include "ui/document/scenariodocument.h"
#include "ui/lessons/lessonnavigator.h"
#include "ui/shell/mainwindow.h"
#include "ui/views/qkv/qkveditorview.h"
#include "ui/views/sentence/sentencearcsview.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>
#include <QUndoStack>

using namespace attn::lessons;
using attn::doc::ScenarioDocument;
using attn::doc::TensorRole;

class TestLessonNavigator : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void opensNothingUntilAsked();
    void walksEveryStepForwardAndBack();
    void taskTurnsGreenLive();
    void viewTaskTurnsGreenInTheWindow();
    void conditionsHeldAtTheStartAreNotTicked();
    void hintsOneAtATime();
    void positionIsRememberedAcrossRuns();
    void progressMarks();
    void shortcutsMoveBetweenSteps();
    void brokenFilesAreListed();
    void everyStepShowsItsViewInTheWindow();
    void windowLocksWhatTheStepLocks();
    void presetDetachesTheLesson();

private:
    QString settingsFile() const { return m_dir.filePath(QStringLiteral("settings.ini")); }
    QTemporaryDir m_dir;
};

void TestLessonNavigator::initTestCase()
{
    // The window's navigator uses the application's settings: keep them out of the user's.
    QStandardPaths::setTestModeEnabled(true);
    attn::ui::initResources();
}

void TestLessonNavigator::init()
{
    attn::test::failOnQtWarnings();
    QFile::remove(settingsFile());
    QSettings().clear();
}

void TestLessonNavigator::opensNothingUntilAsked()
{
    ScenarioDocument document;
    LessonNavigator navigator(&document);
    navigator.setSettingsFile(settingsFile());
    navigator.setLibrary(loadShippedLessons());
    QVERIFY(!navigator.currentLesson());
    QCOMPARE(navigator.lessonList()->count(), static_cast<int>(navigator.library().lessons.size()));
    QVERIFY(navigator.lessonList()->item(0)->text().startsWith(QStringLiteral("○  01  Why attention")));
    QVERIFY(!navigator.nextAction()->isEnabled());
    QVERIFY(!navigator.openLesson(QStringLiteral("99-nothing")));
    QVERIFY(!navigator.openLesson(QStringLiteral("01-why-attention"), 99));
}

void TestLessonNavigator::walksEveryStepForwardAndBack()
{
    ScenarioDocument document;
    LessonNavigator navigator(&document);
    navigator.setSettingsFile(settingsFile());
    navigator.setLibrary(loadShippedLessons());
    int activations = 0;
    connect(&navigator, &LessonNavigator::stepActivated, this, [&activations] { ++activations; });
    QVERIFY(navigator.restorePosition()); // nothing remembered: the first lesson
    int total = 0;
    for (const Lesson &lesson : navigator.library().lessons) total += static_cast<int>(lesson.steps.size());

    int visited = 1;
    const auto checkStep = [&] {
        const Lesson *lesson = navigator.currentLesson();
        const LessonStep *step = navigator.currentStepData();
        QVERIFY(lesson && step);
        QCOMPARE(navigator.stepIndicatorText(),
                 QStringLiteral("Step %1 of %2").arg(navigator.currentStep() + 1).arg(lesson->steps.size()));
        QVERIFY(document.traceIsCurrent());
        QCOMPARE(document.scenario().value, step->scenario.value);
        QCOMPARE(document.undoStack()->count(), 0);
        QVERIFY(!navigator.textBrowser()->toPlainText().isEmpty());
        QCOMPARE(navigator.findChild<QLabel *>(QStringLiteral("stepTitle"))->text(), step->title);
    };
    checkStep();
    while (navigator.next()) {
        ++visited;
        checkStep();
    }
    QCOMPARE(visited, total);
    QCOMPARE(activations, total);
    QVERIFY(!navigator.nextAction()->isEnabled());
    QVERIFY(!navigator.findChild<QPushButton *>(QStringLiteral("nextButton"))->isEnabled());
    while (navigator.back()) --visited;
    QCOMPARE(visited, 1);
    QCOMPARE(navigator.currentLesson()->id, QStringLiteral("01-why-attention"));
    QCOMPARE(navigator.currentStep(), 0);
    QVERIFY(!navigator.backAction()->isEnabled());
}

void TestLessonNavigator::taskTurnsGreenLive()
{
    ScenarioDocument document;
    LessonNavigator navigator(&document);
    navigator.setSettingsFile(settingsFile());
    navigator.setLibrary(loadShippedLessons());
    QVERIFY(navigator.openLesson(QStringLiteral("03-softmax-mixture"), 0));
    QVERIFY(!navigator.isTaskMet());
    QCOMPARE(navigator.taskStatusText(),
             QStringLiteral("Not yet — weight of “q” on “k1” = 0.670 (needs > 0.9)"));
    QVERIFY(document.setCell(TensorRole::Query, 0, 0, 3.0)); // 0.893: not yet
    QVERIFY(!navigator.isTaskMet());
    QVERIFY(document.setCell(TensorRole::Query, 0, 0, 4.0)); // 0.944
    QVERIFY(navigator.isTaskMet());
    QCOMPARE(navigator.taskStatusText(),
             QStringLiteral("✓ Done — weight of “q” on “k1” = 0.944 (needs > 0.9)"));
    QVERIFY(navigator.findChild<QLabel *>(QStringLiteral("taskStatus"))
                ->styleSheet()
                .contains(QStringLiteral("#d5f5e3")));
    document.undoStack()->undo();
    QVERIFY(!navigator.isTaskMet());
    // The step stays done once its task was met.
    QVERIFY(navigator.isStepDone(QStringLiteral("03-softmax-mixture"), 0));
    // Restart loads the step's scenario again.
    QVERIFY(document.setCell(TensorRole::Query, 0, 0, 4.0));
    navigator.restartStep();
    QCOMPARE(document.scenario().query(0, 0), 1.0);
    QVERIFY(!navigator.isTaskMet());
}

void TestLessonNavigator::viewTaskTurnsGreenInTheWindow()
{
    // Lesson 9, step 1: set i to "keys" (1) and j to "were" (10) in the paths view's own spin
    // boxes. The window feeds the view's values to the check and re-checks when they change.
    attn::ui::MainWindow window;
    LessonNavigator *navigator = window.lessonNavigator();
    QVERIFY(window.openLesson(QStringLiteral("09-rnn-vs-attention"), 0));
    QCOMPARE(window.currentViewName(), QStringLiteral("paths"));
    QVERIFY(!navigator->isTaskMet());
    // The status shows where the learner stands, not the positions asked for (show_target false).
    QCOMPARE(navigator->taskStatusText(), QStringLiteral("Not yet — ✗ position i = 0\n✗ position j = 11"));
    auto *i = window.findChild<QSpinBox *>(QStringLiteral("pathsI"));
    auto *j = window.findChild<QSpinBox *>(QStringLiteral("pathsJ"));
    QVERIFY(i && j);
    i->setValue(1);
    QVERIFY(!navigator->isTaskMet());
    j->setValue(10);
    QVERIFY2(navigator->isTaskMet(), qPrintable(navigator->taskStatusText()));
    // Restarting the step puts the view's controls back, so the task is open again.
    navigator->restartStep();
    QCOMPARE(i->value(), 0);
    QVERIFY(!navigator->isTaskMet());
    // A step of another view detaches the paths view: its changes no longer re-check anything.
    QVERIFY(window.openLesson(QStringLiteral("03-softmax-mixture"), 0));
    i->setValue(1);
    j->setValue(10);
    QVERIFY(!navigator->isTaskMet());
}

void TestLessonNavigator::conditionsHeldAtTheStartAreNotTicked()
{
    // Lesson 11, step 2: lower the RoPE base until t7 gives t1 less than 0.1, keeping RoPE on and
    // no window. RoPE and "no window" hold when the step opens: the learner has not done them.
    attn::ui::MainWindow window;
    LessonNavigator *navigator = window.lessonNavigator();
    QVERIFY(window.openLesson(QStringLiteral("11-position"), 1));
    QCOMPARE(window.currentViewName(), QStringLiteral("position"));
    const QString opening = navigator->taskStatusText();
    QVERIFY2(opening.startsWith(QStringLiteral("Not yet — ✗ weight of “t7” on “t1” = ")),
             qPrintable(opening));
    QVERIFY2(opening.endsWith(QStringLiteral("\n– keep: position encoding: RoPE (needs RoPE)"
                                             "\n– keep: window: none (needs none)")),
             qPrintable(opening));
    QVERIFY(!opening.contains(QStringLiteral("✓")));
    QVERIFY(!opening.contains(QStringLiteral("positional_kind")) && !opening.contains(QStringLiteral("-1")));
    auto *base = window.findChild<QDoubleSpinBox *>(QStringLiteral("ropeBase"));
    QVERIFY(base);
    base->setValue(10);
    QVERIFY(navigator->isTaskMet());
    QVERIFY2(navigator->taskStatusText().startsWith(QStringLiteral("✓ Done — ✓ weight of “t7” on “t1” = ")),
             qPrintable(navigator->taskStatusText()));
    QVERIFY(navigator->taskStatusText().contains(QStringLiteral("– keep: position encoding: RoPE")));
    // Breaking a kept condition shows it failing, in words.
    auto *kind = window.findChild<QComboBox *>(QStringLiteral("positionalKind"));
    QVERIFY(kind);
    kind->setCurrentIndex(kind->findText(QStringLiteral("ALiBi"), Qt::MatchContains));
    QVERIFY(!navigator->isTaskMet());
    QVERIFY2(navigator->taskStatusText().contains(QStringLiteral("✗ position encoding: ALiBi (needs RoPE)")),
             qPrintable(navigator->taskStatusText()));
}

void TestLessonNavigator::hintsOneAtATime()
{
    ScenarioDocument document;
    LessonNavigator navigator(&document);
    navigator.setSettingsFile(settingsFile());
    navigator.setLibrary(loadShippedLessons());
    QVERIFY(navigator.openLesson(QStringLiteral("01-why-attention"), 2));
    const int count = static_cast<int>(navigator.currentStepData()->hints.size());
    QVERIFY(count >= 2);
    QCOMPARE(navigator.hintsShown(), 0);
    QVERIFY(navigator.hintsText().isEmpty());
    auto *button = navigator.findChild<QPushButton *>(QStringLiteral("hintButton"));
    QCOMPARE(button->text(), QStringLiteral("Show a hint (1 of %1)").arg(count));
    button->click();
    QCOMPARE(navigator.hintsShown(), 1);
    QVERIFY(navigator.hintsText().startsWith(QStringLiteral("**Hint 1.** ")));
    QVERIFY(!navigator.hintsText().contains(QStringLiteral("Hint 2")));
    for (int i = 1; i < count; ++i) QVERIFY(navigator.showNextHint());
    QVERIFY(!navigator.showNextHint());
    QVERIFY(!button->isEnabled());
    // Another step starts with its hints hidden again.
    QVERIFY(navigator.next());
    QCOMPARE(navigator.hintsShown(), 0);
}

void TestLessonNavigator::positionIsRememberedAcrossRuns()
{
    {
        ScenarioDocument document;
        LessonNavigator navigator(&document);
        navigator.setSettingsFile(settingsFile());
        navigator.setLibrary(loadShippedLessons());
        QVERIFY(navigator.openLesson(QStringLiteral("02-query-key-value"), 1));
    }
    ScenarioDocument document;
    LessonNavigator navigator(&document);
    navigator.setSettingsFile(settingsFile());
    navigator.setLibrary(loadShippedLessons());
    QVERIFY(navigator.restorePosition());
    QCOMPARE(navigator.currentLesson()->id, QStringLiteral("02-query-key-value"));
    QCOMPARE(navigator.currentStep(), 1);
    QCOMPARE(navigator.stepIndicatorText(), QStringLiteral("Step 2 of 4"));
}

void TestLessonNavigator::progressMarks()
{
    ScenarioDocument document;
    LessonNavigator navigator(&document);
    navigator.setSettingsFile(settingsFile());
    navigator.setLibrary(loadShippedLessons());
    const int lesson = navigator.library().indexOf(QStringLiteral("03-softmax-mixture"));
    QCOMPARE(navigator.progressMark(lesson), QStringLiteral("○"));
    QVERIFY(navigator.openLesson(QStringLiteral("03-softmax-mixture"), 0));
    QCOMPARE(navigator.progressMark(lesson),
             QStringLiteral("○")); // opening a step with a task is not doing it
    QVERIFY(document.setCell(TensorRole::Query, 0, 0, 4.0));
    QCOMPARE(navigator.progressMark(lesson), QStringLiteral("◐"));
    QVERIFY(navigator.lessonList()->item(lesson)->text().startsWith(QStringLiteral("◐")));
    // Every step done: ✓ (written directly, as a learner finishing the lesson would leave it).
    QSettings settings(settingsFile(), QSettings::IniFormat);
    settings.setValue(QStringLiteral("lessons/done/03-softmax-mixture"),
                      QStringList{"1", "2", "3", "4", "5"});
    settings.sync();
    QCOMPARE(navigator.progressMark(lesson), QStringLiteral("✓"));
}

void TestLessonNavigator::shortcutsMoveBetweenSteps()
{
    ScenarioDocument document;
    LessonNavigator navigator(&document);
    navigator.setSettingsFile(settingsFile());
    navigator.setLibrary(loadShippedLessons());
    QVERIFY(navigator.nextAction()->shortcuts().contains(QKeySequence(Qt::Key_PageDown)));
    QVERIFY(navigator.nextAction()->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::Key_Right)));
    QVERIFY(navigator.backAction()->shortcuts().contains(QKeySequence(Qt::Key_PageUp)));
    QVERIFY(navigator.backAction()->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::Key_Left)));
    QVERIFY(navigator.openLesson(QStringLiteral("01-why-attention")));
    navigator.show();
    QVERIFY(QTest::qWaitForWindowActive(&navigator));
    QTest::keyClick(&navigator, Qt::Key_PageDown);
    QCOMPARE(navigator.currentStep(), 1);
    QTest::keyClick(&navigator, Qt::Key_Right, Qt::ControlModifier);
    QCOMPARE(navigator.currentStep(), 2);
    QTest::keyClick(&navigator, Qt::Key_PageUp);
    QTest::keyClick(&navigator, Qt::Key_Left, Qt::ControlModifier);
    QCOMPARE(navigator.currentStep(), 0);
}

void TestLessonNavigator::brokenFilesAreListed()
{
    LessonLibrary library = loadShippedLessons();
    const int lessons = static_cast<int>(library.lessons.size());
    library.brokenFiles << QStringLiteral("/teacher/05-bad.json");
    library.problems.push_back(
        {QStringLiteral("/teacher/05-bad.json"), 2, QStringLiteral("view"), QStringLiteral("unknown view")});
    ScenarioDocument document;
    LessonNavigator navigator(&document);
    navigator.setSettingsFile(settingsFile());
    navigator.setLibrary(library);
    QCOMPARE(navigator.lessonList()->count(), lessons + 1);
    QListWidgetItem *item = navigator.lessonList()->item(lessons);
    QVERIFY2(item->text().contains(QStringLiteral("05-bad.json — not loaded")), qPrintable(item->text()));
    QVERIFY(!(item->flags() & Qt::ItemIsSelectable));
    QCOMPARE(item->toolTip(), QStringLiteral("/teacher/05-bad.json: step 2: view: unknown view"));
}

void TestLessonNavigator::everyStepShowsItsViewInTheWindow()
{
    attn::ui::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const LessonLibrary library = loadShippedLessons();
    for (const Lesson &lesson : library.lessons) {
        for (int i = 0; i < static_cast<int>(lesson.steps.size()); ++i) {
            const QString where = QStringLiteral("%1 step %2").arg(lesson.id).arg(i + 1);
            QVERIFY2(window.openLesson(lesson.id, i), qPrintable(where));
            const LessonStep &step = lesson.steps[static_cast<std::size_t>(i)];
            QCOMPARE(window.currentViewName(), step.view);
            auto *views = qobject_cast<QStackedWidget *>(window.centralWidget());
            QVERIFY(views);
            const QImage image = views->currentWidget()->grab().toImage();
            QVERIFY2(!image.isNull() && image.width() > 300, qPrintable(where));
            // Something is drawn: the picture is not one flat colour.
            bool drawn = false;
            for (int y = 0; y < image.height() && !drawn; y += 7)
                for (int x = 0; x < image.width() && !drawn; x += 7)
                    drawn = image.pixel(x, y) != image.pixel(0, 0);
            QVERIFY2(drawn, qPrintable(where));
            QVERIFY(window.document()->traceIsCurrent());
        }
    }
}

void TestLessonNavigator::windowLocksWhatTheStepLocks()
{
    attn::ui::MainWindow window;
    QVERIFY(window.openLesson(QStringLiteral("02-query-key-value"), 1)); // controls: V only
    attn::ui::QkvEditorView *view = window.editorView();
    QCOMPARE(view->tableView(TensorRole::Query)->editTriggers(), QAbstractItemView::NoEditTriggers);
    QCOMPARE(view->tableView(TensorRole::Key)->editTriggers(), QAbstractItemView::NoEditTriggers);
    QVERIFY(view->tableView(TensorRole::Value)->editTriggers() != QAbstractItemView::NoEditTriggers);
    QVERIFY(!view->findChild<QWidget *>(QStringLiteral("add_Q_query"))->isEnabled());
    // Locked tables look locked: a padlock beside the title, the reason as the tooltip.
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QString reason = QStringLiteral("Q is locked in this step of the lesson; you may edit V.");
    QCOMPARE(view->lockReason(TensorRole::Query), reason);
    QCOMPARE(view->tableView(TensorRole::Query)->toolTip(), reason);
    QVERIFY(view->findChild<QLabel *>(QStringLiteral("QLock"))->isVisible());
    QVERIFY(!view->findChild<QLabel *>(QStringLiteral("VLock"))->isVisible());
    QVERIFY(view->lockReason(TensorRole::Value).isEmpty());
    // Typing into a locked table says why instead of ignoring the keys.
    QTableView *q = view->tableView(TensorRole::Query);
    q->setCurrentIndex(q->model()->index(0, 0));
    const attn::Matrix before = window.document()->tensor(TensorRole::Query);
    QTest::keyClicks(q, QStringLiteral("5"));
    QCOMPARE(view->messageText(), reason);
    QVERIFY(window.document()->tensor(TensorRole::Query) == before);
    QCOMPARE(window.document()->undoStack()->count(), 0);
    // An edit of V leaves Q locked.
    QVERIFY(window.document()->setCell(TensorRole::Value, 0, 0, 9.0));
    QCOMPARE(q->editTriggers(), QAbstractItemView::NoEditTriggers);
    QVERIFY(view->findChild<QLabel *>(QStringLiteral("QLock"))->isVisible());
    // A preset unlocks everything again.
    QVERIFY(window.loadPreset(QStringLiteral("worked-example")));
    QVERIFY(view->tableView(TensorRole::Query)->editTriggers() != QAbstractItemView::NoEditTriggers);
    QVERIFY(!view->findChild<QLabel *>(QStringLiteral("QLock"))->isVisible());
    QVERIFY(view->tableView(TensorRole::Query)->toolTip().isEmpty());
    QVERIFY(view->findChild<QWidget *>(QStringLiteral("add_Q_query"))->isEnabled());
}

void TestLessonNavigator::presetDetachesTheLesson()
{
    attn::ui::MainWindow window;
    LessonNavigator *navigator = window.lessonNavigator();
    QVERIFY(window.openLesson(QStringLiteral("03-softmax-mixture"), 0));
    QVERIFY(navigator->isAttached());
    QCOMPARE(window.currentViewName(), QStringLiteral("qkv"));
    QVERIFY(window.loadPreset(QStringLiteral("xiaohong")));
    QVERIFY(!navigator->isAttached());
    QVERIFY(navigator->taskStatusText().contains(QStringLiteral("Restart step")));
    // An edit of the preset must not count as solving the lesson's task.
    QVERIFY(window.document()->setCell(TensorRole::Query, 0, 0, 40.0));
    QVERIFY(!navigator->isTaskMet());
    // Going back to the lesson would drop that edit: the window asks first. Cancel keeps it.
    const auto answer = [this](QMessageBox::StandardButton button) {
        QTimer::singleShot(0, this, [button] {
            if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget()))
                box->button(button)->click();
        });
    };
    answer(QMessageBox::Cancel);
    QVERIFY(!navigator->next());
    QVERIFY(!navigator->isAttached());
    QCOMPARE(window.document()->scenario().query(0, 0), 40.0);
    answer(QMessageBox::Discard);
    navigator->restartStep();
    QVERIFY(navigator->isAttached());
    QCOMPARE(window.document()->scenario().key_tokens.size(), std::size_t(2));
    // Within the lesson, moving between steps never asks.
    QVERIFY(window.document()->setCell(TensorRole::Query, 0, 0, 4.0));
    QVERIFY(navigator->next());
    QCOMPARE(navigator->currentStep(), 1);
}

QTEST_MAIN(TestLessonNavigator)
#include "tst_lessonnavigator.moc"
