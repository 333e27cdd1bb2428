// The GUI smoke walk (`attention-lab --smoke-walk DIR`): the real window opens every step of every
// lesson, edits a cell and undoes it, and saves a picture of each step; any Qt warning fails the walk.
#pragma once

#include <QString>

namespace attn::ui {
class MainWindow;
}

namespace attn::app {

/// Routes Qt's messages through a handler that counts warnings, criticals and fatals (and still
/// prints them). Call before the QApplication is made, so its own warnings count too.
void countQtWarnings();

/// How many warnings countQtWarnings() has seen so far.
int qtWarningCount();

/// Walks every step of every lesson of `window`'s library in order: opens it, waits for it to be
/// painted, edits one cell of Q (or V) and undoes the edit, checks the value came back, and saves
/// the window as "<lesson id>-step<N>.png" in `outDir` (created if needed). Prints one line per
/// step and a summary. Returns 0 when every step opened, every picture was written, every undo
/// restored the exact value and no Qt warning was seen; 1 otherwise.
int runSmokeWalk(ui::MainWindow &window, const QString &outDir);

/// The edit of the hidden `--set-cell` option (tests of autosave and recovery): `spec` is
/// "Q|K|V,ROW,COLUMN,VALUE" (0-based) and goes through the document's undo stack as a typed edit
/// would. False when `spec` is malformed or the document refuses the edit.
bool applyCellEdit(ui::MainWindow &window, const QString &spec);

} // namespace attn::app
