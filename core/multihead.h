// The multi-head attention module (Vaswani et al. 2017, §3.2.2): project the input into per-head
// queries, keys and values, attend in every head, concatenate the heads, project back.
// With fewer K/V heads than query heads the same module is GQA (Ainslie et al. 2023, §2) or,
// with one K/V head, MQA (Shazeer 2019, §3).
#pragma once

#include "core/attention.h"

#include <cstdint>

namespace attn {

/// Sizes of a multi-head attention module.
struct MultiHeadConfig {
    Index d_model = 0;       ///< width of the input and of the output
    int num_query_heads = 1; ///< H_q
    int num_kv_heads = 1;    ///< H_kv; H_q must be a multiple of it (H_kv = H_q: MHA, 1: MQA)
    Index d_k = 0;           ///< query/key width per head (head_dim)
    Index d_v = 0;           ///< value width per head
};

/// Projection weights, row-vector convention (a token is a row: Q = X W_q). Head h owns the
/// contiguous column block h·d_k … (h+1)·d_k − 1 of W_q (and of W_k, W_v for K/V heads), as in
/// the scenario format. No biases, as in the paper's equations.
struct MultiHeadWeights {
    int num_query_heads = 1; ///< H_q
    int num_kv_heads = 1;    ///< H_kv
    Matrix W_q;              ///< (d_model, H_q·d_k)
    Matrix W_k;              ///< (d_model, H_kv·d_k)
    Matrix W_v;              ///< (d_model, H_kv·d_v)
    Matrix W_o;              ///< (H_q·d_v, d_model)
};

/// Seeded Xavier/Glorot uniform initialisation (Glorot & Bengio 2010, §4.2.1, eq. 16): every
/// entry of a (fan_in, fan_out) matrix is drawn independently from U(−a, a) with
/// a = √(6 / (fan_in + fan_out)), fan_in and fan_out the rows and columns of that whole matrix
/// (e.g. d_model and H_q·d_k for W_q). Draws come from one std::mt19937(seed) in the order W_q,
/// W_k, W_v, W_o, each row by row; the uniform draw uses 53 bits of two generator outputs (not
/// std::uniform_real_distribution, which differs between standard libraries), so a seed gives
/// the same weights on every platform.
/// Throws ScenarioError("heads" or "d_model"/"d_k"/"d_v") for sizes < 1 or H_q not a multiple
/// of H_kv.
MultiHeadWeights initMultiHead(const MultiHeadConfig &config, std::uint32_t seed);

/// Everything one forward pass computed.
struct MultiHeadTrace {
    Scenario scenario;        ///< what attend() got: Q = X_q W_q, K = X_kv W_k, V = X_kv W_v
    AttentionTrace attention; ///< per-head logits, visibility, weights and outputs
    Matrix concatenated;      ///< (n_q, H_q·d_v) Concat(head_1, …, head_H) — equals attention.output
    Matrix output;            ///< (n_q, d_model) concatenated · W_o
};

/// Cross-attention forward: queries from one sequence, keys and values from another.
///   x_q  (n_q, d_model)   the sequence that asks (e.g. the decoder states)
///   x_kv (n_k, d_model)   the sequence that is read (e.g. the encoder output)
/// Builds the projected scenario from `options` — a template that supplies everything except the
/// tensors: score kind, scale, temperature, alignment, positions, every mask part, positional
/// scheme, kernel, tiles and labels — sets Q, K, V and the head counts from the weights, then
/// calls attend(). MultiHead(Q, K, V) = Concat(head_1, …, head_H) W_o with
/// head_h = Attention(X_q W_q^h, X_kv W_k^{g(h)}, X_kv W_v^{g(h)}), g(h) = ⌊h·H_kv/H_q⌋.
/// A fully masked row follows options.mask.all_masked_rows; a NaN output row stays NaN through W_o.
/// Throws ScenarioError: "X_q"/"X_kv"/"W_q"/"W_k"/"W_v"/"W_o" on a shape mismatch (naming the
/// shapes), "scores" when the template carries raw scores (they would bypass the projections),
/// and anything attend() or validate() throws for the projected scenario.
MultiHeadTrace multiHeadForward(const MultiHeadWeights &weights, const Matrix &x_q, const Matrix &x_kv,
                                const Scenario &options = Scenario());

/// Self-attention forward: multiHeadForward(weights, x, x, options); x (n, d_model).
MultiHeadTrace multiHeadForward(const MultiHeadWeights &weights, const Matrix &x,
                                const Scenario &options = Scenario());

} // namespace attn
