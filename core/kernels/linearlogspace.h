// Linear attention at the extremes: the plain-range check and the log-space forms the linear
// kernel (linear.cpp) and its reference fall back on when φ = elu + 1 would over- or underflow.
// Internal to core/kernels.
#pragma once

#include "core/kernels/kernel.h"

#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

namespace attn::kernels::linearlog {

// The weights φ(q_i)·φ(k_j) / Σ_j' φ(q_i)·φ(k_j') do not change when φ(q_i) is multiplied by a
// factor of its own, or every φ(k_j) by a common one. The plain formula works with φ itself,
// which over- and underflows: φ(1e200)·φ(1e200) = ∞, φ(−1000) = e^-1000 = 0 in double, and the
// normaliser becomes ∞ or 0 (weights NaN or 0). So each path checks that every feature it sums
// is in the plain range below; if one is not, it works in log space instead:
//   log φ(x) = log1p(x) for x > 0, x otherwise,
// keys scaled per feature t by their largest log φ (so each feature's largest scaled value is
// 1) and each query by its own largest log φ after that shift (so its largest scaled feature
// is 1): every normaliser Σ_t ψ_t z̃_t is then at least 1 and at most d_k · n_k, whatever the
// inputs. Where masks make each query's keys its own (window, explicit matrix), each weight is
// computed in log space:
//   log(φ(q)·φ(k)) = log Σ_t exp(log φ(q_t) + log φ(k_t)),
// normalised like a softmax over the query's visible keys.

/// log2 of the largest φ (and of 1 / the smallest) the plain formula is used for: products of
/// two such features and sums of n·d of them stay far inside the range of Scalar (2^±120 in
/// double, 2^±40 in float, whose range is 2^±126).
template <typename Scalar> constexpr int kPlainLog2 = std::is_same_v<Scalar, float> ? 20 : 60;

/// True when φ(x) of every entry lies in [2^-p, 2^p], p = kPlainLog2 (NaN and ±∞ fail).
template <typename Scalar> bool plainRange(const Eigen::Ref<const MatrixT<Scalar>> &x)
{
    if (x.size() == 0) return true;
    const Scalar lowest = -Scalar(kPlainLog2<Scalar>) * Scalar(0.6931471805599453); // log 2^-p
    const Scalar highest = std::ldexp(Scalar(1), kPlainLog2<Scalar>) - Scalar(1);
    // Two vectorised reductions; a NaN propagates into them and fails both comparisons.
    return x.template minCoeff<Eigen::PropagateNaN>() >= lowest &&
           x.template maxCoeff<Eigen::PropagateNaN>() <= highest;
}

/// log φ(x) entry by entry, (n, d) → (n, d): log1p(x) for x > 0, x otherwise.
template <typename Scalar> MatrixT<Scalar> logFeatures(const Eigen::Ref<const MatrixT<Scalar>> &x)
{
    MatrixT<Scalar> out(x.rows(), x.cols());
    for (Index i = 0; i < x.rows(); ++i)
        for (Index t = 0; t < x.cols(); ++t) out(i, t) = x(i, t) > Scalar(0) ? std::log1p(x(i, t)) : x(i, t);
    return out;
}

/// exp(a − ref), and 0 for a = −∞ (a feature φ = 0), also when ref is −∞.
template <typename Scalar> Scalar expShift(Scalar a, Scalar ref)
{
    return a == -std::numeric_limits<Scalar>::infinity() ? Scalar(0) : Scalar(std::exp(a - ref));
}

/// A query's features scaled in log space against per-feature key shifts: with
/// w_t = log φ(q_t) + shift_t and c = max_t w_t, ψ_t = exp(w_t − c), the largest ψ_t being 1.
/// φ(q)·φ(k) ∝ ψ · φ̃(k) with φ̃(k)_t = exp(log φ(k_t) − shift_t). lq, shift (d_k) → (d_k).
template <typename Scalar>
VectorT<Scalar> scaledQuery(const Eigen::Ref<const VectorT<Scalar>> &lq, const VectorT<Scalar> &shift)
{
    const VectorT<Scalar> w = lq + shift; // (d_k)
    Scalar c = -std::numeric_limits<Scalar>::infinity();
    for (Index t = 0; t < w.size(); ++t)
        if (w(t) > c) c = w(t);
    VectorT<Scalar> psi(w.size());
    for (Index t = 0; t < w.size(); ++t) psi(t) = expShift(w(t), c);
    return psi;
}

/// log(φ(q)·φ(k)) from the log features of one query and one key (d entries each):
/// log Σ_t exp(lq_t + lk_t), by the largest term: exact where the product would over- or
/// underflow. NaN stays NaN; all features 0 give −∞.
template <typename Scalar> Scalar logFeatureProduct(const Scalar *lq, const Scalar *lk, Index d)
{
    Scalar m = -std::numeric_limits<Scalar>::infinity();
    for (Index t = 0; t < d; ++t) {
        const Scalar a = lq[t] + lk[t];
        if (std::isnan(a)) return a;
        if (a > m) m = a;
    }
    if (std::isinf(m)) return m;
    Scalar sum = 0;
    for (Index t = 0; t < d; ++t) sum += expShift(lq[t] + lk[t], m);
    return m + std::log(sum);
}

/// Query row i in log space over the keys `visible(j)` says it sees: L_j = log(φ(q_i)·φ(k_j)),
/// weights exp(L_j − max L) / Σ (a softmax of L, which is what linear attention's normalisation
/// is), output Σ weight_j v_j (zero weights skipped). lq (d_k) log φ(q_i), lk (n_k, d_k) log φ(K),
/// value (n_k, d_v); output (1, d_v) is written, weights (n_k) too when not null (visible entries
/// only). False when the row sees no key (nothing written).
template <typename Scalar, typename Visible>
bool logRow(const Scalar *lq, const MatrixT<Scalar> &lk, const ConstView<Scalar> &value, Visible visible,
            Scalar *weights, Eigen::Ref<MatrixT<Scalar>> output)
{
    const Index nK = lk.rows();
    std::vector<Scalar> logit(static_cast<std::size_t>(nK), -std::numeric_limits<Scalar>::infinity());
    Scalar m = -std::numeric_limits<Scalar>::infinity();
    bool any = false;
    for (Index j = 0; j < nK; ++j) {
        if (!visible(j)) continue;
        any = true;
        const Scalar l = logFeatureProduct(lq, lk.row(j).data(), lk.cols());
        logit[static_cast<std::size_t>(j)] = l;
        if (l > m) m = l; // NaN compares false; the sum below turns the row NaN
    }
    if (!any) return false;
    const Scalar ref = std::isinf(m) ? Scalar(0) : m;
    Scalar sum = 0;
    for (Index j = 0; j < nK; ++j)
        if (visible(j)) sum += Scalar(std::exp(logit[static_cast<std::size_t>(j)] - ref));
    output.setZero();
    for (Index j = 0; j < nK; ++j) {
        if (!visible(j)) continue;
        const Scalar w = Scalar(std::exp(logit[static_cast<std::size_t>(j)] - ref)) / sum;
        if (weights) weights[j] = w;
        if (w != Scalar(0)) output += w * value.row(j); // (1, d_v)
    }
    return true;
}

} // namespace attn::kernels::linearlog
