// The RNN encoder–decoder of the training engine: attention as it began, before the Transformer.
// Sizes, options and the names and shapes of its parameters.
//
// Encoder (Cho et al. 2014, a GRU; bidirectional as in Bahdanau, Cho & Bengio 2015, §3.2): the
// source tokens x_0 … x_{S−1} (S tokens) are embedded and read left to right,
//   h→_j = GRU(E_src[x_j], h→_{j−1}),  h→_{−1} = 0,
// and, bidirectional, also right to left, h←_j = GRU'(E_src[x_j], h←_{j+1}), h←_S = 0. The
// encoder states (the keys, which are also the values) are h_j = h→_j, or [h→_j; h←_j]: K values.
// The decoder starts from s_0 = tanh(W_b m + b_b), m = h→_{S−1} (or [h→_{S−1}; h←_0]), and runs
// one GRU step per target token (K state values), fed the previous target token (<bos> first).
//
// Two decoders, as the papers define them:
// - Bahdanau (additive score, and the no-attention baseline): the state before the step asks,
//     e_tj = v_aᵀ tanh(W_a s_{t−1} + U_a h_j),  α_t = softmax(e_t),  c_t = Σ_j α_tj h_j,
//     s_t = GRU([E_tgt[y_{t−1}]; c_t], s_{t−1}),  logits_t = W_o [s_t; c_t] + b_o.
//   Without attention c_t = m for every t: the decoder sees only the encoder's last state
//   (Cho et al. 2014's encoder–decoder).
// - Luong, Pham & Manning 2015 (dot and general scores): the state after the step asks,
//     s_t = GRU(E_tgt[y_{t−1}], s_{t−1}),  e_tj = s_tᵀ h_j (dot) or s_tᵀ W_a h_j (general),
//     c_t = Σ_j α_tj h_j,  h̃_t = tanh(W_c [c_t; s_t] + b_c),  logits_t = W_o h̃_t + b_o.
// Local-p attention (Luong et al. 2015, §3.2; any score): the query q_t (s_{t−1} or s_t) predicts
//   p_t = S · sigmoid(v_pᵀ tanh(W_p q_t)),
// the softmax runs over the window of positions j ∈ [c − D, c + D] ∩ [0, S − 1] around
// c = round(p_t) (clamped into the source), and each weight is multiplied by the Gaussian
// exp(−(j − p_t)² / (2σ²)), σ = D/2: a_tj = α_tj · exp(…). The weights then sum to at most 1.
//
// Every matrix is stored as PyTorch stores it, (out, in), and multiplies column vectors: y = W x.
// The GRU is torch.nn.GRUCell's (gates r, z, n in that order in weight_ih, weight_hh, bias_ih,
// bias_hh; see gru.h).
#pragma once

#include "core/train/namedtensor.h"

#include <optional>
#include <string>
#include <vector>

namespace attn::train {

/// How a decoder state and an encoder state are scored.
enum class ScoreKind {
    Additive, ///< v_aᵀ tanh(W_a s_{t−1} + U_a h_j) (Bahdanau et al. 2015, §3.1 and A.1.2)
    Dot,      ///< s_tᵀ h_j (Luong et al. 2015, §3.1)
    General,  ///< s_tᵀ W_a h_j (Luong et al. 2015, §3.1)
};

/// Sizes and options of the encoder–decoder.
struct Seq2SeqConfig {
    int vocab_size = 0; ///< V, one vocabulary for source and target
    int embed_dim = 16; ///< E, width of both embeddings
    int hidden = 32;    ///< H, state of the encoder per direction
    bool bidirectional = false;
    bool attention = true; ///< false: the no-attention baseline (context = the last encoder state)
    ScoreKind score = ScoreKind::Additive;
    int local_window = 0; ///< D of local-p attention; 0 = global attention (every source position)
    int bos_token = 0;    ///< token fed to the decoder before the first target token

    /// K: width of an encoder state, of the decoder state and of the context (H or 2H).
    int stateSize() const { return bidirectional ? 2 * hidden : hidden; }
    /// Whether the decoder is Bahdanau's (query s_{t−1}, context fed to the GRU) or Luong's.
    bool bahdanauDecoder() const { return !attention || score == ScoreKind::Additive; }
};

/// Throws std::invalid_argument naming the field when a size is out of range: vocab_size
/// 2 … 65536, embed_dim and hidden 1 … 4096, local_window 0 … 4096 (and 0 without attention),
/// bos_token inside the vocabulary.
void validate(const Seq2SeqConfig &config);

/// Every parameter tensor, in the order of the flat buffers (V vocabulary, E embed_dim, H hidden,
/// K stateSize(); decay: the weight matrices, not embeddings, biases or vectors):
///   source_embed.weight (V, E), target_embed.weight (V, E)
///   encoder.weight_ih (3H, E), encoder.weight_hh (3H, H), encoder.bias_ih (3H), encoder.bias_hh (3H)
///   encoder_reverse.* (bidirectional; same shapes)
///   bridge.weight (K, K), bridge.bias (K)                     s_0 = tanh(W_b m + b_b)
///   decoder.weight_ih (3K, E + K) Bahdanau or (3K, E) Luong, decoder.weight_hh (3K, K),
///   decoder.bias_ih (3K), decoder.bias_hh (3K)
///   attention.W_a (K, K), attention.U_a (K, K), attention.v_a (K)   additive
///   attention.W_a (K, K)                                            general
///   attention.W_p (K, K), attention.v_p (K)                         local-p
///   combine.weight (K, 2K), combine.bias (K)                        Luong's h̃ = tanh(W_c [c; s] + b_c)
///   output.weight (V, 2K) Bahdanau or (V, K) Luong, output.bias (V)
std::vector<ParameterSpec> parameterSpecs(const Seq2SeqConfig &config);

/// "additive", "dot", "general".
const char *toString(ScoreKind kind);
std::optional<ScoreKind> scoreFromName(const std::string &name);
/// A short description such as "bidirectional GRU, additive, local-p D=2" or "GRU, no attention".
std::string describe(const Seq2SeqConfig &config);

} // namespace attn::train
