#include "pythoncommand.h"
#include "commands.h"

#include "ui/base/savefile.h"
#include "ui/document/boundedread.h"
#include "ui/document/scenariojson.h"
#include "ui/io/pythonexport.h"
#include "ui/io/tensorfile.h"
#include "ui/io/tensorscenario.h"
#include "ui/lessons/lessonloader.h"
#include "ui/plots/figureexport.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>

#include <cstdio>

namespace attn::app {

namespace {

/// Computes `scenario` and writes its script to `path`; false after one line on stderr.
bool writeScript(const Scenario &scenario, const QString &name, const QString &path)
{
    QString error;
    try {
        const AttentionTrace trace = attend(scenario);
        if (ui::saveFileAtomically(path, io::pythonScript(scenario, trace, name), &error)) {
            std::printf("%s\n", qPrintable(QDir::toNativeSeparators(path)));
            return true;
        }
    } catch (const ScenarioError &e) {
        error = QStringLiteral("%1: %2").arg(name, QString::fromStdString(e.what()));
    }
    printError(error);
    return false;
}

} // namespace

bool wantsPythonExport(const QStringList &arguments)
{
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        if (arguments[i] == QLatin1String("--format=py")) return true;
        if (arguments[i] == QLatin1String("--format") && i + 1 < arguments.size() &&
            arguments[i + 1].toLower() == QLatin1String("py"))
            return true;
    }
    return false;
}

int runPythonExport(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Writes a scenario as a standalone NumPy script that rebuilds it step by step and checks the app's "
        "weights and outputs to 1e-9.");
    parser.addHelpOption();
    parser.addPositionalArgument("export", "The command.");
    parser.addPositionalArgument("scenario", "Scenario file (JSON) or tensor file; or --preset / --lesson.");
    const QCommandLineOption formatOption("format", "py.", "FORMAT");
    const QCommandLineOption outOption("out", "The script's file (or a folder); default: standard output.",
                                       "PATH");
    const QCommandLineOption layerOption("layer", "With a tensor file: the layer, from 0.", "i", "0");
    const QCommandLineOption presetOption("preset", "A preset, or all (needs --out DIR).", "ID");
    const QCommandLineOption lessonOption("lesson",
                                          "Every step of a built-in lesson, or all (needs --out DIR).", "ID");
    parser.addOptions({formatOption, outOption, layerOption, presetOption, lessonOption});
    if (!parser.parse(arguments)) {
        printError(parser.errorText());
        return BadInput;
    }
    if (refuseRepeatedOptions(parser)) return BadInput;
    if (parser.isSet("help")) {
        std::fputs(qPrintable(parser.helpText()), stdout);
        return Ok;
    }
    const QStringList positional = parser.positionalArguments().mid(1);
    const int sources =
        int(!positional.isEmpty()) + int(parser.isSet(presetOption)) + int(parser.isSet(lessonOption));
    if (sources != 1 || positional.size() > 1) {
        printError(
            "usage: attention-lab export --format py SCENARIO.json [--out FILE.py], or --format py --out DIR "
            "--preset ID|all, or --lesson ID|all");
        return BadInput;
    }
    const QString out = parser.value(outOption);
    if (!positional.isEmpty()) {
        const QString path = positional.front();
        const QString name = QFileInfo(path).fileName();
        Scenario scenario;
        try {
            bool ok = false;
            const int layer = parser.value(layerOption).toInt(&ok);
            if (!ok || layer < 0) throw ScenarioError("layer", "--layer wants a layer number from 0");
            scenario = io::isTensorFilePath(path)
                           ? io::scenarioFromTensorFile(io::readTensorFile(path), name, layer)
                           : doc::readScenarioFile(path);
            if (out.isEmpty()) {
                const QByteArray script = io::pythonScript(scenario, attend(scenario), name);
                return std::fwrite(script.constData(), 1, std::size_t(script.size()), stdout) ==
                               std::size_t(script.size())
                           ? Ok
                           : Failure;
            }
        } catch (const io::TensorFileError &e) {
            printError(e.message());
            return BadInput;
        } catch (const ScenarioError &e) {
            printError(
                QStringLiteral("%1: %2").arg(doc::printableFileName(path), QString::fromStdString(e.what())));
            return BadInput;
        }
        const QString target =
            QFileInfo(out).isDir()
                ? QDir(out).filePath(QFileInfo(path).completeBaseName() + QStringLiteral(".py"))
                : out;
        return writeScript(scenario, name, target) ? Ok : BadInput;
    }
    if (out.isEmpty() || !QDir().mkpath(out)) {
        printError(out.isEmpty() ? QStringLiteral("--preset and --lesson need --out DIR")
                                 : QStringLiteral("cannot create the folder %1").arg(out));
        return BadInput;
    }
    const QDir dir(out);
    if (parser.isSet(presetOption)) {
        const QString id = parser.value(presetOption);
        const QStringList ids = id == QLatin1String("all") ? ui::presetIds() : QStringList{id};
        for (const QString &preset : ids) {
            if (!ui::presetIds().contains(preset)) {
                printError(QStringLiteral("unknown preset \"%1\"; expected one of %2 or all")
                               .arg(preset, ui::presetIds().join(", ")));
                return BadInput;
            }
            const Scenario scenario = ui::loadPresetScenario(preset);
            if (!writeScript(scenario, preset, dir.filePath(preset + ".py"))) return BadInput;
        }
        return Ok;
    }
    const QString id = parser.value(lessonOption);
    const lessons::LessonLibrary library = lessons::loadShippedLessons();
    int written = 0;
    for (const lessons::Lesson &lesson : library.lessons) {
        if (id != QLatin1String("all") && lesson.id != id) continue;
        for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
            const QString stem = QStringLiteral("%1-step%2").arg(lesson.id).arg(i + 1);
            ++written;
            if (!writeScript(lesson.steps[i].scenario, stem, dir.filePath(stem + ".py"))) return BadInput;
        }
    }
    if (written == 0) {
        printError(QStringLiteral("unknown lesson \"%1\"; see attention-lab lessons --list").arg(id));
        return BadInput;
    }
    return Ok;
}

} // namespace attn::app
