#include "core/train/causalattention.h"

#include <Eigen/Core>

#include <algorithm>
#include <cmath>

namespace attn::train {

namespace {

template <typename T> using RowMatrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
/// One head's (T, head_dim) block inside a (T, C) buffer: rows C apart.
template <typename T> using HeadMap = Eigen::Map<RowMatrix<T>, 0, Eigen::OuterStride<>>;
template <typename T> using ConstHeadMap = Eigen::Map<const RowMatrix<T>, 0, Eigen::OuterStride<>>;
template <typename T> using SquareMap = Eigen::Map<RowMatrix<T>>;
template <typename T> using ConstSquareMap = Eigen::Map<const RowMatrix<T>>;

} // namespace

namespace {

/// (T, T) with 1 where key j is visible to query i (j ≤ i) and 0 above the diagonal.
template <typename T> RowMatrix<T> causalOnes(Index seqLen)
{
    RowMatrix<T> m = RowMatrix<T>::Zero(seqLen, seqLen);
    m.template triangularView<Eigen::Lower>().setOnes();
    return m;
}

} // namespace

template <typename T>
void attentionForward(T *z, T *weights, const T *q, const T *k, const T *v, Index B, Index seqLen, int H,
                      Index headDim)
{
    const Index C = H * headDim;
    const T scale = static_cast<T>(1.0 / std::sqrt(static_cast<double>(headDim)));
    const Eigen::OuterStride<> stride(C);
    const RowMatrix<T> visible = causalOnes<T>(seqLen); // (T, T) 1 = visible, 0 = masked
    for (Index b = 0; b < B; ++b) {
        for (int h = 0; h < H; ++h) {
            const Index offset = b * seqLen * C + h * headDim;
            const ConstHeadMap<T> Q(q + offset, seqLen, headDim, stride);            // (T, head_dim)
            const ConstHeadMap<T> K(k + offset, seqLen, headDim, stride);            // (T, head_dim)
            const ConstHeadMap<T> V(v + offset, seqLen, headDim, stride);            // (T, head_dim)
            HeadMap<T> Z(z + offset, seqLen, headDim, stride);                       // (T, head_dim)
            SquareMap<T> P(weights + (b * H + h) * seqLen * seqLen, seqLen, seqLen); // (T, T)
            // Pass 1: scores S = Q Kᵀ · scale (the entries above the diagonal are computed but
            // never used: they are multiplied by 0 in pass 2).
            P.noalias() = (scale * Q) * K.transpose();
            // Pass 2: causal softmax of each row over keys 0 … i. Subtracting the row maximum
            // over the visible keys leaves the weights unchanged (it cancels between numerator
            // and denominator) and keeps every visible exp ≤ 1, so large scores cannot overflow.
            // Masked entries are clamped to exp(0) and then multiplied by 0: exactly 0, never
            // part of a sum, whatever their score.
            for (Index i = 0; i < seqLen; ++i) {
                auto row = P.row(i).array(); // (T) contiguous, whole rows vectorise without tails
                const T rowMax = P.row(i).head(i + 1).maxCoeff();
                row = (row - rowMax).cwiseMin(T(0)).exp() * visible.row(i).array();
                row *= T(1) / row.sum();
            }
            // Pass 3: Z = P V.
            Z.noalias() = P * V;
        }
    }
}

template <typename T>
void attentionBackward(T *dq, T *dk, T *dv, const T *dz, const T *q, const T *k, const T *v, const T *weights,
                       Index B, Index seqLen, int H, Index headDim)
{
    const Index C = H * headDim;
    const T scale = static_cast<T>(1.0 / std::sqrt(static_cast<double>(headDim)));
    const Eigen::OuterStride<> stride(C);
    RowMatrix<T> dP(seqLen, seqLen);                    // (T, T) scratch: dL/dP, then dL/dS in place
    Eigen::Matrix<T, Eigen::Dynamic, 1> rowDot(seqLen); // (T) Σ_j dP_ij P_ij
    for (Index b = 0; b < B; ++b) {
        for (int h = 0; h < H; ++h) {
            const Index offset = b * seqLen * C + h * headDim;
            const ConstHeadMap<T> Q(q + offset, seqLen, headDim, stride);   // (T, head_dim)
            const ConstHeadMap<T> K(k + offset, seqLen, headDim, stride);   // (T, head_dim)
            const ConstHeadMap<T> V(v + offset, seqLen, headDim, stride);   // (T, head_dim)
            const ConstHeadMap<T> dZ(dz + offset, seqLen, headDim, stride); // (T, head_dim)
            HeadMap<T> dQ(dq + offset, seqLen, headDim, stride);            // (T, head_dim)
            HeadMap<T> dK(dk + offset, seqLen, headDim, stride);            // (T, head_dim)
            HeadMap<T> dV(dv + offset, seqLen, headDim, stride);            // (T, head_dim)
            const ConstSquareMap<T> P(weights + (b * H + h) * seqLen * seqLen, seqLen, seqLen); // (T, T)
            // Z = P V  ⇒  dP = dZ Vᵀ and dV += Pᵀ dZ.
            dP.noalias() = dZ * V.transpose();  // (T, T)
            dV.noalias() += P.transpose() * dZ; // (T, head_dim)
            // Softmax Jacobian, row by row: dS_ij = P_ij (dP_ij − Σ_j' dP_ij' P_ij'). Masked
            // keys (j > i) have P_ij = 0, so their dS is exactly 0 and no gradient reaches them.
            rowDot = (dP.array() * P.array()).rowwise().sum();
            dP.array() = P.array() * (dP.array().colwise() - rowDot.array());
            // S = Q Kᵀ · scale  ⇒  dQ += dS K · scale and dK += dSᵀ Q · scale.
            dQ.noalias() += (scale * dP) * K;             // (T, head_dim)
            dK.noalias() += (scale * dP).transpose() * Q; // (T, head_dim)
        }
    }
}

RopeTables ropeTables(Index nCtx, Index headDim, double base)
{
    const Index half = headDim / 2;
    RopeTables t;
    t.cos.resize(static_cast<std::size_t>(nCtx * half));
    t.sin.resize(static_cast<std::size_t>(nCtx * half));
    for (Index pos = 0; pos < nCtx; ++pos) {
        for (Index p = 0; p < half; ++p) {
            const double theta = static_cast<double>(pos) *
                                 std::pow(base, -2.0 * static_cast<double>(p) / static_cast<double>(headDim));
            t.cos[static_cast<std::size_t>(pos * half + p)] = std::cos(theta);
            t.sin[static_cast<std::size_t>(pos * half + p)] = std::sin(theta);
        }
    }
    return t;
}

template <typename T>
void ropeForward(T *out, const T *inp, const T *cos, const T *sin, Index N, Index seqLen, int H,
                 Index headDim)
{
    const Index C = H * headDim;
    const Index half = headDim / 2;
    for (Index r = 0; r < N; ++r) {
        const T *c = cos + (r % seqLen) * half; // (head_dim/2)
        const T *s = sin + (r % seqLen) * half; // (head_dim/2)
        for (int h = 0; h < H; ++h) {
            const T *x = inp + r * C + h * headDim; // (head_dim)
            T *o = out + r * C + h * headDim;       // (head_dim)
            for (Index p = 0; p < half; ++p) {
                o[p] = x[p] * c[p] - x[p + half] * s[p];
                o[p + half] = x[p] * s[p] + x[p + half] * c[p];
            }
        }
    }
}

template <typename T>
void ropeBackward(T *dinp, const T *dout, const T *cos, const T *sin, Index N, Index seqLen, int H,
                  Index headDim)
{
    const Index C = H * headDim;
    const Index half = headDim / 2;
    for (Index r = 0; r < N; ++r) {
        const T *c = cos + (r % seqLen) * half;
        const T *s = sin + (r % seqLen) * half;
        for (int h = 0; h < H; ++h) {
            const T *g = dout + r * C + h * headDim;
            T *d = dinp + r * C + h * headDim;
            for (Index p = 0; p < half; ++p) {
                d[p] += g[p] * c[p] + g[p + half] * s[p];
                d[p + half] += -g[p] * s[p] + g[p + half] * c[p];
            }
        }
    }
}

#define ATTN_TRAIN_INSTANTIATE_ATTENTION(T)                                                                  \
    template void attentionForward<T>(T *, T *, const T *, const T *, const T *, Index, Index, int, Index);  \
    template void attentionBackward<T>(T *, T *, T *, const T *, const T *, const T *, const T *, const T *, \
                                       Index, Index, int, Index);                                            \
    template void ropeForward<T>(T *, const T *, const T *, const T *, Index, Index, int, Index);            \
    template void ropeBackward<T>(T *, const T *, const T *, const T *, Index, Index, int, Index);

ATTN_TRAIN_INSTANTIATE_ATTENTION(float)
ATTN_TRAIN_INSTANTIATE_ATTENTION(double)

} // namespace attn::train
