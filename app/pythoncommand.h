// `attention-lab export --format py …`: scenarios as standalone NumPy scripts (ui/io/pythonexport.h).
#pragma once

#include <QStringList>

namespace attn::app {

/// True when `arguments` ask export for --format py (then runPythonExport takes them).
bool wantsPythonExport(const QStringList &arguments);

/// `export --format py SCENARIO.json|TENSORS [--layer i] [--out FILE.py|DIR]`: the script of one
/// scenario on stdout, or written to FILE.py (DIR/<stem>.py for a folder);
/// `export --format py --out DIR --preset ID|all` and `--lesson ID|all`: one script per preset or
/// per lesson step (<lesson>-step<N>.py), one path a line. Bad input: BadInput and one line.
int runPythonExport(const QStringList &arguments);

} // namespace attn::app
