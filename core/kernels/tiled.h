// The tiled kernel: exact softmax attention by the online-softmax recurrence of FlashAttention-2,
// with O(n·d) working memory instead of the (n_q, n_k) score matrix.
#pragma once

#include "core/kernels/kernel.h"

namespace attn::kernels {

/// Tile sizes and threads of the tiled kernel. The defaults are the fastest measured for
/// d = 64 in float on a 2-core AVX2 machine (128 × 128: Sᵀ, Qᵀ, Aᵀ and the value tile stay in
/// L1/L2; about 72% of the FMA peak per core); attend() passes the scenario's tiles instead.
struct TiledOptions {
    Index query_tile = 128; ///< B_r: query rows per tile (≥ 1)
    Index key_tile = 128;   ///< B_c: key rows per tile (≥ 1)
    int threads = 1;        ///< threads sharing the (head, query tile) tasks (1 = the calling thread only)
};

/// FlashAttention-2 forward pass for one head (Dao 2023, Algorithm 1; online softmax:
/// Milakov & Gimelshein 2018). For each query tile Q_t (B_r, d_k), with running row maximum m,
/// running sum l and unnormalised output A (B_r, d_v), over key tiles K_u (B_c, d_k):
///   1. S = scale · Q_t K_uᵀ (+ ALiBi bias)                       (B_r, B_c)
///   2. m_new = max(m, rowmax_visible(S)); A ← e^(m − m_new)·A; l ← e^(m − m_new)·l
///   3. P = exp(S − m_new) on visible entries, 0 on masked ones    (B_r, B_c)
///   4. l ← l + rowsum(P); A ← A + P V_u                           (B_r, d_v)
/// and finally O_t = A / l (m and l handed back per row). Key tiles that the mask hides entirely are
/// skipped (causal: about half; window: all but O(w / B_c) per query tile); tiles that are
/// entirely visible run without any per-element mask check. Masked entries are excluded, never
/// offset by a constant; a value tile containing NaN or Inf is mixed row by row so that a zero
/// weight never multiplies a value. Exact: equals naiveHead up to rounding. A softcap
/// (problem.logit.softcap, Gemma 2) caps each logit after the bias, on the generic path; a sink
/// (problem.sink, gpt-oss) joins each row's m and l at the end as one more logit without a value,
/// and a row that sees no key then keeps output 0 whatever the policy.
///
/// The logits are formed exactly as computeLogits() forms them for the naive reference: the
/// score, then LogitScale (scale and temperature without avoidable overflow or underflow), then
/// the ALiBi bias; on the fast path the scale factor is folded into the query tile instead.
///
/// Two paths per tile, same state. In float, a tile whose inputs are finite (and whose logits
/// cannot overflow: the scale/temperature factor f is a normal float, f·max‖q‖ ≤ 1e30 and
/// f·max‖q‖·max‖k‖ ≤ 1e30) and whose mask is all-visible or a causal/window
/// band over sorted keys runs on register-blocked packet micro-kernels (microkernels.h) with
/// queries as vector lanes, and exp(x − m) = 2^((x − m)·log2 e) by a degree-5 polynomial
/// (relative error ≤ 2e-7). Every other tile (double, raw scores, ALiBi, padding or explicit masks, NaN or ±∞
/// inputs) takes the generic path: Eigen products and std::exp, row by row.
///
///   problem  one head: query (n_q, d_k), key (n_k, d_k), value (n_k, d_v) or raw scores
///   output   (n_q, d_v) written in place; rows that see no key get problem.policy
///   rows     optional out: each row's max m and sum l (SoftmaxRows), so that
///            weights_ij = exp(logit_ij − m_i) / l_i on visible entries; m −∞, l 0 for rows
///            that see no key
/// Returns the rows that see no key (MaskedRowPolicy::Error is left to the caller) and the
/// stats: work_bytes = tiledWorkBytes(…), O(threads · (B_r·B_c + (B_r + B_c)·(d_k + d_v)) + n_k/B_c).
/// Throws std::invalid_argument on shape mismatches or tile sizes < 1.
template <typename Scalar>
KernelRun tiledHead(const HeadProblem<Scalar> &problem, const TiledOptions &options, OutputRef<Scalar> output,
                    SoftmaxRows<Scalar> *rows = nullptr);

/// tiledHead for several heads at once, parallel over (head, query tile): the tasks of every
/// head share the threads and the per-worker buffers. outputs[h] (n_q, d_v) belongs to
/// problems[h]; rows is empty or holds one optional SoftmaxRows out per head. Returns one KernelRun
/// per head; each one's work_bytes is that of the whole call (the buffers are shared).
template <typename Scalar>
std::vector<KernelRun> tiledHeads(std::span<const HeadProblem<Scalar>> problems, const TiledOptions &options,
                                  std::span<OutputRef<Scalar>> outputs,
                                  std::span<SoftmaxRows<Scalar> *const> rows = {});

/// Bytes of the tiled kernel's own buffers for `heads` heads of these sizes (per-worker tiles of
/// both paths, running statistics, an estimate of Eigen's GEMM packing, per-key-tile facts),
/// in bytes. Independent of n_q; the n_k dependence is 16 bytes per key tile and head.
std::size_t tiledWorkBytes(Index nQ, Index nK, Index dK, Index dV, const TiledOptions &options,
                           std::size_t scalarBytes, int heads = 1);

} // namespace attn::kernels
