// attention-lab: the GUI by default; `compute` and `export` work without a display.
#include "commands.h"

#include "ui/mainwindow.h"
#include "ui/resources.h"

#include <QApplication>
#include <QCoreApplication>
#include <QStringList>

#include <cstdio>
#include <cstring>

int main(int argc, char *argv[])
{
    const char *command = argc > 1 ? argv[1] : "";
    if (std::strcmp(command, "compute") == 0) {
        QCoreApplication app(argc, argv);
        return attn::app::runCompute(QCoreApplication::arguments());
    }
    if (std::strcmp(command, "export") == 0) {
        if (!attn::app::haveDisplay()) qputenv("QT_QPA_PLATFORM", "offscreen");
        QApplication app(argc, argv);
        attn::ui::initResources();
        return attn::app::runExport(QCoreApplication::arguments());
    }
    if (command[0] != '\0' && command[0] != '-') {
        std::fprintf(stderr,
                     "attention-lab: unknown command \"%s\"; expected compute or export "
                     "(or no command for the window)\n",
                     command);
        return attn::app::BadInput;
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
    // Hidden option for demonstrations and screenshots: --preset worked-example|xiaohong.
    QString presetId = QStringLiteral("worked-example");
    const QStringList arguments = QCoreApplication::arguments();
    const qsizetype at = arguments.indexOf(QStringLiteral("--preset"));
    if (at >= 0 && at + 1 < arguments.size()) presetId = arguments.at(at + 1);
    attn::ui::MainWindow window(presetId);
    window.show();
    return QApplication::exec();
}
