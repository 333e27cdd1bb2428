// Where one window autosaves: a file of its own beside a lock (QLockFile) that says the window is
// still running, in the first of a list of folders that can take them. A window that ends without
// saving or discarding (a crash, kill -9, a power cut) leaves both behind; the lock's owner is then
// dead, so the next start finds the file as an orphan and recovers it. A window that is running
// keeps its lock, so a second window never takes, overwrites or deletes the first one's autosave.
#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

class QLockFile;

namespace attn::ui {

/// One window's autosave file. Nothing touches the disk until the first write() or adopt().
class AutosaveStore {
public:
    /// An autosave file whose writer is no longer running.
    struct Orphan {
        QString path;      ///< the autosave file
        QDateTime written; ///< its last modification
    };

    /// The folders tried in order: the application's data folder (AppDataLocation), then a
    /// private folder of this user under the temporary folder (TempLocation), for a data
    /// folder that cannot be written (read-only HOME, a full disk).
    static QStringList defaultFolders();

    /// A store that writes `autosave-<pid>-<random>.attnlab` into the first of `folders` that
    /// can take it.
    explicit AutosaveStore(QStringList folders = defaultFolders());
    /// Releases the lock; the file stays (it holds unsaved work unless discard() ran).
    ~AutosaveStore();
    AutosaveStore(const AutosaveStore &) = delete;
    AutosaveStore &operator=(const AutosaveStore &) = delete;

    /// Replaces this window's autosave by `bytes` (atomically). Tries the folders in order,
    /// starting with the first each time; when the file lands in another folder than before, the
    /// old file and lock are removed. Returns false when no folder takes it (the previous file,
    /// if any, is left as it was). *notice (if given) is set to one sentence for the status bar
    /// when the outcome differs from the last write's (a fall-back folder, a failure, back to
    /// normal), and emptied otherwise, so the same trouble is reported once.
    bool write(const QByteArray &bytes, QString *notice = nullptr);

    /// The file last written (or adopted), or empty.
    QString path() const { return m_path; }

    /// Removes this window's autosave file and lock (the work was saved or discarded). The
    /// store can be written again afterwards.
    void discard();

    /// The autosave files in `folders` (autosave*.attnlab) whose lock is free, i.e. whose
    /// window is no longer running, newest first. Leaves every file and live lock as it was.
    static std::vector<Orphan> orphans(const QStringList &folders = defaultFolders());

    /// Takes over orphan `path`: its lock becomes this store's (this window's own file, if
    /// any, is discarded) and later writes replace it. False, changing nothing, when its
    /// window is running after all.
    bool adopt(const QString &path);

private:
    /// A held lock for `m_id` in `folder` (created, private, if missing), or null with *reason.
    std::unique_ptr<QLockFile> lockIn(const QString &folder, QString *reason) const;

    QStringList m_folders;
    QString m_id;     ///< file name without extension: autosave-<pid>-<random>
    QString m_folder; ///< where the lock is held (empty: none)
    QString m_path;   ///< the file written last (empty: none)
    std::unique_ptr<QLockFile> m_lock;
    QString m_lastNotice; ///< the notice of the last write's outcome (empty: all well)
};

} // namespace attn::ui
