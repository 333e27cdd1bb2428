// What the window can show. Every view of the window draws every pair of the trace (a heatmap
// cell, an arc, a painted square) and every token (a label, a chooser item), and several views
// are built at once; a scenario the engine accepts can still take gigabytes there (n = 7000 took
// 5 GB and seconds per edit; 3.9 million one-number queries took 8–10 GB in one combo box). The
// document refuses such a scenario before anything is built, with the estimate, instead.
#pragma once

#include "core/scenario.h"

#include <QString>

#include <cstddef>

namespace attn::doc {

/// The most tokens (queries, keys) the window lists: each is a row of labels, a chooser item, a
/// tick; 16384 of them already fill a chooser no one can scroll.
constexpr Index kMaxWindowTokens = 16384;
/// The most memory the window may use for one scenario's views (estimated before building).
constexpr std::size_t kMaxWindowBytes = std::size_t{3} << 29; // 1.5 GiB

/// Bytes the window needs to show a scenario of `shapes`: per pair of every query head (the
/// trace's logits, weights and visibility, the heatmaps' data and pictures, the painted views'
/// cells), plus per token (table rows, labels, chooser items). Measured with
/// `attention-lab --startup-report` on growing scenarios (README, "Limits").
std::size_t windowBytesEstimate(const Shapes &shapes);

/// Why the window cannot show a scenario of `shapes`, with the numbers and the estimate ("n_q =
/// 7000, n_k = 7000: the window would need about 4.6 GiB …"), or empty when it can.
QString windowSizeProblem(const Shapes &shapes);

} // namespace attn::doc
