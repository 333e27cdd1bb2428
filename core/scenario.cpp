#include "core/scenario.h"

#include "core/mask.h"

#include <cmath>
#include <sstream>

namespace attn {

namespace {

/// Messages are one line whatever a file contained: control characters become spaces.
std::string oneLine(std::string text)
{
    for (char &c : text) {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
    }
    return text;
}

std::string number(double x)
{
    std::ostringstream out;
    out << x;
    return out.str();
}

} // namespace

ScenarioError::ScenarioError(std::string field, const std::string &message)
    : std::runtime_error(oneLine(field + ": " + message)), m_field(std::move(field))
{
}

namespace {

/// The largest |position| and window side: 2^53.
constexpr std::int64_t kMaxPosition = std::int64_t{1} << 53;

[[noreturn]] void fail(const std::string &field, const std::string &message)
{
    throw ScenarioError(field, message);
}

std::string str(Index v)
{
    return std::to_string(v);
}

void checkShape(const std::string &field, const Matrix &m, Index rows, Index cols)
{
    if (m.rows() != rows || m.cols() != cols) {
        fail(field,
             "is " + str(m.rows()) + "×" + str(m.cols()) + ", expected " + str(rows) + "×" + str(cols));
    }
}

void checkShape(const std::string &field, const BoolMatrix &m, Index rows, Index cols)
{
    if (m.rows() != rows || m.cols() != cols) {
        fail(field, "is " + str(m.rows()) + "×" + str(m.cols()) + ", expected " + str(rows) + "×" +
                        str(cols) + " (n_q × n_k)");
    }
}

void checkLabels(const std::string &field, const std::vector<std::string> &labels, Index n, const char *count)
{
    if (!labels.empty() && static_cast<Index>(labels.size()) != n) {
        fail(field,
             "has " + str(static_cast<Index>(labels.size())) + " labels but " + count + " = " + str(n));
    }
}

/// Document ids: `document_ids` alone (n_q = n_k), or query and key ids together.
void checkDocuments(const MaskSpec &mask, const Shapes &shapes)
{
    const auto count = [](const std::vector<std::int64_t> &ids) { return static_cast<Index>(ids.size()); };
    const bool shared = !mask.document_ids.empty();
    const bool query = !mask.query_document_ids.empty();
    const bool key = !mask.key_document_ids.empty();
    if (shared && (query || key)) {
        fail(query ? "mask.query_document_ids" : "mask.key_document_ids",
             "is given together with mask.document_ids; give document_ids (queries and keys alike) or "
             "query_document_ids and key_document_ids");
    }
    if (shared && count(mask.document_ids) != shapes.n_k) {
        fail("mask.document_ids", "has " + str(count(mask.document_ids)) +
                                      " entries but n_k = " + str(shapes.n_k) + " (one per position)");
    }
    if (shared && shapes.n_q != shapes.n_k) {
        fail("mask.document_ids", "serves queries and keys alike, but n_q = " + str(shapes.n_q) +
                                      " differs from n_k = " + str(shapes.n_k) +
                                      "; give query_document_ids and key_document_ids");
    }
    if (query != key) {
        fail(query ? "mask.key_document_ids" : "mask.query_document_ids",
             std::string("is missing: query_document_ids and key_document_ids come together"));
    }
    if (query && count(mask.query_document_ids) != shapes.n_q) {
        fail("mask.query_document_ids",
             "has " + str(count(mask.query_document_ids)) + " entries but n_q = " + str(shapes.n_q));
    }
    if (key && count(mask.key_document_ids) != shapes.n_k) {
        fail("mask.key_document_ids",
             "has " + str(count(mask.key_document_ids)) + " entries but n_k = " + str(shapes.n_k));
    }
}

} // namespace

Shapes validate(const Scenario &s)
{
    Shapes shapes;

    // 1. Heads.
    if (s.num_query_heads < 1 || s.num_kv_heads < 1) {
        fail("heads", "query " + std::to_string(s.num_query_heads) + " and kv " +
                          std::to_string(s.num_kv_heads) + " must both be at least 1");
    }
    if (s.num_query_heads % s.num_kv_heads != 0) {
        fail("heads", "query heads " + std::to_string(s.num_query_heads) + " is not a multiple of kv heads " +
                          std::to_string(s.num_kv_heads));
    }
    shapes.num_query_heads = s.num_query_heads;
    shapes.num_kv_heads = s.num_kv_heads;
    const Index hq = s.num_query_heads;
    const Index hkv = s.num_kv_heads;

    // 2. V fixes n_k and d_v.
    if (s.value.rows() == 0 || s.value.cols() == 0) {
        fail("V", "is missing or empty (" + str(s.value.rows()) + "×" + str(s.value.cols()) + ")");
    }
    shapes.n_k = s.value.rows();
    if (s.value.cols() % hkv != 0) {
        fail("V", "has " + str(s.value.cols()) + " columns, not a multiple of kv heads " + str(hkv));
    }
    shapes.d_v = s.value.cols() / hkv;

    // 3. Q and K, or raw scores.
    const bool haveQ = s.query.size() > 0;
    const bool haveK = s.key.size() > 0;
    if (s.scores.empty()) {
        if (!haveQ) fail("Q", "is missing (give Q and K, or a scores matrix)");
        if (!haveK) fail("K", "is missing (give Q and K, or a scores matrix)");
    }
    if (haveQ != haveK) {
        fail(haveQ ? "K" : "Q", "is missing: Q and K come together");
    }
    if (haveQ) {
        if (s.query.cols() % hq != 0) {
            fail("Q", "has " + str(s.query.cols()) + " columns, not a multiple of query heads " + str(hq));
        }
        if (s.key.cols() % hkv != 0) {
            fail("K", "has " + str(s.key.cols()) + " columns, not a multiple of kv heads " + str(hkv));
        }
        const Index dkQ = s.query.cols() / hq;
        const Index dkK = s.key.cols() / hkv;
        if (dkQ != dkK) {
            fail("K", "has d_k = " + str(dkK) + " per head (" + str(s.key.cols()) +
                          " columns) but Q has d_k = " + str(dkQ) + " (" + str(s.query.cols()) + " columns)");
        }
        if (s.key.rows() != shapes.n_k) {
            fail("K",
                 "has " + str(s.key.rows()) + " rows but V has " + str(shapes.n_k) + " (one value per key)");
        }
        shapes.n_q = s.query.rows();
        shapes.d_k = dkQ;
    }
    if (!s.scores.empty()) {
        const Index count = static_cast<Index>(s.scores.size());
        if (count != 1 && count != hq) {
            fail("scores",
                 "has " + str(count) + " matrices; give 1 (shared) or one per query head (" + str(hq) + ")");
        }
        const Index nq = haveQ ? shapes.n_q : s.scores.front().rows();
        for (const Matrix &m : s.scores) checkShape("scores", m, nq, shapes.n_k);
        shapes.n_q = nq;
    }
    if (shapes.n_q == 0) fail("Q", "has no rows (n_q = 0)");

    // 3b. Projections: Q, K and V must be the products of what they are computed from.
    if (s.projection) {
        if (!s.scores.empty())
            fail("scores", "cannot be given with X: the scores are computed from X·W_q and X·W_k");
        const Projection &p = *s.projection;
        if (p.X.rows() != shapes.n_q || s.query.rows() != p.X.rows()) {
            fail("X", "has " + str(p.X.rows()) + " rows but Q has " + str(s.query.rows()) +
                          ": Q = X·W_q was not recomputed");
        }
        if (p.keyValueInput().rows() != shapes.n_k) {
            fail(p.X_kv.size() > 0 ? "X_kv" : "X",
                 "has " + str(p.keyValueInput().rows()) + " rows but there are " + str(shapes.n_k) + " keys");
        }
    }
    checkOutputProjection(s, hq * shapes.d_v);

    // 4. Labels.
    checkLabels("query_tokens", s.query_tokens, shapes.n_q, "n_q");
    checkLabels("key_tokens", s.key_tokens, shapes.n_k, "n_k");

    // 5. Score options.
    if (s.score == ScoreKind::Additive) {
        if (!haveQ) fail("score", "additive scoring needs Q and K, not raw scores");
        if (!s.scores.empty())
            fail("score", "additive scoring computes the scores from Q and K; drop \"scores\"");
        if (!s.additive) fail("additive", "is missing: additive scoring needs W_q, W_k and v");
        const AdditiveParams &a = *s.additive;
        const Index h = a.v.size();
        if (h == 0) fail("additive", "v is empty");
        checkShape("additive.W_q", a.W_q, h, shapes.d_k);
        checkShape("additive.W_k", a.W_k, h, shapes.d_k);
    }
    if (s.scale && !std::isfinite(*s.scale))
        fail("scale", "must be a finite number, got " + number(*s.scale));
    if (s.scale && *s.scale == 0.0) {
        fail("scale", "must not be 0: every logit would be 0 and every weight 1/n_k whatever Q and K "
                      "hold; leave the scale unset for the default");
    }
    if (!(s.temperature > 0.0) || !std::isfinite(s.temperature)) {
        std::ostringstream out;
        out << "must be a finite number > 0, got " << s.temperature;
        fail("temperature", out.str());
    }
    if (s.softcap && (!(*s.softcap > 0.0) || !std::isfinite(*s.softcap))) {
        fail("softcap", "must be a finite number > 0 (logits ← c · tanh(logits / c)), got " +
                            number(*s.softcap) + "; leave the key out for no cap");
    }
    if (!s.sinks.empty() && static_cast<Index>(s.sinks.size()) != hq) {
        fail("sinks", "has " + str(static_cast<Index>(s.sinks.size())) + " logits but H_q = " + str(hq) +
                          " (one sink logit per query head)");
    }
    for (std::size_t h = 0; h < s.sinks.size(); ++h) {
        if (!std::isfinite(s.sinks[h]))
            fail("sinks",
                 "entry " + std::to_string(h) + " must be a finite number, got " + number(s.sinks[h]));
    }

    // 6. Positions and alignment.
    if (!s.query_positions.empty() && static_cast<Index>(s.query_positions.size()) != shapes.n_q) {
        fail("positions.query", "has " + str(static_cast<Index>(s.query_positions.size())) +
                                    " entries but n_q = " + str(shapes.n_q));
    }
    if (!s.key_positions.empty() && static_cast<Index>(s.key_positions.size()) != shapes.n_k) {
        fail("positions.key", "has " + str(static_cast<Index>(s.key_positions.size())) +
                                  " entries but n_k = " + str(shapes.n_k));
    }
    // Positions and window sides within ±2^53: exact as doubles (ALiBi's distances), and every
    // difference and bound (pos_q − left, max pos_k − n_q) far inside 64-bit integers.
    const auto checkRange = [](const std::string &field, const std::vector<std::int64_t> &positions) {
        for (std::size_t i = 0; i < positions.size(); ++i) {
            if (positions[i] < -kMaxPosition || positions[i] > kMaxPosition) {
                fail(field, "entry " + std::to_string(i) + " is " + std::to_string(positions[i]) +
                                ", beyond ±" + std::to_string(kMaxPosition) + " (2^53)");
            }
        }
    };
    checkRange("positions.query", s.query_positions);
    checkRange("positions.key", s.key_positions);

    // 7. Mask parts.
    if (!s.mask.key_padding.empty() && static_cast<Index>(s.mask.key_padding.size()) != shapes.n_k) {
        fail("mask.key_padding", "has " + str(static_cast<Index>(s.mask.key_padding.size())) +
                                     " entries but n_k = " + str(shapes.n_k));
    }
    if (!s.mask.visible.empty()) {
        const Index count = static_cast<Index>(s.mask.visible.size());
        if (count != 1 && count != hq) {
            fail("mask.visible",
                 "has " + str(count) + " matrices; give 1 (shared) or one per query head (" + str(hq) + ")");
        }
        for (const BoolMatrix &m : s.mask.visible) checkShape("mask.visible", m, shapes.n_q, shapes.n_k);
    }
    checkDocuments(s.mask, shapes);
    if (s.mask.prefix_length) {
        const std::int64_t p = *s.mask.prefix_length;
        if (p < 0 || p > kMaxPosition) {
            fail("mask.prefix_length", "must be between 0 and " + std::to_string(kMaxPosition) +
                                           " (2^53), got " + std::to_string(p));
        }
        if (!s.mask.causal) {
            fail("mask.prefix_length", "exempts the prefix from the causal mask, but causal is not set; "
                                       "set \"causal\": true or leave the key out");
        }
    }
    if (s.mask.window) {
        const auto checkSide = [](const std::string &field, const std::optional<std::int64_t> &side) {
            if (side && *side < 0) fail(field, "must be ≥ 0, got " + std::to_string(*side));
            if (side && *side > kMaxPosition) {
                fail(field, "must be at most " + std::to_string(kMaxPosition) + " (2^53), got " +
                                std::to_string(*side));
            }
        };
        checkSide("mask.window.left", s.mask.window->left);
        checkSide("mask.window.right", s.mask.window->right);
    }

    // 8. Positional scheme.
    if (s.positional.kind == PositionalKind::Rope) {
        if (!haveQ || !s.scores.empty()) {
            fail("positional", "RoPE rotates Q and K; it cannot apply to raw scores (drop \"scores\")");
        }
        if (shapes.d_k % 2 != 0) {
            fail("positional", "RoPE needs an even d_k, got d_k = " + str(shapes.d_k));
        }
        if (!(s.positional.rope_base > 1.0) || !std::isfinite(s.positional.rope_base)) {
            fail("positional.rope_base",
                 "must be a finite number > 1, got " + number(s.positional.rope_base));
        }
    }
    if (s.positional.rotary_dim) {
        const Index r = *s.positional.rotary_dim;
        if (s.positional.kind != PositionalKind::Rope) {
            fail("positional.rotary_dim",
                 std::string("applies to RoPE, but kind is \"") + toString(s.positional.kind) + "\"");
        }
        if (r < 2 || r % 2 != 0) {
            fail("positional.rotary_dim",
                 "must be an even number ≥ 2 (features rotate in pairs), got " + str(r));
        }
        if (r > shapes.d_k) {
            fail("positional.rotary_dim", "is " + str(r) + " but d_k = " + str(shapes.d_k) +
                                              ": at most d_k features of a head can rotate");
        }
    }
    if (s.positional.kind == PositionalKind::Alibi && !s.positional.alibi_slopes.empty() &&
        static_cast<Index>(s.positional.alibi_slopes.size()) != hq) {
        fail("positional.alibi_slopes", "has " + str(static_cast<Index>(s.positional.alibi_slopes.size())) +
                                            " slopes but there are " + str(hq) + " query heads");
    }
    for (std::size_t h = 0; h < s.positional.alibi_slopes.size(); ++h) {
        if (!std::isfinite(s.positional.alibi_slopes[h])) {
            fail("positional.alibi_slopes", "slope " + std::to_string(h) + " must be a finite number, got " +
                                                number(s.positional.alibi_slopes[h]));
        }
    }

    // 9. Kernel options.
    if (s.tile.query < 1 || s.tile.key < 1) {
        fail("tile", "sizes must be ≥ 1, got query " + str(s.tile.query) + ", key " + str(s.tile.key));
    }

    // 10. Last, because it is only a missing choice: where queries sit when n_q ≠ n_k.
    if (shapes.n_q != shapes.n_k && usesPositions(s) && s.query_positions.empty() &&
        s.alignment == Alignment::Unspecified) {
        fail("alignment", "is required: n_q = " + str(shapes.n_q) + " differs from n_k = " + str(shapes.n_k) +
                              " and the mask or positional scheme depends on positions; "
                              "set \"top_left\" or \"bottom_right\" or explicit positions");
    }
    return shapes;
}

double effectiveScale(const Scenario &s, const Shapes &shapes)
{
    if (s.scale) return *s.scale;
    if (s.score == ScoreKind::ScaledDot && s.scores.empty() && shapes.d_k > 0) {
        return 1.0 / std::sqrt(static_cast<double>(shapes.d_k));
    }
    return 1.0;
}

Index rotaryDimFor(const Scenario &s, const Shapes &shapes)
{
    return s.positional.rotary_dim ? *s.positional.rotary_dim : shapes.d_k;
}

const char *toString(ScoreKind kind)
{
    switch (kind) {
    case ScoreKind::ScaledDot: return "scaled_dot";
    case ScoreKind::Dot: return "dot";
    case ScoreKind::Additive: return "additive";
    }
    return "?";
}

const char *toString(Alignment alignment)
{
    switch (alignment) {
    case Alignment::Unspecified: return "unspecified";
    case Alignment::TopLeft: return "top_left";
    case Alignment::BottomRight: return "bottom_right";
    }
    return "?";
}

const char *toString(MaskedRowPolicy policy)
{
    switch (policy) {
    case MaskedRowPolicy::Zero: return "zero";
    case MaskedRowPolicy::NaN: return "nan";
    case MaskedRowPolicy::Uniform: return "uniform";
    case MaskedRowPolicy::Error: return "error";
    }
    return "?";
}

const char *toString(PositionalKind kind)
{
    switch (kind) {
    case PositionalKind::None: return "none";
    case PositionalKind::Rope: return "rope";
    case PositionalKind::Alibi: return "alibi";
    }
    return "?";
}

const char *toString(RopeLayout layout)
{
    switch (layout) {
    case RopeLayout::HalfSplit: return "half_split";
    case RopeLayout::Interleaved: return "interleaved";
    }
    return "?";
}

const char *toString(KernelKind kind)
{
    switch (kind) {
    case KernelKind::Naive: return "naive";
    case KernelKind::Tiled: return "tiled";
    case KernelKind::Windowed: return "windowed";
    case KernelKind::Linear: return "linear";
    }
    return "?";
}

} // namespace attn
