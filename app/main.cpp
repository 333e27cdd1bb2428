// attention-lab: the GUI by default; `compute` and `export` work without a display.
#include "commands.h"

#include "ui/mainwindow.h"
#include "ui/resources.h"

#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStringList>

#include <cstdio>
#include <cstring>

namespace {

/// Offscreen Qt wants a private runtime folder; on a headless machine XDG_RUNTIME_DIR is often
/// unset and Qt would warn on every export. Give it one under the temporary folder.
void ensureRuntimeDir()
{
    if (!qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) return;
    const QString dir =
        QDir::temp().filePath(QStringLiteral("attention-lab-runtime-%1").arg(qgetenv("USER")));
    if (QDir().mkpath(dir)) {
        QFile::setPermissions(dir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        qputenv("XDG_RUNTIME_DIR", dir.toLocal8Bit());
    }
}

} // namespace

int main(int argc, char *argv[])
{
    const char *command = argc > 1 ? argv[1] : "";
    if (std::strcmp(command, "compute") == 0) {
        QCoreApplication app(argc, argv);
        return attn::app::runCompute(QCoreApplication::arguments());
    }
    if (std::strcmp(command, "export") == 0) {
        // Export never shows a window: draw offscreen whatever display is (or seems to be) set.
        qputenv("QT_QPA_PLATFORM", "offscreen");
        ensureRuntimeDir();
        QApplication app(argc, argv);
        attn::ui::initResources();
        return attn::app::runExport(QCoreApplication::arguments());
    }
    // The window: `attention-lab [SCENARIO.json] [--preset ID]`.
    QString scenarioFile;
    QString presetId = QStringLiteral("worked-example");
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--preset") == 0 && i + 1 < argc) {
            presetId = QString::fromLocal8Bit(argv[++i]);
        } else if (argv[i][0] != '-' && scenarioFile.isEmpty() &&
                   QFileInfo(QString::fromLocal8Bit(argv[i])).isFile()) {
            scenarioFile = QString::fromLocal8Bit(argv[i]);
        } else if (argv[i][0] != '-') {
            std::fprintf(stderr,
                         "attention-lab: \"%s\" is neither a command (compute, export) nor a scenario file\n",
                         argv[i]);
            return attn::app::BadInput;
        }
    }
    if (!attn::app::haveDisplay()) {
        std::fprintf(stderr, "attention-lab: no display (DISPLAY and WAYLAND_DISPLAY are unset); "
                             "use `attention-lab export --out DIR` to write the figures instead\n");
        return attn::app::Failure;
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName("Attention Lab");
    QApplication::setOrganizationName("Attention Lab");
    attn::ui::initResources();
    attn::ui::MainWindow window(presetId);
    window.show();
    if (!scenarioFile.isEmpty()) window.openScenarioFile(scenarioFile);
    return QApplication::exec();
}
