// Learned projections in a scenario: queries, keys and values as products of the token
// representations with weight matrices, and the output projection after the heads.
// Row-vector convention (a token is a row): Q = X·W_q + b_q. PyTorch's nn.Linear stores its
// weight as (out_features, in_features) and computes x·Wᵀ + b, so its weight is the transpose of
// W_q here.
#pragma once

#include "core/tensor.h"

namespace attn {

struct Scenario;

/// The input side of one attention layer (Vaswani et al. 2017, §3.2.2, without the per-head
/// split: head h owns the column block h·d_k … (h+1)·d_k − 1 of W_q, as in the scenario's Q).
struct Projection {
    Matrix X;    ///< (n_q, d_model) the tokens that ask
    Matrix X_kv; ///< (n_k, d_model_kv) the tokens that are read; empty: X (self-attention)
    Matrix W_q;  ///< (d_model, H_q·d_k)
    Matrix W_k;  ///< (d_model_kv, H_kv·d_k)
    Matrix W_v;  ///< (d_model_kv, H_kv·d_v)
    Matrix b_q;  ///< (1, H_q·d_k) or empty (no bias)
    Matrix b_k;  ///< (1, H_kv·d_k) or empty
    Matrix b_v;  ///< (1, H_kv·d_v) or empty

    /// X_kv when given, else X: the rows keys and values are computed from.
    const Matrix &keyValueInput() const { return X_kv.size() > 0 ? X_kv : X; }
};

/// Computes Q = X·W_q + b_q, K = X_kv·W_k + b_k and V = X_kv·W_v + b_v into scenario.query,
/// scenario.key and scenario.value from scenario.projection (nothing happens without one).
/// Throws ScenarioError naming the matrix, the expected and the found shape, e.g.
/// "W_q: expected 4 rows (d_model, the columns of X), found 3 × 2", and a non-finite product
/// ("Q: row 2, column 0 is inf: X·W_q overflowed") is refused the same way.
void project(Scenario &scenario);

/// The output projection: output · W_o + b_o, shape (n_q, d_out); empty when the scenario has
/// no W_o. `output` is (n_q, H_q·d_v), the heads concatenated as in AttentionTrace::output.
/// Throws ScenarioError("W_o" or "b_o") on a shape mismatch.
Matrix projectOutput(const Scenario &scenario, const Matrix &output);

/// Checks the shapes of W_o and b_o against H_q·d_v (`concatenatedWidth`); empty W_o passes.
void checkOutputProjection(const Scenario &scenario, Index concatenatedWidth);

} // namespace attn
