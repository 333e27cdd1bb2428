#include "commands.h"
#include "pythoncommand.h"

#include "checkpointcompute.h"

#include "ui/base/appsettings.h"
#include "ui/document/boundedread.h"
#include "ui/document/scenariojson.h"
#include "ui/io/tensorfile.h"
#include "ui/io/tensorscenario.h"
#include "ui/lessons/lessonloader.h"
#include "ui/lessons/lessonstage.h"
#include "ui/lessons/lessontranslation.h"
#include "ui/plots/figureexport.h"
#include "ui/plots/plotexport.h"
#include "ui/plots/viridis.h"
#include "ui/shell/translation.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QLocale>
#include <QRegularExpression>
#include <QSize>

#include <algorithm>
#include <cstdio>
#include <optional>

namespace attn::app {

void printError(const QString &message)
{
    std::fprintf(stderr, "attention-lab: %s\n", qPrintable(message));
}

bool refuseRepeatedOptions(const QCommandLineParser &parser)
{
    QStringList seen;
    for (const QString &name : parser.optionNames()) {
        if (seen.contains(name)) {
            printError(QStringLiteral("%1%2 is given more than once; give each option once")
                           .arg(name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--"), name));
            return true;
        }
        seen << name;
    }
    return false;
}

std::optional<int> parseCommand(QCommandLineParser &parser, const QStringList &arguments,
                                const QString &command)
{
    if (!parser.parse(arguments)) {
        printError(parser.errorText());
        return BadInput;
    }
    if (refuseRepeatedOptions(parser)) return BadInput;
    if (parser.isSet("help") || parser.isSet("help-all")) {
        std::fputs(qPrintable(parser.helpText()), stdout);
        return Ok;
    }
    if (parser.positionalArguments().size() != 1) {
        printError(QStringLiteral("%1 takes no arguments besides its options, got \"%2\"")
                       .arg(command, parser.positionalArguments().mid(1).join(' ')));
        return BadInput;
    }
    return std::nullopt;
}

namespace {

/// Writes all of `bytes` to stdout and flushes; false when the stream refused (full disk, closed pipe).
bool writeStdout(const QByteArray &bytes)
{
    const std::size_t n = std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), stdout);
    return n == static_cast<std::size_t>(bytes.size()) && std::fflush(stdout) == 0 && !std::ferror(stdout);
}

/// One written file per line on stdout; false (after saying so on stderr) when stdout refused.
bool printPaths(const QStringList &paths)
{
    for (const QString &path : paths) {
        if (!writeStdout(QDir::toNativeSeparators(path).toUtf8() + '\n')) {
            printError("cannot write to standard output");
            return false;
        }
    }
    return true;
}

/// `compute` prints every score, weight and output entry; beyond this many numbers in all the
/// JSON would run to hundreds of megabytes. Lesson-sized scenarios have a few thousand.
constexpr double kMaxPrintedNumbers = double(1 << 23);

/// The fewest bytes one printed number takes in the indented JSON: "0", a comma, a line break and
/// at least 12 spaces of indentation (measured: 15 for an output of zeros; random doubles take
/// about 35).
constexpr double kBytesPerPrintedNumber = 15;

/// Why the result of `shapes` is too large to print, or empty: every number of it counts (scores
/// and weights H_q × n_q × n_k each, the output n_q × H_q·d_v, and up to two per fully masked
/// row and head), estimated before anything is computed.
std::optional<QString> resultTooLarge(const Shapes &shapes)
{
    const double heads = shapes.num_query_heads;
    const double nQ = double(shapes.n_q);
    const double nK = double(shapes.n_k);
    const double dV = double(shapes.d_v);
    const double pairs = 2 * heads * nQ * nK;
    const double output = nQ * heads * dV;
    const double masked = 2 * heads * nQ;
    const double numbers = pairs + output + masked;
    if (numbers <= kMaxPrintedNumbers) return std::nullopt;
    const auto count = [](double x) { return QString::number(x, 'f', 0); };
    return QStringLiteral(
               "the result would print %1 numbers (scores and weights 2 × H_q %2 × n_q %3 × n_k %4, "
               "output n_q %3 × H_q·d_v %5, up to %6 for fully masked rows), more than the %7 "
               "numbers compute prints (at least %8 of JSON); refused before computing")
        .arg(count(numbers), count(heads), count(nQ), count(nK), count(heads * dV), count(masked),
             count(kMaxPrintedNumbers),
             QLocale::c().formattedDataSize(qint64(std::min(numbers * kBytesPerPrintedNumber, 9e18)), 1,
                                            QLocale::DataSizeIecFormat));
}

/// `export --lesson ID|all [--lessons FOLDER]`: the figure of every step of the lesson(s), built
/// in or from a teacher's folder (or one lesson file), one path a line.
int exportLessons(const QString &id, const QString &folder, const QString &dir, const QString &format,
                  QSize pixels)
{
    const lessons::LessonLibrary library =
        folder.isEmpty() ? lessons::loadShippedLessons() : lessons::loadLessons(folder);
    for (const lessons::LessonProblem &problem : library.problems) printError(problem.toString());
    std::vector<const lessons::Lesson *> chosen;
    for (const lessons::Lesson &lesson : library.lessons)
        if (id == QLatin1String("all") || lesson.id == id) chosen.push_back(&lesson);
    if (library.lessons.empty()) {
        // Nothing to choose from: say so instead of calling the id unknown among no lessons.
        printError(library.problems.empty()
                       ? QStringLiteral("%1: no lesson file (*.json) found").arg(folder)
                       : QStringLiteral("%1: no lesson could be read (see above)").arg(folder));
        return BadInput;
    }
    if (chosen.empty()) {
        QStringList ids;
        for (const lessons::Lesson &lesson : library.lessons) ids << lesson.id;
        printError(
            QStringLiteral("unknown lesson \"%1\"; expected all or one of %2").arg(id, ids.join(", ")));
        return BadInput;
    }
    for (const lessons::Lesson *lesson : chosen) {
        QStringList written;
        QString error;
        if (!lessons::exportLessonFigures(*lesson, dir, format, pixels, &written, &error)) {
            printError(error);
            return Failure;
        }
        if (!printPaths(written)) return Failure;
    }
    return Ok;
}

} // namespace

bool haveDisplay()
{
    return !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") ||
           !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

int runCompute(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Computes the attention of a scenario file, or of one layer of a tensor file (.npy, .npz, "
        ".safetensors; docs/tensor-files.md), and prints the result as JSON.");
    parser.addHelpOption();
    parser.addPositionalArgument("compute", "The command.");
    parser.addPositionalArgument("file",
                                 "Scenario file (JSON, format attention-lab.scenario) or tensor file.");
    const QCommandLineOption layerOption(
        "layer", "With a tensor file or --checkpoint: the layer, from 0 (a tensor file's default: 0).", "i");
    parser.addOptions({
        {"checkpoint",
         "Instead of a scenario: one head of a trained model (a .safetensors checkpoint written by "
         "train --checkpoint) as a scenario, on the tokens of --probe.",
         "FILE"},
        {"probe", "With --checkpoint: the tokens the model reads, names of its vocabulary.", "\"TOKENS …\""},
        layerOption,
        {"head", "With --checkpoint: the head of that layer, from 0.", "h"},
    });
    if (!parser.parse(arguments)) {
        printError(parser.errorText());
        return BadInput;
    }
    if (refuseRepeatedOptions(parser)) return BadInput;
    if (parser.isSet("help")) {
        std::fputs(qPrintable(parser.helpText()), stdout);
        return Ok;
    }
    if (parser.isSet("checkpoint")) return runCheckpointCompute(parser);
    for (const char *option : {"probe", "head"})
        if (parser.isSet(option)) {
            printError(QStringLiteral("--%1 needs --checkpoint FILE").arg(option));
            return BadInput;
        }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 2) {
        printError("usage: attention-lab compute SCENARIO.json | TENSORS.npy|npz|safetensors [--layer i]");
        return BadInput;
    }
    const QString path = positional.at(1);
    bool layerIsNumber = false;
    const int layer = parser.isSet(layerOption) ? parser.value(layerOption).trimmed().toInt(&layerIsNumber)
                                                : (layerIsNumber = true, 0);
    if (!layerIsNumber || layer < 0) {
        printError(
            QStringLiteral("--layer wants a layer number from 0, got \"%1\"").arg(parser.value(layerOption)));
        return BadInput;
    }
    const bool tensors = io::isTensorFilePath(path);
    if (parser.isSet(layerOption) && !tensors) {
        printError(
            QStringLiteral("%1: --layer goes with a tensor file (.npy, .npz, .safetensors), not a scenario")
                .arg(doc::printableFileName(path)));
        return BadInput;
    }
    QByteArray out;
    try {
        const Scenario scenario =
            tensors ? io::scenarioFromTensorFile(io::readTensorFile(path), QFileInfo(path).fileName(), layer)
                    : doc::readScenarioFile(path);
        const Shapes shapes = validate(scenario);
        if (const std::optional<QString> why = resultTooLarge(shapes))
            throw ScenarioError("shapes", why->toStdString());
        const AttentionTrace trace = attend(scenario);
        out = QJsonDocument(doc::resultToJson(scenario, trace)).toJson(QJsonDocument::Indented);
    } catch (const io::TensorFileError &error) {
        printError(error.message()); // names the file, the tensor and the numbers
        return BadInput;
    } catch (const ScenarioError &error) {
        printError(
            QStringLiteral("%1: %2").arg(doc::printableFileName(path), QString::fromUtf8(error.what())));
        return BadInput;
    } catch (const std::bad_alloc &) {
        printError(
            QStringLiteral("%1: out of memory computing this scenario").arg(doc::printableFileName(path)));
        return BadInput;
    }
    // Written only once complete: nothing is half-written.
    if (!writeStdout(out)) {
        printError("cannot write the result to standard output");
        return Failure;
    }
    return Ok;
}

int runExport(const QStringList &arguments)
{
    if (wantsPythonExport(arguments)) return runPythonExport(arguments); // scenarios as NumPy scripts
    QCommandLineParser parser;
    parser.setApplicationDescription("Writes the main figures without a display.");
    parser.addHelpOption();
    parser.addPositionalArgument("export", "The command.");
    const QCommandLineOption outOption("out", "Output folder (created if missing).", "DIR");
    const QCommandLineOption formatOption(
        "format",
        "png, svg or pdf (default png); py writes a scenario as a NumPy script (see --format py --help).",
        "FORMAT", "png");
    const QCommandLineOption sizeOption("size", "Figure size in pixels, WxH (default 800x600).", "WxH",
                                        "800x600");
    const QCommandLineOption presetOption(
        "preset", "Preset to draw: " + ui::presetIds().join(", ") + " or all (default all).", "ID", "all");
    const QCommandLineOption lessonOption(
        "lesson", "Draw every step of a built-in lesson (an id from `attention-lab lessons --list`) or all.",
        "ID");
    const QCommandLineOption lessonsOption(
        "lessons",
        "With --lesson: read the lessons from FOLDER (or one lesson file) instead of the built-in ones.",
        "FOLDER");
    const QCommandLineOption dpiOption("dpi",
                                       "PNG resolution in dots per inch, 1…1200 (default 96): the layout of "
                                       "--size drawn at DPI/96 times the pixels, e.g. 300 for print.",
                                       "N", "96");
    const QCommandLineOption colorMapOption(
        "colormap", "Colour map of the heatmaps: viridis (default) or cividis (colour-blind safe).", "NAME",
        "viridis");
    const QCommandLineOption languageOption(
        "language", "Language of the figures' text and of the lessons: en (default) or zh_CN.", "LANGUAGE",
        "en");
    parser.addOptions({outOption, formatOption, sizeOption, dpiOption, colorMapOption, presetOption,
                       lessonOption, lessonsOption, languageOption});
    if (const std::optional<int> stop = parseCommand(parser, arguments, QStringLiteral("export")))
        return *stop;
    if (!ui::isInterfaceLanguage(parser.value(languageOption))) {
        printError(
            QStringLiteral("--language must be one of %1, got \"%2\"")
                .arg(ui::interfaceLanguages().join(QStringLiteral(", ")), parser.value(languageOption)));
        return BadInput;
    }
    // The figures draw their words through tr(); the lessons read their translation files.
    if (auto *gui = qobject_cast<QApplication *>(QCoreApplication::instance()))
        lessons::setLessonLanguage(ui::installTranslators(*gui, parser.value(languageOption)));
    if (!parser.isSet(outOption) || parser.value(outOption).isEmpty()) {
        printError("export needs --out DIR");
        return BadInput;
    }
    const QString format = parser.value(formatOption).toLower();
    if (format != "png" && format != "svg" && format != "pdf") {
        printError(QStringLiteral("--format must be png, svg or pdf, got \"%1\"").arg(format));
        return BadInput;
    }
    const QRegularExpressionMatch size =
        QRegularExpression("^(\\d{3,4})x(\\d{3,4})$").match(parser.value(sizeOption));
    if (!size.hasMatch() || size.captured(1).toInt() < 320 || size.captured(2).toInt() < 240 ||
        size.captured(1).toInt() > 4000 || size.captured(2).toInt() > 4000) {
        printError(QStringLiteral("--size must be WxH, width 320…4000 and height 240…4000 pixels, got \"%1\"")
                       .arg(parser.value(sizeOption)));
        return BadInput;
    }
    const QSize pixels(size.captured(1).toInt(), size.captured(2).toInt());
    bool dpiIsNumber = false;
    const int dpi = parser.value(dpiOption).trimmed().toInt(&dpiIsNumber);
    if (!dpiIsNumber || dpi < ui::kMinPngDpi || dpi > ui::kMaxPngDpi) {
        printError(QStringLiteral("--dpi must be a whole number of dots per inch from %1 to %2, got \"%3\"")
                       .arg(ui::kMinPngDpi)
                       .arg(ui::kMaxPngDpi)
                       .arg(parser.value(dpiOption)));
        return BadInput;
    }
    if (parser.isSet(dpiOption) && format != "png") {
        printError(QStringLiteral("--dpi applies to --format png only (SVG and PDF are vector)"));
        return BadInput;
    }
    if (format == "png") {
        if (const QString problem = ui::pngSizeProblem(pixels, dpi); !problem.isEmpty()) {
            printError(QStringLiteral("--size %1 with --dpi %2: %3")
                           .arg(parser.value(sizeOption), QString::number(dpi), problem));
            return BadInput;
        }
    }
    const ui::ScopedPngDpi resolution(dpi);
    const QString colorMap = parser.value(colorMapOption).toLower();
    if (colorMap != "viridis" && colorMap != "cividis") {
        printError(QStringLiteral("--colormap must be viridis or cividis, got \"%1\"")
                       .arg(parser.value(colorMapOption)));
        return BadInput;
    }
    const ui::ScopedColorMap colors(ui::AppSettings::colorMapFromName(colorMap));
    if (parser.isSet(lessonsOption) && !parser.isSet(lessonOption)) {
        printError("--lessons FOLDER goes with --lesson ID|all");
        return BadInput;
    }
    if (parser.isSet(lessonOption)) {
        if (parser.isSet(presetOption)) {
            printError("export takes --preset or --lesson, not both");
            return BadInput;
        }
        return exportLessons(parser.value(lessonOption), parser.value(lessonsOption), parser.value(outOption),
                             format, pixels);
    }
    const QString preset = parser.value(presetOption);
    QStringList presets = ui::presetIds();
    if (preset != "all") {
        if (!presets.contains(preset)) {
            printError(QStringLiteral("unknown preset \"%1\"; expected one of %2 or all")
                           .arg(preset, presets.join(", ")));
            return BadInput;
        }
        presets = {preset};
    }
    for (const QString &id : presets) {
        QStringList written;
        QString error;
        if (!ui::exportPresetFigures(id, parser.value(outOption), format, pixels, &written, &error)) {
            printError(error);
            return Failure;
        }
        if (!printPaths(written)) return Failure;
    }
    return Ok;
}

} // namespace attn::app
