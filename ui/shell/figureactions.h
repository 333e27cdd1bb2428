// The figure actions of the main window: File → Export figure…, File → Export all figures of
// this lesson…, Edit → Copy figure.
#pragma once

#include <QObject>
#include <QSize>
#include <QStringList>

class QAction;
class QWidget;

namespace attn::ui {

class FigureView;
class MainWindow;

/// Adds three actions to `window` (which owns this):
/// - File → "Export figure…" (Ctrl+E): ExportDialog, then exportCurrentFigure();
/// - File → "Export all figures of this lesson…": a format, a folder, then exportLessonFigures()
///   (well under a second a lesson, so a busy cursor rather than a progress dialog), then a
///   message naming the folder and the count;
/// - Edit → "Copy figure" (Ctrl+Shift+C): copyFigure().
/// Failures are shown in a message box naming the file and the reason; successes in the status
/// bar (or a message naming the folder and the count). Also repaints the window when the colour
/// map setting changes, so that painted views follow it.
class FigureActions : public QObject {
    Q_OBJECT

public:
    explicit FigureActions(MainWindow *window);

    QAction *exportFigureAction() const { return m_exportFigure; }
    QAction *exportLessonAction() const { return m_exportLesson; }
    QAction *copyFigureAction() const { return m_copyFigure; }

    /// The figure size the dialog proposes and the clipboard uses for the Q/K/V page (pixels).
    static constexpr QSize kDefaultSize{800, 600};

    /// The figure view on screen, or nullptr on the Q/K/V editor page.
    FigureView *currentFigureView() const;

    /// Writes the figure on screen as "png", "svg" or "pdf" at `size` (PNG at `dpi`, see
    /// ScopedPngDpi): a figure view to `path`; the Q/K/V editor page to two files beside it,
    /// "<base>-weights.<format>" (heatmap) and "<base>-bars.<format>" (the selected query's bars).
    /// Appends the written paths to *written. Returns false with *error (one sentence naming the
    /// file) when a file cannot be written or the scenario cannot be computed.
    bool exportCurrentFigure(const QString &path, const QString &format, QSize size, int dpi,
                             QStringList *written, QString *error = nullptr);

    /// Writes the figure of every step of the lesson open in the lesson panel into `dir` (created
    /// if needed) with lessons::exportLessonFigures: "<lesson>-step<k>-<figure>.<format>". Appends
    /// the paths to *written. Returns false with *error when no lesson is open or a file fails.
    bool exportLessonFigures(const QString &dir, const QString &format, QSize size, QStringList *written,
                             QString *error = nullptr);

    /// Puts the figure on screen on the clipboard: as an image (PNG at the figure's on-screen
    /// size) and as "image/svg+xml". The Q/K/V page gives its heatmap. False with *error on failure.
    bool copyFigure(QString *error = nullptr);

    /// The file stem the dialogs propose: the lesson step ("03-softmax-mixture-step2"), the
    /// preset id, or "figure".
    QString figureStem() const;

private:
    void exportFigureInteractively();
    void exportLessonInteractively();
    void copyFigureInteractively();
    /// The widget whose size the clipboard copy takes (the figure view, or the editor's heatmap).
    QWidget *currentFigureWidget() const;

    MainWindow *m_window;
    QAction *m_exportFigure = nullptr;
    QAction *m_exportLesson = nullptr;
    QAction *m_copyFigure = nullptr;
    QString m_lastDir;
};

} // namespace attn::ui
