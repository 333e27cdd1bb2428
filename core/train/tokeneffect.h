// What each input token does to one prediction of a trained model, measured, beside what attention
// rollout says it does. Rollout (Abnar & Zuidema 2020) multiplies the head-mean weights of the
// layers through, with the residual connection as ½·I; it reads weights only. The measurement
// changes the input and runs the model again: replace token j by a neutral token, or delete it,
// and see how far the next-token distribution at the query position moves. Where the two rank
// the tokens differently, rollout is not telling what the model uses (compare Jain & Wallace
// 2019 for single heads, and lesson 15 of this project).
#pragma once

#include "core/intervention.h"
#include "core/train/model.h"
#include "core/train/tasks.h"

#include <vector>

namespace attn::train {

/// The measured effect of every input token 0 … t on the prediction at query position t.
///
///   p      = softmax of the logits at position t of the sequence x_0 … x_t (tokens after t are
///            not read: the model is causal)
///   p′_j   = the same after x_j is replaced by `replacement` (replace) or after x_j is removed and
///            the later tokens move one position left, so the prediction is read at t − 1 (delete)
///   effect = total variation distance ½ Σ_v |p_v − p′_{j,v}| ∈ [0, 1]
///
/// Deleting x_t itself would measure another prediction (the one made at t − 1), so that entry
/// is NaN, as is every deletion when t = 0.
struct TokenEffects {
    Index position = 0;         ///< t
    int replacement = -1;       ///< the token put in place of x_j; −1: replacement not measured
    int predicted = 0;          ///< arg max_v p_v
    double probability = 0.0;   ///< p_predicted
    Vector rollout;             ///< (t + 1) R(t, j): row t of attentionRollout of the layers' head means
    Vector replace_effect;      ///< (t + 1) total variation distance after replacing x_j (NaN: not measured)
    Vector replace_probability; ///< (t + 1) p′_{j, predicted} after replacing x_j
    Vector replace_predicted;   ///< (t + 1) arg max of p′_j after replacing x_j (as a double)
    Vector delete_effect;       ///< (t + 1) total variation distance after deleting x_j (NaN at j = t)
    Vector delete_probability;  ///< (t + 1) p′_{j, predicted} after deleting x_j
    Vector delete_predicted;    ///< (t + 1) arg max of p′_j after deleting x_j
    RankComparison replace_vs_rollout; ///< rollout against replace_effect over j = 0 … t
    RankComparison delete_vs_rollout;  ///< rollout against delete_effect over j = 0 … t − 1
};

/// The token that replaces x_j: "<pad>" for coreference (the token its sentences end with); for
/// the random-symbol tasks the smallest symbol that does not occur in `tokens` (so the replacement
/// matches nothing earlier and copies nothing); −1 when every symbol occurs.
int neutralToken(const TaskInfo &task, const std::vector<int> &tokens);

/// Measures TokenEffects of `tokens` at `position` with `model` (a double model holds float
/// weights exactly). `replacement` −1 skips the replacement rows (they become NaN). Two tokens
/// are ranked apart only when their rollout values and their effects each differ by more than
/// `tolerance` (see compareRankings). Throws std::invalid_argument when `position` is outside
/// `tokens`, `tokens` is longer than the model's n_ctx, a token or the replacement is outside
/// the vocabulary, or tolerance < 0.
TokenEffects measureTokenEffects(Model<double> &model, const std::vector<int> &tokens, Index position,
                                 int replacement, int threads, double tolerance = 0.02);

} // namespace attn::train
