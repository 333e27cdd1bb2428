// One query row recomputed under another scoring function: the views that compare scoring
// functions (lessons 4 and 5) ask the engine, never their own copy of the math.
#pragma once

#include "core/scenario.h"

#include <optional>

namespace attn {

/// The logits and softmax weights of one query row, each (n_k).
struct ScoreRow {
    Vector logits;  ///< (n_k) scale · score(q, k_j) / temperature (+ positional bias)
    Vector weights; ///< (n_k) softmax over the visible keys
};

/// Row `query` of query head `head` of `scenario` computed by attend() (naive kernel) with the
/// score replaced by `kind` at that kind's default scale: 1/√d_k for ScaledDot (Vaswani et al.
/// 2017, §3.2.1), 1 for Dot and Additive; the scenario's own `scale` is dropped. Masks,
/// temperature and positions are kept. For Additive, `additive` replaces the scenario's
/// parameters when given (each W (h, d_k), v (h); Bahdanau et al. 2015, §3.1).
/// Throws ScenarioError when the result cannot be computed (e.g. raw scores, which have no q
/// and k, or additive parameters of the wrong shape) and std::out_of_range for a bad head or
/// query.
ScoreRow scoreRowWith(const Scenario &scenario, ScoreKind kind, int head, Index query,
                      const std::optional<AdditiveParams> &additive = std::nullopt);

} // namespace attn
