// The scenario: everything needed to compute one attention (tensors, options, labels).
// Plain data and its validation; no I/O. The JSON form is described in the design map, §2.
#pragma once

#include "core/precision.h"
#include "core/projection.h"
#include "core/tensor.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace attn {

/// How a query and a key are turned into a score (logit).
enum class ScoreKind {
    ScaledDot, ///< q·k / √d_k (Vaswani et al. 2017, §3.2.1)
    Dot,       ///< q·k (Luong et al. 2015, §3.1)
    Additive,  ///< vᵀ tanh(W_q q + W_k k) (Bahdanau et al. 2015, §3.1)
};

/// Where query i sits among the keys when n_q ≠ n_k and no explicit positions are given.
enum class Alignment {
    Unspecified, ///< only allowed when n_q = n_k or nothing depends on positions
    TopLeft, ///< query i at min pos_k + i: the first query meets the first key (i for keys 0 … n_k − 1)
    BottomRight, ///< query i at max pos_k − (n_q − 1 − i): the last query meets the last key
                 ///< (i + n_k − n_q for keys 0 … n_k − 1)
};

/// What a query row with no visible key gets.
enum class MaskedRowPolicy {
    Zero,    ///< weights 0, output 0, row reported (default)
    NaN,     ///< weights NaN, output NaN, row reported
    Uniform, ///< weights 1/n_k over every key, masked ones included (what a large negative
             ///< offset does), row reported
    Error,   ///< the computation fails with a ScenarioError naming head and row
};

enum class PositionalKind { None, Rope, Alibi };
enum class RopeLayout { HalfSplit, Interleaved };

/// Which kernel computes the attention. Every kernel equals Naive within fp tolerance on
/// every scenario it accepts.
enum class KernelKind { Naive, Tiled, Windowed, Linear };

/// Parameters of additive scoring a(q, k) = vᵀ tanh(W_q q + W_k k).
struct AdditiveParams {
    Matrix W_q; ///< (h, d_k)
    Matrix W_k; ///< (h, d_k)
    Vector v;   ///< (h)
};

/// A local window: key j is visible to query i only if pos_q − left ≤ pos_k ≤ pos_q + right.
/// Bounds are inclusive; an empty optional is unbounded on that side.
struct Window {
    std::optional<std::int64_t> left;
    std::optional<std::int64_t> right;
};

/// Every part of the mask; all parts combine with AND.
struct MaskSpec {
    bool causal = false;             ///< key j visible only if pos_k(j) ≤ pos_q(i)
    std::optional<Window> window;    ///< local window, see Window
    std::vector<bool> key_padding;   ///< (n_k) true = real token; empty = no padding
    std::vector<BoolMatrix> visible; ///< empty, one shared, or one per query head; each (n_q, n_k)
    MaskedRowPolicy all_masked_rows = MaskedRowPolicy::Zero;
    /// Document masks (attention-gym / FlexAttention's document mask): query i sees key j only
    /// if both belong to the same document. `document_ids` (n_k, with n_q = n_k) serves queries
    /// and keys alike; otherwise `query_document_ids` (n_q) and `key_document_ids` (n_k) come
    /// together. All empty = no document mask.
    std::vector<std::int64_t> document_ids;
    std::vector<std::int64_t> query_document_ids;
    std::vector<std::int64_t> key_document_ids;
    /// Prefix-LM (attention-gym's prefix_lm_causal; T5 and UniLM's prefix LM): with causal,
    /// keys at positions < prefix_length are exempt from the causal part, so the prefix is
    /// read bidirectionally: visible(i, j) = (pos_k ≤ pos_q or pos_k < p) and every other part.
    std::optional<std::int64_t> prefix_length;
};

/// Positional scheme acting on scores before softmax.
struct PositionalSpec {
    PositionalKind kind = PositionalKind::None;
    double rope_base = 10000.0;                     ///< RoPE θ base (Su et al. 2021, §3.4)
    RopeLayout rope_layout = RopeLayout::HalfSplit; ///< which feature pairs rotate together
    std::vector<double> alibi_slopes;               ///< (H_q) or empty for the standard slopes
    /// Partial rotary (GPT-NeoX's rotary_pct, Hugging Face's partial_rotary_factor): only the
    /// first r features of each head's q and k rotate, the layout pairing within them, at
    /// θ_i = pos · base^(−2i/r); even, 2 ≤ r ≤ d_k. Empty = d_k (every feature).
    std::optional<Index> rotary_dim;
};

/// Tile sizes of the tiled kernel.
struct TileSpec {
    Index query = 64; ///< B_r: query rows per tile
    Index key = 64;   ///< B_c: key rows per tile
};

/// One attention problem. Field names follow the scenario file (design map §2).
struct Scenario {
    std::string title;
    std::vector<std::string> query_tokens; ///< (n_q) labels or empty
    std::vector<std::string> key_tokens;   ///< (n_k) labels or empty

    Matrix query;               ///< Q (n_q, H_q·d_k); may be empty when raw scores are given
    Matrix key;                 ///< K (n_k, H_kv·d_k); may be empty when raw scores are given
    Matrix value;               ///< V (n_k, H_kv·d_v); always required
    std::vector<Matrix> scores; ///< empty, one shared, or one per query head; each (n_q, n_k)

    /// X and the W matrices Q, K and V are computed from (core/projection.h). When present,
    /// query, key and value hold their products (project() keeps them so) and scores is empty.
    std::optional<Projection> projection;
    Matrix W_o; ///< (H_q·d_v, d_out) output projection, or empty
    Matrix b_o; ///< (1, d_out) or empty

    int num_query_heads = 1; ///< H_q
    int num_kv_heads = 1;    ///< H_kv

    ScoreKind score = ScoreKind::ScaledDot;
    std::optional<AdditiveParams> additive; ///< required when score is Additive
    std::optional<double> scale;            ///< replaces the default scale
    double temperature = 1.0;               ///< > 0; logits = scale · score / temperature
    /// Logit softcapping (Gemma 2, Team Gemma 2024, §2): logits ← c · tanh(logits / c) after
    /// scale, temperature and positional bias, before masking; c > 0. Empty = no cap.
    std::optional<double> softcap;
    /// Attention sinks (gpt-oss; StreamingLLM, Xiao et al. 2024): one finite logit s_h per query
    /// head, an extra term exp(s_h) in the softmax denominator that carries no value, so a row's
    /// weights sum to less than 1. The sink logit is used as given (no scale, bias or cap).
    /// Empty = no sinks; otherwise (H_q).
    std::vector<double> sinks;

    Alignment alignment = Alignment::Unspecified;
    std::vector<std::int64_t> query_positions; ///< (n_q) or empty for the alignment's default; |p| ≤ 2^53
    std::vector<std::int64_t> key_positions;   ///< (n_k) or empty for 0 … n_k − 1; |p| ≤ 2^53

    MaskSpec mask;
    PositionalSpec positional;
    KernelKind kernel = KernelKind::Naive;
    TileSpec tile;
    /// The storage type simulated (core/lowprecision.h); Float64 is the exact path.
    Precision dtype = Precision::Float64;
};

/// An invalid scenario. `field()` names the scenario field at fault (e.g. "K", "heads");
/// `what()` is one line naming the field and the numbers involved.
class ScenarioError : public std::runtime_error {
public:
    ScenarioError(std::string field, const std::string &message);
    const std::string &field() const { return m_field; }

private:
    std::string m_field;
};

/// Checks every rule of the scenario format and returns the derived shapes.
/// Throws ScenarioError on the first problem found.
Shapes validate(const Scenario &scenario);

/// The scale applied to raw scores: the explicit `scale` if given; otherwise 1/√d_k for
/// ScaledDot with Q and K, and 1 for Dot, Additive and raw score matrices.
double effectiveScale(const Scenario &scenario, const Shapes &shapes);

/// The number of features RoPE rotates in each head: positional.rotary_dim, or d_k.
Index rotaryDimFor(const Scenario &scenario, const Shapes &shapes);

/// Stable names used by the scenario file, the command line and the views.
const char *toString(ScoreKind kind);
const char *toString(Alignment alignment);
const char *toString(MaskedRowPolicy policy);
const char *toString(PositionalKind kind);
const char *toString(RopeLayout layout);
const char *toString(KernelKind kind);

} // namespace attn
