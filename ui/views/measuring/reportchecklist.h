// The reporting checklist of the "measuring honestly" lesson: what a benchmark report must state
// so that another person can compare, filled in from a run's results.
#pragma once

#include "core/bench.h"
#include "ui/bench/benchplan.h"

#include <QStringList>

#include <vector>

namespace attn::ui {

/// Ten lines, in this order: n, heads q/kv, head_dim, window, dtype, kernel (the shape of the
/// run, from `plan` and the sizes and kernels of `results`), memory (each kernel's work buffers
/// and the K/V bytes), throughput (GFLOP/s and tokens/s), median and p95 (ms, with the number of
/// timed runs) — the last four for each kernel at the largest n it was measured at, named in
/// the line: "✓ median (n 1024): naive 44.3 ms, tiled 24.8 ms". With no results every line is
/// "☐ name: —". Numbers are compact (ui/numbertext.h) except GFLOP/s (one decimal) and tokens/s
/// (whole numbers).
QStringList reportChecklist(const std::vector<bench::BenchResult> &results, const BenchPlan &plan);

} // namespace attn::ui
