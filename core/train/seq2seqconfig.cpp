#include "core/train/seq2seqconfig.h"

#include <stdexcept>

namespace attn::train {

namespace {

void requireRange(const char *field, int value, int lo, int hi)
{
    if (value < lo || value > hi)
        throw std::invalid_argument(std::string(field) + " must be from " + std::to_string(lo) + " to " +
                                    std::to_string(hi) + ", got " + std::to_string(value));
}

} // namespace

void validate(const Seq2SeqConfig &c)
{
    requireRange("vocab_size", c.vocab_size, 2, 65536);
    requireRange("embed_dim", c.embed_dim, 1, 4096);
    requireRange("hidden", c.hidden, 1, 4096);
    requireRange("local_window", c.local_window, 0, 4096);
    requireRange("bos_token", c.bos_token, 0, c.vocab_size - 1);
    if (!c.attention && c.local_window != 0)
        throw std::invalid_argument("local_window needs attention (the no-attention baseline has no window)");
}

std::vector<ParameterSpec> parameterSpecs(const Seq2SeqConfig &c)
{
    const Index V = c.vocab_size, E = c.embed_dim, H = c.hidden, K = c.stateSize();
    std::vector<ParameterSpec> specs;
    specs.push_back({"source_embed.weight", {V, E}, false});
    specs.push_back({"target_embed.weight", {V, E}, false});
    const auto gru = [&specs](const std::string &p, Index input, Index hidden) {
        specs.push_back({p + ".weight_ih", {3 * hidden, input}, true});
        specs.push_back({p + ".weight_hh", {3 * hidden, hidden}, true});
        specs.push_back({p + ".bias_ih", {3 * hidden}, false});
        specs.push_back({p + ".bias_hh", {3 * hidden}, false});
    };
    gru("encoder", E, H);
    if (c.bidirectional) gru("encoder_reverse", E, H);
    specs.push_back({"bridge.weight", {K, K}, true});
    specs.push_back({"bridge.bias", {K}, false});
    gru("decoder", c.bahdanauDecoder() ? E + K : E, K);
    if (c.attention) {
        if (c.score == ScoreKind::Additive) {
            specs.push_back({"attention.W_a", {K, K}, true});
            specs.push_back({"attention.U_a", {K, K}, true});
            specs.push_back({"attention.v_a", {K}, false});
        } else if (c.score == ScoreKind::General) {
            specs.push_back({"attention.W_a", {K, K}, true});
        }
        if (c.local_window > 0) {
            specs.push_back({"attention.W_p", {K, K}, true});
            specs.push_back({"attention.v_p", {K}, false});
        }
    }
    if (!c.bahdanauDecoder()) {
        specs.push_back({"combine.weight", {K, 2 * K}, true});
        specs.push_back({"combine.bias", {K}, false});
    }
    specs.push_back({"output.weight", {V, c.bahdanauDecoder() ? 2 * K : K}, true});
    specs.push_back({"output.bias", {V}, false});
    return specs;
}

const char *toString(ScoreKind kind)
{
    switch (kind) {
    case ScoreKind::Additive: return "additive";
    case ScoreKind::Dot: return "dot";
    case ScoreKind::General: return "general";
    }
    return "?";
}

std::optional<ScoreKind> scoreFromName(const std::string &name)
{
    for (ScoreKind k : {ScoreKind::Additive, ScoreKind::Dot, ScoreKind::General})
        if (name == toString(k)) return k;
    return std::nullopt;
}

std::string describe(const Seq2SeqConfig &c)
{
    std::string s = c.bidirectional ? "bidirectional GRU" : "GRU";
    if (!c.attention) return s + ", no attention";
    s += ", ";
    s += toString(c.score);
    if (c.local_window > 0)
        s += ", local-p D=" + std::to_string(c.local_window);
    else
        s += ", global";
    return s;
}

} // namespace attn::train
