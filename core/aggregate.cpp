#include "core/aggregate.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace attn {

namespace {

void checkHeads(const std::vector<Matrix> &heads)
{
    if (heads.empty()) throw std::invalid_argument("no heads to aggregate");
    for (const Matrix &h : heads)
        if (h.rows() != heads.front().rows() || h.cols() != heads.front().cols())
            throw std::invalid_argument("heads of different shapes: " + std::to_string(h.rows()) + " × " +
                                        std::to_string(h.cols()) + " and " +
                                        std::to_string(heads.front().rows()) + " × " +
                                        std::to_string(heads.front().cols()));
}

} // namespace

Matrix meanOverHeads(const std::vector<Matrix> &heads)
{
    checkHeads(heads);
    Matrix sum = Matrix::Zero(heads.front().rows(), heads.front().cols()); // (n_q, n_k)
    for (const Matrix &h : heads) sum += h;
    return sum / static_cast<double>(heads.size());
}

Matrix maxOverHeads(const std::vector<Matrix> &heads)
{
    checkHeads(heads);
    Matrix best = heads.front(); // (n_q, n_k)
    for (std::size_t k = 1; k < heads.size(); ++k)
        for (Index i = 0; i < best.size(); ++i) {
            const double x = heads[k].data()[i];
            double &b = best.data()[i];
            if (std::isnan(b) || x > b) b = std::isnan(x) ? b : x;
        }
    return best;
}

Matrix attentionRollout(const std::vector<Matrix> &layerMeans)
{
    if (layerMeans.empty()) throw std::invalid_argument("rollout needs at least one layer");
    const Index n = layerMeans.front().rows();
    Matrix rollout = Matrix::Identity(n, n); // (n, n)
    for (std::size_t l = 0; l < layerMeans.size(); ++l) {
        const Matrix &a = layerMeans[l];
        if (a.rows() != a.cols() || a.rows() != n)
            throw std::invalid_argument("rollout needs self-attention: layer " + std::to_string(l) + " is " +
                                        std::to_string(a.rows()) + " × " + std::to_string(a.cols()) +
                                        ", expected " + std::to_string(n) + " × " + std::to_string(n));
        Matrix mixed = 0.5 * a + 0.5 * Matrix::Identity(n, n); // Ã_l = ½A_l + ½I, (n, n)
        for (Index i = 0; i < n; ++i) {
            const double sum = mixed.row(i).sum();
            if (sum > 0 && std::isfinite(sum))
                mixed.row(i) /= sum; // rows renormalised
            else
                mixed.row(i) = Matrix::Identity(n, n).row(i);
        }
        rollout = mixed * rollout; // (n, n): this layer on top of the ones below
    }
    return rollout;
}

} // namespace attn
