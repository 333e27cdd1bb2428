// How the window starts, run as a child process in folders of its own (offscreen): `--no-restore`
// starts on the worked example even when a lesson step is remembered, and `--smoke-walk` walks in
// a temporary profile of its own, leaving the user's settings and progress exactly as they were.
#include "strictwarnings.h"
#include "timeouts.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

class TestCliStartup : public QObject {
    Q_OBJECT

private slots:
    void init();
    void windowNoRestoreStartsOnTheWorkedExample();
    void windowSmokeWalkLeavesTheUserProgressAlone();

private:
    /// Runs the window with `arguments` to its end (offscreen, in the test's folders).
    QProcess *run(const QStringList &arguments);
    /// The user's settings file in the test's config folder.
    QString settingsPath() const;
    /// Writes a settings file that remembers lesson 07-masks, step 2, with step 1 done.
    void rememberALesson() const;
    /// Every file under the test's home, config, data and cache folders, with its contents.
    QMap<QString, QByteArray> userFiles() const;

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QProcess> m_process;
};

void TestCliStartup::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    for (const char *sub : {"home", "data", "config", "cache", "state", "tmp", "walk", "lessons"})
        QVERIFY(QDir(m_dir->path()).mkdir(sub));
}

QProcess *TestCliStartup::run(const QStringList &arguments)
{
    m_process = std::make_unique<QProcess>();
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    env.insert("HOME", m_dir->filePath("home"));
    env.insert("XDG_DATA_HOME", m_dir->filePath("data"));
    env.insert("XDG_CONFIG_HOME", m_dir->filePath("config"));
    env.insert("XDG_CACHE_HOME", m_dir->filePath("cache"));
    env.insert("XDG_STATE_HOME", m_dir->filePath("state"));
    env.insert("TMPDIR", m_dir->filePath("tmp"));
    env.remove("XDG_RUNTIME_DIR");
    m_process->setProcessEnvironment(env);
    m_process->start(QStringLiteral(ATTN_EXECUTABLE), arguments);
    if (!m_process->waitForFinished(attn::test::scaledTimeout(120000)))
        qFatal("attention-lab did not finish");
    return m_process.get();
}

QString TestCliStartup::settingsPath() const
{
    return QDir(m_dir->filePath("config")).filePath(QStringLiteral("Attention Lab/Attention Lab.conf"));
}

void TestCliStartup::rememberALesson() const
{
    QSettings settings(settingsPath(), QSettings::IniFormat);
    settings.setValue(QStringLiteral("lessons/current/id"), QStringLiteral("07-masks"));
    settings.setValue(QStringLiteral("lessons/current/step"), 1);
    settings.setValue(QStringLiteral("lessons/done/07-masks"), QStringList{QStringLiteral("1")});
    settings.sync();
    QVERIFY(QFile::exists(settingsPath()));
}

QMap<QString, QByteArray> TestCliStartup::userFiles() const
{
    QMap<QString, QByteArray> files;
    for (const char *sub : {"home", "config", "data", "cache", "state"}) {
        QDirIterator it(m_dir->filePath(QLatin1String(sub)), QDir::Files | QDir::Hidden,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            QFile file(path);
            files.insert(path, file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("?"));
        }
    }
    return files;
}

void TestCliStartup::windowNoRestoreStartsOnTheWorkedExample()
{
    // Lesson 07's second step is the mask editor on "I like green tea" (4 × 4). --no-restore starts
    // as a first run: the worked example (1 query, 2 keys). (--startup-report prints what the first
    // picture shows, then quits.)
    rememberALesson();
    QProcess *p = run({"--no-restore", "--startup-report"});
    const QByteArray out = p->readAllStandardOutput();
    QCOMPARE(p->exitCode(), 0);
    QVERIFY2(out.contains("first paint: ") && out.contains("1 × 2 × 1 heads"), out.constData());
    QVERIFY2(!out.contains("4 × 4"), out.constData());
    // The progress is kept: it was not the walk's to forget.
    QSettings settings(settingsPath(), QSettings::IniFormat);
    QCOMPARE(settings.value(QStringLiteral("lessons/done/07-masks")).toStringList(), QStringList{"1"});
}

void TestCliStartup::windowSmokeWalkLeavesTheUserProgressAlone()
{
    // A one-step lesson of a teacher's folder, walked: quick, and it writes progress as it goes.
    QFile lesson(m_dir->filePath("lessons/20-two-keys.json"));
    QVERIFY(lesson.open(QIODevice::WriteOnly));
    lesson.write(R"({"format": "attention-lab.lesson", "version": 1, "id": "20-two-keys", "title": "Two keys",
      "steps": [{"title": "Make k2 win", "view": "qkv", "controls": ["Q"],
        "scenario": {"query_tokens": ["q"], "key_tokens": ["k1", "k2"],
                     "Q": [[1, 0]], "K": [[1, 0], [0, 1]], "V": [[2, 0], [0, 4]]},
        "text": "Right now **k1** matches q best.",
        "task": {"description": "Make **k2** win.", "check": {"kind": "argmax_key", "query": "q", "key": "k2"}},
        "hints": ["q·k2 is the second entry of q."]}]})");
    lesson.close();
    rememberALesson();
    const QMap<QString, QByteArray> before = userFiles();
    QVERIFY(before.contains(settingsPath()));
    QProcess *p = run({"--smoke-walk", m_dir->filePath("walk"), "--lessons", m_dir->filePath("lessons")});
    const QByteArray out = p->readAllStandardOutput();
    QVERIFY2(p->exitCode() == 0, (out + p->readAllStandardError()).constData());
    QVERIFY2(out.contains("20-two-keys step 1: ok") && out.contains("smoke walk: 1 steps, 0 failed"),
             out.constData());
    QVERIFY(QFile::exists(m_dir->filePath("walk/20-two-keys-step1.png")));
    // Not one file of the user's changed or appeared: the settings still remember 07-masks.
    const QMap<QString, QByteArray> after = userFiles();
    QCOMPARE(after.keys(), before.keys());
    QVERIFY(after == before);
    // And the temporary profile is gone with the walk.
    QCOMPARE(QDir(m_dir->filePath("tmp")).entryList(QDir::AllEntries | QDir::NoDotAndDotDot), QStringList());
}

QTEST_MAIN(TestCliStartup)
#include "tst_clistartup.moc"
