// The windowed kernel: exact softmax attention over the band of keys a local window (and a
// causal mask) leaves visible, at cost O(n·w) instead of O(n_q·n_k).
#pragma once

#include "core/kernels/kernel.h"

namespace attn::kernels {

/// Block size and threads of the windowed kernel.
struct WindowedOptions {
    Index query_block = 64; ///< query rows per block (≥ 1); their bands are computed together
    int threads = 1;        ///< std::threads sharing the query blocks (1 = the calling thread only)
    Index key_chunk = 128;  ///< a block's band is folded in chunks of at most this many keys (≥ 1)
};

/// Banded softmax attention for one head (sliding-window attention: Beltagy et al. 2020,
/// Longformer §3.1; Child et al. 2019 for the sparse view). For query i only keys with
/// pos_q − left ≤ pos_k ≤ min(pos_q + right, pos_q if causal) can be visible; with keys sorted
/// by position that band [lo_i, hi_i) is found by binary search. Per block of queries:
///   1. band [L, H) = ∪ [lo_i, hi_i)                                   width ≈ w + block
///   2. S = scale · Q_b K_[L,H)ᵀ (+ ALiBi bias)                       (block, H − L)
///   3. per row: m = max over visible keys of its own band, P = exp(S − m) there, 0 elsewhere
///   4. O_b = (P V_[L,H)) / rowsum(P)                                   (block, d_v)
/// Steps 2–4 run on the tiled kernel's engine (tilerunner.h) over the keys [L, H), folded in
/// chunks of key_chunk keys by the online softmax (chunks inside every row's band need no
/// mask; chunk logits stay in L1): in float with finite inputs and sorted keys, packet micro-kernels with the
/// band masked per row; otherwise Eigen products, std::exp and every entry's visibility checked (padding, an
/// explicit visible matrix, unsorted positions, raw scores, ALiBi, double). Exact: equals
/// naiveHead up to rounding on every mask. With keys not sorted by position the band is every
/// key (exact, O(n_q·n_k)); with no window the band is the causal prefix or every key. A
/// softcap, a sink, a prefix length and document ids act as in tiledHead.
///
///   problem  one head: query (n_q, d_k), key (n_k, d_k), value (n_k, d_v) or raw scores
///   output   (n_q, d_v) written in place; rows that see no key get problem.policy
///   rows     optional out: each row's max m and sum l (SoftmaxRows; weights = exp(logit − m) / l);
///            m −∞, l 0 for rows that see no key
/// Returns the rows that see no key (MaskedRowPolicy::Error is left to the caller) and the
/// stats (tiles = band chunks considered, pairs = block rows × chunk widths; work_bytes =
/// windowedWorkBytes(…) plus per-key facts, O(threads·block·(chunk + d) + n_k)).
/// Throws std::invalid_argument on shape mismatches or a block size < 1.
template <typename Scalar>
KernelRun windowedHead(const HeadProblem<Scalar> &problem, const WindowedOptions &options,
                       OutputRef<Scalar> output, SoftmaxRows<Scalar> *rows = nullptr);

/// Bytes of the windowed kernel's per-worker buffers (and per-block bands) when the band is
/// folded in chunks of `chunk` keys (min(key_chunk, widest band)).
std::size_t windowedWorkBytes(Index nQ, Index chunk, Index dK, Index dV, const WindowedOptions &options,
                              std::size_t scalarBytes);

} // namespace attn::kernels
