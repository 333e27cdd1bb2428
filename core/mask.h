// Positions and visibility: which key each query may attend.
#pragma once

#include "core/scenario.h"

#include <span>
#include <vector>

namespace attn {

/// Positions of queries and keys on one axis.
struct Positions {
    std::vector<std::int64_t> query; ///< (n_q)
    std::vector<std::int64_t> key;   ///< (n_k)
};

/// Explicit positions when given; otherwise keys at 0 … n_k − 1 and consecutive queries placed
/// by the alignment against the key positions (explicit or not): bottom_right puts the last
/// query at the last key, query i at max pos_k − (n_q − 1 − i) (i + n_k − n_q for the default
/// keys); top_left, and no alignment, puts the first query at the first key, query i at
/// min pos_k + i (i for the default keys). Assumes `validate` passed.
Positions resolvePositions(const Scenario &scenario, const Shapes &shapes);

/// True when some part of the scenario (causal, window, RoPE, ALiBi) depends on positions.
bool usesPositions(const Scenario &scenario);

/// The document ids of the queries (n_q) and the keys (n_k): mask.document_ids for both, or
/// mask.query_document_ids and mask.key_document_ids; both empty without a document mask.
struct DocumentIds {
    std::span<const std::int64_t> query; ///< (n_q) or empty
    std::span<const std::int64_t> key;   ///< (n_k) or empty
};
DocumentIds documentIds(const Scenario &scenario);

/// Visibility for query head `head`, shape (n_q, n_k): the AND of causal (pos_k ≤ pos_q, or
/// pos_k < prefix_length with a prefix), window (pos_q − left ≤ pos_k ≤ pos_q + right), key
/// padding, the explicit visible matrix and the document mask (same document id).
BoolMatrix visibility(const Scenario &scenario, const Shapes &shapes, const Positions &positions, int head);

} // namespace attn
