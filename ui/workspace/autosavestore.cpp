#include "ui/workspace/autosavestore.h"

#include "ui/base/savefile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QRandomGenerator>
#include <QStandardPaths>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>

namespace attn::ui {

namespace {

const QString kPattern = QStringLiteral("autosave*.attnlab");

/// tr() for the notices of this file (context "attn::ui::AutosaveStore").
class Text {
    Q_DECLARE_TR_FUNCTIONS(attn::ui::AutosaveStore)
};

QString lockPathOf(const QString &autosavePath)
{
    const QFileInfo info(autosavePath);
    return info.dir().filePath(info.completeBaseName() + QStringLiteral(".lock"));
}

/// Why `folder` may not hold autosaves (empty: it may): under the shared temporary folder it
/// must be a real folder (not a symbolic link) of this user, and nobody else may read it.
QString folderProblem(const QString &folder)
{
    struct stat status {};
    if (::lstat(QFile::encodeName(folder).constData(), &status) != 0) return Text::tr("it cannot be created");
    const bool shared = QFileInfo(folder).absolutePath().startsWith(QDir::tempPath());
    if (shared && S_ISLNK(status.st_mode)) return Text::tr("it is a symbolic link");
    if (status.st_uid != ::geteuid()) return Text::tr("it belongs to another user");
    if (shared && (status.st_mode & 077) != 0 && ::chmod(QFile::encodeName(folder).constData(), 0700) != 0)
        return Text::tr("it cannot be made private");
    return {};
}

} // namespace

QStringList AutosaveStore::defaultFolders()
{
    return {QStandardPaths::writableLocation(QStandardPaths::AppDataLocation),
            QDir(QStandardPaths::writableLocation(QStandardPaths::TempLocation))
                .filePath(QStringLiteral("attention-lab-autosave-%1").arg(::geteuid()))};
}

AutosaveStore::AutosaveStore(QStringList folders)
    : m_folders(std::move(folders)),
      m_id(QStringLiteral("autosave-%1-%2")
               .arg(QCoreApplication::applicationPid())
               .arg(QRandomGenerator::system()->generate(), 8, 16, QLatin1Char('0')))
{
}

AutosaveStore::~AutosaveStore() = default; // ~QLockFile removes the lock file, the autosave stays

std::unique_ptr<QLockFile> AutosaveStore::lockIn(const QString &folder, QString *reason) const
{
    if (!QFileInfo(folder).isDir()) {
        QDir().mkpath(QFileInfo(folder).absolutePath());
        QDir().mkdir(folder, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }
    if (!QFileInfo(folder).isDir()) {
        *reason = Text::tr("it cannot be created");
        return nullptr;
    }
    if (*reason = folderProblem(folder); !reason->isEmpty()) return nullptr;
    auto lock = std::make_unique<QLockFile>(QDir(folder).filePath(m_id + QStringLiteral(".lock")));
    lock->setStaleLockTime(0); // held as long as the window runs: stale only when its owner is dead
    if (!lock->tryLock(0)) {
        *reason = Text::tr("its lock file cannot be written");
        return nullptr;
    }
    return lock;
}

bool AutosaveStore::write(const QByteArray &bytes, QString *notice)
{
    QString firstProblem;
    QString written; // the folder that took the file
    for (const QString &folder : std::as_const(m_folders)) {
        QString reason;
        // The lock of this folder: the one held, or a new one (kept only if the file lands here).
        std::unique_ptr<QLockFile> newLock;
        if (!m_lock || QFileInfo(m_folder) != QFileInfo(folder)) newLock = lockIn(folder, &reason);
        const QString path = QDir(folder).filePath(m_id + QStringLiteral(".attnlab"));
        if ((newLock || reason.isEmpty()) && saveFileAtomically(path, bytes, &reason)) {
            if (newLock) { // moved: the old folder's file and lock go
                if (!m_path.isEmpty() && QFileInfo(m_path) != QFileInfo(path)) QFile::remove(m_path);
                m_lock = std::move(newLock);
                m_folder = folder;
            }
            m_path = path;
            written = folder;
            break;
        }
        if (firstProblem.isEmpty())
            firstProblem = Text::tr("%1 (%2)").arg(QDir::toNativeSeparators(folder), reason);
    }
    QString outcome;
    if (written.isEmpty())
        outcome = Text::tr("Autosave cannot write to %1: your changes are only in this window until you "
                           "save them.")
                      .arg(firstProblem);
    else if (written != m_folders.value(0))
        outcome = Text::tr("Autosave cannot write to %1; it autosaves to %2 instead.")
                      .arg(firstProblem, QDir::toNativeSeparators(written));
    else if (!m_lastNotice.isEmpty())
        outcome = Text::tr("Autosave writes to %1 again.").arg(QDir::toNativeSeparators(written));
    const bool changed = outcome != m_lastNotice;
    // "Back to normal" is said once and then forgotten, like the trouble before it.
    m_lastNotice = written == m_folders.value(0) ? QString() : outcome;
    if (notice) *notice = changed ? outcome : QString();
    return !written.isEmpty();
}

void AutosaveStore::discard()
{
    if (!m_path.isEmpty()) QFile::remove(m_path);
    m_path.clear();
    m_lock.reset(); // unlocks: removes the lock file
    m_folder.clear();
}

std::vector<AutosaveStore::Orphan> AutosaveStore::orphans(const QStringList &folders)
{
    std::vector<Orphan> found;
    for (const QString &folder : folders) {
        const QFileInfoList files = QDir(folder).entryInfoList({kPattern}, QDir::Files | QDir::NoSymLinks);
        for (const QFileInfo &file : files) {
            QLockFile lock(lockPathOf(file.absoluteFilePath()));
            lock.setStaleLockTime(0);
            // Free (no lock file, or its owner is dead): an orphan. The lock is let go at once.
            if (lock.tryLock(0)) found.push_back({file.absoluteFilePath(), file.lastModified()});
        }
    }
    std::sort(found.begin(), found.end(),
              [](const Orphan &a, const Orphan &b) { return a.written > b.written; });
    return found;
}

bool AutosaveStore::adopt(const QString &path)
{
    const QFileInfo info(path);
    auto lock = std::make_unique<QLockFile>(lockPathOf(info.absoluteFilePath()));
    lock->setStaleLockTime(0);
    if (!info.isFile() || !lock->tryLock(0)) return false;
    discard();
    m_lock = std::move(lock);
    m_folder = info.absolutePath();
    m_id = info.completeBaseName();
    m_path = info.absoluteFilePath();
    return true;
}

} // namespace attn::ui
