// Positions and visibility: which key each query may attend.
#pragma once

#include "core/scenario.h"

#include <vector>

namespace attn {

/// Positions of queries and keys on one axis.
struct Positions {
    std::vector<std::int64_t> query; ///< (n_q)
    std::vector<std::int64_t> key;   ///< (n_k)
};

/// Explicit positions when given; otherwise keys at 0 … n_k − 1 and queries at i (top_left,
/// or n_q = n_k) or i + n_k − n_q (bottom_right). Assumes `validate` passed.
Positions resolvePositions(const Scenario &scenario, const Shapes &shapes);

/// True when some part of the scenario (causal, window, RoPE, ALiBi) depends on positions.
bool usesPositions(const Scenario &scenario);

/// Visibility for query head `head`, shape (n_q, n_k): the AND of causal (pos_k ≤ pos_q),
/// window (pos_q − left ≤ pos_k ≤ pos_q + right), key padding and the explicit visible matrix.
BoolMatrix visibility(const Scenario &scenario, const Shapes &shapes, const Positions &positions, int head);

} // namespace attn
