// core/kernels/multiheadkernels.h — the multi-head entry point of the kernels, for the
// benchmark (`attention-lab bench`, core/bench.*) and the performance panel:
//
//   template <typename Scalar>   // float or double
//   KernelRun attn::kernels::attendHeads(KernelKind kind,
//                                        const MatrixT<Scalar> &Q, // (n_q, H_q·d_k)
//                                        const MatrixT<Scalar> &K, // (n_k, H_kv·d_k)
//                                        const MatrixT<Scalar> &V, // (n_k, H_kv·d_v)
//                                        int num_query_heads, int num_kv_heads,
//                                        const MaskRule &mask, double scale,
//                                        const TiledOptions &options, MatrixT<Scalar> &O,
//                                        MaskedRowPolicy policy = MaskedRowPolicy::Zero);
//   // O (n_q, H_q·d_v) is resized and written.
//
// Unlike attend() (the teaching trace, in double, every intermediate kept) this runs only the
// kernel, in the benchmark's scalar, over every head, and keeps nothing but the output.
#pragma once

#include "core/kernels/kernel.h"
#include "core/kernels/tiled.h"

namespace attn::kernels {

/// Softmax (or linear) attention of every head of one call, parallel over (head, query tile)
/// on options.threads threads (a reusable pool; no thread is started with threads = 1).
///
///   kind    Naive: the reference a learner would write (and NumPy runs): per head the full
///                  (n_q, n_k) logits S = (scale·Q_h) K_hᵀ, a masked softmax per row,
///                  O_h = P V_h; memory O(n_q·n_k) (one head at a time).
///           Tiled: tiledHead (FlashAttention-2 online softmax), O(threads·tile) memory.
///           Windowed: windowedHead (banded; exact for every mask, fast with a window).
///           Linear: linearHead (φ = elu + 1; not softmax; `scale` is not used).
///   Q       (n_q, H_q·d_k); query head h is columns h·d_k … (h+1)·d_k − 1
///   K       (n_k, H_kv·d_k); query head h reads K/V head ⌊h·H_kv/H_q⌋ (MHA, GQA, MQA)
///   V       (n_k, H_kv·d_v)
///   mask    one visibility rule shared by every head: positions (n_q) and (n_k), causal,
///           window, key padding (n_k), an explicit (n_q, n_k) matrix; call mask.detectOrder()
///           first (sorted positions let whole tiles be skipped). Positions may be empty when
///           neither causal nor a window is set.
///   scale   logit = scale · q·k (e.g. 1/√d_k), formed as LogitScale(scale, 1) forms it (a scale
///           beyond the Scalar's range is applied in double); no ALiBi here
///   options query_tile (B_r), key_tile (B_c) and threads (≥ 1); the defaults (128 × 128) are
///           the fastest measured for d = 64. Windowed: query block min(query_tile, 64), band
///           chunk key_tile. Linear: query block query_tile, explicit-path tile key_tile.
///           Naive: query_tile rows per parallel task.
///   O       out (n_q, H_q·d_v), heads concatenated; resized
///   policy  output of a query row with no visible key (Error: written as Zero, rows returned)
/// Returns the query rows that see no key (the mask is shared, so they are the same rows in
/// every head; listed once, ascending) and stats summed over heads: pairs, tiles, tiles
/// skipped; work_bytes is the peak of the kernel's own buffers beyond Q, K, V, O (all threads).
/// FLOPs for GFLOP/s: 4·d·(visible pairs) per head (2·d for S, 2·d for P·V) — see
/// countVisiblePairs().
/// Throws std::invalid_argument when H_q is not a positive multiple of H_kv, the widths are not
/// divisible by the head counts, the shapes disagree with the mask, or the tiles are < 1.
template <typename Scalar>
KernelRun attendHeads(KernelKind kind, const MatrixT<Scalar> &Q, const MatrixT<Scalar> &K,
                      const MatrixT<Scalar> &V, int num_query_heads, int num_kv_heads, const MaskRule &mask,
                      double scale, const TiledOptions &options, MatrixT<Scalar> &O,
                      MaskedRowPolicy policy = MaskedRowPolicy::Zero);

/// Bytes attendHeads(kind, …) will use beyond Q, K, V, O for these sizes, without running it
/// (the benchmark refuses a naive run whose estimate does not fit in memory). Naive: the
/// (n_q, n_k) logits/weights of one head plus a row of flags per row; tiled: tiledWorkBytes();
/// windowed and linear: an upper estimate from the tile sizes.
std::size_t attendHeadsWorkBytes(KernelKind kind, Index nQ, Index nK, Index dK, Index dV,
                                 const TiledOptions &options, std::size_t scalarBytes);

/// Visible (query, key) pairs of `mask` over an (nQ, nK) problem: nQ·nK without causal, window,
/// padding or explicit matrix; otherwise counted row by row (binary search on sorted positions,
/// O(n_q log n_k); a scan otherwise). GFLOP = 4 · d_k · pairs · H_q / 1e9 (d_k = d_v).
std::uint64_t countVisiblePairs(const MaskRule &mask, Index nQ, Index nK);

} // namespace attn::kernels
