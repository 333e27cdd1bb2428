// The application window: presets, files, undo/redo, figure export around the Q/K/V editor.
#pragma once

#include <QMainWindow>

class QComboBox;

namespace attn::doc {
class ScenarioDocument;
}

namespace attn::ui {

class QkvEditorView;

/// "Attention Lab": the Q/K/V editor as central widget, a preset chooser in the toolbar,
/// File (Open scenario…, Export figures…, Quit) and Edit (Undo, Redo) menus, a status bar.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    /// Opens on preset `presetId` (see presetIds()); an unknown id falls back to the worked
    /// example and says so in the status bar.
    explicit MainWindow(const QString &presetId = QStringLiteral("worked-example"),
                        QWidget *parent = nullptr);
    ~MainWindow() override;

    doc::ScenarioDocument *document() const { return m_document; }
    QkvEditorView *editorView() const { return m_view; }

    /// Loads preset `presetId` into the document (clears the undo history). Returns false, and
    /// shows the reason in the status bar, when the preset is unknown or invalid.
    bool loadPreset(const QString &presetId);

    /// Loads a scenario file; on error shows a message box with the ScenarioError text and
    /// returns false, keeping the current scenario.
    bool openScenarioFile(const QString &path);

    /// Writes "<stem>-weights.<format>" and "<stem>-bars.<format>" of the current document to
    /// `dir` (created if needed). Returns false and sets *error on failure.
    bool exportFigures(const QString &dir, const QString &format, QString *error = nullptr);

    /// The id of the preset shown, or empty after opening a file.
    QString currentPresetId() const { return m_presetId; }

private:
    void createActions();
    void openScenario();
    void exportFiguresInteractively();
    void onPresetChosen(int index);
    /// True when there are no unsaved edits or the user agrees to drop them.
    bool confirmDiscardEdits();

    doc::ScenarioDocument *m_document = nullptr;
    QkvEditorView *m_view = nullptr;
    QComboBox *m_presetChooser = nullptr;
    QString m_presetId;
    QString m_fileStem;
};

} // namespace attn::ui
