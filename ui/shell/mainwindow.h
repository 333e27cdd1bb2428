// The application window: presets, files, undo/redo, figure export around the Q/K/V editor.
#pragma once

#include "ui/workspace/workspacehost.h"

#include <QMainWindow>
#include <QPointer>

#include <vector>

class QAction;
class QComboBox;
class QMenu;
class QDockWidget;
class QStackedWidget;

namespace attn {
struct Scenario;
}

namespace attn::lessons {
class PredictionCover;
}

namespace attn::ui {

class FigureOnlyMode;
class PerformancePanel;
class SentenceArcsView;
class FigureView;

/// "Attention Lab": the Q/K/V editor or the sentence arcs in the centre, the lesson panel in a
/// dock, a preset chooser in the toolbar, File (Open scenario…, Open lessons folder…, Export
/// figure…, Quit), Edit (Undo, Redo), View and Lessons menus, a status bar.
class MainWindow : public QMainWindow, public WorkspaceHost {
    Q_OBJECT

public:
    /// Opens on preset `presetId` (see presetIds()); an unknown id falls back to the worked
    /// example and says so in the status bar.
    explicit MainWindow(const QString &presetId = QStringLiteral("worked-example"),
                        QWidget *parent = nullptr);
    ~MainWindow() override;

    QMainWindow *hostWindow() override { return this; }
    doc::ScenarioDocument *document() const override { return m_document; }
    QkvEditorView *editorView() const override { return m_view; }
    SentenceArcsView *sentenceView() const { return m_sentenceView; }
    lessons::LessonNavigator *lessonNavigator() const override { return m_navigator; }

    /// The view in the centre: "qkv" (the Q/K/V editor) or "sentence" (the sentence arcs).
    QString currentViewName() const override;
    /// Shows view `name` ("qkv" or "sentence"); false for an unknown name.
    bool showView(const QString &name) override;

    /// Opens step `step` (0-based) of lesson `id` in the lesson panel; false when unknown.
    bool openLesson(const QString &id, int step = 0) override;
    /// Opens the lesson and step of the last run, else the first lesson; false without lessons.
    bool restoreLessonPosition();
    /// At start-up: the lesson step of the last run when there is one; on a first run nothing
    /// is opened and the window stays on the worked example (as the README says). False then.
    bool resumeLessons();
    /// Lessons → Reset progress…: asks first (`ask`), then forgets every step done, every
    /// prediction and the remembered position (LessonNavigator::resetProgress()). False when
    /// the user said no.
    bool resetLessonProgress(bool ask = true);
    /// openLesson(), and when the lesson or step does not exist (a typo in `--lesson ID --step N`):
    /// the remembered position instead, and a message box naming the lessons, or the number of
    /// steps of that lesson. Returns whether the asked step opened.
    bool openLessonOrExplain(const QString &id, int step);
    /// Shows the lessons of a teacher's folder instead of the shipped ones. Files with problems
    /// are listed with their messages (a message box lists them too); the others load. Returns
    /// false, keeping the current lessons, when the folder holds no valid lesson.
    bool openLessonsFolder(const QString &dir);

    /// Shows the performance panel (View → Performance panel, Ctrl+Shift+P) in a window of its
    /// own, created on first use, and returns it.
    PerformancePanel *showPerformancePanel();

    /// Loads preset `presetId` into the document (clears the undo history). Returns false, and
    /// shows the reason in the status bar, when the preset is unknown or invalid.
    bool loadPreset(const QString &presetId);

    /// Loads a scenario file, or a layer of a tensor file (TensorImport); on error shows a message
    /// box with the reason and returns false, keeping the current scenario. A large scenario file
    /// is computed in the background (the status bar shows the progress and Cancel): then this
    /// returns true at once and the file replaces the scenario shown when its trace is ready; a
    /// refusal found then is shown the same way. *refusal (if given) receives the reason of a
    /// refusal found at once.
    bool openScenarioFile(const QString &path, QString *refusal = nullptr);

    /// Loads `scenario`, read from `path`, into the document (clears the undo history) with `note`
    /// above the editor; refuses, in a message box and keeping the current scenario, one the
    /// window cannot show or compute. Returns whether it loaded. With `background` a large one is
    /// computed off the interface thread (see openScenarioFile()); *refusal gets a refusal's reason.
    bool showOpenedScenario(const Scenario &scenario, const QString &path, const QString &note,
                            QString *refusal = nullptr, bool background = false);

    /// True when there are no unsaved edits or the user agrees to drop them.
    bool confirmDiscardEdits();

    /// Writes "<stem>-weights.<format>" and "<stem>-bars.<format>" of the current document to
    /// `dir` (created if needed). Returns false and sets *error on failure.
    bool exportFigures(const QString &dir, const QString &format, QString *error = nullptr);

    /// Where a controller's actions go in the menus (see ui/workspace/workspacehost.h).
    using MenuSlot = ui::MenuSlot;
    /// Appends `actions` to `slot` (a null entry adds a separator). The actions keep working
    /// as window shortcuts, since the menus belong to the window.
    void addMenuActions(MenuSlot slot, const QList<QAction *> &actions) override;
    QMenu *fileMenu() const { return m_fileMenu; }
    QMenu *editMenu() const { return m_editMenu; }

    /// The id of the preset shown, or empty after opening a file.
    QString currentPresetId() const { return m_presetId; }

private:
    void createActions();
    void openScenario();
    void onPresetChosen(int index);
    void createLessonDock();
    void openLessonsFolderInteractively();
    void onLessonStepActivated();
    /// Covers the step's weights while its prediction waits (the whole figure view, or the Q/K/V
    /// editor's plots below the scores).
    void updatePredictionCover();
    /// What opening file `path` changes besides the document: note, lesson, chooser, status.
    void scenarioFileOpened(const QString &path);

    doc::ScenarioDocument *m_document = nullptr;
    QkvEditorView *m_view = nullptr;
    SentenceArcsView *m_sentenceView = nullptr;
    std::vector<FigureView *> m_figureViews; // figureViews() order, owned by m_views
    QStackedWidget *m_views = nullptr;
    lessons::LessonNavigator *m_navigator = nullptr;
    QDockWidget *m_lessonDock = nullptr;
    QPointer<lessons::PredictionCover> m_predictionCover; // a child of the widget it covers
    PerformancePanel *m_performancePanel = nullptr;
    FigureOnlyMode *m_figureOnly = nullptr; // View → Figure only (F11)
    QComboBox *m_presetChooser = nullptr;
    QString m_presetId;
    QString m_fileStem;
    QString m_loadingPath; // the file computed in the background, if any
    QString m_loadingNote; // and the note it shows above the editor once loaded
    QMenu *m_fileMenu = nullptr;
    QMenu *m_editMenu = nullptr;
    QAction *m_slotEnds[int(MenuSlot::Count)] = {};
};

} // namespace attn::ui
