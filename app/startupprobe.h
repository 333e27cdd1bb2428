// Start-up figures for the README (`attention-lab --startup-report`): the time from the start of
// main() to the window's first paint, and the peak resident memory at that moment, with the size
// of the scenario painted.
#pragma once

#include <QElapsedTimer>
#include <QString>

class QWidget;

namespace attn::doc {
class ScenarioDocument;
}

namespace attn::app {

/// A clock started at the top of main(): what the start-up report measures from.
QElapsedTimer &startupClock();

/// When `window` is first painted, prints one line to stdout: "first paint: N ms after main(),
/// peak RSS M MiB, n_q × n_k × H_q heads" (the sizes of `document`'s trace). While the document
/// computes a file in the background, that line ends "…, computing in the background" and a
/// second line follows once its picture is painted: "full picture: N ms after main(), peak RSS M
/// MiB, 4096 × 4096 × 8 heads" (or "refused: REASON" when it could not be computed). If `quit`,
/// the application quits after the last line.
void reportFirstPaint(QWidget &window, const doc::ScenarioDocument &document, bool quit);

/// Why the scenario file of the command line was refused (empty if it was not): main() lets the
/// window fill it before the message box shows, and the report's line then ends "; the file was
/// refused: REASON" (the window painted the scenario it had before).
QString &startupRefusal();

/// True once the report's last line is printed.
bool startupReportDone();

/// Peak resident set size of this process in MiB (getrusage ru_maxrss).
double peakResidentMiB();

} // namespace attn::app
