// The command-line modes of attention-lab (the GUI is the default mode).
#pragma once

#include <QStringList>

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

/// True when a window could be shown (an X11 or Wayland display, or an explicit QT_QPA_PLATFORM).
bool haveDisplay();

} // namespace attn::app
