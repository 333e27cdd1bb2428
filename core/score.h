// Scoring functions and positional schemes: everything that happens to the logits before softmax.
#pragma once

#include "core/logitscale.h"
#include "core/mask.h"

#include <cmath>

namespace attn {

/// Scores of query head `head` before scale, temperature and bias, shape (n_q, n_k):
/// q·k (ScaledDot and Dot, after RoPE when used), vᵀ tanh(W_q q + W_k k) (Additive), or the
/// given raw score matrix. Assumes `validate` passed.
Matrix rawScores(const Scenario &scenario, const Shapes &shapes, const Positions &positions, int head);

/// Logits of query head `head`, shape (n_q, n_k):
///   scale · score(q_i, k_j) / temperature + bias_ij,
/// score as in rawScores(), scale and temperature combined by LogitScale (no avoidable overflow
/// or underflow); ALiBi adds bias_ij = −slope_h · |pos_q(i) − pos_k(j)|; then the softcap, when
/// set, maps each logit x to softcapped(x, c). Unmasked: masks act later. Assumes `validate`
/// passed.
Matrix computeLogits(const Scenario &scenario, const Shapes &shapes, const Positions &positions, double scale,
                     int head);

/// The ALiBi slope of query head `head`: the scenario's own, or alibiSlopes(H_q)[head].
/// Assumes positional.kind is Alibi and `validate` passed.
double alibiSlopeFor(const Scenario &scenario, int head);

/// Rotates each row of `x` (n, d) by its position (RoPE: Su et al. 2021, §3.4.2). Only the first
/// r = rotaryDim features rotate (0 = all d; r even, 2 ≤ r ≤ d), pair p < r/2 at angle
/// pos · base^(−2p/r); features r … d − 1 pass unchanged (partial rotary: GPT-NeoX's rotary_pct,
/// Hugging Face's partial_rotary_factor). HalfSplit pairs feature p with p + r/2 (GPT-NeoX,
/// Llama); Interleaved pairs 2p with 2p + 1 (the paper's form).
Matrix applyRope(const Matrix &x, const std::vector<std::int64_t> &positions, double base, RopeLayout layout,
                 Index rotaryDim = 0);

/// applyRope with the scenario's base, layout and rotary_dim. x (n, d_k) → (n, d_k).
Matrix applyRope(const Scenario &scenario, const Shapes &shapes, const Matrix &x,
                 const std::vector<std::int64_t> &positions);

/// Gemma 2's logit softcap c · tanh(logit / c) (Team Gemma 2024, §2), c > 0; ±∞ become ±c.
inline double softcapped(double logit, double cap)
{
    return cap * std::tanh(logit / cap);
}

/// The standard ALiBi slopes for `numHeads` heads (Press et al. 2022, §3): for a power of two n,
/// 2^(−8/n), 2^(−16/n), …; otherwise the slopes of the nearest lower power of two followed by
/// every other slope of twice that count.
std::vector<double> alibiSlopes(int numHeads);

} // namespace attn
