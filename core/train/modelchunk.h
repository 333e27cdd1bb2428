// Internal to the training engine: the per-chunk buffers of Model and the whole model's forward
// and backward passes over one chunk of examples. Not part of the public interface.
#pragma once

#include "core/train/batch.h"
#include "core/train/modelconfig.h"

#include <Eigen/Core>

#include <map>
#include <string>
#include <vector>

namespace attn::train {

/// Pointers to one layer's parameters (or their gradients) inside a flat buffer; null when the
/// option that owns them is off.
template <typename T> struct LayerWeights {
    T *ln1_w = nullptr, *ln1_b = nullptr; // (d_model)
    T *W_q = nullptr, *W_k = nullptr;     // (d_model, C), C = H · head_dim
    T *W_v = nullptr;                     // (d_model, C)
    T *W_o = nullptr;                     // (C, d_model)
    T *ln2_w = nullptr, *ln2_b = nullptr; // (d_model)
    T *W_in = nullptr;                    // (d_model, d_mlp)
    T *b_in = nullptr;                    // (d_mlp)
    T *W_out = nullptr;                   // (d_mlp, d_model)
    T *b_out = nullptr;                   // (d_model)
};

/// Pointers to every parameter (or gradient) of the model inside a flat buffer.
template <typename T> struct Weights {
    T *embed = nullptr; // (vocab, d_model)
    T *pos = nullptr;   // (n_ctx, d_model), learned positions only
    std::vector<LayerWeights<T>> layers;
    T *lnf_w = nullptr, *lnf_b = nullptr; // (d_model)
    T *unembed = nullptr;                 // (d_model, vocab)
};

/// Binds `base` (a flat buffer in parameterSpecs order, offsets by name) to named pointers.
template <typename T>
Weights<T> bindWeights(const ModelConfig &config, const std::map<std::string, Index> &offsets, T *base);

/// One layer's activations for a chunk of B examples × T positions (N = B·T rows). Where an
/// option is off the pointer aliases the tensor it would have transformed (ln1 = the layer's
/// input without LayerNorm, q_rot = q without RoPE, resid_out = resid_mid without MLP), so the
/// passes read the same names whatever the options.
template <typename T> struct LayerActivations {
    T *ln1 = nullptr;                           // (N, d_model) attention input
    T *ln1_mean = nullptr, *ln1_rstd = nullptr; // (N)
    T *q = nullptr, *k = nullptr, *v = nullptr; // (N, C)
    T *q_rot = nullptr, *k_rot = nullptr;       // (N, C) after RoPE
    T *weights = nullptr;                       // (B, H, T, T) attention weights
    T *z = nullptr;                             // (N, C) heads concatenated
    T *attn_out = nullptr;                      // (N, d_model) z · W_o
    T *resid_mid = nullptr;                     // (N, d_model) input + attn_out
    T *ln2 = nullptr;                           // (N, d_model) MLP input
    T *ln2_mean = nullptr, *ln2_rstd = nullptr; // (N)
    T *mlp_pre = nullptr, *mlp_act = nullptr;   // (N, d_mlp) before and after GELU
    T *mlp_out = nullptr;                       // (N, d_model)
    T *resid_out = nullptr;                     // (N, d_model) the layer's output
};

/// Every activation of the model for one chunk.
template <typename T> struct Activations {
    T *embedded = nullptr; // (N, d_model) token + position embedding
    std::vector<LayerActivations<T>> layers;
    T *lnf = nullptr;                           // (N, d_model) unembedding input
    T *lnf_mean = nullptr, *lnf_rstd = nullptr; // (N)
    T *logits = nullptr;                        // (N, vocab)
    T *probs = nullptr;                         // (N, vocab) softmax of the logits
    T *losses = nullptr;                        // (N) cross-entropy per row (0 where unscored)
    T *loss_weights = nullptr;                  // (N) mask / Σ mask over the whole batch
    Index size = 0;                             // values of the arena this layout uses
};

/// Storage of activations: 64-byte aligned (Eigen's aligned_allocator), so that rows of a
/// multiple of 16 floats start on a vector boundary and Eigen's loops need no scalar peeling.
template <typename T> using Arena = std::vector<T, Eigen::aligned_allocator<T>>;

/// Lays the activations of B examples × T positions out in `arena` (grown when too small);
/// every tensor starts at a multiple of 64 bytes.
/// For the gradients of the activations (`gradients` true) the tensors no backward pass
/// writes (weights, probs, losses, loss_weights) are left out (null).
template <typename T>
Activations<T> layoutActivations(const ModelConfig &config, Index B, Index seqLen, Arena<T> &arena,
                                 bool gradients);

/// One chunk of a batch: examples first … first + count − 1, their activations, the gradients
/// of those activations, and the chunk's own parameter-gradient buffer.
template <typename T> struct ModelChunk {
    Index first = 0;
    Index count = 0;
    Index seqLen = 0;
    Arena<T> actArena;
    Arena<T> gradArena;
    Activations<T> acts;
    Activations<T> dacts;
    std::vector<T> grads;   // (parameterCount)
    Weights<T> gradWeights; // named pointers into grads
    double loss = 0.0;      // Σ_rows loss_weight · loss
    Index correct = 0;      // scored rows whose argmax is the target
};

/// What the passes read besides the chunk.
template <typename T> struct PassContext {
    const ModelConfig *config = nullptr;
    const Batch *batch = nullptr;
    Weights<T> weights;
    const T *ropeCos = nullptr; // (n_ctx, head_dim/2) or null
    const T *ropeSin = nullptr;
    double scoredTotal = 0.0; // Σ loss_mask over the whole batch
};

/// The whole model forward over the chunk's examples (fills chunk.acts, loss and correct).
template <typename T> void modelForward(ModelChunk<T> &chunk, const PassContext<T> &context);
/// The whole model backward over the chunk (after modelForward): zeroes chunk.dacts and
/// chunk.grads, then accumulates dLoss/dparameters of the batch's mean loss into chunk.grads.
template <typename T> void modelBackward(ModelChunk<T> &chunk, const PassContext<T> &context);

} // namespace attn::train
