#include "commands.h"

#include "ui/document/scenariojson.h"
#include "ui/figureexport.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSize>

#include <cstdio>

namespace attn::app {

namespace {

void printError(const QString &message)
{
    std::fprintf(stderr, "attention-lab: %s\n", qPrintable(message));
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
        "Computes the attention of a scenario file and prints the result as JSON.");
    parser.addHelpOption();
    parser.addPositionalArgument("compute", "The command.");
    parser.addPositionalArgument("scenario", "Scenario file (JSON, format attention-lab.scenario).");
    if (!parser.parse(arguments)) {
        printError(parser.errorText());
        return BadInput;
    }
    if (parser.isSet("help")) {
        std::fputs(qPrintable(parser.helpText()), stdout);
        return Ok;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 2) {
        printError("usage: attention-lab compute SCENARIO.json");
        return BadInput;
    }
    QByteArray out;
    try {
        const Scenario scenario = doc::readScenarioFile(positional.at(1));
        const AttentionTrace trace = attend(scenario);
        out = QJsonDocument(doc::traceToJson(trace)).toJson(QJsonDocument::Indented);
    } catch (const ScenarioError &error) {
        printError(QStringLiteral("%1: %2").arg(positional.at(1), QString::fromUtf8(error.what())));
        return BadInput;
    } catch (const std::bad_alloc &) {
        printError(QStringLiteral("%1: out of memory computing this scenario").arg(positional.at(1)));
        return BadInput;
    }
    // Written only once complete: nothing is half-written.
    std::fwrite(out.constData(), 1, static_cast<std::size_t>(out.size()), stdout);
    return Ok;
}

int runExport(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("Writes the main figures without a display.");
    parser.addHelpOption();
    parser.addPositionalArgument("export", "The command.");
    const QCommandLineOption outOption("out", "Output folder (created if missing).", "DIR");
    const QCommandLineOption formatOption("format", "png, svg or pdf (default png).", "FORMAT", "png");
    const QCommandLineOption sizeOption("size", "Figure size in pixels, WxH (default 800x600).", "WxH",
                                        "800x600");
    const QCommandLineOption presetOption(
        "preset", "Preset to draw: " + ui::presetIds().join(", ") + " or all (default all).", "ID", "all");
    parser.addOptions({outOption, formatOption, sizeOption, presetOption});
    if (!parser.parse(arguments)) {
        printError(parser.errorText());
        return BadInput;
    }
    if (parser.isSet("help")) {
        std::fputs(qPrintable(parser.helpText()), stdout);
        return Ok;
    }
    if (!parser.isSet(outOption)) {
        printError("export needs --out DIR");
        return BadInput;
    }
    const QString format = parser.value(formatOption).toLower();
    if (format != "png" && format != "svg" && format != "pdf") {
        printError(QStringLiteral("--format must be png, svg or pdf, got \"%1\"").arg(format));
        return BadInput;
    }
    const QRegularExpressionMatch size =
        QRegularExpression("^(\\d{2,5})x(\\d{2,5})$").match(parser.value(sizeOption));
    if (!size.hasMatch() || size.captured(1).toInt() < 100 || size.captured(2).toInt() < 100 ||
        size.captured(1).toInt() > 10000 || size.captured(2).toInt() > 10000) {
        printError(QStringLiteral("--size must be WxH with each side 100…10000 pixels, got \"%1\"")
                       .arg(parser.value(sizeOption)));
        return BadInput;
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
    const QSize pixels(size.captured(1).toInt(), size.captured(2).toInt());
    for (const QString &id : presets) {
        QStringList written;
        QString error;
        if (!ui::exportPresetFigures(id, parser.value(outOption), format, pixels, &written, &error)) {
            printError(error);
            return Failure;
        }
        for (const QString &path : written) std::printf("%s\n", qPrintable(QDir::toNativeSeparators(path)));
    }
    return Ok;
}

} // namespace attn::app
