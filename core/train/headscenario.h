// One head of a trained model as an ordinary scenario: the probe's input to that layer's
// attention as X and the head's slices of W_q, W_k, W_v and W_o as the projection, so a learned
// head flows through the same document, views, masks, interventions and export as a typed one.
#pragma once

#include "core/scenario.h"
#include "core/train/model.h"

#include <string>
#include <vector>

namespace attn::train {

/// Scenario of head `head` of layer `layer`:
///   X   = trace.inputs[layer]                                 (T, d_model) the residual stream
///         entering the layer (after LN1 when the model has LayerNorm: what W_q multiplies)
///   W_q = W_q[:, head·head_dim … (head+1)·head_dim − 1]         (d_model, head_dim), W_k and W_v alike
///   W_o = W_o[head·head_dim … (head+1)·head_dim − 1, :]         (head_dim, d_model): the head's
///         write into the residual stream, so projected_output is its contribution to it
/// one query head and one K/V head, scaled dot product (1/√head_dim, as the model), causal mask,
/// RoPE (half-split pairs, the model's base) when the model uses it; Q, K and V are the products.
/// The scenario's weights equal trace.weights[layer · H + head] up to rounding (the trace may come
/// from a float model; the scenario computes in double). `tokens` label the T rows; `title` names
/// the scenario. Throws std::invalid_argument for a layer or head out of range, a trace of
/// another model or tokens of another length, and when a weight tensor is missing.
Scenario headScenario(const ModelConfig &config, const std::vector<NamedTensor> &weights,
                      const ProbeTrace &trace, int layer, int head, const std::vector<std::string> &tokens,
                      const std::string &title);

} // namespace attn::train
