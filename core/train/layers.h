// The layers of the training engine's transformer, each as a forward and a backward pass
// (the style of Karpathy's llm.c): the backward takes the gradient buffers first, then the
// forward's arguments, and ADDS (+=) into every gradient buffer, so a tensor read by several
// layers (the residual stream) collects all of its gradients. A null gradient pointer skips
// that gradient. Buffers are row-major; N is the number of rows (tokens of all examples).
// Instantiated for float (training) and double (gradient checks).
#pragma once

#include "core/tensor.h"

namespace attn::train {

/// out = W_E[token] + W_pos[position] for every row; row r is position r mod T.
///   out (N, d), tokens (N), W_E (vocab, d), W_pos (T_max, d) or null (RoPE: no position table)
template <typename T>
void embeddingForward(T *out, const int *tokens, const T *W_E, const T *W_pos, Index N, Index seqLen,
                      Index d);
/// dW_E[token] += dout, dW_pos[position] += dout, rows in increasing order.
template <typename T>
void embeddingBackward(T *dW_E, T *dW_pos, const T *dout, const int *tokens, Index N, Index seqLen, Index d);

/// out = inp · W (+ bias on every row).
///   out (N, m), inp (N, k), W (k, m), bias (m) or null
template <typename T>
void matmulForward(T *out, const T *inp, const T *W, const T *bias, Index N, Index k, Index m);
/// dinp += dout · Wᵀ, dW += inpᵀ · dout, dbias += Σ_rows dout.
///   dinp (N, k), dW (k, m), dbias (m), dout (N, m)
template <typename T>
void matmulBackward(T *dinp, T *dW, T *dbias, const T *dout, const T *inp, const T *W, Index N, Index k,
                    Index m);

/// LayerNorm (Ba, Kiros & Hinton 2016) of every row: out = (x − μ)·rstd ∘ weight + bias with
/// μ the row mean and rstd = 1/√(σ² + eps), σ² the biased row variance; saves μ and rstd.
///   out (N, d), mean (N), rstd (N), inp (N, d), weight (d), bias (d)
template <typename T>
void layerNormForward(T *out, T *mean, T *rstd, const T *inp, const T *weight, const T *bias, Index N,
                      Index d, double eps);
/// With n̂ = (x − μ)·rstd and g = dout ∘ weight:
///   dinp += rstd · (g − mean(g) − n̂ · mean(g ∘ n̂)), dweight += Σ_rows dout ∘ n̂, dbias += Σ_rows dout.
template <typename T>
void layerNormBackward(T *dinp, T *dweight, T *dbias, const T *dout, const T *inp, const T *weight,
                       const T *mean, const T *rstd, Index N, Index d);

/// GELU with the exact erf (Hendrycks & Gimpel 2016): out = x · Φ(x) = ½x(1 + erf(x/√2)).
///   out (n), inp (n)
template <typename T> void geluForward(T *out, const T *inp, Index n);
/// dinp += dout · (Φ(x) + x·φ(x)), φ the standard normal density.
template <typename T> void geluBackward(T *dinp, const T *dout, const T *inp, Index n);

/// out = a + b (the residual connection).   out, a, b (n)
template <typename T> void residualForward(T *out, const T *a, const T *b, Index n);
/// da += dout, db += dout.
template <typename T> void residualBackward(T *da, T *db, const T *dout, Index n);

/// Softmax and cross-entropy of every row: probs = softmax(logits) (the row maximum subtracted
/// first, which changes nothing mathematically and keeps exp from overflowing),
/// losses[r] = −log probs[r][targets[r]] for rows with lossWeights[r] ≠ 0 (0 elsewhere).
///   losses (N), probs (N, V), logits (N, V), targets (N), lossWeights (N): mask_r / Σ mask
template <typename T>
void crossEntropyForward(T *losses, T *probs, const T *logits, const int *targets, const T *lossWeights,
                         Index N, Index V);
/// Gradient of the weighted loss Σ_r lossWeights[r] · losses[r] through softmax and
/// cross-entropy together: dlogits[r] += lossWeights[r] · (probs[r] − onehot(targets[r])).
template <typename T>
void crossEntropyBackward(T *dlogits, const T *probs, const int *targets, const T *lossWeights, Index N,
                          Index V);

} // namespace attn::train
