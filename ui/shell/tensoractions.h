// File-menu actions for tensors: save the scenario as JSON, import and export one matrix as CSV.
#pragma once

#include "ui/document/matrixblocks.h"

#include <QObject>
#include <optional>

class QAction;

namespace attn::ui {

class MainWindow;

/// Adds to the main window's File menu, after "Open scenario…": "Save scenario as…"
/// (Ctrl+Alt+S; the scenario format of ui/document/scenariojson.h, written atomically with
/// QSaveFile), "Import matrix from CSV…" and "Export matrix as CSV…" (each asks which matrix,
/// Q, K, V or S, then acts through that table's MatrixClipboard). Successes are reported in the
/// status bar; failures in a message box naming the file and the reason.
class TensorActions : public QObject {
    Q_OBJECT

public:
    /// Creates the actions and inserts them into `window`'s File menu (the window owns this).
    explicit TensorActions(MainWindow *window);

    QAction *saveScenarioAction() const { return m_saveScenario; }
    QAction *importMatrixAction() const { return m_importMatrix; }
    QAction *exportMatrixAction() const { return m_exportMatrix; }

    /// Writes the window's current scenario to `path` as scenario JSON (QSaveFile: a failed
    /// write leaves an existing file as it was). Returns false with *error on failure.
    bool saveScenario(const QString &path, QString *error = nullptr);

private:
    void saveScenarioInteractively();
    /// Asks which matrix to import into or export; std::nullopt when cancelled.
    std::optional<doc::MatrixKind> chooseMatrix(const QString &title);

    MainWindow *m_window;
    QAction *m_saveScenario = nullptr;
    QAction *m_importMatrix = nullptr;
    QAction *m_exportMatrix = nullptr;
};

} // namespace attn::ui
