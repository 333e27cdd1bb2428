// attention-lab: the GUI by default; `compute` and `export` work without a display.
#include "benchcommand.h"
#include "commands.h"
#include "lessonscommand.h"
#include "smokewalk.h"
#include "startupprobe.h"
#include "traincommand.h"

#include "ui/base/resources.h"
#include "ui/bench/performancepanel.h"
#include "ui/lessons/lessonloader.h"
#include "ui/lessons/lessontranslation.h"
#include "ui/plots/figureexport.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/translation.h"
#include "ui/workspace/workspacecontroller.h"

#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStringList>
#include <QTemporaryDir>

#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <utility>

namespace {

/// Offscreen Qt wants a private runtime folder; on a headless machine XDG_RUNTIME_DIR is often
/// unset and Qt would warn on every export. Give it one under the temporary folder: made new
/// for this run with a random name and mode 0700 (QTemporaryDir), so no other user can make it
/// first or point it elsewhere, and removed when the returned object goes at the end of main().
std::unique_ptr<QTemporaryDir> ensureRuntimeDir()
{
    if (!qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) return nullptr;
    auto dir = std::make_unique<QTemporaryDir>(
        QDir::temp().filePath(QStringLiteral("attention-lab-runtime-XXXXXX")));
    if (!dir->isValid()) return nullptr;
    qputenv("XDG_RUNTIME_DIR", QFile::encodeName(dir->path()));
    return dir;
}

const char *const kUsage =
    "Usage: attention-lab [SCENARIO.json | --preset worked-example|xiaohong]   the window\n"
    "       attention-lab WORKSPACE.attnlab             the window on a saved workspace\n"
    "       attention-lab TENSORS.safetensors|npz|npy  the window on a layer of a tensor file\n"
    "       attention-lab compute SCENARIO.json        the attention result as JSON on stdout\n"
    "       attention-lab compute TENSORS [--layer i]  the same for one layer of a tensor file\n"
    "       attention-lab compute --checkpoint FILE --probe \"TOKENS\" --layer i --head h   one trained "
    "head\n"
    "       attention-lab export --out DIR [...]        figures (PNG/SVG/PDF) without a display\n"
    "       attention-lab export --format py SCENARIO  the scenario as a NumPy script that checks every "
    "number\n"
    "       attention-lab lessons --list | --check PATH the built-in lessons; check a teacher's lesson\n"
    "       attention-lab bench [...]                   time the kernels against this machine's FMA peak\n"
    "       attention-lab train --task TASK [...]       train a small transformer; curves and head roles\n"
    "       attention-lab train --model seq2seq [...]   train an RNN encoder-decoder with attention\n"
    "       attention-lab --lesson ID [--step N]        the window on step N (from 1) of a lesson\n"
    "       attention-lab --lessons FOLDER --lesson ID  the same for a lesson of a teacher's folder\n"
    "Each command takes --help for its options.\n";

/// The window's options that take a value, each between spaces (for "needs a value").
const char *const kWindowOptionsWithValue =
    " --preset --lesson --lessons --step --language --smoke-walk --panel --autosave-ms --set-cell ";
/// The window's options without a value, each between spaces.
const char *const kWindowFlags = " --no-restore --startup-report ";

/// The window option given twice in `argv` (the second would silently replace the first), or
/// empty. "--language=zh_CN" counts as --language.
std::string repeatedWindowOption(int argc, char **argv)
{
    std::string seen = " ";
    for (int i = 1; i < argc; ++i) {
        std::string name = argv[i];
        if (name.rfind("--language=", 0) == 0) name = "--language";
        const std::string spaced = " " + name + " ";
        const bool withValue = std::strstr(kWindowOptionsWithValue, spaced.c_str()) != nullptr;
        if (!withValue && !std::strstr(kWindowFlags, spaced.c_str())) continue;
        if (seen.find(spaced) != std::string::npos) return name;
        seen += name + " ";
        if (withValue && name == argv[i]) ++i; // its value is not an option
    }
    return {};
}

enum class QtOption { None, Flag, WithValue };

/// Whether `argument` is one of QApplication's own command-line options (with one dash or two,
/// "-name=value" included), and whether it takes the next argument as its value.
QtOption qtOption(const char *argument)
{
    static const QStringList withValue = {QStringLiteral("platform"),
                                          QStringLiteral("platformpluginpath"),
                                          QStringLiteral("platformtheme"),
                                          QStringLiteral("plugin"),
                                          QStringLiteral("qwindowgeometry"),
                                          QStringLiteral("qwindowicon"),
                                          QStringLiteral("qwindowtitle"),
                                          QStringLiteral("session"),
                                          QStringLiteral("style"),
                                          QStringLiteral("stylesheet"),
                                          QStringLiteral("display"),
                                          QStringLiteral("geometry"),
                                          QStringLiteral("title"),
                                          QStringLiteral("name"),
                                          QStringLiteral("visual"),
                                          QStringLiteral("ncols"),
                                          QStringLiteral("cmap"),
                                          QStringLiteral("fontengine")};
    static const QStringList flags = {QStringLiteral("reverse"), QStringLiteral("widgetcount"),
                                      QStringLiteral("nograb"),  QStringLiteral("dograb"),
                                      QStringLiteral("sync"),    QStringLiteral("qmljsdebugger")};
    QString name = QString::fromUtf8(argument);
    if (!name.startsWith(QLatin1Char('-'))) return QtOption::None;
    name.remove(0, name.startsWith(QLatin1String("--")) ? 2 : 1);
    const bool hasValue = name.contains(QLatin1Char('='));
    name = name.section(QLatin1Char('='), 0, 0);
    if (withValue.contains(name)) return hasValue ? QtOption::Flag : QtOption::WithValue;
    if (flags.contains(name)) return QtOption::Flag;
    return QtOption::None;
}

/// `bytes` with every byte that is not printable ASCII written as \xNN.
std::string escapedBytes(const QByteArray &bytes)
{
    std::string out;
    for (const char c : bytes) {
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u < 0x7f) {
            out += c;
        } else {
            char hex[5];
            std::snprintf(hex, sizeof hex, "\\x%02X", u);
            out += hex;
        }
    }
    return out;
}

} // namespace

int main(int argc, char *argv[])
{
    attn::app::startupClock().start();
    // Qt reads arguments as UTF-8: a file name with other bytes would silently become another name
    // (the files written to a folder nobody asked for). Refuse it instead, before anything runs.
    for (int i = 1; i < argc; ++i) {
        const QByteArray raw(argv[i]);
        if (QString::fromUtf8(raw).toUtf8() != raw) {
            std::fprintf(stderr,
                         "attention-lab: argument %d, \"%s\", is not UTF-8 text; Attention Lab reads file "
                         "and folder names as UTF-8 (rename it, or pass a UTF-8 name)\n",
                         i, escapedBytes(raw).c_str());
            return attn::app::BadInput;
        }
    }
    const char *command = argc > 1 ? argv[1] : "";
    if (std::strcmp(command, "--help") == 0 || std::strcmp(command, "-h") == 0 ||
        std::strcmp(command, "help") == 0) {
        std::fputs(kUsage, stdout);
        return 0;
    }
    if (std::strcmp(command, "compute") == 0) {
        QCoreApplication app(argc, argv);
        return attn::app::runCompute(QCoreApplication::arguments());
    }
    if (std::strcmp(command, "bench") == 0) {
        QCoreApplication app(argc, argv);
        return attn::app::runBenchCommand(QCoreApplication::arguments());
    }
    if (std::strcmp(command, "train") == 0) {
        QCoreApplication app(argc, argv);
        return attn::app::runTrainCommand(QCoreApplication::arguments());
    }
    if (std::strcmp(command, "lessons") == 0) {
        // The checker builds the figure views of tasks that test a view's own controls: offscreen.
        qputenv("QT_QPA_PLATFORM", "offscreen");
        const auto runtimeDir = ensureRuntimeDir();
        QApplication app(argc, argv);
        attn::ui::initResources();
        attn::lessons::setProbeFigureViews(true);
        return attn::app::runLessons(QCoreApplication::arguments());
    }
    if (std::strcmp(command, "export") == 0) {
        // Export never shows a window: draw offscreen whatever display is (or seems to be) set.
        qputenv("QT_QPA_PLATFORM", "offscreen");
        const auto runtimeDir = ensureRuntimeDir();
        QApplication app(argc, argv);
        attn::ui::initResources();
        return attn::app::runExport(QCoreApplication::arguments());
    }
    if (const std::string repeated = repeatedWindowOption(argc, argv); !repeated.empty()) {
        std::fprintf(stderr, "attention-lab: %s is given more than once; give each option once\n",
                     repeated.c_str());
        return attn::app::BadInput;
    }
    const QString language = attn::ui::takeLanguageOption(argc, argv); // hidden: --language zh_CN|en
    // The window: `attention-lab [SCENARIO.json] [--preset ID]`, or (hidden, for screenshots and
    // teachers) `--lesson ID [--step N]`. With none of them it opens the lesson of the last run.
    QString scenarioFile;
    QString presetId = QStringLiteral("worked-example");
    bool presetGiven = false;
    QString lessonId;
    QString lessonsFolder; // hidden, for teachers: `--lessons FOLDER --lesson ID` opens their lesson
    int lessonStep = 1;
    bool stepGiven = false;
    bool noRestore = false;
    QString panel;              // hidden, for screenshots: "performance", or "performance-run" to run it too
    QString smokeWalkDir;       // hidden, for CI: `--smoke-walk DIR` walks every lesson step (smokewalk.h)
    bool startupReport = false; // hidden, for the README: `--startup-report` prints first paint and quits
    int autosaveMs = 0;         // hidden, for tests: `--autosave-ms N` autosaves every N ms
    QString setCell;            // hidden, for tests: `--set-cell Q|K|V,ROW,COL,VALUE` edits as if typed
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--preset") == 0 && i + 1 < argc) {
            presetId = QString::fromLocal8Bit(argv[++i]);
            presetGiven = true;
        } else if (std::strcmp(argv[i], "--lesson") == 0 && i + 1 < argc) {
            lessonId = QString::fromLocal8Bit(argv[++i]);
        } else if (std::strcmp(argv[i], "--lessons") == 0 && i + 1 < argc) {
            lessonsFolder = QString::fromLocal8Bit(argv[++i]);
        } else if (std::strcmp(argv[i], "--step") == 0 && i + 1 < argc) {
            bool ok = false;
            lessonStep = QString::fromLocal8Bit(argv[++i]).toInt(&ok);
            stepGiven = true;
            if (!ok || lessonStep < 1) {
                std::fprintf(stderr, "attention-lab: --step wants a step number from 1, got \"%s\"\n",
                             argv[i]);
                return attn::app::BadInput;
            }
        } else if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
            std::fputs(kUsage, stdout);
            return 0;
        } else if (std::strcmp(argv[i], "--no-restore") == 0) {
            noRestore = true; // hidden, for scripts: do not reopen the last workspace
        } else if (std::strcmp(argv[i], "--smoke-walk") == 0 && i + 1 < argc) {
            smokeWalkDir = QString::fromLocal8Bit(argv[++i]);
            noRestore = true;
        } else if (std::strcmp(argv[i], "--startup-report") == 0) {
            startupReport = true;
            noRestore = true;
        } else if (std::strcmp(argv[i], "--panel") == 0 && i + 1 < argc) {
            panel = QString::fromLocal8Bit(argv[++i]);
        } else if (std::strcmp(argv[i], "--autosave-ms") == 0 && i + 1 < argc) {
            bool ok = false;
            autosaveMs = QString::fromLocal8Bit(argv[++i]).toInt(&ok);
            if (!ok || autosaveMs < 10) {
                std::fprintf(stderr, "attention-lab: --autosave-ms wants at least 10, got \"%s\"\n", argv[i]);
                return attn::app::BadInput;
            }
        } else if (std::strcmp(argv[i], "--set-cell") == 0 && i + 1 < argc) {
            setCell = QString::fromLocal8Bit(argv[++i]);
        } else if (argv[i][0] != '-' && scenarioFile.isEmpty() &&
                   (QFileInfo(QString::fromLocal8Bit(argv[i])).isFile() ||
                    QString::fromLocal8Bit(argv[i]).endsWith(QLatin1String(".attnlab"),
                                                             Qt::CaseInsensitive))) {
            // A workspace name that is not a file (a folder, a missing file) is still the workspace
            // asked for: the window says what is wrong with it in a message box.
            scenarioFile = QString::fromLocal8Bit(argv[i]);
        } else if (argv[i][0] != '-') {
            std::fprintf(
                stderr,
                "attention-lab: \"%s\" is neither a command (compute, export, lessons, bench, train) nor a "
                "scenario file; see attention-lab --help\n",
                argv[i]);
            return attn::app::BadInput;
        } else if (const QtOption qt = qtOption(argv[i]); qt != QtOption::None) {
            // Qt's own (-style fusion, --platform xcb, -reverse): QApplication reads them.
            if (qt == QtOption::WithValue && i + 1 < argc) ++i;
        } else if (std::strstr(kWindowOptionsWithValue, (std::string(" ") + argv[i] + " ").c_str())) {
            std::fprintf(stderr, "attention-lab: %s needs a value; see attention-lab --help\n", argv[i]);
            return attn::app::BadInput;
        } else {
            std::fprintf(
                stderr,
                "attention-lab: unknown option \"%s\"; the window takes SCENARIO.json, WORKSPACE.attnlab, "
                "--preset ID, --lesson ID [--step N], --lessons FOLDER and --language L (see "
                "attention-lab --help)\n",
                argv[i]);
            return attn::app::BadInput;
        }
    }
    if (stepGiven && lessonId.isEmpty()) {
        std::fprintf(stderr, "attention-lab: --step N goes with --lesson ID; see attention-lab --help\n");
        return attn::app::BadInput;
    }
    // Typos in the window's options are refused before anything opens (no display needed).
    if (!language.isNull() && !attn::ui::isInterfaceLanguage(language)) {
        std::fprintf(stderr, "attention-lab: --language wants one of %s, got \"%s\"\n",
                     qPrintable(attn::ui::interfaceLanguages().join(QStringLiteral(", "))),
                     qPrintable(language));
        return attn::app::BadInput;
    }
    if (presetGiven && !attn::ui::presetIds().contains(presetId)) {
        std::fprintf(stderr, "attention-lab: --preset wants one of %s, got \"%s\"\n",
                     qPrintable(attn::ui::presetIds().join(QStringLiteral(", "))), qPrintable(presetId));
        return attn::app::BadInput;
    }
    if (!attn::app::haveDisplay()) {
        std::fprintf(stderr, "attention-lab: no display (DISPLAY and WAYLAND_DISPLAY are unset); "
                             "use `attention-lab export --out DIR` to write the figures instead\n");
        return attn::app::Failure;
    }
    if (!smokeWalkDir.isEmpty()) attn::app::countQtWarnings(); // before the app: its warnings count too
    // The smoke walk opens every step, makes predictions and edits: in a profile of its own (settings,
    // autosaves, caches), removed at its end, so that it never writes the user's progress.
    std::unique_ptr<QTemporaryDir> walkProfile;
    if (!smokeWalkDir.isEmpty()) {
        walkProfile = std::make_unique<QTemporaryDir>();
        if (!walkProfile->isValid()) {
            std::fprintf(stderr, "attention-lab: --smoke-walk cannot create a temporary profile folder\n");
            return attn::app::Failure;
        }
        const std::pair<const char *, const char *> folders[] = {{"XDG_CONFIG_HOME", "config"},
                                                                 {"XDG_DATA_HOME", "data"},
                                                                 {"XDG_CACHE_HOME", "cache"},
                                                                 {"XDG_STATE_HOME", "state"}};
        for (const auto &[variable, folder] : folders)
            qputenv(variable, QFile::encodeName(walkProfile->filePath(QLatin1String(folder))));
    }
    // A bare X server (Xvfb, a kiosk) often has no XDG_RUNTIME_DIR: Qt would warn.
    const auto runtimeDir = ensureRuntimeDir();
    QApplication app(argc, argv);
    QApplication::setApplicationName("Attention Lab");
    QApplication::setOrganizationName("Attention Lab");
    attn::ui::initResources();
    // Lessons follow the interface: their translation files for the language installed.
    attn::lessons::setLessonLanguage(attn::ui::installTranslators(app, language));
    QApplication::setWindowIcon(attn::ui::applicationIcon());
    attn::ui::MainWindow window(presetId);
    if (startupReport) attn::app::reportFirstPaint(window, *window.document(), true);
    window.show();
    if (!lessonsFolder.isEmpty() && !window.openLessonsFolder(lessonsFolder))
        std::fprintf(stderr, "attention-lab: cannot read lessons from \"%s\"\n", qPrintable(lessonsFolder));
    // `--smoke-walk DIR [--lessons FOLDER]`: the built-in lessons, or a teacher's.
    if (!smokeWalkDir.isEmpty()) return attn::app::runSmokeWalk(window, smokeWalkDir);
    if (!scenarioFile.isEmpty() && scenarioFile.endsWith(QLatin1String(".attnlab"), Qt::CaseInsensitive)) {
        if (auto *workspaces = window.findChild<attn::ui::WorkspaceController *>())
            workspaces->openFile(scenarioFile);
    } else if (!scenarioFile.isEmpty()) {
        window.openScenarioFile(scenarioFile, &attn::app::startupRefusal());
        // The report may have been printed while the refusal's message box was open; its quit
        // ended only that box's event loop.
        if (attn::app::startupReportDone()) return attn::app::BadInput;
    } else if (!lessonId.isEmpty()) {
        if (!window.openLessonOrExplain(lessonId, lessonStep - 1))
            std::fprintf(
                stderr,
                "attention-lab: no lesson \"%s\" with a step %d (see `attention-lab lessons --list`)\n",
                qPrintable(lessonId), lessonStep);
    } else if (!presetGiven && !lessonsFolder.isEmpty()) {
        window.restoreLessonPosition(); // a teacher's folder: its first lesson, or where they were
    } else if (!presetGiven && !noRestore) {
        // Nothing asked for: the last workspace (or the autosave), else the lesson step of the
        // last run; a first run stays on the worked example. `--no-restore` starts as a first run.
        auto *workspaces = window.findChild<attn::ui::WorkspaceController *>();
        if (!workspaces || !workspaces->restoreLast()) window.resumeLessons();
    }
    if (auto *workspaces = window.findChild<attn::ui::WorkspaceController *>(); workspaces && autosaveMs > 0)
        workspaces->setAutosaveInterval(autosaveMs);
    if (!setCell.isEmpty() && !attn::app::applyCellEdit(window, setCell)) {
        std::fprintf(stderr,
                     "attention-lab: --set-cell wants Q|K|V,ROW,COLUMN,VALUE within the scenario, "
                     "got \"%s\"\n",
                     qPrintable(setCell));
        return attn::app::BadInput;
    }
    if (panel.startsWith(QLatin1String("performance"))) {
        attn::ui::PerformancePanel *performance = window.showPerformancePanel();
        if (panel == QLatin1String("performance-run")) performance->run();
    }
    return QApplication::exec();
}
