// Many heads and layers reduced to one map: the mean over heads, the maximum over heads, and
// attention rollout. Each is a summary with a blind spot (the model view says which in words):
// none of them is what the model computes.
#pragma once

#include "core/tensor.h"

#include <vector>

namespace attn {

/// The mean over heads of one layer's weights: heads (H) each (n_q, n_k) → (n_q, n_k).
/// Throws std::invalid_argument for no heads or heads of different shapes.
Matrix meanOverHeads(const std::vector<Matrix> &heads);

/// The entry-wise maximum over heads: (H) × (n_q, n_k) → (n_q, n_k). NaN entries are skipped
/// unless every head has NaN there. Same errors as meanOverHeads.
Matrix maxOverHeads(const std::vector<Matrix> &heads);

/// Attention rollout (Abnar & Zuidema 2020, "Quantifying Attention Flow in Transformers", §3):
/// each layer's head-mean A_l (n, n) gets the residual connection as Ã_l = ½·A_l + ½·I, its rows
/// renormalised to sum to 1, and the layers are multiplied through, last layer on the left:
/// R = Ã_{L−1} · … · Ã_1 · Ã_0 (n, n); R(i, j) is how much of input token j reaches position i at
/// the top. `layerMeans` are the A_l from the first layer up. A row of A_l that is all zero (a
/// fully masked query) becomes the identity's row. Throws std::invalid_argument for no layers or
/// a layer that is not square (n_q ≠ n_k: rollout needs self-attention) or of another size.
Matrix attentionRollout(const std::vector<Matrix> &layerMeans);

} // namespace attn
