// One decoder step of the RNN encoder–decoder as an ordinary scenario ("Open this step"): the
// step's query against the encoder states, which serve as keys and values, with the model's own
// score, so the alignment a GRU learned flows through the same views and export as a typed one.
#pragma once

#include "core/scenario.h"
#include "core/train/seq2seq.h"

#include <string>
#include <vector>

namespace attn::train {

/// Scenario of decoder step `step` of one traced example (S source tokens, K state values):
///   Q = trace.queries[step]        (1, K) s_{t−1} (additive) or s_t (dot, general)
///   K = V = trace.keys             (S, K) the encoder states h_j
/// additive: ScoreKind::Additive with W_q = attention.W_a, W_k = attention.U_a, v = attention.v_a;
/// dot: ScoreKind::Dot; general: ScoreKind::Dot with the query multiplied by W_a first
/// (Q = s_tᵀ W_a, since s_tᵀ W_a h_j = (W_aᵀ s_t)·h_j). No scaling. Local-p adds a window mask
/// {left: D, right: D} around the query's position round(p_t) (clamped into the source; keys at
/// 0 … S − 1), so the scenario's weights are the window's softmax α_t; the model's alignment
/// multiplies them by the Gaussian exp(−(j − p_t)² / (2σ²)), which no scenario field expresses.
/// Without local-p the scenario's weights equal trace.weights[step] and its output is the context
/// c_t. `sourceTokens` (S or empty) label the keys, `queryLabel` the query. Throws
/// std::invalid_argument without attention, for a step out of range, a trace of another model or
/// labels of another length, and when a tensor is missing.
Scenario decoderStepScenario(const Seq2SeqConfig &config, const std::vector<NamedTensor> &weights,
                             const Seq2SeqTrace &trace, Index step,
                             const std::vector<std::string> &sourceTokens, const std::string &queryLabel,
                             const std::string &title);

} // namespace attn::train
