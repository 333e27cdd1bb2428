// Running the real attention-lab executable in a child process, as a user on a headless machine
// would: the helper of every command-line test. ATTN_EXECUTABLE is set by tests/cli/CMakeLists.txt.
#pragma once

#include "timeouts.h"

#include <QByteArray>
#include <QProcess>
#include <QStringList>
#include <QtGlobal>

namespace attn::test {

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
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
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
