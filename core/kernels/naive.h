// The reference kernel: materialises the logits and the weights of one head.
#pragma once

#include "core/scenario.h"

#include <optional>
#include <vector>

namespace attn::kernels {

/// Masked softmax and weighted sum for one head, written to be read.
///   logits  (n_q, n_k)   scores after scale, temperature and bias
///   visible (n_q, n_k)   true = may attend
///   value   (n_k, d_v)   the V block of this head's K/V head
///   weights (n_q, n_k)   out: softmax over the visible keys of each row
///   output  (n_q, d_v)   out: Σ_j weights_ij · value_j over visible j with weights_ij > 0
///   sink                 an attention sink's logit s (gpt-oss; StreamingLLM), or empty: one more
///                        term exp(s) in every row's denominator that carries no value,
///                        weights_ij = exp(l_ij) / (exp(s) + Σ_visible exp(l_ij'))
///   sinkWeights (n_q)    out when not null: exp(s) / (exp(s) + Σ_visible exp(l_ij')), the share
///                        of each row the sink took (resized; left empty without a sink)
/// Returns the query rows that see no key; they get `policy` (MaskedRowPolicy::Error is left
/// to the caller, which sees the returned rows). With a sink such a row is defined whatever the
/// policy: weights 0, output 0, sink weight 1.
std::vector<Index> naiveHead(const Matrix &logits, const BoolMatrix &visible,
                             const Eigen::Ref<const Matrix> &value, MaskedRowPolicy policy, Matrix &weights,
                             Matrix &output, std::optional<double> sink = std::nullopt,
                             Vector *sinkWeights = nullptr);

} // namespace attn::kernels
