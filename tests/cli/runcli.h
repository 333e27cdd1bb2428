// Running the real attention-lab executable in a child process, as a user on a headless machine
// would: the helper of every command-line test. ATTN_EXECUTABLE is set by tests/cli/CMakeLists.txt.
#pragma once

#include "timeouts.h"

#include <QByteArray>
#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>
#include <QtGlobal>

namespace attn::test {

/// The test's environment with settings, data, cache and state folders of this test process's
/// own (a temporary folder removed at its end): a child attention-lab never reads or writes the
/// real user's settings or autosaves (the test mode of userfolders.h holds for this process only).
inline QProcessEnvironment isolatedEnvironment()
{
    static QTemporaryDir home;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("XDG_CONFIG_HOME", home.filePath("config"));
    env.insert("XDG_DATA_HOME", home.filePath("data"));
    env.insert("XDG_CACHE_HOME", home.filePath("cache"));
    env.insert("XDG_STATE_HOME", home.filePath("state"));
    return env;
}

/// What one run of the executable gave back.
struct Run {
    int exitCode = -1; ///< −1 when the process crashed or was killed
    QByteArray out;
    QByteArray err;
};

/// Runs attention-lab with `arguments` and no display (DISPLAY, WAYLAND_DISPLAY and
/// QT_QPA_PLATFORM removed); aborts the test when it does not finish in two minutes.
inline Run runCli(const QStringList &arguments)
{
    QProcess p;
    QProcessEnvironment env = isolatedEnvironment();
    env.remove("DISPLAY");
    env.remove("WAYLAND_DISPLAY");
    env.remove("QT_QPA_PLATFORM");
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(ATTN_EXECUTABLE), arguments);
    if (!p.waitForFinished(scaledTimeout(120000))) qFatal("attention-lab did not finish");
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

} // namespace attn::test
