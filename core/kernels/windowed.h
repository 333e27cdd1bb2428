// The windowed kernel: exact softmax attention over the band of keys a local window (and a
// causal mask) leaves visible, at cost O(n·w) instead of O(n_q·n_k).
#pragma once

#include "core/kernels/kernel.h"

namespace attn::kernels {

/// Block size and threads of the windowed kernel.
struct WindowedOptions {
    Index query_block = 64; ///< query rows per block (≥ 1); their bands are computed together
    int threads = 1;        ///< std::threads sharing the query blocks (1 = the calling thread only)
};

/// Banded softmax attention for one head (sliding-window attention: Beltagy et al. 2020,
/// Longformer §3.1; Child et al. 2019 for the sparse view). For query i only keys with
/// pos_q − left ≤ pos_k ≤ min(pos_q + right, pos_q if causal) can be visible; with keys sorted
/// by position that band [lo_i, hi_i) is found by binary search. Per block of queries:
///   1. band [L, H) = ∪ [lo_i, hi_i)                                   width ≈ w + block
///   2. S = scale · Q_b K_[L,H)ᵀ (+ ALiBi bias)                       (block, H − L), an Eigen GEMM
///   3. per row: m = max over visible keys of its own band, P = exp(S − m) there, 0 elsewhere
///   4. O_b = (P V_[L,H)) / rowsum(P)                                   (block, d_v)
/// Padding and an explicit visible matrix are checked per entry inside the band. Exact: equals
/// naiveHead up to rounding on every mask. With keys not sorted by position the band is every
/// key (exact, O(n_q·n_k)); with no window the band is the causal prefix or every key.
///
///   problem  one head: query (n_q, d_k), key (n_k, d_k), value (n_k, d_v) or raw scores
///   output   (n_q, d_v) written in place; rows that see no key get problem.policy
///   lse      optional out (n_q): log Σ_visible exp(logit_ij); −∞ for rows that see no key
/// Returns the rows that see no key (MaskedRowPolicy::Error is left to the caller) and the
/// stats (work_bytes: the per-worker band buffers at their peak width, O(block · (w + block))).
/// Throws std::invalid_argument on shape mismatches or a block size < 1.
template <typename Scalar>
KernelRun windowedHead(const HeadProblem<Scalar> &problem, const WindowedOptions &options,
                       OutputRef<Scalar> output, VectorT<Scalar> *lse = nullptr);

} // namespace attn::kernels
