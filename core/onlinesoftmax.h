// The online softmax of FlashAttention-2, written to be read one tile at a time: the teaching
// mirror of the tiled kernel (core/kernels/tiled.h), used by the tiling lesson to show each
// query row's running max m and running sum ℓ while the score matrix is visited tile by tile.
// Plain, unoptimised and exact: it works on a head's logits and visibility from an
// AttentionTrace and on the V block that head reads.
#pragma once

#include "core/tensor.h"

#include <vector>

namespace attn {

/// One tile of the (n_q, n_k) score matrix: query rows [row_begin, row_end), key columns
/// [col_begin, col_end).
struct ScoreTile {
    Index row_begin = 0;
    Index row_end = 0;
    Index col_begin = 0;
    Index col_end = 0;
};

/// The tiles in the order of FlashAttention-2's forward pass (Dao 2023, Algorithm 1, §3.1): the
/// outer loop runs over query tiles of B_r = `block_query` rows, the inner loop over key/value
/// tiles of B_c = `block_key` columns, so one query tile is finished before the next starts (the
/// loop order of core/kernels/tiled.h; FlashAttention-1, Dao et al. 2022, Algorithm 1, nests them
/// the other way round). Edge tiles are smaller when B_r or B_c does not divide n_q or n_k.
/// ⌈n_q / B_r⌉ · ⌈n_k / B_c⌉ tiles in all.
/// Throws std::invalid_argument when a size is negative or a block size is < 1.
std::vector<ScoreTile> flashTileOrder(Index n_q, Index n_k, Index block_query, Index block_key);

/// What the online softmax keeps per query row between tiles (FlashAttention-2, Dao 2023,
/// Algorithm 1, §3.1: m, ℓ and the unnormalised output Õ). With m the largest visible logit
/// seen so far and ℓ = Σ exp(logit − m) over the visible keys seen so far,
/// acc = Σ exp(logit − m) · v_j; FlashAttention-2 divides by ℓ once, after the last key tile.
/// onlineOutput() divides at any point to show the output so far; after the last tile it equals
/// softmax · V exactly (up to rounding).
struct OnlineSoftmaxState {
    Vector m;   ///< (n_q) running max; −∞ while the row has seen no visible key
    Vector l;   ///< (n_q) running sum ℓ; 0 while the row has seen no visible key
    Matrix acc; ///< (n_q, d_v) unnormalised output Σ exp(logit − m) · v_j
    Index tiles_done = 0;
};

/// The state before the first tile: m = −∞, ℓ = 0, acc = 0.
OnlineSoftmaxState startOnlineSoftmax(Index n_q, Index d_v);

/// Visits one tile: for each row i of the tile, m_new = max(m, max of the tile's visible
/// logits), then ℓ ← ℓ · e^(m − m_new) + Σ_j e^(logit_ij − m_new) and
/// acc ← acc · e^(m − m_new) + Σ_j e^(logit_ij − m_new) · v_j over the visible keys j of the tile
/// (the update in the inner loop of FlashAttention-2's Algorithm 1, Dao 2023: the output
/// stays unnormalised, the division by ℓ comes after the last key tile).
///   logits  (n_q, n_k)  a head's logits (HeadTrace::logits)
///   visible (n_q, n_k)  true = may attend (HeadTrace::visible); masked entries are skipped
///   value   (n_k, d_v)  the V block of the head's K/V head
/// Throws std::invalid_argument when the shapes do not fit the state or the tile is outside
/// the matrix.
void visitTile(OnlineSoftmaxState &state, const Matrix &logits, const BoolMatrix &visible,
               const Matrix &value, const ScoreTile &tile);

/// The output so far, (n_q, d_v): row i is acc_i / ℓ_i, or zeros while ℓ_i = 0 (no visible
/// key seen yet; after the last tile that is the "zero" policy for a fully masked row).
Matrix onlineOutput(const OnlineSoftmaxState &state);

} // namespace attn
