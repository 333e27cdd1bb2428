// The lesson navigator: the lesson list with progress marks, the step's text, its task checked
// live, hints on request, Back/Next. It loads each step's scenario into the document.
#pragma once

#include "ui/lessons/lessonloader.h"
#include "ui/lessons/lessontext.h"
#include "ui/lessons/prediction.h"

#include <QPointer>
#include <QWidget>

#include <functional>
#include <map>
#include <memory>

class QAction;
class QLabel;
class QListWidget;
class QPushButton;
class QSettings;

namespace attn::doc {
class ScenarioDocument;
}

namespace attn::ui {
class FigureView;
}

namespace attn::lessons {

class PredictionPanel;

/// Shows one step at a time. Opening a step loads its scenario into the document (clearing the
/// undo history), selects its query and sends stepActivated() so that the window shows the
/// step's view. The task's check is evaluated again on every trace change and every change of
/// the selected query; the status line turns green when it is met, and the step is then marked
/// done. A step with a prediction asks it first: until it is revealed the window covers the
/// step's weights (isPredictionPending()), the task is not checked and, in a "no_spoilers"
/// lesson, the hints stay closed. Progress, predictions and the current position are kept in
/// QSettings ("lessons/…") across runs.
class LessonNavigator : public QWidget {
    Q_OBJECT

public:
    /// A navigator driving `document` (not owned; must outlive the navigator).
    explicit LessonNavigator(doc::ScenarioDocument *document, QWidget *parent = nullptr);
    ~LessonNavigator() override;

    /// Replaces the lessons shown (the shipped ones, or a teacher's folder). Broken files are
    /// listed, greyed, with their problems in the tooltip. No step is opened.
    void setLibrary(LessonLibrary library);
    const LessonLibrary &library() const { return m_library; }

    /// Keeps progress in the INI file `path` instead of the application's settings (tests).
    void setSettingsFile(const QString &path);

    /// Asked before a step replaces a scenario that is not the current step's (a file or a
    /// preset the user edited); returning false cancels the move. The window asks the user.
    void setLeaveGuard(std::function<bool()> guard) { m_leaveGuard = std::move(guard); }

    /// Opens step `step` (0-based) of lesson `id`. False when the id or step is unknown, or the
    /// leave guard said no.
    bool openLesson(const QString &id, int step = 0);
    /// Opens the position remembered from the last run, else the first lesson. False when
    /// there is no lesson at all.
    bool restorePosition();
    /// True when an earlier run remembered a step to come back to (false on a first run and
    /// after resetProgress()).
    bool hasRememberedPosition() const;
    /// Forgets every lesson's progress: the steps done, the predictions and their scores, and
    /// the remembered positions. A lesson step that is shown is started afresh (and so becomes
    /// the remembered position again).
    void resetProgress();

    /// The next step, or the first step of the next lesson. False at the very end.
    bool next();
    /// The previous step, or the last step of the previous lesson. False at the very start.
    bool back();
    /// Loads the current step's scenario again (undoing the learner's edits).
    void restartStep();

    /// The lesson shown, or nullptr before the first openLesson().
    const Lesson *currentLesson() const;
    /// The step shown (0-based), or −1.
    int currentStep() const { return m_step; }
    const LessonStep *currentStepData() const;

    /// "Step 2 of 4".
    QString stepIndicatorText() const;
    /// True when the current step's task check holds (false without a task).
    bool isTaskMet() const { return m_taskMet; }
    /// The task status line as shown, e.g.
    /// "✓ Done — weight of “she” on “Xiaohong” = 0.611 (needs > 0.6)".
    QString taskStatusText() const;
    /// The figure view of the current step (nullptr for the Q/K/V editor): its taskValues() feed
    /// "view_value" checks, and its taskValuesChanged() re-evaluates the task. Not owned.
    void setActiveView(ui::FigureView *view);

    /// True when the step shown asks a prediction that has not been revealed yet: its weights
    /// are to stay hidden.
    bool isPredictionPending() const;
    /// Scores the answer given in the prediction panel and shows the truth; false when the step
    /// has no prediction, it is revealed already, the panel holds no answer or nothing is computed.
    bool revealPrediction();
    /// Forgets the step's prediction: the weights are hidden again.
    void predictAgain();
    /// The predictions kept for the lesson shown, by 0-based step (for workspaces).
    std::map<int, PredictionRecord> predictions() const;
    /// Keeps `records` (a workspace's, by 0-based step) for the lesson shown, replacing the
    /// predictions of those steps; steps without a prediction are skipped.
    void setPredictions(const std::map<int, PredictionRecord> &records);
    PredictionPanel *predictionPanel() const { return m_prediction; }

    /// Reveals the next hint of the step; false when all are shown.
    bool showNextHint();
    int hintsShown() const { return m_hintsShown; }
    /// The Markdown of the hints revealed so far.
    QString hintsText() const;

    /// The document no longer holds the step's scenario (the window opened a preset or a file):
    /// the check stops until the step is opened or restarted.
    void detach();
    bool isAttached() const { return m_attached; }

    /// True when step `step` of lesson `id` was done: its task met once, or opened if it has none.
    bool isStepDone(const QString &id, int step) const;
    /// The mark before lesson `index` in the list: "✓" all steps done, "◐" some, "○" none.
    QString progressMark(int index) const;

    /// PgDn / Ctrl+→ and PgUp / Ctrl+← (also put in the window's Lessons menu).
    QAction *nextAction() const { return m_nextAction; }
    QAction *backAction() const { return m_backAction; }

    QListWidget *lessonList() const { return m_list; }
    LessonText *textBrowser() const { return m_text; }

signals:
    /// A step was opened (or restarted) and its scenario loaded: show its view and controls.
    void stepActivated();
    /// isPredictionPending() may have changed: cover or uncover the weights.
    void predictionStateChanged();

private:
    bool openStep(int lesson, int step);
    void updateList();
    void updateStepWidgets();
    void evaluateTask();
    void markDone(int lesson, int step);
    CheckContext checkContext() const;
    /// Asks the step's prediction, or shows its kept answer and outcome.
    void updatePrediction();
    /// Shows the outcome of the kept answer once the trace is computed.
    void showPredictionOutcome();
    std::unique_ptr<QSettings> settings() const;

    doc::ScenarioDocument *m_document;
    QPointer<ui::FigureView> m_activeView;
    QMetaObject::Connection m_activeViewConnection;
    LessonLibrary m_library;
    QString m_settingsFile;
    std::function<bool()> m_leaveGuard;
    int m_lesson = -1;
    int m_step = -1;
    int m_hintsShown = 0;
    bool m_attached = false;
    bool m_taskMet = false;
    QStringList m_untouched; ///< conditions of the task that held when the step opened
    /// Takes m_untouched from the step as it stands (just opened, its view just reset).
    void noteUntouched();
    bool m_outcomeShown = false;

    QListWidget *m_list = nullptr;
    QLabel *m_lessonTitle = nullptr;
    QLabel *m_stepIndicator = nullptr;
    QLabel *m_stepTitle = nullptr;
    LessonText *m_text = nullptr;
    PredictionPanel *m_prediction = nullptr;
    QWidget *m_taskBox = nullptr;
    QLabel *m_taskDescription = nullptr;
    QLabel *m_taskStatus = nullptr;
    QLabel *m_hints = nullptr;
    QPushButton *m_hintButton = nullptr;
    QPushButton *m_backButton = nullptr;
    QPushButton *m_nextButton = nullptr;
    QPushButton *m_restartButton = nullptr;
    QAction *m_nextAction = nullptr;
    QAction *m_backAction = nullptr;
};

} // namespace attn::lessons
