// Start-up figures for the README (`attention-lab --startup-report`): the time from the start of
// main() to the window's first paint, and the peak resident memory at that moment.
#pragma once

#include <QElapsedTimer>

class QWidget;

namespace attn::app {

/// A clock started at the top of main(): what the start-up report measures from.
QElapsedTimer &startupClock();

/// When `window` is first painted, prints one line "first paint: N ms after main(), peak RSS
/// M MiB" to stdout and, if `quit`, quits the application on the next turn of the event loop.
void reportFirstPaint(QWidget &window, bool quit);

/// Peak resident set size of this process in MiB (getrusage ru_maxrss).
double peakResidentMiB();

} // namespace attn::app
