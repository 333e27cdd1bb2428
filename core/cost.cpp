#include "core/cost.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

namespace attn::cost {

namespace {

constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();

std::uint64_t mul(std::uint64_t a, std::uint64_t b, const char *what)
{
    if (a != 0 && b > kMax / a) {
        throw std::overflow_error(std::string(what) + " exceeds 2^64 − 1 (" + std::to_string(a) + " × " +
                                  std::to_string(b) + ")");
    }
    return a * b;
}

std::uint64_t add(std::uint64_t a, std::uint64_t b, const char *what)
{
    if (b > kMax - a) {
        throw std::overflow_error(std::string(what) + " exceeds 2^64 − 1 (" + std::to_string(a) + " + " +
                                  std::to_string(b) + ")");
    }
    return a + b;
}

std::uint64_t nonNegative(std::int64_t v, const char *name)
{
    if (v < 0) throw std::invalid_argument(std::string(name) + " must be ≥ 0, got " + std::to_string(v));
    return static_cast<std::uint64_t>(v);
}

std::uint64_t positive(std::int64_t v, const char *name)
{
    if (v < 1) throw std::invalid_argument(std::string(name) + " must be ≥ 1, got " + std::to_string(v));
    return static_cast<std::uint64_t>(v);
}

/// 1 + 2 + … + m for m ≥ 0, i.e. m(m + 1)/2, halving whichever factor is even first.
std::uint64_t triangle(std::uint64_t m, const char *what)
{
    return m % 2 == 0 ? mul(m / 2, m + 1, what) : mul(m, (m + 1) / 2, what);
}

/// Σ_{t=a}^{b} clamp(t, 0, m) for m ≥ 0 (0 when b < a), in closed form.
/// clamp(t, 0, m) counts the keys 0 … m − 1 at or below t − 1, so a sum of these over a range
/// of query positions is a pair count.
std::uint64_t sumClamped(std::int64_t a, std::int64_t b, std::int64_t m)
{
    if (b < a || m <= 0) return 0;
    std::uint64_t sum = 0;
    // 1. Terms with 1 ≤ t ≤ m contribute t: the triangle up to hi minus the one below lo.
    const std::int64_t lo = std::max<std::int64_t>(a, 1);
    const std::int64_t hi = std::min(b, m);
    if (lo <= hi) {
        sum = triangle(static_cast<std::uint64_t>(hi), "visible pairs") -
              triangle(static_cast<std::uint64_t>(lo - 1), "visible pairs");
    }
    // 2. Terms with t > m contribute m each.
    const std::int64_t from = std::max(a, m + 1);
    if (from <= b) {
        const auto count = static_cast<std::uint64_t>(b - from) + 1;
        sum = add(sum, mul(count, static_cast<std::uint64_t>(m), "visible pairs"), "visible pairs");
    }
    return sum;
}

} // namespace

std::uint64_t bytesPerElement(DType dtype)
{
    switch (dtype) {
    case DType::F64: return 8;
    case DType::F32: return 4;
    case DType::F16:
    case DType::BF16: return 2;
    case DType::Int8: return 1;
    }
    throw std::invalid_argument("dtype: unknown value");
}

const char *toString(DType dtype)
{
    switch (dtype) {
    case DType::F64: return "f64";
    case DType::F32: return "f32";
    case DType::F16: return "f16";
    case DType::BF16: return "bf16";
    case DType::Int8: return "int8";
    }
    return "unknown";
}

std::uint64_t pairCount(std::int64_t n_q, std::int64_t n_k)
{
    return mul(nonNegative(n_q, "n_q"), nonNegative(n_k, "n_k"), "pairs");
}

std::uint64_t causalPairCount(std::int64_t n)
{
    return triangle(nonNegative(n, "n"), "causal pairs");
}

std::uint64_t visiblePairCount(const PairPattern &p)
{
    nonNegative(p.n_q, "n_q");
    nonNegative(p.n_k, "n_k");
    if (p.window_left) nonNegative(*p.window_left, "window left");
    if (p.window_right) nonNegative(*p.window_right, "window right");
    if (p.n_q == 0 || p.n_k == 0) return 0;

    // Query i sits at position pos = i + offset; its visible keys are j ∈ [0, n_k) with
    // pos − L ≤ j ≤ pos + R, where causal caps R at 0. With F(x) = #{j ∈ [0, n_k) : j ≤ x}
    // = clamp(x + 1, 0, n_k), the count is F(pos + R) − F(pos − L − 1), so the total is
    //   Σ_pos clamp(pos + R + 1, 0, n_k) − Σ_pos clamp(pos − L, 0, n_k),
    // two sums of a clamped arithmetic range. Every term of the second is ≤ its partner in
    // the first (L, R ≥ 0), so the difference is never negative.
    const std::int64_t offset = p.alignment == Alignment::BottomRight ? p.n_k - p.n_q : 0;
    const std::int64_t first = offset;            // position of query 0
    const std::int64_t last = offset + p.n_q - 1; // position of query n_q − 1
    std::optional<std::int64_t> right = p.window_right;
    if (p.causal) right = right ? std::min<std::int64_t>(*right, 0) : 0;

    // A bound reaching past every key is as good as unbounded; capping it keeps the sums in range.
    // An unbounded right side leaves every key at or after pos visible: F(∞) = n_k per query;
    // an unbounded left side excludes nothing.
    const std::uint64_t upper = right ? sumClamped(first + std::min(*right, p.n_k - first) + 1,
                                                   last + std::min(*right, p.n_k - first) + 1, p.n_k)
                                      : pairCount(p.n_q, p.n_k);
    const std::int64_t l = p.window_left ? std::min(*p.window_left, std::max<std::int64_t>(last, 0) + 1) : 0;
    const std::uint64_t lower = p.window_left ? sumClamped(first - l, last - l, p.n_k) : 0;
    return upper - lower;
}

std::uint64_t attentionFlops(std::uint64_t pairs, std::int64_t d_k, std::int64_t d_v)
{
    const std::uint64_t width = add(nonNegative(d_k, "d_k"), nonNegative(d_v, "d_v"), "FLOP");
    return mul(mul(2, pairs, "FLOP"), width, "FLOP");
}

std::uint64_t attentionFlops(const PairPattern &pattern, std::int64_t d_k, std::int64_t d_v,
                             std::int64_t num_query_heads)
{
    return mul(attentionFlops(visiblePairCount(pattern), d_k, d_v),
               positive(num_query_heads, "num_query_heads"), "FLOP");
}

std::uint64_t naiveScoreBytes(std::int64_t n_q, std::int64_t n_k, DType dtype, std::int64_t num_query_heads)
{
    const std::uint64_t perHead = mul(pairCount(n_q, n_k), bytesPerElement(dtype), "score bytes");
    return mul(perHead, positive(num_query_heads, "num_query_heads"), "score bytes");
}

TiledWorkingSet tiledWorkingSet(std::int64_t n_q, std::int64_t n_k, std::int64_t d_k, std::int64_t d_v,
                                const TileSpec &tile, DType dtype, std::int64_t num_query_heads)
{
    const std::uint64_t nq = nonNegative(n_q, "n_q");
    const std::uint64_t nk = nonNegative(n_k, "n_k");
    const std::uint64_t dk = nonNegative(d_k, "d_k");
    const std::uint64_t dv = nonNegative(d_v, "d_v");
    const std::uint64_t heads = positive(num_query_heads, "num_query_heads");
    const std::uint64_t br = std::min(positive(tile.query, "tile.query"), nq); // B_r
    const std::uint64_t bc = std::min(positive(tile.key, "tile.key"), nk);     // B_c
    const std::uint64_t b = bytesPerElement(dtype);
    const char *what = "tiled working set";

    // Elements per head: Q tile (B_r, d_k), K tile (B_c, d_k), V tile (B_c, d_v),
    // score tile (B_r, B_c), output accumulator (B_r, d_v).
    std::uint64_t tileElements = mul(br, dk, what);
    tileElements = add(tileElements, mul(bc, dk, what), what);
    tileElements = add(tileElements, mul(bc, dv, what), what);
    tileElements = add(tileElements, mul(br, bc, what), what);
    tileElements = add(tileElements, mul(br, dv, what), what);

    TiledWorkingSet ws;
    ws.tile_buffers = mul(tileElements, b, what);
    ws.row_statistics = mul(mul(2, nq, what), b, what);
    ws.output = mul(mul(nq, dv, what), b, what);
    ws.total = mul(add(add(ws.tile_buffers, ws.row_statistics, what), ws.output, what), heads, what);
    return ws;
}

std::uint64_t kvCacheBytes(const KvCacheSpec &s)
{
    const char *what = "KV-cache bytes";
    std::uint64_t bytes = mul(2, positive(s.layers, "layers"), what);
    bytes = mul(bytes, nonNegative(s.sequence_length, "sequence_length"), what);
    bytes = mul(bytes, positive(s.num_kv_heads, "num_kv_heads"), what);
    bytes = mul(bytes, positive(s.head_dim, "head_dim"), what);
    bytes = mul(bytes, bytesPerElement(s.dtype), what);
    return mul(bytes, positive(s.batch, "batch"), what);
}

} // namespace attn::cost
