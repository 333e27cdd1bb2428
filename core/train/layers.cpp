#include "core/train/layers.h"

#include <Eigen/Core>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace attn::train {

namespace {

template <typename T> using RowMatrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <typename T> using MatrixMap = Eigen::Map<RowMatrix<T>>;
template <typename T> using ConstMatrixMap = Eigen::Map<const RowMatrix<T>>;
template <typename T> using RowVectorMap = Eigen::Map<Eigen::Matrix<T, 1, Eigen::Dynamic>>;

} // namespace

// ---- token and position embedding ---------------------------------------------------------

template <typename T>
void embeddingForward(T *out, const int *tokens, const T *W_E, const T *W_pos, Index N, Index seqLen, Index d)
{
    for (Index r = 0; r < N; ++r) {
        const T *e = W_E + static_cast<Index>(tokens[r]) * d; // (d)
        T *o = out + r * d;                                   // (d)
        if (W_pos) {
            const T *p = W_pos + (r % seqLen) * d; // (d)
            for (Index i = 0; i < d; ++i) o[i] = e[i] + p[i];
        } else {
            std::copy(e, e + d, o);
        }
    }
}

template <typename T>
void embeddingBackward(T *dW_E, T *dW_pos, const T *dout, const int *tokens, Index N, Index seqLen, Index d)
{
    for (Index r = 0; r < N; ++r) {
        const T *g = dout + r * d; // (d)
        if (dW_E) {
            T *e = dW_E + static_cast<Index>(tokens[r]) * d;
            for (Index i = 0; i < d; ++i) e[i] += g[i];
        }
        if (dW_pos) {
            T *p = dW_pos + (r % seqLen) * d;
            for (Index i = 0; i < d; ++i) p[i] += g[i];
        }
    }
}

// ---- dense projection ------------------------------------------------------------------------

template <typename T>
void matmulForward(T *out, const T *inp, const T *W, const T *bias, Index N, Index k, Index m)
{
    MatrixMap<T> o(out, N, m);                  // (N, m)
    o.noalias() = ConstMatrixMap<T>(inp, N, k)  // (N, k)
                  * ConstMatrixMap<T>(W, k, m); // (k, m)
    if (bias) o.rowwise() += Eigen::Map<const Eigen::Matrix<T, 1, Eigen::Dynamic>>(bias, m);
}

template <typename T>
void matmulBackward(T *dinp, T *dW, T *dbias, const T *dout, const T *inp, const T *W, Index N, Index k,
                    Index m)
{
    const ConstMatrixMap<T> g(dout, N, m);                                                      // (N, m)
    if (dinp) MatrixMap<T>(dinp, N, k).noalias() += g * ConstMatrixMap<T>(W, k, m).transpose(); // (N, k)
    if (dW) MatrixMap<T>(dW, k, m).noalias() += ConstMatrixMap<T>(inp, N, k).transpose() * g;   // (k, m)
    if (dbias) RowVectorMap<T>(dbias, m) += g.colwise().sum();                                  // (m)
}

// ---- LayerNorm -----------------------------------------------------------------------------

template <typename T>
void layerNormForward(T *out, T *mean, T *rstd, const T *inp, const T *weight, const T *bias, Index N,
                      Index d, double eps)
{
    for (Index r = 0; r < N; ++r) {
        const T *x = inp + r * d; // (d)
        T mu = 0;
        for (Index i = 0; i < d; ++i) mu += x[i];
        mu /= static_cast<T>(d);
        T var = 0;
        for (Index i = 0; i < d; ++i) var += (x[i] - mu) * (x[i] - mu);
        var /= static_cast<T>(d);
        const T s = T(1) / std::sqrt(var + static_cast<T>(eps));
        T *o = out + r * d; // (d)
        for (Index i = 0; i < d; ++i) o[i] = (x[i] - mu) * s * weight[i] + bias[i];
        mean[r] = mu;
        rstd[r] = s;
    }
}

template <typename T>
void layerNormBackward(T *dinp, T *dweight, T *dbias, const T *dout, const T *inp, const T *weight,
                       const T *mean, const T *rstd, Index N, Index d)
{
    for (Index r = 0; r < N; ++r) {
        const T *x = inp + r * d;  // (d)
        const T *g = dout + r * d; // (d)
        const T mu = mean[r];
        const T s = rstd[r];
        // Pass 1: the two row means the input gradient needs.
        T meanG = 0, meanGN = 0;
        for (Index i = 0; i < d; ++i) {
            const T n = (x[i] - mu) * s;
            const T gi = g[i] * weight[i];
            meanG += gi;
            meanGN += gi * n;
        }
        meanG /= static_cast<T>(d);
        meanGN /= static_cast<T>(d);
        // Pass 2: accumulate every gradient.
        for (Index i = 0; i < d; ++i) {
            const T n = (x[i] - mu) * s;
            if (dbias) dbias[i] += g[i];
            if (dweight) dweight[i] += g[i] * n;
            if (dinp) dinp[r * d + i] += s * (g[i] * weight[i] - meanG - n * meanGN);
        }
    }
}

// ---- GELU ------------------------------------------------------------------------------------

template <typename T> void geluForward(T *out, const T *inp, Index n)
{
    for (Index i = 0; i < n; ++i) {
        const T x = inp[i];
        out[i] = T(0.5) * x * (T(1) + std::erf(x * static_cast<T>(std::numbers::sqrt2 / 2)));
    }
}

template <typename T> void geluBackward(T *dinp, const T *dout, const T *inp, Index n)
{
    const T invSqrt2Pi = static_cast<T>(0.5 * std::numbers::inv_sqrtpi * std::numbers::sqrt2);
    for (Index i = 0; i < n; ++i) {
        const T x = inp[i];
        const T cdf = T(0.5) * (T(1) + std::erf(x * static_cast<T>(std::numbers::sqrt2 / 2))); // Φ(x)
        const T pdf = invSqrt2Pi * std::exp(T(-0.5) * x * x);                                  // φ(x)
        dinp[i] += dout[i] * (cdf + x * pdf);
    }
}

// ---- residual ----------------------------------------------------------------------------------

template <typename T> void residualForward(T *out, const T *a, const T *b, Index n)
{
    for (Index i = 0; i < n; ++i) out[i] = a[i] + b[i];
}

template <typename T> void residualBackward(T *da, T *db, const T *dout, Index n)
{
    for (Index i = 0; i < n; ++i) {
        da[i] += dout[i];
        db[i] += dout[i];
    }
}

// ---- softmax + cross-entropy -----------------------------------------------------------------

template <typename T>
void crossEntropyForward(T *losses, T *probs, const T *logits, const int *targets, const T *lossWeights,
                         Index N, Index V)
{
    for (Index r = 0; r < N; ++r) {
        const Eigen::Map<const Eigen::Array<T, 1, Eigen::Dynamic>> z(logits + r * V, V); // (V)
        Eigen::Map<Eigen::Array<T, 1, Eigen::Dynamic>> p(probs + r * V, V);              // (V)
        const T zmax = z.maxCoeff();
        p = (z - zmax).exp();
        const T sum = p.sum();
        p *= T(1) / sum;
        // −log p_y = log Σ exp(z − max) − (z_y − max): exact even when p_y underflows to 0.
        losses[r] = lossWeights[r] != T(0) ? std::log(sum) - (z[targets[r]] - zmax) : T(0);
    }
}

template <typename T>
void crossEntropyBackward(T *dlogits, const T *probs, const int *targets, const T *lossWeights, Index N,
                          Index V)
{
    for (Index r = 0; r < N; ++r) {
        const T w = lossWeights[r];
        if (w == T(0)) continue; // an unscored row has no gradient
        const T *p = probs + r * V;
        T *g = dlogits + r * V;
        for (Index v = 0; v < V; ++v) g[v] += w * p[v];
        g[targets[r]] -= w;
    }
}

#define ATTN_TRAIN_INSTANTIATE_LAYERS(T)                                                                     \
    template void embeddingForward<T>(T *, const int *, const T *, const T *, Index, Index, Index);          \
    template void embeddingBackward<T>(T *, T *, const T *, const int *, Index, Index, Index);               \
    template void matmulForward<T>(T *, const T *, const T *, const T *, Index, Index, Index);               \
    template void matmulBackward<T>(T *, T *, T *, const T *, const T *, const T *, Index, Index, Index);    \
    template void layerNormForward<T>(T *, T *, T *, const T *, const T *, const T *, Index, Index, double); \
    template void layerNormBackward<T>(T *, T *, T *, const T *, const T *, const T *, const T *, const T *, \
                                       Index, Index);                                                        \
    template void geluForward<T>(T *, const T *, Index);                                                     \
    template void geluBackward<T>(T *, const T *, const T *, Index);                                         \
    template void residualForward<T>(T *, const T *, const T *, Index);                                      \
    template void residualBackward<T>(T *, T *, const T *, Index);                                           \
    template void crossEntropyForward<T>(T *, T *, const T *, const int *, const T *, Index, Index);         \
    template void crossEntropyBackward<T>(T *, const T *, const int *, const T *, Index, Index);

ATTN_TRAIN_INSTANTIATE_LAYERS(float)
ATTN_TRAIN_INSTANTIATE_LAYERS(double)

} // namespace attn::train
