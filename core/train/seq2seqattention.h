// Internal to the encoder–decoder: one decoder step's attention over the encoder states, forward
// and backward (equations in seq2seqconfig.h). The query q (K) is s_{t−1} (Bahdanau) or s_t
// (Luong); the keys, which are also the values, are the S encoder states (S, K).
// Backward passes ADD into their gradient buffers. Instantiated for float and double.
#pragma once

#include "core/train/gru.h"
#include "core/train/seq2seqconfig.h"

namespace attn::train {

template <typename T> using RowMatrixT = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

/// Pointers to the attention's parameters (or their gradients); null when the option is off.
template <typename T> struct AttentionWeights {
    T *W_a = nullptr; // (K, K) additive: on the query; general: between query and key
    T *U_a = nullptr; // (K, K) additive: on the keys
    T *v_a = nullptr; // (K) additive
    T *W_p = nullptr; // (K, K) local-p
    T *v_p = nullptr; // (K) local-p
};

/// One step's attention: what its backward needs and what a view shows.
template <typename T> struct AttentionStep {
    ColVector<T> q;         // (K) the query
    RowMatrixT<T> tanhs;    // (S, K) additive: tanh(W_a q + U_a h_j), rows lo … hi
    ColVector<T> scores;    // (S) e_j, rows lo … hi
    ColVector<T> alpha;     // (S) softmax of the scores over lo … hi, 0 outside
    ColVector<T> weights;   // (S) a_j: alpha, times the Gaussian with local-p
    ColVector<T> context;   // (K) Σ_j a_j h_j
    ColVector<T> predictor; // (K) local-p: tanh(W_p q)
    T position = 0;         // local-p: p = S · sigmoid(v_pᵀ tanh(W_p q))
    T sigmoid = 0;          // local-p: sigmoid(v_pᵀ tanh(W_p q))
    Index lo = 0, hi = 0;   // positions lo … hi take part (global: 0 … S − 1)
};

/// The part of the scores that depends on the keys alone, once per example:
/// projected = keys · U_aᵀ (additive) or keys · W_aᵀ (general), (S, K); empty for dot.
template <typename T>
void attentionPrepare(const Seq2SeqConfig &config, const AttentionWeights<T> &w, const RowMatrixT<T> &keys,
                      RowMatrixT<T> &projected);
/// Back-propagates dprojected (S, K) into the parameter gradients g and dkeys (S, K).
template <typename T>
void attentionPrepareBackward(const Seq2SeqConfig &config, const AttentionWeights<T> &g,
                              const AttentionWeights<T> &w, const RowMatrixT<T> &keys,
                              const RowMatrixT<T> &dprojected, RowMatrixT<T> &dkeys);

/// Fills everything of `step` from step.q, the keys (S, K) and their projection.
template <typename T>
void attentionForward(const Seq2SeqConfig &config, const AttentionWeights<T> &w, const RowMatrixT<T> &keys,
                      const RowMatrixT<T> &projected, AttentionStep<T> &step);
/// Back-propagates dcontext (K): adds into dq (K), dkeys (S, K), dprojected (S, K) and g.
template <typename T>
void attentionBackward(const Seq2SeqConfig &config, const AttentionWeights<T> &g,
                       const AttentionWeights<T> &w, const RowMatrixT<T> &keys,
                       const RowMatrixT<T> &projected, const AttentionStep<T> &step,
                       const ColVector<T> &dcontext, ColVector<T> &dq, RowMatrixT<T> &dkeys,
                       RowMatrixT<T> &dprojected);

} // namespace attn::train
