#include "core/kernels/kernel.h"

#include "core/kernels/threadpool.h"

#include "core/mask.h"
#include "core/score.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <tuple>

namespace attn::kernels {

namespace {

/// Minimum and maximum of positions[b, e) (non-empty); end points when sorted.
std::pair<std::int64_t, std::int64_t> range(std::span<const std::int64_t> positions, Index b, Index e,
                                            bool sorted)
{
    const auto first = positions.begin() + b;
    const auto last = positions.begin() + e;
    if (sorted) return {*first, *(last - 1)};
    const auto [lo, hi] = std::minmax_element(first, last);
    return {*lo, *hi};
}

} // namespace

void MaskRule::detectOrder()
{
    query_sorted = std::is_sorted(query_positions.begin(), query_positions.end());
    key_sorted = std::is_sorted(key_positions.begin(), key_positions.end());
}

TileClass MaskRule::classify(Index i0, Index i1, Index j0, Index j1) const
{
    bool allVisible = true;
    if (positional()) {
        // Every pair of the tile has pq in [qMin, qMax] and pk in [kMin, kMax]; a bound that
        // holds at the worst corner holds for all pairs, one that fails at the best corner
        // fails for all.
        const auto [qMin, qMax] = range(query_positions, i0, i1, query_sorted);
        const auto [kMin, kMax] = range(key_positions, j0, j1, key_sorted);
        bool none = false;
        if (causal) {
            allVisible = allVisible && kMax <= causalLimit(qMin);
            none = none || kMin > causalLimit(qMax);
        }
        if (window && window->left) {
            allVisible = allVisible && kMin >= qMax - *window->left;
            none = none || kMax < qMin - *window->left;
        }
        if (window && window->right) {
            allVisible = allVisible && kMax <= qMin + *window->right;
            none = none || kMin > qMax + *window->right;
        }
        if (none) return TileClass::AllMasked;
    }
    if (key_padding != nullptr && !key_padding->empty()) {
        Index real = 0;
        for (Index j = j0; j < j1; ++j) real += (*key_padding)[static_cast<std::size_t>(j)] ? 1 : 0;
        if (real == 0) return TileClass::AllMasked;
        allVisible = allVisible && real == j1 - j0;
    }
    if (explicit_visible != nullptr) {
        const Index seen = explicit_visible->block(i0, j0, i1 - i0, j1 - j0).count();
        if (seen == 0) return TileClass::AllMasked;
        allVisible = allVisible && seen == (i1 - i0) * (j1 - j0);
    }
    if (!query_documents.empty()) {
        // One document for every query and key of the tile: no pair is masked by documents;
        // the queries' and the keys' id ranges apart: every pair is. Otherwise mixed.
        const auto [qLo, qHi] =
            std::minmax_element(query_documents.begin() + i0, query_documents.begin() + i1);
        const auto [kLo, kHi] = std::minmax_element(key_documents.begin() + j0, key_documents.begin() + j1);
        if (*qHi < *kLo || *kHi < *qLo) return TileClass::AllMasked;
        allVisible = allVisible && *qLo == *qHi && *kLo == *kHi && *qLo == *kLo;
    }
    return allVisible ? TileClass::AllVisible : TileClass::Partial;
}

std::pair<Index, Index> MaskRule::keyBand(Index i) const
{
    const Index nK = static_cast<Index>(key_positions.size());
    if (!key_sorted || !positional()) return {0, nK};
    const std::int64_t pq = query_positions[static_cast<std::size_t>(i)];
    Index lo = 0;
    Index hi = nK;
    if (window && window->left) {
        // First key with pk ≥ pq − left.
        lo = std::lower_bound(key_positions.begin(), key_positions.end(), pq - *window->left) -
             key_positions.begin();
    }
    std::optional<std::int64_t> upper; // largest visible key position
    if (causal) upper = causalLimit(pq);
    if (window && window->right) upper = upper ? std::min(*upper, pq + *window->right) : pq + *window->right;
    if (upper) {
        // One past the last key with pk ≤ upper.
        hi = std::upper_bound(key_positions.begin(), key_positions.end(), *upper) - key_positions.begin();
    }
    return {lo, std::max(lo, hi)};
}

void MaskRule::keyBands(Index i0, Index rows, Index *lo, Index *hi) const
{
    if (rows <= 0) return;
    const Index nK = static_cast<Index>(key_positions.size());
    if (!query_sorted || !key_sorted || !positional()) {
        for (Index r = 0; r < rows; ++r) std::tie(lo[r], hi[r]) = keyBand(i0 + r);
        return;
    }
    // Sorted: the first visible key (pk ≥ pq − left) and one past the last (pk ≤ upper) only
    // move forward as pq grows. Raw bounds are walked; the reported hi is max(lo, hi), as in keyBand.
    Index l = 0;
    Index h = nK;
    for (Index r = 0; r < rows; ++r) {
        const std::int64_t pq = query_positions[static_cast<std::size_t>(i0 + r)];
        if (r == 0) {
            std::tie(l, h) = keyBand(i0);
            if (causal || (window && window->right)) {
                // keyBand clamps hi to ≥ lo; recompute the raw upper bound to walk from it.
                std::optional<std::int64_t> upper;
                if (causal) upper = causalLimit(pq);
                if (window && window->right)
                    upper = upper ? std::min(*upper, pq + *window->right) : pq + *window->right;
                h = std::upper_bound(key_positions.begin(), key_positions.end(), *upper) -
                    key_positions.begin();
            }
        } else {
            if (window && window->left)
                while (l < nK && key_positions[static_cast<std::size_t>(l)] < pq - *window->left) ++l;
            if (causal || (window && window->right)) {
                std::int64_t upper = causal ? causalLimit(pq) : pq + *window->right;
                if (causal && window && window->right) upper = std::min(upper, pq + *window->right);
                while (h < nK && key_positions[static_cast<std::size_t>(h)] <= upper) ++h;
            }
        }
        lo[r] = l;
        hi[r] = std::max(l, h);
    }
}

template <typename Scalar>
void fillMaskedRows(const std::vector<Index> &rows, MaskedRowPolicy policy, const ConstView<Scalar> &value,
                    Eigen::Ref<MatrixT<Scalar>> output)
{
    if (rows.empty()) return;
    VectorT<Scalar> fill = VectorT<Scalar>::Zero(value.cols()); // (d_v)
    if (policy == MaskedRowPolicy::NaN) fill.setConstant(std::numeric_limits<Scalar>::quiet_NaN());
    if (policy == MaskedRowPolicy::Uniform) fill = value.colwise().mean().transpose();
    for (Index row : rows) output.row(row) = fill.transpose();
}

template <typename Scalar> void checkProblem(const HeadProblem<Scalar> &p, Index outRows, Index outCols)
{
    auto fail = [](const std::string &what) { throw std::invalid_argument("kernel problem: " + what); };
    auto num = [](Index v) { return std::to_string(v); };
    const Index nQ = p.nQ();
    const Index nK = p.nK();
    if (p.scores) {
        if (p.scores->cols() != nK)
            fail("scores have " + num(p.scores->cols()) + " columns, n_k = " + num(nK));
    } else if (p.key.rows() != nK || p.key.cols() != p.query.cols()) {
        fail("key is " + num(p.key.rows()) + "x" + num(p.key.cols()) + ", expected " + num(nK) + "x" +
             num(p.query.cols()));
    }
    if (outRows != nQ || outCols != p.dV()) {
        fail("output is " + num(outRows) + "x" + num(outCols) + ", expected " + num(nQ) + "x" + num(p.dV()));
    }
    const MaskRule &m = p.mask;
    if ((m.positional() || p.logit.alibi_slope) && (static_cast<Index>(m.query_positions.size()) != nQ ||
                                                    static_cast<Index>(m.key_positions.size()) != nK)) {
        fail("positions have " + num(static_cast<Index>(m.query_positions.size())) + " queries and " +
             num(static_cast<Index>(m.key_positions.size())) + " keys, expected " + num(nQ) + " and " +
             num(nK));
    }
    if (m.key_padding != nullptr && !m.key_padding->empty() &&
        static_cast<Index>(m.key_padding->size()) != nK) {
        fail("key_padding has " + num(static_cast<Index>(m.key_padding->size())) +
             " entries, n_k = " + num(nK));
    }
    if (!m.query_documents.empty() && (static_cast<Index>(m.query_documents.size()) != nQ ||
                                       static_cast<Index>(m.key_documents.size()) != nK)) {
        fail("document ids have " + num(static_cast<Index>(m.query_documents.size())) + " queries and " +
             num(static_cast<Index>(m.key_documents.size())) + " keys, expected " + num(nQ) + " and " +
             num(nK));
    }
    if (m.explicit_visible != nullptr &&
        (m.explicit_visible->rows() != nQ || m.explicit_visible->cols() != nK)) {
        fail("visible is " + num(m.explicit_visible->rows()) + "x" + num(m.explicit_visible->cols()) +
             ", expected " + num(nQ) + "x" + num(nK));
    }
}

template <typename Scalar>
void addAlibiBias(Eigen::Ref<MatrixT<Scalar>> logits, const MaskRule &mask, double slope, Index i0, Index j0)
{
    const auto s = static_cast<Scalar>(slope);
    for (Index r = 0; r < logits.rows(); ++r) {
        const std::int64_t pq = mask.query_positions[static_cast<std::size_t>(i0 + r)];
        for (Index c = 0; c < logits.cols(); ++c) {
            const std::int64_t pk = mask.key_positions[static_cast<std::size_t>(j0 + c)];
            logits(r, c) -= s * static_cast<Scalar>(pq > pk ? pq - pk : pk - pq);
        }
    }
}

template <typename Scalar>
void accumulateWeighted(Eigen::Ref<MatrixT<Scalar>> acc, const Eigen::Ref<const MatrixT<Scalar>> &weights,
                        const Eigen::Ref<const MatrixT<Scalar>> &value, bool valueFinite)
{
    if (valueFinite) {
        acc.noalias() += weights * value; // (r, d_v)
        return;
    }
    for (Index r = 0; r < weights.rows(); ++r)
        for (Index c = 0; c < weights.cols(); ++c)
            if (weights(r, c) != Scalar(0)) acc.row(r) += weights(r, c) * value.row(c);
}

template <typename Scalar> void expShiftedInPlace(Scalar *x, Index n, Scalar ref)
{
    Eigen::Map<Eigen::Array<Scalar, Eigen::Dynamic, 1>> a(x, n);
    const Scalar lowest = std::log(std::numeric_limits<Scalar>::min());
    // Common case in one vectorised pass; the scalar pass only when some exponent underflows.
    // (A NaN makes minCoeff's answer arbitrary; either pass then yields NaN for that entry.)
    if (n == 0) return;
    if (a.minCoeff() - ref >= lowest) {
        a = (a - ref).exp();
        return;
    }
    for (Index c = 0; c < n; ++c) {
        const Scalar e = x[c] - ref;
        x[c] = e < lowest ? Scalar(0) : Scalar(std::exp(e));
    }
}

void parallelFor(Index count, int threads, const std::function<void(Index, int)> &body)
{
    ThreadPool::shared().run(count, threads, body);
}

MaskRule maskRuleFor(const Scenario &s, const Positions &positions, int head)
{
    MaskRule rule;
    rule.query_positions = positions.query;
    rule.key_positions = positions.key;
    rule.causal = s.mask.causal;
    rule.window = s.mask.window;
    if (s.mask.causal) rule.prefix_length = s.mask.prefix_length;
    const DocumentIds documents = documentIds(s);
    rule.query_documents = documents.query;
    rule.key_documents = documents.key;
    if (!s.mask.key_padding.empty()) rule.key_padding = &s.mask.key_padding;
    if (!s.mask.visible.empty()) {
        rule.explicit_visible = s.mask.visible.size() == 1 ? &s.mask.visible.front()
                                                           : &s.mask.visible[static_cast<std::size_t>(head)];
    }
    rule.detectOrder();
    return rule;
}

LogitSpec logitSpecFor(const Scenario &s, double scale, int head)
{
    LogitSpec spec;
    spec.scale = LogitScale(scale, s.temperature);
    if (s.positional.kind == PositionalKind::Alibi) spec.alibi_slope = alibiSlopeFor(s, head);
    spec.softcap = s.softcap;
    return spec;
}

template void checkProblem<float>(const HeadProblem<float> &, Index, Index);
template void checkProblem<double>(const HeadProblem<double> &, Index, Index);
template void addAlibiBias<float>(Eigen::Ref<MatrixT<float>>, const MaskRule &, double, Index, Index);
template void addAlibiBias<double>(Eigen::Ref<MatrixT<double>>, const MaskRule &, double, Index, Index);
template void accumulateWeighted<float>(Eigen::Ref<MatrixT<float>>, const Eigen::Ref<const MatrixT<float>> &,
                                        const Eigen::Ref<const MatrixT<float>> &, bool);
template void accumulateWeighted<double>(Eigen::Ref<MatrixT<double>>,
                                         const Eigen::Ref<const MatrixT<double>> &,
                                         const Eigen::Ref<const MatrixT<double>> &, bool);
template void expShiftedInPlace<float>(float *, Index, float);
template void expShiftedInPlace<double>(double *, Index, double);
template void fillMaskedRows<float>(const std::vector<Index> &, MaskedRowPolicy, const ConstView<float> &,
                                    Eigen::Ref<MatrixT<float>>);
template void fillMaskedRows<double>(const std::vector<Index> &, MaskedRowPolicy, const ConstView<double> &,
                                     Eigen::Ref<MatrixT<double>>);

} // namespace attn::kernels
