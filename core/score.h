// Scoring functions and positional schemes: everything that happens to the logits before softmax.
#pragma once

#include "core/mask.h"

namespace attn {

/// Logits of query head `head`, shape (n_q, n_k):
///   scale · score(q_i, k_j) / temperature + bias_ij,
/// where score is q·k (ScaledDot and Dot; the scale differs), vᵀ tanh(W_q q + W_k k) (Additive),
/// or the given raw score matrix; RoPE rotates q and k first; ALiBi adds
/// bias_ij = −slope_h · |pos_q(i) − pos_k(j)|. Unmasked: masks act later.
/// Assumes `validate` passed.
Matrix computeLogits(const Scenario &scenario, const Shapes &shapes, const Positions &positions, double scale,
                     int head);

/// Rotates each row of `x` (n, d), d even, by its position (RoPE: Su et al. 2021, §3.4.2):
/// pair p at angle pos · base^(−2p/d). HalfSplit pairs feature p with p + d/2 (GPT-NeoX, Llama);
/// Interleaved pairs 2p with 2p + 1 (the paper's form).
Matrix applyRope(const Matrix &x, const std::vector<std::int64_t> &positions, double base, RopeLayout layout);

/// The standard ALiBi slopes for `numHeads` heads (Press et al. 2022, §3): for a power of two n,
/// 2^(−8/n), 2^(−16/n), …; otherwise the slopes of the nearest lower power of two followed by
/// every other slope of twice that count.
std::vector<double> alibiSlopes(int numHeads);

} // namespace attn
