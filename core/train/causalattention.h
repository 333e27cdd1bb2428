// Multi-head causal self-attention and rotary position embeddings for the training engine, each
// as a forward and a hand-written backward pass (see layers.h for the conventions: the backward
// takes the gradient buffers first and adds into them).
//
// Layout: q, k, v and z are (B, T, C) with C = H · head_dim, row b·T + t holding token t of
// example b and head h owning columns h·head_dim … (h+1)·head_dim − 1 (as in the scenario keys
// Q, K, V). The attention weights are (B, H, T, T), row i of head h holding query i's weights
// over keys 0 … i (keys after i are exactly 0: causal).
#pragma once

#include "core/tensor.h"

#include <vector>

namespace attn::train {

/// For every example b and head h (Vaswani et al. 2017, §3.2.1, with the causal mask):
///   S = Q_h K_hᵀ / √head_dim                                        (T, T)
///   P_ij = exp(S_ij − max_j' S_ij') / Σ_{j' ≤ i} exp(S_ij' − max)  for j ≤ i, else 0
///   Z_h = P V_h                                                     (T, head_dim)
///   z (B, T, C) out, weights (B, H, T, T) out, q, k, v (B, T, C)
template <typename T>
void attentionForward(T *z, T *weights, const T *q, const T *k, const T *v, Index B, Index seqLen, int H,
                      Index headDim);
/// The backward of attentionForward, written out:
///   dP = dZ_h V_hᵀ                                (T, T)
///   dV_h += Pᵀ dZ_h                               (T, head_dim)
///   dS = P ∘ (dP − rowsum(dP ∘ P))                (T, T), the softmax Jacobian applied row by row
///   dQ_h += dS K_h / √head_dim,  dK_h += dSᵀ Q_h / √head_dim
///   dq, dk, dv (B, T, C) accumulated; dz (B, T, C); q, k, v, weights as in the forward
template <typename T>
void attentionBackward(T *dq, T *dk, T *dv, const T *dz, const T *q, const T *k, const T *v, const T *weights,
                       Index B, Index seqLen, int H, Index headDim);

/// The angles of rotary embeddings (Su et al. 2021, §3.4.2), as in the engine's applyRope:
/// pair p (features p and p + head_dim/2, "half split") of position t turns by
/// θ = t · base^(−2p/head_dim). Returns cos θ and sin θ, each (n_ctx, head_dim/2) row-major.
struct RopeTables {
    std::vector<double> cos; ///< (n_ctx, head_dim/2)
    std::vector<double> sin; ///< (n_ctx, head_dim/2)
};
RopeTables ropeTables(Index nCtx, Index headDim, double base);

/// Rotates every head's features of every row by its position t = row mod T:
///   out_p = x_p cos θ − x_{p+half} sin θ,   out_{p+half} = x_p sin θ + x_{p+half} cos θ
///   out, inp (B·T, C); cos, sin (n_ctx, head_dim/2)
template <typename T>
void ropeForward(T *out, const T *inp, const T *cos, const T *sin, Index N, Index seqLen, int H,
                 Index headDim);
/// The transpose rotation (by −θ) of the gradient: dinp_p += dout_p cos θ + dout_{p+half} sin θ,
/// dinp_{p+half} += −dout_p sin θ + dout_{p+half} cos θ.
template <typename T>
void ropeBackward(T *dinp, const T *dout, const T *cos, const T *sin, Index N, Index seqLen, int H,
                  Index headDim);

} // namespace attn::train
