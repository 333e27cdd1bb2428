// The benchmark's view of the kernels: one call runs every head of a multi-head problem with
// the real kernel, as an application would. Internal to the harness (bench.cpp, tests).
#pragma once

#include "core/bench.h"
#include "core/kernels/kernel.h"

#include <cstddef>

namespace attn::bench {

/// A multi-head problem in the scenario layout: heads are contiguous column blocks.
template <typename Scalar> struct HeadsInput {
    const kernels::MatrixT<Scalar> &query; ///< (n_q, H_q·d)
    const kernels::MatrixT<Scalar> &key;   ///< (n_k, H_kv·d)
    const kernels::MatrixT<Scalar> &value; ///< (n_k, H_kv·d)
    int num_query_heads = 1;
    int num_kv_heads = 1;
    Index head_dim = 1;
    double scale = 1.0;            ///< 1/√d for scaled dot-product
    const kernels::MaskRule &mask; ///< shared by every head (causal, window; no padding)
};

/// Positions and the mask rule of a benchmark shape: keys at 0 … n_k − 1, query i at
/// i + n_k − n_q (bottom-right), causal and the window of `config`. The rule views `positions`.
struct BenchMask {
    std::vector<std::int64_t> query_positions; ///< (n_q)
    std::vector<std::int64_t> key_positions;   ///< (n_k)
    kernels::MaskRule rule;

    BenchMask(Index n_q, Index n_k, bool causal, std::optional<Index> window);
    BenchMask(const BenchMask &) = delete;
    BenchMask &operator=(const BenchMask &) = delete;
};

/// Runs `kind` on every query head of `in` through kernels::attendHeads (the kernels' own
/// multi-head entry point) with the threads and tile sizes of `config`, writing `output`
/// (n_q, H_q·d). Returns the kernel's working bytes (its own buffers beyond Q, K, V, O, peak).
/// Naive materialises one head's (n_q, n_k) scores at a time; linear is not softmax.
template <typename Scalar>
std::size_t runHeads(KernelKind kind, const HeadsInput<Scalar> &in, const BenchConfig &config,
                     kernels::MatrixT<Scalar> &output);

/// The plain reference of linear attention (kernels::linearReference) over every head.
template <typename Scalar>
void linearReferenceHeads(const HeadsInput<Scalar> &in, kernels::MatrixT<Scalar> &output);

} // namespace attn::bench
