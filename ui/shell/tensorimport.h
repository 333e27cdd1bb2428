// Tensor files into the window (File → Open tensors…, files dropped onto the window), and the
// scenario out as code (File → Export as Python…).
#pragma once

#include <QObject>

class QAction;
class QEvent;

namespace attn::ui {

class MainWindow;

/// Adds "Open tensors…" (Ctrl+Alt+O) to the File menu after "Open scenario…", and lets the window
/// take a dropped file: a tensor file (.npy, .npz, .safetensors), a scenario (.json) or a
/// workspace (.attnlab). A tensor file becomes an ordinary scenario (ui/io/tensorscenario.h): its
/// first layer in the document, every layer in the document's LayerStack for the model view.
/// A bad file is refused with one line naming the file, the tensor and the numbers; the window
/// keeps what it showed. "Export as Python…" (Ctrl+Alt+P) writes the document's scenario as a
/// standalone NumPy script that checks the app's weights and outputs (ui/io/pythonexport.h).
class TensorImport : public QObject {
    Q_OBJECT

public:
    /// Creates the action, inserts it into `window`'s File menu and accepts drops on the window.
    explicit TensorImport(MainWindow *window);

    QAction *openTensorsAction() const { return m_openTensors; }
    QAction *exportPythonAction() const { return m_exportPython; }

    /// Opens layer 0 of the tensor file at `path` (every layer goes to the LayerStack, and a file of
    /// several layers shows the model view). Returns false after a message box naming the problem,
    /// changing nothing.
    bool openFile(const QString &path);

    /// Opens a dropped or given file by its kind: a workspace, a tensor file or a scenario.
    /// Asks before dropping unsaved edits. Returns whether it opened.
    bool openDroppedFile(const QString &path);

    /// Writes the document's scenario and trace as a NumPy script to `path` (atomically). False and
    /// *error (one line) when the trace is not current or the file cannot be written.
    bool exportPython(const QString &path, QString *error = nullptr);

    /// The last refusal's one line (for tests), empty after a success.
    QString lastError() const { return m_lastError; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void openInteractively();
    void exportPythonInteractively();

    MainWindow *m_window;
    QAction *m_openTensors = nullptr;
    QAction *m_exportPython = nullptr;
    QString m_lastError;
};

} // namespace attn::ui
