// The command-line modes of attention-lab (the GUI is the default mode).
#pragma once

#include <QStringList>

#include <optional>

class QCommandLineParser;

namespace attn::app {

/// Exit codes shared by every command.
enum ExitCode { Ok = 0, Failure = 1, BadInput = 2 };

/// `attention-lab compute SCENARIO.json`: prints the result JSON on stdout. An invalid scenario
/// exits with BadInput and one line on stderr naming the field and the numbers involved.
int runCompute(const QStringList &arguments);

/// `attention-lab export --out DIR [--format png|svg|pdf] [--size WxH] [--preset ID | --lesson ID|all]`:
/// writes the main figures of a preset (default: every preset), or the figure of every step of
/// a built-in lesson, without a display.
int runExport(const QStringList &arguments);

/// One line on stderr: "attention-lab: <message>".
void printError(const QString &message);

/// True, after one line on stderr naming it, when an option was given more than once (the
/// parser would silently keep the last value).
bool refuseRepeatedOptions(const QCommandLineParser &parser);

/// Parses `arguments` for the command named `command` (e.g. "bench"), whose options `parser`
/// already holds, and which takes no argument besides them. Returns the exit code when the
/// command must stop here: BadInput after one line on stderr for an unknown option, a missing
/// value, a repeated option or a stray argument; Ok after printing the help for --help. Returns nullopt to go
/// on.
std::optional<int> parseCommand(QCommandLineParser &parser, const QStringList &arguments,
                                const QString &command);

/// True when a window could be shown (an X11 or Wayland display, or an explicit QT_QPA_PLATFORM).
bool haveDisplay();

} // namespace attn::app
