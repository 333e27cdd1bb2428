// `attention-lab bench`: times the real kernels and prints a table (stdout), progress (stderr)
// and optionally a JSON file for machines.
#pragma once

#include <QStringList>

namespace attn::app {

/// `attention-lab bench [--n 1024,4096,16384] [--head-dim 64] [--heads 8:8,8:2,8:1]
/// [--kernels naive,tiled,windowed,linear] [--causal] [--window W] [--dtype f32|f64]
/// [--threads N] [--repetitions R] [--decode] [--needle] [--json FILE]`.
/// Exit codes: 0 done (refused runs are reported, not errors), 1 a kernel or the JSON write
/// failed, 2 bad options (one line on stderr naming the option and the value).
int runBenchCommand(const QStringList &arguments);

} // namespace attn::app
