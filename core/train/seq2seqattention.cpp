#include "core/train/seq2seqattention.h"

#include <algorithm>
#include <cmath>

namespace attn::train {

namespace {

template <typename T> using MatrixMap = Eigen::Map<RowMatrixT<T>>;
template <typename T> using VectorMap = Eigen::Map<ColVector<T>>;

/// exp(−(j − p)² / (2σ²)), σ = D/2: Luong's Gaussian around the predicted position.
template <typename T> T gaussian(Index j, T position, int window)
{
    const T sigma = static_cast<T>(window) / T(2);
    const T d = static_cast<T>(j) - position;
    return std::exp(-d * d / (T(2) * sigma * sigma));
}

} // namespace

template <typename T>
void attentionPrepare(const Seq2SeqConfig &c, const AttentionWeights<T> &w, const RowMatrixT<T> &keys,
                      RowMatrixT<T> &projected)
{
    const Index K = keys.cols();
    if (c.score == ScoreKind::Additive)
        projected.noalias() = keys * MatrixMap<T>(w.U_a, K, K).transpose(); // (S, K) row j = U_a h_j
    else if (c.score == ScoreKind::General)
        projected.noalias() = keys * MatrixMap<T>(w.W_a, K, K).transpose(); // (S, K) row j = W_a h_j
    else
        projected.resize(0, 0);
}

template <typename T>
void attentionPrepareBackward(const Seq2SeqConfig &c, const AttentionWeights<T> &g,
                              const AttentionWeights<T> &w, const RowMatrixT<T> &keys,
                              const RowMatrixT<T> &dprojected, RowMatrixT<T> &dkeys)
{
    if (c.score == ScoreKind::Dot) return;
    const Index K = keys.cols();
    T *gm = c.score == ScoreKind::Additive ? g.U_a : g.W_a;
    const T *wm = c.score == ScoreKind::Additive ? w.U_a : w.W_a;
    MatrixMap<T>(gm, K, K).noalias() += dprojected.transpose() * keys;         // (K, K)
    dkeys.noalias() += dprojected * Eigen::Map<const RowMatrixT<T>>(wm, K, K); // (S, K)
}

template <typename T>
void attentionForward(const Seq2SeqConfig &c, const AttentionWeights<T> &w, const RowMatrixT<T> &keys,
                      const RowMatrixT<T> &projected, AttentionStep<T> &s)
{
    const Index S = keys.rows(), K = keys.cols();
    const int D = c.local_window;
    s.lo = 0;
    s.hi = S - 1;
    // 1. Local-p: the predicted position and its window.
    if (D > 0) {
        s.predictor = (MatrixMap<T>(w.W_p, K, K) * s.q).array().tanh(); // (K)
        const T u = s.predictor.dot(VectorMap<T>(w.v_p, K));
        s.sigmoid = T(1) / (T(1) + std::exp(-u));
        s.position = static_cast<T>(S) * s.sigmoid;
        const Index centre = std::clamp<Index>(static_cast<Index>(std::lround(s.position)), 0, S - 1);
        s.lo = std::max<Index>(0, centre - D);
        s.hi = std::min<Index>(S - 1, centre + D);
    }
    // 2. Scores of the positions taking part.
    s.scores.setZero(S);
    if (c.score == ScoreKind::Additive) {
        const ColVector<T> Wq = MatrixMap<T>(w.W_a, K, K) * s.q; // (K)
        s.tanhs.resize(S, K);
        for (Index j = s.lo; j <= s.hi; ++j) {
            s.tanhs.row(j) = (Wq.transpose() + projected.row(j)).array().tanh();
            s.scores[j] = s.tanhs.row(j).dot(VectorMap<T>(w.v_a, K).transpose());
        }
    } else {
        const RowMatrixT<T> &k = c.score == ScoreKind::Dot ? keys : projected;
        for (Index j = s.lo; j <= s.hi; ++j) s.scores[j] = k.row(j).dot(s.q.transpose());
    }
    // 3. Softmax over the window; the largest score is subtracted first (the same weights,
    //    and exp cannot overflow).
    s.alpha.setZero(S);
    const T top = s.scores.segment(s.lo, s.hi - s.lo + 1).maxCoeff();
    T sum = 0;
    for (Index j = s.lo; j <= s.hi; ++j) sum += (s.alpha[j] = std::exp(s.scores[j] - top));
    for (Index j = s.lo; j <= s.hi; ++j) s.alpha[j] /= sum;
    // 4. The Gaussian factor of local-p, then the context.
    s.weights = s.alpha;
    if (D > 0)
        for (Index j = s.lo; j <= s.hi; ++j) s.weights[j] *= gaussian(j, s.position, D);
    s.context.noalias() = keys.transpose() * s.weights; // (K)
}

template <typename T>
void attentionBackward(const Seq2SeqConfig &c, const AttentionWeights<T> &g, const AttentionWeights<T> &w,
                       const RowMatrixT<T> &keys, const RowMatrixT<T> &projected, const AttentionStep<T> &s,
                       const ColVector<T> &dcontext, ColVector<T> &dq, RowMatrixT<T> &dkeys,
                       RowMatrixT<T> &dprojected)
{
    const Index S = keys.rows(), K = keys.cols();
    const int D = c.local_window;
    // 4. context = Σ a_j h_j, and the Gaussian factor.
    ColVector<T> dalpha = ColVector<T>::Zero(S);
    T dposition = 0;
    const T sigma2 = static_cast<T>(D) * static_cast<T>(D) / T(4);
    for (Index j = s.lo; j <= s.hi; ++j) {
        const T da = keys.row(j).dot(dcontext.transpose());
        dkeys.row(j) += s.weights[j] * dcontext.transpose();
        if (D > 0) {
            const T gauss = gaussian(j, s.position, D);
            dalpha[j] = da * gauss;
            dposition += da * s.alpha[j] * gauss * (static_cast<T>(j) - s.position) / sigma2;
        } else {
            dalpha[j] = da;
        }
    }
    // 3. Softmax: de_j = α_j (dα_j − Σ_k α_k dα_k).
    const T mean = s.alpha.dot(dalpha);
    ColVector<T> dscores = ColVector<T>::Zero(S);
    for (Index j = s.lo; j <= s.hi; ++j) dscores[j] = s.alpha[j] * (dalpha[j] - mean);
    // 2. Scores.
    if (c.score == ScoreKind::Additive) {
        const VectorMap<T> v(w.v_a, K);
        VectorMap<T> dv(g.v_a, K);
        ColVector<T> dWq = ColVector<T>::Zero(K); // gradient of W_a q, summed over positions
        for (Index j = s.lo; j <= s.hi; ++j) {
            dv += dscores[j] * s.tanhs.row(j).transpose();
            const ColVector<T> dpre =
                dscores[j] * (v.array() * (T(1) - s.tanhs.row(j).transpose().array().square())).matrix();
            dWq += dpre;
            dprojected.row(j) += dpre.transpose();
        }
        MatrixMap<T>(g.W_a, K, K).noalias() += dWq * s.q.transpose();
        dq.noalias() += MatrixMap<T>(w.W_a, K, K).transpose() * dWq;
    } else {
        const bool dot = c.score == ScoreKind::Dot;
        for (Index j = s.lo; j <= s.hi; ++j) {
            dq += dscores[j] * (dot ? keys : projected).row(j).transpose();
            (dot ? dkeys : dprojected).row(j) += dscores[j] * s.q.transpose();
        }
    }
    // 1. Local-p: p = S · sigmoid(v_pᵀ tanh(W_p q)).
    if (D > 0) {
        const T du = dposition * static_cast<T>(S) * s.sigmoid * (T(1) - s.sigmoid);
        VectorMap<T>(g.v_p, K) += du * s.predictor;
        const ColVector<T> dpre =
            du * (VectorMap<T>(w.v_p, K).array() * (T(1) - s.predictor.array().square())).matrix();
        MatrixMap<T>(g.W_p, K, K).noalias() += dpre * s.q.transpose();
        dq.noalias() += MatrixMap<T>(w.W_p, K, K).transpose() * dpre;
    }
}

#define ATTN_TRAIN_INSTANTIATE_SEQ2SEQ_ATTENTION(T)                                                          \
    template void attentionPrepare<T>(const Seq2SeqConfig &, const AttentionWeights<T> &,                    \
                                      const RowMatrixT<T> &, RowMatrixT<T> &);                               \
    template void attentionPrepareBackward<T>(const Seq2SeqConfig &, const AttentionWeights<T> &,            \
                                              const AttentionWeights<T> &, const RowMatrixT<T> &,            \
                                              const RowMatrixT<T> &, RowMatrixT<T> &);                       \
    template void attentionForward<T>(const Seq2SeqConfig &, const AttentionWeights<T> &,                    \
                                      const RowMatrixT<T> &, const RowMatrixT<T> &, AttentionStep<T> &);     \
    template void attentionBackward<T>(                                                                      \
        const Seq2SeqConfig &, const AttentionWeights<T> &, const AttentionWeights<T> &,                     \
        const RowMatrixT<T> &, const RowMatrixT<T> &, const AttentionStep<T> &, const ColVector<T> &,        \
        ColVector<T> &, RowMatrixT<T> &, RowMatrixT<T> &);

ATTN_TRAIN_INSTANTIATE_SEQ2SEQ_ATTENTION(float)
ATTN_TRAIN_INSTANTIATE_SEQ2SEQ_ATTENTION(double)

} // namespace attn::train
