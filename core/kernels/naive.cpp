#include "core/kernels/naive.h"

#include <cmath>
#include <limits>

namespace attn::kernels {

std::vector<Index> naiveHead(const Matrix &logits, const BoolMatrix &visible,
                             const Eigen::Ref<const Matrix> &value, MaskedRowPolicy policy, Matrix &weights,
                             Matrix &output, std::optional<double> sink, Vector *sinkWeights)
{
    const Index nQ = logits.rows();
    const Index nK = logits.cols();
    const Index dV = value.cols();
    weights = Matrix::Zero(nQ, nK); // (n_q, n_k)
    output = Matrix::Zero(nQ, dV);  // (n_q, d_v)
    std::vector<Index> fullyMasked;
    if (sinkWeights) *sinkWeights = sink ? Vector::Zero(nQ) : Vector(); // (n_q)

    for (Index i = 0; i < nQ; ++i) {
        // Pass 1: the row maximum over visible keys. Subtracting it before exp keeps every
        // exponent ≤ 0, so exp never overflows; the common factor exp(−m) cancels in the ratio.
        double rowMax = -std::numeric_limits<double>::infinity();
        bool any = false;
        for (Index j = 0; j < nK; ++j) {
            if (!visible(i, j)) continue;
            any = true;
            // NaN compares false; it is caught by the sum below and makes the row NaN, honestly.
            if (logits(i, j) > rowMax) rowMax = logits(i, j);
        }
        if (!any) {
            fullyMasked.push_back(i);
            if (sink) { // the sink alone: exp(s) / exp(s)
                if (sinkWeights) (*sinkWeights)(i) = 1.0;
                continue;
            }
            switch (policy) {
            case MaskedRowPolicy::NaN:
                weights.row(i).setConstant(std::numeric_limits<double>::quiet_NaN());
                output.row(i).setConstant(std::numeric_limits<double>::quiet_NaN());
                break;
            case MaskedRowPolicy::Uniform:
                weights.row(i).setConstant(1.0 / static_cast<double>(nK));
                output.row(i) = value.colwise().mean();
                break;
            case MaskedRowPolicy::Zero:
            case MaskedRowPolicy::Error: break;
            }
            continue;
        }
        // The sink is one more logit in the maximum and the sum (its term carries no value).
        if (sink && !(rowMax >= *sink)) rowMax = *sink;
        if (std::isinf(rowMax)) rowMax = 0.0; // every visible logit is −∞ (or +∞): let exp decide

        // Pass 2: unnormalised weights and their sum, over visible keys only.
        const double sinkTerm = sink ? std::exp(*sink - rowMax) : 0.0;
        double sum = sinkTerm;
        for (Index j = 0; j < nK; ++j) {
            if (!visible(i, j)) continue;
            const double e = std::exp(logits(i, j) - rowMax);
            weights(i, j) = e;
            sum += e;
        }
        // Pass 3: normalise and mix the values. A zero weight never multiplies a value, so a
        // NaN or Inf in a masked (or underflowed) value cannot reach the output.
        for (Index j = 0; j < nK; ++j) {
            if (!visible(i, j)) continue;
            const double w = weights(i, j) / sum;
            weights(i, j) = w;
            if (w != 0.0) output.row(i) += w * value.row(j); // (d_v)
        }
        if (sink && sinkWeights) (*sinkWeights)(i) = sinkTerm / sum;
    }
    return fullyMasked;
}

} // namespace attn::kernels
