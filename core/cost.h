// The cost model behind the n² lesson and the performance panel: how many query–key pairs an
// attention visits, how many FLOP that takes, how many bytes the score matrix, a tiled kernel's
// working set and a KV cache need. Pure integer arithmetic: every count is exact.
//
// Every count is a std::uint64_t. Counts up to 2^64 − 1 ≈ 1.8·10^19 are exact (one million
// tokens squared is 10^12); a count that would exceed that throws std::overflow_error naming
// the quantity rather than wrapping. Invalid arguments (negative sizes, a window bound < 0,
// zero heads) throw std::invalid_argument naming the argument.
#pragma once

#include "core/scenario.h"

#include <cstdint>
#include <optional>

namespace attn::cost {

/// Element types the cost model knows.
enum class DType {
    F64,  ///< 8 bytes
    F32,  ///< 4 bytes
    F16,  ///< 2 bytes (IEEE half)
    BF16, ///< 2 bytes (bfloat16)
    Int8, ///< 1 byte (quantisation scales not counted)
};

/// Bytes of one element of `dtype`.
std::uint64_t bytesPerElement(DType dtype);

/// Stable name: "f64", "f32", "f16", "bf16", "int8".
const char *toString(DType dtype);

/// Which query–key pairs an attention visits: n_q queries, n_k keys, and the position-dependent
/// mask parts of the scenario format (design map §2). Query i sits at position i (TopLeft, or
/// n_q = n_k) or i + n_k − n_q (BottomRight); keys sit at 0 … n_k − 1. Key j is visible to the
/// query at p if (not causal or j ≤ p) and p − left ≤ j ≤ p + right (empty = unbounded).
struct PairPattern {
    std::int64_t n_q = 0;
    std::int64_t n_k = 0;
    bool causal = false;
    std::optional<std::int64_t> window_left;  ///< L ≥ 0, or unbounded
    std::optional<std::int64_t> window_right; ///< R ≥ 0, or unbounded
    Alignment alignment = Alignment::TopLeft; ///< Unspecified is treated as TopLeft
};

/// All pairs: n_q · n_k (1,024 tokens → 1,048,576; 100,000 → 10^10).
std::uint64_t pairCount(std::int64_t n_q, std::int64_t n_k);

/// Causal pairs of a square self-attention over n tokens: n(n + 1)/2 (the diagonal included).
std::uint64_t causalPairCount(std::int64_t n);

/// Exact number of visible (query, key) pairs of `pattern`, in closed form (O(1), no loop).
/// Equals pairCount with no causal mask and no window; causalPairCount for a square causal
/// pattern; for a causal window of W keys including the current one (left = W − 1, right = 0)
/// over n tokens it is W(W + 1)/2 + (n − W)·W when n ≥ W.
std::uint64_t visiblePairCount(const PairPattern &pattern);

/// Floating-point operations of one head's attention over `pairs` visible pairs:
///   2 · pairs · d_k  (Q Kᵀ: one multiply and one add per feature of each pair)
/// + 2 · pairs · d_v  (weights · V: the same for each value feature),
/// i.e. 4 · n_q · n_k · d_k for a full mask and d_v = d_k — the convention of FlashAttention-2
/// (Dao 2023, §4.1). Softmax (max, exp, sum, divide), scaling and masking are O(pairs) with no
/// d factor and are not counted. Masked pairs are not counted: this is the arithmetic a kernel
/// that skips them does (a naive kernel that computes every pair does 4 · n_q · n_k · d_k).
/// FlashAttention-2 halves the full count for causal masks; visiblePairCount gives the exact
/// n(n + 1)/2 instead. Unit: FLOP.
std::uint64_t attentionFlops(std::uint64_t pairs, std::int64_t d_k, std::int64_t d_v);

/// attentionFlops(visiblePairCount(pattern), d_k, d_v) · num_query_heads. Unit: FLOP.
std::uint64_t attentionFlops(const PairPattern &pattern, std::int64_t d_k, std::int64_t d_v,
                             std::int64_t num_query_heads);

/// Bytes of the materialised score matrices of a naive kernel: n_q · n_k · bytes(dtype) ·
/// num_query_heads (one (n_q, n_k) matrix per head, batch 1). A naive kernel that also keeps the
/// weights matrix P next to the scores S needs twice this. Unit: bytes; grows as n².
std::uint64_t naiveScoreBytes(std::int64_t n_q, std::int64_t n_k, DType dtype, std::int64_t num_query_heads);

/// The working set of a tiled (FlashAttention) kernel, per part. Unit: bytes.
struct TiledWorkingSet {
    std::uint64_t tile_buffers = 0;   ///< per head: Q tile B_r·d_k, K tile B_c·d_k, V tile B_c·d_v,
                                      ///< score tile B_r·B_c, output accumulator B_r·d_v; independent of n
    std::uint64_t row_statistics = 0; ///< per head: running max m and running sum ℓ, 2 · n_q values
    std::uint64_t output = 0;         ///< per head: the output n_q · d_v (any kernel writes it)
    std::uint64_t total = 0;          ///< the sum, times num_query_heads: O(n · d), never n²
};

/// Working set of the tiled kernel (Dao et al. 2022, FlashAttention, §3.1 and Algorithm 1;
/// Dao 2023, FlashAttention-2, §3.1) with query tiles of B_r = `tile.query` rows and key tiles of
/// B_c = `tile.key` rows, all in `dtype`, every head resident at once, batch 1. The tiles are
/// clamped to n_q and n_k. Compare with naiveScoreBytes: the arithmetic is the same (still
/// quadratic), only the memory differs.
TiledWorkingSet tiledWorkingSet(std::int64_t n_q, std::int64_t n_k, std::int64_t d_k, std::int64_t d_v,
                                const TileSpec &tile, DType dtype, std::int64_t num_query_heads);

/// Shape of a decoder's KV cache.
struct KvCacheSpec {
    std::int64_t layers = 1;
    std::int64_t sequence_length = 0; ///< tokens cached, n
    std::int64_t num_kv_heads = 1;    ///< H_kv: = H_q for MHA, 1 < H_kv < H_q for GQA, 1 for MQA
    std::int64_t head_dim = 0;        ///< d_k = d_v per head
    DType dtype = DType::F16;
    std::int64_t batch = 1;
};

/// KV-cache bytes = 2 (K and V) · layers · n · H_kv · head_dim · bytes(dtype) · batch.
/// Example: 32 layers, 4096 tokens, 8 K/V heads, head_dim 128, f16 → 536,870,912 bytes (512 MiB);
/// the same model as MHA with 32 K/V heads needs 4× that. MQA (Shazeer 2019, §3) and GQA
/// (Ainslie et al. 2023, §2) shrink the cache by H_q / H_kv; int8 quantisation scales and any
/// paging overhead are not counted. Unit: bytes.
std::uint64_t kvCacheBytes(const KvCacheSpec &spec);

} // namespace attn::cost
