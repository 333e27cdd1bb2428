#include "core/train/gru.h"

#include <cmath>

namespace attn::train {

namespace {

template <typename T> using RowMatrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <typename T> using MatrixMap = Eigen::Map<RowMatrix<T>>;
template <typename T> using VectorMap = Eigen::Map<ColVector<T>>;

template <typename T> T sigmoid(T x)
{
    return T(1) / (T(1) + std::exp(-x));
}

} // namespace

template <typename T> void gruForward(const GruWeights<T> &w, GruStep<T> &s)
{
    const Index H = w.hidden, I = w.input;
    const MatrixMap<T> Wih(w.weight_ih, 3 * H, I), Whh(w.weight_hh, 3 * H, H);
    const ColVector<T> gi = Wih * s.x + VectorMap<T>(w.bias_ih, 3 * H);      // (3H)
    const ColVector<T> gh = Whh * s.h_prev + VectorMap<T>(w.bias_hh, 3 * H); // (3H)
    s.r.resize(H);
    s.z.resize(H);
    s.n.resize(H);
    s.hn = gh.segment(2 * H, H); // (H)
    s.h.resize(H);
    for (Index i = 0; i < H; ++i) {
        s.r[i] = sigmoid(gi[i] + gh[i]);
        s.z[i] = sigmoid(gi[H + i] + gh[H + i]);
        s.n[i] = std::tanh(gi[2 * H + i] + s.r[i] * s.hn[i]);
        s.h[i] = (T(1) - s.z[i]) * s.n[i] + s.z[i] * s.h_prev[i];
    }
}

template <typename T>
void gruBackward(const GruWeights<T> &g, const GruWeights<T> &w, const GruStep<T> &s, const ColVector<T> &dh,
                 ColVector<T> *dx, ColVector<T> &dh_prev)
{
    const Index H = w.hidden, I = w.input;
    ColVector<T> dgi(3 * H), dgh(3 * H); // gradients of W_ih x + b_ih and of W_hh h + b_hh
    for (Index i = 0; i < H; ++i) {
        const T dn = dh[i] * (T(1) - s.z[i]);
        const T dz = dh[i] * (s.h_prev[i] - s.n[i]);
        const T dAn = dn * (T(1) - s.n[i] * s.n[i]); // through tanh
        const T dr = dAn * s.hn[i];
        const T dAr = dr * s.r[i] * (T(1) - s.r[i]); // through σ
        const T dAz = dz * s.z[i] * (T(1) - s.z[i]);
        dgi[i] = dAr;
        dgi[H + i] = dAz;
        dgi[2 * H + i] = dAn;
        dgh[i] = dAr;
        dgh[H + i] = dAz;
        dgh[2 * H + i] = dAn * s.r[i]; // r multiplies W_hn h + b_hn
        dh_prev[i] += dh[i] * s.z[i];  // the direct path z ∘ h
    }
    const MatrixMap<T> Wih(w.weight_ih, 3 * H, I), Whh(w.weight_hh, 3 * H, H);
    if (dx) dx->noalias() += Wih.transpose() * dgi; // (I)
    dh_prev.noalias() += Whh.transpose() * dgh;     // (H)
    MatrixMap<T>(g.weight_ih, 3 * H, I).noalias() += dgi * s.x.transpose();
    MatrixMap<T>(g.weight_hh, 3 * H, H).noalias() += dgh * s.h_prev.transpose();
    VectorMap<T>(g.bias_ih, 3 * H) += dgi;
    VectorMap<T>(g.bias_hh, 3 * H) += dgh;
}

template void gruForward<float>(const GruWeights<float> &, GruStep<float> &);
template void gruForward<double>(const GruWeights<double> &, GruStep<double> &);
template void gruBackward<float>(const GruWeights<float> &, const GruWeights<float> &, const GruStep<float> &,
                                 const ColVector<float> &, ColVector<float> *, ColVector<float> &);
template void gruBackward<double>(const GruWeights<double> &, const GruWeights<double> &,
                                  const GruStep<double> &, const ColVector<double> &, ColVector<double> *,
                                  ColVector<double> &);

} // namespace attn::train
