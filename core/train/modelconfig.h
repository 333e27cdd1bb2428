// The sizes and options of the small decoder-only transformer the training engine trains, and the
// names and shapes of its parameter tensors.
#pragma once

#include "core/train/namedtensor.h"

#include <string>
#include <vector>

namespace attn::train {

/// How the model knows where a token is.
enum class PositionalKind {
    Learned, ///< a learned absolute position embedding added to the token embedding (GPT-2)
    Rope     ///< rotary embeddings on every head's queries and keys (Su et al. 2021, §3.4.2)
};

/// A decoder-only transformer (Vaswani et al. 2017; Radford et al. 2019), by default
/// attention-only with no LayerNorm, as in Elhage et al. 2021, "A Mathematical Framework for
/// Transformer Circuits". Rows are tokens (row-vector convention, as in the scenario format:
/// Q = X·W_q). For an input of T tokens x_0 … x_{T−1}:
///
///   h⁰_t = W_E[x_t] + W_pos[t]                  (W_pos only with PositionalKind::Learned)
///   for each layer l:
///     a = LN1(hˡ) (or hˡ without LayerNorm)                          (T, d_model)
///     Q = a·W_q, K = a·W_k, V = a·W_v                                (T, H·head_dim)
///     (RoPE rotates each head's rows of Q and K by their position, half-split pairs)
///     P_h = softmax(Q_h K_hᵀ / √head_dim, causal)                    (T, T) per head h
///     hˡ += concat_h(P_h V_h) · W_o                                  (T, d_model)
///     with an MLP: hˡ += GELU(LN2(hˡ)·W_in + b_in)·W_out + b_out     (GELU with erf)
///   logits = LN_final(h^L)·W_U (or h^L·W_U)                          (T, vocab)
///   loss = Σ_t mask_t · (−log softmax(logits_t)[y_t]) / Σ_t mask_t  (cross-entropy)
///
/// Head h of a layer owns columns h·head_dim … (h+1)·head_dim − 1 of W_q, W_k, W_v and the same
/// rows of W_o, as in the scenario keys X, W_q, W_k, W_v, W_o. PyTorch's nn.Linear stores the
/// transpose of these matrices (weight is out × in).
///
/// Parameter names (PyTorch style, in this order; shapes row-major):
///   embed.weight                 (vocab_size, d_model)   token embedding W_E
///   pos_embed.weight             (n_ctx, d_model)        learned positions only
///   layers.{l}.ln1.weight, .bias (d_model)               with layer_norm
///   layers.{l}.attn.W_q          (d_model, H·head_dim)
///   layers.{l}.attn.W_k          (d_model, H·head_dim)
///   layers.{l}.attn.W_v          (d_model, H·head_dim)
///   layers.{l}.attn.W_o          (H·head_dim, d_model)
///   layers.{l}.ln2.weight, .bias (d_model)               with layer_norm and mlp
///   layers.{l}.mlp.W_in          (d_model, d_mlp)        with mlp
///   layers.{l}.mlp.b_in          (d_mlp)                 with mlp
///   layers.{l}.mlp.W_out         (d_mlp, d_model)        with mlp
///   layers.{l}.mlp.b_out         (d_model)               with mlp
///   ln_final.weight, .bias       (d_model)               with layer_norm
///   unembed.weight               (d_model, vocab_size)   W_U
struct ModelConfig {
    int vocab_size = 0; ///< token ids 0 … vocab_size − 1
    int n_ctx = 0;      ///< longest sequence the model reads (rows of pos_embed)
    int d_model = 64;   ///< width of the residual stream
    int num_layers = 2; ///< 1 … 4
    int num_heads = 4;  ///< H, heads per layer
    int head_dim = 16;  ///< query/key/value width per head (even with RoPE)
    PositionalKind positional = PositionalKind::Learned;
    double rope_base = 10000.0; ///< RoPE θ base: pair p of a head turns by pos · base^(−2p/head_dim)
    bool mlp = false;           ///< an MLP after each attention layer
    int d_mlp = 0;              ///< hidden width of the MLP; 0 means 4 · d_model
    bool layer_norm = false;    ///< pre-LayerNorm before attention, MLP and unembedding
    double layer_norm_eps = 1e-5;

    /// d_mlp, or 4 · d_model when it is 0.
    int mlpWidth() const { return d_mlp > 0 ? d_mlp : 4 * d_model; }
};

/// Throws std::invalid_argument naming the field and the value when a size is out of range:
/// vocab_size 2 … 1 000 000, n_ctx 1 … 4096, d_model 1 … 4096, num_layers 1 … 4, num_heads
/// 1 … 64, head_dim 1 … 1024 (even with RoPE), d_mlp 0 … 65536, rope_base > 1,
/// layer_norm_eps > 0.
void validate(const ModelConfig &config);

/// Every parameter tensor of the model, in the order listed at ModelConfig (also the order of
/// the model's flat parameter buffer). Assumes validate passed.
std::vector<ParameterSpec> parameterSpecs(const ModelConfig &config);

/// "learned" or "rope".
const char *toString(PositionalKind kind);

} // namespace attn::train
