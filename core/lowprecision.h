// Attention as a kernel that stores its tensors in float32, float16 or bfloat16 computes it:
// the scenario's `dtype`. A simulation in plain code (the naive reference's structure), so that
// a learner sees where a reduced type rounds, overflows or turns a row into NaN.
#pragma once

#include "core/attention.h"

namespace attn {

/// The trace of `scenario` computed as a kernel storing tensors in scenario.dtype would
/// (mixed precision as in half-precision FlashAttention and PyTorch's SDPA: tensors stored in
/// the dtype, arithmetic in float32):
///   1. Q, K, V (after the projection, if any), raw scores, sinks and additive parameters are
///      rounded to the dtype; with RoPE the rotation runs in float32 on the rounded q and k
///      (cos and sin rounded to float32) and the rotated q and k are rounded to the dtype again;
///   2. each logit is computed in float32 from the rounded values: q·k summed in order, times
///      f = scale / temperature (rounded to float32), minus the ALiBi bias slope · |Δpos|, then
///      the softcap c · tanh(x / c), and rounded to the dtype: a magnitude beyond the dtype's
///      largest finite value becomes ±∞ (listed in overflowed_logits when the float64 logit is
///      finite);
///   3. softmax in float32 over the rounded visible logits, with IEEE arithmetic throughout:
///      m = the row maximum (and the sink), e_j = exp(l_j − m), sum = Σ e_j (+ exp(s − m)),
///      so a +∞ logit gives ∞ − ∞ = NaN weights for its row; weights = e_j / sum rounded to
///      the dtype;
///   4. output = Σ weights_ij · v_j over visible keys with a non-zero weight, summed in float32,
///      rounded to the dtype.
/// exp and tanh are float32 results rounded once from double's (correctly rounded but for
/// astronomically rare ties); +, −, ·, / are single float32 operations (this file is compiled
/// without contracting a·b + c into one fused operation). Rows that see no key follow the
/// policy (1/n_k rounded for "uniform"), or with a sink give it weight 1. The positions, the
/// visibility and the fully masked rows are those of `reference`.
///   scenario   validated, dtype ≠ Float64, naive kernel
///   reference  attend() of the same scenario in float64 (its naive trace)
/// Returns the trace with dtype, overflowed_logits and error_vs_float64 (the largest
/// |weights − reference weights| and |output − reference output|) set. Every number in it is
/// a value of the dtype.
AttentionTrace attendInDType(const Scenario &scenario, const AttentionTrace &reference);

} // namespace attn
