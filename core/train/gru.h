// One step of a gated recurrent unit (Cho et al. 2014, "Learning Phrase Representations using RNN
// Encoder–Decoder for Statistical Machine Translation", §2.3), forward and backward, in exactly
// the form of torch.nn.GRUCell (the reset gate multiplies W_hn h + b_hn, bias included):
//   r  = σ(W_ir x + b_ir + W_hr h + b_hr)
//   z  = σ(W_iz x + b_iz + W_hz h + b_hz)
//   n  = tanh(W_in x + b_in + r ∘ (W_hn h + b_hn))
//   h' = (1 − z) ∘ n + z ∘ h
// weight_ih (3H, I) stacks W_ir, W_iz, W_in; weight_hh (3H, H) stacks W_hr, W_hz, W_hn; the
// biases (3H) likewise. Instantiated for float and double.
#pragma once

#include "core/tensor.h"

#include <Eigen/Core>

namespace attn::train {

template <typename T> using ColVector = Eigen::Matrix<T, Eigen::Dynamic, 1>;

/// Pointers to one GRU's parameters (or to their gradients) in a flat buffer.
template <typename T> struct GruWeights {
    T *weight_ih = nullptr; // (3H, I)
    T *weight_hh = nullptr; // (3H, H)
    T *bias_ih = nullptr;   // (3H)
    T *bias_hh = nullptr;   // (3H)
    Index input = 0;        // I
    Index hidden = 0;       // H
};

/// What one step reads and what its backward needs.
template <typename T> struct GruStep {
    ColVector<T> x;      // (I) input
    ColVector<T> h_prev; // (H) state before the step
    ColVector<T> r, z;   // (H) reset and update gates
    ColVector<T> n;      // (H) candidate state
    ColVector<T> hn;     // (H) W_hn h + b_hn, before the reset gate multiplies it
    ColVector<T> h;      // (H) state after the step
};

/// step.h and the gates from step.x and step.h_prev.
template <typename T> void gruForward(const GruWeights<T> &w, GruStep<T> &step);

/// Back-propagates dh (H), the gradient of the loss with respect to step.h: ADDS dx (I) when
/// dx is not null, dh_prev (H), and every parameter gradient into g.
template <typename T>
void gruBackward(const GruWeights<T> &g, const GruWeights<T> &w, const GruStep<T> &step,
                 const ColVector<T> &dh, ColVector<T> *dx, ColVector<T> &dh_prev);

} // namespace attn::train
