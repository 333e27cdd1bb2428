// The reference kernel: materialises the logits and the weights of one head.
#pragma once

#include "core/scenario.h"

#include <vector>

namespace attn::kernels {

/// Masked softmax and weighted sum for one head, written to be read.
///   logits  (n_q, n_k)   scores after scale, temperature and bias
///   visible (n_q, n_k)   true = may attend
///   value   (n_k, d_v)   the V block of this head's K/V head
///   weights (n_q, n_k)   out: softmax over the visible keys of each row
///   output  (n_q, d_v)   out: Σ_j weights_ij · value_j over visible j with weights_ij > 0
/// Returns the query rows that see no key; they get `policy` (MaskedRowPolicy::Error is left
/// to the caller, which sees the returned rows).
std::vector<Index> naiveHead(const Matrix &logits, const BoolMatrix &visible,
                             const Eigen::Ref<const Matrix> &value, MaskedRowPolicy policy, Matrix &weights,
                             Matrix &output);

} // namespace attn::kernels
