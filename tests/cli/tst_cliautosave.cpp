// Autosave across real crashes: the window runs as a child process with a home, data, settings
// and temporary folder of its own, makes an edit (the hidden --set-cell), autosaves it (every
// 50 ms with the hidden --autosave-ms) and is killed with SIGKILL. The next start recovers the
// edit, makes the autosave its own (its lock names the new process), and a second kill keeps it
// again; a second window that is running keeps its own autosave, which nobody else takes.
#include "strictwarnings.h"
#include "timeouts.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <memory>

namespace {

/// Waits up to `ms` (scaled) for `done`, processing events; true when it came.
bool waitFor(const std::function<bool()> &done, int ms = 60000)
{
    QElapsedTimer clock;
    clock.start();
    while (!done()) {
        if (clock.elapsed() > attn::test::scaledTimeout(ms)) return false;
        QTest::qWait(25);
    }
    return true;
}

} // namespace

class TestCliAutosave : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void autosaveKeepsAnEditThroughTwoKills();
    void autosaveOfARunningWindowIsLeftAlone();

private:
    /// Starts the window with `arguments` (offscreen, in the test's folders).
    QProcess *start(const QStringList &arguments);
    /// Kills `process` with SIGKILL and waits until it is gone.
    static void kill(QProcess *process);
    /// The folder the window autosaves to (its AppDataLocation).
    QString dataFolder() const;
    /// The autosave files there.
    QStringList autosaves() const;
    /// Q[0][0] and K[0][0] of the workspace file at `path` (NaN when unreadable).
    static std::pair<double, double> firstEntries(const QString &path);
    /// The process id written in the lock of autosave `path` (0 when none).
    static qint64 lockOwner(const QString &path);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::vector<QProcess *> m_processes;
};

void TestCliAutosave::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    for (const char *sub : {"home", "data", "config", "cache", "tmp"})
        QVERIFY(QDir(m_dir->path()).mkdir(sub));
}

void TestCliAutosave::cleanup()
{
    for (QProcess *process : m_processes) {
        if (process->state() != QProcess::NotRunning) kill(process);
        delete process;
    }
    m_processes.clear();
}

QProcess *TestCliAutosave::start(const QStringList &arguments)
{
    auto *process = new QProcess;
    m_processes.push_back(process);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    env.insert("HOME", m_dir->filePath("home"));
    env.insert("XDG_DATA_HOME", m_dir->filePath("data"));
    env.insert("XDG_CONFIG_HOME", m_dir->filePath("config"));
    env.insert("XDG_CACHE_HOME", m_dir->filePath("cache"));
    env.insert("TMPDIR", m_dir->filePath("tmp"));
    env.remove("XDG_RUNTIME_DIR");
    process->setProcessEnvironment(env);
    process->setStandardOutputFile(QProcess::nullDevice()); // the offscreen platform's notices
    process->setStandardErrorFile(QProcess::nullDevice());
    process->start(QStringLiteral(ATTN_EXECUTABLE), QStringList{"--autosave-ms", "50"} + arguments);
    if (!process->waitForStarted(attn::test::scaledTimeout(30000))) qFatal("attention-lab did not start");
    return process;
}

void TestCliAutosave::kill(QProcess *process)
{
    process->kill(); // SIGKILL: no close event, no clean-up, like a crash
    process->waitForFinished(attn::test::scaledTimeout(30000));
}

QString TestCliAutosave::dataFolder() const
{
    return QDir(m_dir->filePath("data")).filePath(QStringLiteral("Attention Lab/Attention Lab"));
}

QStringList TestCliAutosave::autosaves() const
{
    QStringList paths;
    for (const QFileInfo &info : QDir(dataFolder()).entryInfoList({"autosave*.attnlab"}, QDir::Files))
        paths << info.absoluteFilePath();
    return paths;
}

std::pair<double, double> TestCliAutosave::firstEntries(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {qQNaN(), qQNaN()};
    const QJsonObject scenario =
        QJsonDocument::fromJson(file.readAll()).object().value("scenario").toObject();
    const auto first = [&](const char *key) {
        const QJsonValue v = scenario.value(key).toArray().at(0).toArray().at(0);
        return v.isDouble() ? v.toDouble() : qQNaN();
    };
    return {first("Q"), first("K")};
}

qint64 TestCliAutosave::lockOwner(const QString &path)
{
    const QFileInfo info(path);
    QFile lock(info.dir().filePath(info.completeBaseName() + ".lock"));
    if (!lock.open(QIODevice::ReadOnly)) return 0;
    return lock.readLine().trimmed().toLongLong();
}

void TestCliAutosave::autosaveKeepsAnEditThroughTwoKills()
{
    // 1. An edit, autosaved, then a crash.
    QProcess *first = start({"--set-cell", "Q,0,0,0.625"});
    QString path;
    QVERIFY2(waitFor([&] {
                 const QStringList files = autosaves();
                 if (files.size() == 1 && firstEntries(files.front()).first == 0.625) path = files.front();
                 return !path.isEmpty();
             }),
             qPrintable(autosaves().join(", ")));
    QCOMPARE(lockOwner(path), first->processId());
    kill(first);
    QVERIFY(QFileInfo::exists(path));

    // 2. The next start recovers it and makes it its own; a second edit lands in the same file.
    QProcess *second = start({"--set-cell", "K,0,0,0.375"});
    QVERIFY2(waitFor([&] { return lockOwner(path) == second->processId(); }), qPrintable(path));
    QVERIFY(waitFor([&] { return firstEntries(path) == std::pair(0.625, 0.375); }));
    QCOMPARE(autosaves(), QStringList{path});
    kill(second);

    // 3. A second crash keeps both edits: the recovered work was still unsaved.
    QProcess *third = start({});
    QVERIFY2(waitFor([&] { return lockOwner(path) == third->processId(); }), qPrintable(path));
    QCOMPARE(firstEntries(path), std::pair(0.625, 0.375));
    QCOMPARE(autosaves(), QStringList{path});
}

void TestCliAutosave::autosaveOfARunningWindowIsLeftAlone()
{
    QProcess *first = start({"--set-cell", "Q,0,0,0.25"});
    QProcess *second = start({"--set-cell", "Q,0,0,0.5"});
    QString firstPath, secondPath;
    QVERIFY2(waitFor([&] {
                 for (const QString &file : autosaves()) {
                     if (firstEntries(file).first == 0.25) firstPath = file;
                     if (firstEntries(file).first == 0.5) secondPath = file;
                 }
                 return !firstPath.isEmpty() && !secondPath.isEmpty();
             }),
             qPrintable(autosaves().join(", ")));
    QVERIFY(firstPath != secondPath);
    QCOMPARE(lockOwner(firstPath), first->processId());
    QCOMPARE(lockOwner(secondPath), second->processId());

    // The first crashes; a third window recovers its work, not the running second's.
    kill(first);
    QProcess *third = start({});
    QVERIFY2(waitFor([&] { return lockOwner(firstPath) == third->processId(); }), qPrintable(firstPath));
    QCOMPARE(lockOwner(secondPath), second->processId());
    QCOMPARE(firstEntries(secondPath).first, 0.5);
    QCOMPARE(autosaves().size(), 2);
}

QTEST_GUILESS_MAIN(TestCliAutosave)
#include "tst_cliautosave.moc"
