// Interventions for "What weights do not tell": delete a key, or replace a token's key and/or
// value, recompute, and measure how far every query's output moved — next to the weight that
// query gave the key. A weight is a routing coefficient of one pass; the effect of removing the
// key is a different quantity, and the two rankings can disagree (Jain & Wallace 2019,
// "Attention is not Explanation": leave-one-out effects against weights, compared by Kendall τ;
// Serrano & Smith 2019, "Is Attention Interpretable?": erasing high-weight inputs).
#pragma once

#include "core/attention.h"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace attn {

/// New rows for one key position; an empty optional leaves that row unchanged.
struct KeyReplacement {
    std::optional<Eigen::RowVectorXd> key;   ///< (H_kv·d_k) the new K row
    std::optional<Eigen::RowVectorXd> value; ///< (H_kv·d_v) the new V row
};

/// What one intervention on key `key` did to every query of every head.
struct InterventionEffect {
    Index key = 0; ///< the key intervened on, indexed in the original scenario
    Matrix weight; ///< (H_q, n_q) weight query row i of head h gave this key in the original trace
    Matrix effect; ///< (H_q, n_q) ‖o′_hi − o_hi‖₂ over the d_v outputs of head h (NaN if either is NaN)
    Vector total_effect; ///< (n_q) ‖o′_i − o_i‖₂ over the concatenated H_q·d_v outputs
};

/// One intervention with both traces, for views that draw before and after.
struct InterventionResult {
    AttentionTrace original; ///< attend(scenario)
    Scenario changed;        ///< the intervened scenario
    AttentionTrace after;    ///< attend(changed)
    InterventionEffect effect;
};

/// The scenario without key `key`: its K row, V row, key label, key_padding entry, column of every
/// raw score and visible matrix, and key position are removed. When positions matter (causal,
/// window, RoPE, ALiBi) they are made explicit first, so every remaining key and every query keeps
/// the position it had: deleting a token does not shift its neighbours.
/// Throws ScenarioError("key") when `key` is outside 0 … n_k − 1 or it is the only key, and
/// whatever validate() throws for `scenario`.
Scenario withoutKey(const Scenario &scenario, Index key);

/// The scenario with key `key`'s K and/or V row replaced. The query rows are left alone, so in
/// self-attention this isolates the token's role as a key/value.
/// Throws ScenarioError("key") for an index out of range, ("K") when a key row is given but the
/// scenario scores with raw score matrices (no K row is read), ("K"/"V") when a row's length is
/// not H_kv·d_k / H_kv·d_v.
Scenario withReplacedKey(const Scenario &scenario, Index key, const KeyReplacement &replacement);

/// Deletes key `key`, recomputes, and measures the change of every output row.
/// A query whose only visible key is deleted becomes a fully masked row and follows the
/// scenario's all_masked_rows policy (its effect is then ‖o_hi‖₂ under "zero"; "error" throws).
InterventionResult measureDeletion(const Scenario &scenario, Index key);

/// Replaces key `key`'s rows, recomputes, and measures the change of every output row.
InterventionResult measureReplacement(const Scenario &scenario, Index key, const KeyReplacement &replacement);

/// How two rankings of the same keys agree, by pairs (Kendall 1938; Goodman & Kruskal 1954).
/// For keys a < b let Δw = w_a − w_b and Δe = e_a − e_b. The pair is tied when |Δw| ≤ tolerance
/// or |Δe| ≤ tolerance or an effect is NaN; otherwise concordant when Δw and Δe have the same
/// sign and discordant when they differ: the higher-weight key of a discordant pair has the
/// smaller effect.
struct RankComparison {
    int head = 0;                ///< query head (0 from compareRankings)
    Index query = 0;             ///< query row (0 from compareRankings)
    std::vector<Index> keys;     ///< the keys compared, ascending
    std::int64_t concordant = 0; ///< C
    std::int64_t discordant = 0; ///< D
    std::int64_t tied = 0;       ///< pairs neither concordant nor discordant
    double gamma = 0.0; ///< Goodman–Kruskal γ = (C − D)/(C + D) ∈ [−1, 1]; NaN when C + D = 0
    std::vector<std::pair<Index, Index>> discordant_pairs; ///< (a, b), a < b, lexicographic order
    std::vector<Index> disagreeing_keys; ///< keys in at least one discordant pair, ascending
};

/// Compares the ranking of `keys` by `weights[j]` with their ranking by `effects[j]` (both
/// indexed by key; only the entries named in `keys` are read). Throws std::invalid_argument
/// when a key is outside either vector or tolerance < 0.
RankComparison compareRankings(const Vector &weights, const Vector &effects, const std::vector<Index> &keys,
                               double tolerance = 1e-9);

/// The scenario cut down to query row `query` of query head `head`: one query row (its Q slice,
/// raw-score row, visible-mask row, label and position), one query head reading one K/V head
/// (the columns of K and V that head reads), every key. Positions are made explicit first and an
/// ALiBi slope is carried over explicitly, so attend() of the result gives that (head, query)
/// exactly the logits, weights and output it has in the full scenario, at 1/(H_q·n_q) of the work.
/// For views that show one query of one head (e.g. its deletion sweep). The masked-row policy
/// then applies to this row only. A scenario with learned projections keeps their products Q, K, V
/// and loses X, the W matrices and W_o (the cut's output is the head's, before W_o). Throws
/// ScenarioError("head") or ("query") for an index out of range, and whatever validate() throws
/// for `scenario`.
Scenario restrictToQuery(const Scenario &scenario, int head, Index query);

/// Every key deleted in turn, and per query the weight ranking against the effect ranking.
struct DeletionSweep {
    AttentionTrace original;              ///< attend(scenario)
    std::vector<InterventionEffect> keys; ///< (n_k) entry j: deleting key j
    std::vector<RankComparison> rankings; ///< (H_q · n_q) entry h·n_q + i: query i of head h, over
                                          ///< the keys visible to it in the original trace
};

/// Deletes each key in turn (n_k recomputations) and compares, for each query of each head,
/// the keys' weights with their deletion effects. Masked keys are left out of the comparison:
/// their weight is 0 and they cannot reach that output, so they carry no information.
/// Throws what measureDeletion throws (e.g. ScenarioError("key") when n_k = 1).
DeletionSweep deletionSweep(const Scenario &scenario, double tolerance = 1e-9);

} // namespace attn
