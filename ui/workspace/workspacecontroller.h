// Workspaces in the window: File → Open workspace…, Open recent, Save workspace (Ctrl+S), Save
// workspace as… (Ctrl+Shift+S); autosave every 30 s; the workspace name and '*' in the title;
// Save / Discard / Cancel on quit; the last workspace reopened at start.
#pragma once

#include "ui/workspace/workspacefile.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>

class QAction;
class QMenu;
class QSettings;
class QTimer;
class QMainWindow;

namespace attn::ui {

class WorkspaceHost;

/// Adds the workspace actions to `window`'s File menu and keeps its title. Owned by the window.
/// The recent list and the restore pointer live in QSettings ("workspace/recent",
/// "workspace/restore"); tests point them at a file of their own with setSettingsFile().
class WorkspaceController : public QObject {
    Q_OBJECT

public:
    static constexpr int kMaxRecent = 8;
    static constexpr int kAutosaveMs = 30'000;

    explicit WorkspaceController(WorkspaceHost *host);
    ~WorkspaceController() override;

    /// Keeps the recent list in the INI file `path` instead of the user's settings (tests).
    void setSettingsFile(const QString &path);

    /// The window's state as a workspace: the document's scenario, the open lesson step (when
    /// the document still holds it), the view, the selection and the display settings.
    Workspace capture() const;

    /// Puts `workspace` on screen in this order: the lesson folder (if another), the lesson step
    /// (its view and controls), then the saved scenario replacing the step's, the selection,
    /// the view, the display settings. Checks first (the lesson and step exist, the scenario
    /// computes); on failure returns false with *error set and changes nothing.
    bool apply(const Workspace &workspace, QString *error = nullptr);

    /// Reads and applies a workspace file without asking about unsaved edits. On failure shows a
    /// message box naming the file and the reason (unless `quiet`), returns false, changes nothing.
    bool openFile(const QString &path, bool quiet = false);
    /// Writes the workspace to `path` atomically; on success it becomes the current file, the
    /// document is clean and the file heads the recent list. On failure a message box (unless
    /// `quiet`) and false; the previous file is left intact.
    bool saveTo(const QString &path, bool quiet = false);

    /// The current workspace file, or empty (never saved or opened).
    QString currentFile() const { return m_currentFile; }
    /// The recent workspace files, most recent first (at most kMaxRecent).
    QStringList recentFiles() const;
    /// Puts `path` at the head of the recent list.
    void addRecent(const QString &path);
    /// Opens recent entry `path`; a file that no longer exists is removed from the list and a
    /// message says so. Returns whether the workspace opened.
    bool openRecent(const QString &path, bool quiet = false);

    /// Where autosave writes without a current file: AppDataLocation/autosave.attnlab.
    static QString autosavePath();
    /// Autosaves now when there are unsaved changes (the timer calls it every 30 s). Returns the
    /// path written, or empty when nothing was written.
    QString autosave();
    /// Reopens the workspace of the last run (the current file, or the autosave), quietly. False
    /// when there is none or it cannot be read.
    bool restoreLast();

    /// True when the document has edits not saved to a workspace file.
    bool isModified() const;
    /// Asks Save / Discard / Cancel when modified; true when the caller may go on.
    bool maybeSave();

private:
    void createActions();
    void updateTitle();
    void openInteractively();
    bool saveInteractively();
    bool saveAsInteractively();
    void fillRecentMenu();
    bool eventFilter(QObject *watched, QEvent *event) override;
    std::unique_ptr<QSettings> settings() const;
    void setRestorePath(const QString &path);

    WorkspaceHost *m_host;
    QMainWindow *m_window; ///< m_host->hostWindow()
    QString m_currentFile;
    QString m_settingsFile;
    QMenu *m_recentMenu = nullptr;
    QTimer *m_autosaveTimer = nullptr;
    int m_autosavedIndex = -1; ///< undo index written by the last autosave
};

} // namespace attn::ui
