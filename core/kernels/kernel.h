// The common interface of the attention kernels: one head's problem, its visibility rule and
// the statistics a kernel reports. Templated on the scalar: attend() runs kernels in double
// (the teaching trace), the benchmark in float (speed). Definitions live in the .cpp files with
// explicit instantiations for float and double, so this header stays light.
#pragma once

#include "core/logitscale.h"
#include "core/scenario.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

namespace attn {
struct Positions;
}

namespace attn::kernels {

/// Row-major dense matrix of `Scalar`, shape (rows, cols).
template <typename Scalar>
using MatrixT = Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

/// Dense column vector of `Scalar`.
template <typename Scalar> using VectorT = Eigen::Matrix<Scalar, Eigen::Dynamic, 1>;

/// A writable output of a kernel: a MatrixT or a block of one (e.g. one head's columns of the
/// concatenated output). Never copies. (std::type_identity_t: the kernels deduce Scalar from
/// their problem, not from the output, so a plain MatrixT binds.)
template <typename Scalar> using OutputRef = std::type_identity_t<Eigen::Ref<MatrixT<Scalar>>>;

/// A read-only view of row-major data with contiguous rows (any row stride). A view never
/// copies: it is made by view() from a matrix or a block of one (e.g. the columns of one head).
template <typename Scalar>
using ConstView = Eigen::Map<const MatrixT<Scalar>, Eigen::Unaligned, Eigen::OuterStride<>>;

/// A ConstView of `m`, which must be row-major with contiguous rows (checked at compile time):
/// a MatrixT, or a block of one such as `m.middleCols(h * d, d)`. `m` must outlive the view.
template <typename Derived> ConstView<typename Derived::Scalar> view(const Eigen::MatrixBase<Derived> &m)
{
    static_assert(bool(Derived::Flags & Eigen::DirectAccessBit), "view() needs directly stored data");
    static_assert(bool(Derived::Flags & Eigen::RowMajorBit), "view() needs row-major data");
    static_assert(Derived::InnerStrideAtCompileTime == 1, "view() needs contiguous rows");
    return ConstView<typename Derived::Scalar>(m.derived().data(), m.rows(), m.cols(),
                                               Eigen::OuterStride<>(m.derived().outerStride()));
}

/// How a tile [i0, i1) × [j0, j1) of the (n_q, n_k) visibility looks.
enum class TileClass {
    AllVisible, ///< every pair may attend: no per-element check is needed
    AllMasked,  ///< no pair may attend: the tile is skipped
    Partial,    ///< mixed (or undecidable cheaply): check each pair
};

/// The structural visibility of one head: the AND of causal (pos_k ≤ pos_q; with a prefix
/// length p, pos_k ≤ max(pos_q, p − 1): keys before p are exempt), window
/// (pos_q − left ≤ pos_k ≤ pos_q + right, inclusive, either side unbounded), key padding, an
/// explicit visible matrix and document ids (design map §2, "mask"). Holds views only; the
/// referenced data must outlive it. `visible(i, j)` equals attn::visibility() entry by entry.
struct MaskRule {
    std::span<const std::int64_t> query_positions; ///< (n_q)
    std::span<const std::int64_t> key_positions;   ///< (n_k)
    bool causal = false;
    std::optional<Window> window;                   ///< empty = no window
    const std::vector<bool> *key_padding = nullptr; ///< (n_k) true = real token; null/empty = none
    const BoolMatrix *explicit_visible = nullptr;   ///< (n_q, n_k) true = may attend; null = none
    bool query_sorted = false;                      ///< query positions ascending (set by detectOrder())
    bool key_sorted = false;                        ///< key positions ascending (set by detectOrder())
    std::optional<std::int64_t> prefix_length;      ///< with causal: keys at pos_k < p are exempt
    std::span<const std::int64_t> query_documents;  ///< (n_q) document ids, or empty = no document mask
    std::span<const std::int64_t> key_documents;    ///< (n_k) document ids, with query_documents

    /// Sets query_sorted and key_sorted by one pass over the positions. Sorted positions let
    /// tiles be classified from their end points and bands be found by binary search; unsorted
    /// ones fall back to scans (still exact).
    void detectOrder();

    /// True when the rule depends on positions (causal or a window).
    bool positional() const { return causal || window.has_value(); }

    /// True when key padding, an explicit matrix or document ids mask single entries.
    bool hasElementMasks() const
    {
        return (key_padding != nullptr && !key_padding->empty()) || explicit_visible != nullptr ||
               !query_documents.empty();
    }

    /// The largest key position the causal part lets a query at `pq` see: pq, or p − 1 when
    /// that is larger (the prefix p is visible to every query). Monotone in pq.
    std::int64_t causalLimit(std::int64_t pq) const
    {
        return prefix_length && *prefix_length - 1 > pq ? *prefix_length - 1 : pq;
    }

    /// Causal and window only: may query i attend key j as far as positions go?
    bool structural(Index i, Index j) const
    {
        const std::int64_t pq = query_positions[static_cast<std::size_t>(i)];
        const std::int64_t pk = key_positions[static_cast<std::size_t>(j)];
        if (causal && pk > causalLimit(pq)) return false;
        if (window) {
            if (window->left && pk < pq - *window->left) return false;
            if (window->right && pk > pq + *window->right) return false;
        }
        return true;
    }

    /// May query i attend key j? The AND of every mask part.
    bool visible(Index i, Index j) const
    {
        if (explicit_visible != nullptr && !(*explicit_visible)(i, j)) return false;
        if (key_padding != nullptr && !key_padding->empty() && !(*key_padding)[static_cast<std::size_t>(j)])
            return false;
        if (!query_documents.empty() &&
            query_documents[static_cast<std::size_t>(i)] != key_documents[static_cast<std::size_t>(j)])
            return false;
        return structural(i, j);
    }

    /// Classifies the tile [i0, i1) × [j0, j1) (non-empty). Positions are summarised by their
    /// minimum and maximum over the tile (end points when sorted, a scan otherwise); padding
    /// and the explicit matrix are scanned. Cost O(i1 − i0 + j1 − j0), plus O(tile) with an
    /// explicit matrix. Never says AllVisible or AllMasked wrongly.
    TileClass classify(Index i0, Index i1, Index j0, Index j1) const;

    /// The key range [lo, hi) outside which causal and window mask every key of query i.
    /// Binary search when the keys are sorted (O(log n_k)); otherwise [0, n_k).
    std::pair<Index, Index> keyBand(Index i) const;

    /// keyBand(i0 + r) for r = 0 … rows − 1, into lo[r] and hi[r]. With sorted queries and
    /// keys the bounds only move forward from row to row, so they are found by walking from the
    /// previous row's (O(rows + keys passed) after one binary search) instead of searching anew.
    void keyBands(Index i0, Index rows, Index *lo, Index *hi) const;
};

/// How logits are formed from q·k (or a raw score): logit_ij = scale.apply(s_ij) + bias_ij with
/// bias_ij = −alibi_slope · |pos_q(i) − pos_k(j)| (ALiBi: Press et al. 2022, §3), then capped by
/// softcap, exactly as computeLogits() forms them for the naive reference.
struct LogitSpec {
    LogitScale scale;                  ///< the scenario's scale and temperature (logitscale.h)
    std::optional<double> alibi_slope; ///< empty = no positional bias
    std::optional<double> softcap; ///< c: logit ← c · tanh(logit / c) after the bias (Gemma 2); empty = none
};

/// Per query row of a softmax kernel: the largest visible logit `max` (natural units) and
/// `sum` = Σ_visible exp(logit − ref) with ref = max, or 0 where max is ±∞ (as naiveHead does).
/// With a sink s, max covers s too and sum holds its term exp(s − ref): the sink's weight is
/// weight(i, s).
/// The weights are then exp(logit_ij − ref_i) / sum_i on visible entries: the maximum and the
/// sum are kept apart, since forming log-sum-exp = max + log sum loses the digits of log sum
/// when |max| is large (at 1e17 the spacing of doubles is 16). Rows that see no key: max −∞,
/// sum 0 (with a sink: max s, sum 1).
template <typename Scalar> struct SoftmaxRows {
    VectorT<Scalar> max; ///< (n_q)
    VectorT<Scalar> sum; ///< (n_q)

    /// The exponent's reference point of row i: max_i, or 0 when it is ±∞.
    Scalar reference(Index i) const { return std::isinf(max(i)) ? Scalar(0) : max(i); }

    /// The weight of a visible entry of row i whose logit is `logit`.
    Scalar weight(Index i, Scalar logit) const { return Scalar(std::exp(logit - reference(i))) / sum(i); }
};

/// One head of one attention call. RoPE, when used, has already rotated `query` and `key`
/// (the caller applies it); additive scoring is not a kernel input (naive only).
template <typename Scalar> struct HeadProblem {
    /// Logits from q·k: query (n_q, d_k), key (n_k, d_k), value (n_k, d_v).
    HeadProblem(ConstView<Scalar> q, ConstView<Scalar> k, ConstView<Scalar> v) : query(q), key(k), value(v) {}
    /// Logits from raw scores (n_q, n_k) that replace q·k; query and key are then empty.
    HeadProblem(ConstView<Scalar> rawScores, ConstView<Scalar> v)
        : query(rawScores.data(), rawScores.rows(), 0, Eigen::OuterStride<>(rawScores.outerStride())),
          key(v.data(), v.rows(), 0, Eigen::OuterStride<>(v.outerStride())), value(v), scores(rawScores)
    {
    }

    ConstView<Scalar> query;                 ///< (n_q, d_k); d_k = 0 with raw scores
    ConstView<Scalar> key;                   ///< (n_k, d_k)
    ConstView<Scalar> value;                 ///< (n_k, d_v)
    std::optional<ConstView<Scalar>> scores; ///< (n_q, n_k) raw scores, or empty
    LogitSpec logit;
    MaskRule mask;
    MaskedRowPolicy policy = MaskedRowPolicy::Zero;
    /// An attention sink's logit s (gpt-oss; StreamingLLM): one more term exp(s) in every row's
    /// softmax denominator that carries no value. A row that sees no key then has output 0
    /// whatever `policy` says (its whole weight goes to the sink); it is still reported.
    std::optional<double> sink;

    Index nQ() const { return scores ? scores->rows() : query.rows(); }
    Index nK() const { return value.rows(); }
    Index dK() const { return query.cols(); }
    Index dV() const { return value.cols(); }
};

/// What a kernel reports besides its output.
struct KernelStats {
    std::size_t work_bytes = 0; ///< bytes of the kernel's own buffers beyond Q, K, V, O (all threads)
    std::uint64_t pairs = 0;    ///< (query, key) logits computed, masked ones inside partial tiles included
    std::uint64_t tiles = 0;    ///< tiles (or blocks) of the (n_q, n_k) plane considered
    std::uint64_t tiles_skipped = 0; ///< of them, skipped because fully masked
};

/// The result of one kernel call on one head (the output itself is written in place).
struct KernelRun {
    std::vector<Index> fully_masked_rows; ///< query rows that see no key, ascending; policy applied
    KernelStats stats;
};

/// Writes the output rows `rows` of queries that see no key, under `policy`: zero, NaN, or the
/// mean of every value row (the uniform weights 1/n_k); Error writes zero and is left to the
/// caller, which sees the rows. value (n_k, d_v); output (n_q, d_v).
template <typename Scalar>
void fillMaskedRows(const std::vector<Index> &rows, MaskedRowPolicy policy, const ConstView<Scalar> &value,
                    Eigen::Ref<MatrixT<Scalar>> output);

/// Adds the ALiBi bias −slope · |pos_q(i0 + r) − pos_k(j0 + c)| to every entry (r, c) of
/// `logits` (a tile whose first entry is query i0, key j0), using `mask`'s positions
/// (Press et al. 2022, §3).
template <typename Scalar>
void addAlibiBias(Eigen::Ref<MatrixT<Scalar>> logits, const MaskRule &mask, double slope, Index i0, Index j0);

/// x_c ← exp(x_c − ref) for the n contiguous entries at `x`, with Eigen's vectorised exp.
/// That exp clamps its argument (about −709.8 in double, −88.7 in float), so exp(−∞) would be
/// a tiny non-zero; here every exponent below log(smallest normal number), −∞ included, gives
/// exactly 0, as std::exp underflows (weights below ~1e-308 / ~1e-38 are flushed to 0).
template <typename Scalar> void expShiftedInPlace(Scalar *x, Index n, Scalar ref);

/// acc += weights · value: one GEMM when `valueFinite`, else row by row over non-zero weights
/// only, so that a zero weight never multiplies a NaN or Inf value.
/// acc (r, d_v), weights (r, c), value (c, d_v).
template <typename Scalar>
void accumulateWeighted(Eigen::Ref<MatrixT<Scalar>> acc, const Eigen::Ref<const MatrixT<Scalar>> &weights,
                        const Eigen::Ref<const MatrixT<Scalar>> &value, bool valueFinite);

/// Checks that the shapes of `problem` agree with each other, with its mask rule and with an
/// output of (outRows, outCols) = (n_q, d_v). Throws std::invalid_argument naming the sizes.
template <typename Scalar>
void checkProblem(const HeadProblem<Scalar> &problem, Index outRows, Index outCols);

/// Runs `body(task)` for task = 0 … count − 1 on min(threads, count) threads: the caller and
/// the shared ThreadPool's threads (1 = inline, no other thread involved); tasks are handed out
/// one at a time from a shared counter, so uneven tasks (causal tiles) balance. `body` gets
/// (task, worker) with worker in [0, threads). The first exception of a task is rethrown.
void parallelFor(Index count, int threads, const std::function<void(Index, int)> &body);

/// The MaskRule of query head `head` of a validated scenario, viewing `positions` and the
/// scenario's mask parts (prefix length and document ids included; both must outlive it);
/// order detected.
MaskRule maskRuleFor(const Scenario &scenario, const Positions &positions, int head);

/// The LogitSpec of query head `head`: the effective scale with the temperature, the head's
/// ALiBi slope (the explicit one, or alibiSlopes(H_q)[head]) and the softcap.
LogitSpec logitSpecFor(const Scenario &scenario, double scale, int head);

} // namespace attn::kernels
