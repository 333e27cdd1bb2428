// attend(): one scenario in, every intermediate of the attention out.
// Views draw an AttentionTrace; they never recompute attention.
#pragma once

#include "core/scenario.h"

#include <optional>
#include <utility>
#include <vector>

namespace attn {

/// Everything one query head computed.
struct HeadTrace {
    int kv_head = 0;     ///< the K/V head this query head reads
    Matrix logits;       ///< (n_q, n_k) after scale, temperature and positional bias, before masking
    BoolMatrix visible;  ///< (n_q, n_k) true = may attend (every mask part combined)
    Matrix weights;      ///< (n_q, n_k) softmax over the visible keys of each row; rows sum to 1
                         ///< (less than 1 with a sink)
    Matrix output;       ///< (n_q, d_v) weights · V of this head's K/V head
    Vector sink_weights; ///< (n_q) the share of each row the attention sink took; empty without sinks
};

/// One logit of the trace: query head, query row, key.
struct LogitIndex {
    int head = 0;
    Index row = 0;
    Index key = 0;
    bool operator==(const LogitIndex &) const = default;
};

/// How far a reduced-precision trace is from the float64 one: the largest |difference| over
/// every entry (NaN against NaN counts 0, NaN against a number makes the maximum NaN).
struct PrecisionError {
    double weights = 0.0; ///< over every head's (n_q, n_k) weights
    double output = 0.0;  ///< over the (n_q, H_q·d_v) output
};

/// The full result of one attention call.
struct AttentionTrace {
    Shapes shapes;
    double scale = 1.0;                        ///< scale actually applied to the raw scores
    std::vector<std::int64_t> query_positions; ///< (n_q) positions used by masks and positional schemes
    std::vector<std::int64_t> key_positions;   ///< (n_k)
    std::vector<HeadTrace> heads;              ///< (H_q) one per query head, never an average
    Matrix output;                             ///< (n_q, H_q·d_v) heads concatenated in order
    std::vector<std::pair<int, Index>> fully_masked_rows; ///< (head, query row) with no visible key
    KernelKind kernel = KernelKind::Naive;
    Precision dtype = Precision::Float64; ///< the storage type simulated (core/lowprecision.h)
    /// With a reduced dtype: the logits (masked ones included) that are ±∞ or NaN in the dtype
    /// although the float64 logit is finite (beyond the dtype's largest value), head-major.
    std::vector<LogitIndex> overflowed_logits;
    /// With a reduced dtype: the distance of weights and output from the float64 trace.
    std::optional<PrecisionError> error_vs_float64;
};

/// Computes softmax attention (Vaswani et al. 2017, §3.2) for every query head of `scenario`:
///   logits = scale · score(q_i, k_j) / temperature (+ positional bias), then capped by softcap,
///   weights_ij = exp(logits_ij − m_i) / (exp(s_h − m_i) + Σ_visible exp(logits_ij' − m_i)),
///   m_i the row maximum (the sink s_h included), the sink term only with sinks,
///   output_i = Σ_{visible j, weights_ij > 0} weights_ij · v_j.
/// With a dtype other than float64 the whole trace is that of the simulation in that type
/// (core/lowprecision.h: attendInDType) and reports its overflowed logits and its distance from
/// the float64 trace; only the naive kernel simulates it.
/// Masked keys are excluded from the sum, never offset by a large constant, so a NaN or Inf in
/// a masked key or value never reaches a visible output.
/// `scenario.kernel` computes the output (core/kernels/registry.h): naive materialises the
/// weights; tiled and windowed (exact softmax) return each row's maximum m and sum l, from
/// which the trace's weights are exp(logit − m) / l on visible entries (never through
/// log-sum-exp m + log l, which loses the digits of log l at large logits); linear
/// (φ = elu + 1, not softmax) fills the weights from its plain reference. The logits are always
/// the scenario's scores, formed by computeLogits() (scale and temperature by LogitScale).
/// Throws ScenarioError when the scenario is invalid, when the kernel refuses it (field
/// "kernel"), when a trace would need more than 1 GiB (field "shapes"), when a visible logit
/// overflows to ±∞ or NaN from finite inputs under a softmax kernel (field "logits", naming the
/// stage: RoPE, the score, scale · score / temperature or the ALiBi bias), or when a row has no
/// visible key under the "error" policy (field "mask"; with sinks such a row is defined and
/// not refused).
AttentionTrace attend(const Scenario &scenario);

/// Bytes the trace of `shapes` needs (logits, weights, visibility, outputs); used to refuse
/// impossible sizes before allocating.
std::size_t traceBytes(const Shapes &shapes);

} // namespace attn
