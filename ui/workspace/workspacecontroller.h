// Workspaces in the window: File → Open workspace…, Open recent, Save workspace (Ctrl+S), Save
// workspace as… (Ctrl+Shift+S); autosave every 30 s to a file of this window's own (never the
// user's workspace file); the workspace name and '*' in the title; Save / Discard / Cancel on quit;
// at start, the work of a window that crashed, else the last workspace.
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

class AutosaveStore;
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

    /// Autosaves into `folders` (tried in order) instead of AutosaveStore::defaultFolders()
    /// (tests). Drops this window's autosave so far.
    void setAutosaveFolders(const QStringList &folders);
    /// Autosaves every `ms` milliseconds instead of every kAutosaveMs (tests of a crash).
    void setAutosaveInterval(int ms);
    /// The folders autosave writes to, in the order tried.
    QStringList autosaveFolders() const { return m_autosaveFolders; }
    /// This window's autosave file, or empty while there is none (nothing unsaved was written).
    QString autosavePath() const;
    /// Autosaves now when there are unsaved changes (the timer calls it every 30 s): this
    /// window's own file in the application's data folder (a fall-back folder when that cannot
    /// be written, said once in the status bar). The user's workspace file is never written;
    /// the document stays modified. Returns the path written, or empty when nothing was written.
    QString autosave();
    /// At start: recovers the newest autosave left by a window that is no longer running (it
    /// stays unsaved, under the name of the workspace it belongs to, until saved or discarded);
    /// else reopens the workspace file of the last run, quietly. False when there is neither.
    bool restoreLast();
    /// Puts the autosave file `path` on screen as unsaved work and makes it this window's own
    /// autosave (so a second crash keeps it). False, with a status-bar message, when it cannot
    /// be read or computed.
    bool recover(const QString &path);

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
    QStringList m_autosaveFolders;
    std::unique_ptr<AutosaveStore> m_autosave;
    bool m_autosaveDue = true; ///< the document changed since the last autosave
};

} // namespace attn::ui
