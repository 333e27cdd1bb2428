#include "core/train/headscenario.h"

#include <stdexcept>

namespace attn::train {

namespace {

const NamedTensor &tensorNamed(const std::vector<NamedTensor> &weights, const std::string &name)
{
    for (const NamedTensor &t : weights)
        if (t.name == name) return t;
    throw std::invalid_argument("the weights have no tensor " + name);
}

/// Columns [first, first + count) of a row-major (rows, cols) tensor.
Matrix columns(const NamedTensor &t, Index first, Index count)
{
    const Index rows = t.shape.at(0), cols = t.shape.at(1);
    Matrix m(rows, count);
    for (Index r = 0; r < rows; ++r)
        for (Index c = 0; c < count; ++c) m(r, c) = t.data[static_cast<std::size_t>(r * cols + first + c)];
    return m;
}

/// Rows [first, first + count) of a row-major (rows, cols) tensor.
Matrix rows(const NamedTensor &t, Index first, Index count)
{
    const Index cols = t.shape.at(1);
    Matrix m(count, cols);
    for (Index r = 0; r < count; ++r)
        for (Index c = 0; c < cols; ++c) m(r, c) = t.data[static_cast<std::size_t>((first + r) * cols + c)];
    return m;
}

} // namespace

Scenario headScenario(const ModelConfig &config, const std::vector<NamedTensor> &weights,
                      const ProbeTrace &trace, int layer, int head, const std::vector<std::string> &tokens,
                      const std::string &title)
{
    if (layer < 0 || layer >= config.num_layers)
        throw std::invalid_argument("layer must be from 0 to " + std::to_string(config.num_layers - 1) +
                                    ", got " + std::to_string(layer));
    if (head < 0 || head >= config.num_heads)
        throw std::invalid_argument("head must be from 0 to " + std::to_string(config.num_heads - 1) +
                                    ", got " + std::to_string(head));
    if (trace.inputs.size() != static_cast<std::size_t>(config.num_layers) ||
        trace.inputs[static_cast<std::size_t>(layer)].cols() != config.d_model)
        throw std::invalid_argument("the trace does not come from this model");
    const Index T = trace.seq_len;
    if (!tokens.empty() && static_cast<Index>(tokens.size()) != T)
        throw std::invalid_argument("the probe has " + std::to_string(T) + " tokens but " +
                                    std::to_string(tokens.size()) + " labels");
    const std::string prefix = "layers." + std::to_string(layer) + ".attn.";
    const Index hd = config.head_dim;
    const Index first = static_cast<Index>(head) * hd;

    Scenario s;
    s.title = title;
    s.query_tokens = tokens;
    s.key_tokens = tokens;
    Projection p;
    p.X = trace.inputs[static_cast<std::size_t>(layer)];              // (T, d_model)
    p.W_q = columns(tensorNamed(weights, prefix + "W_q"), first, hd); // (d_model, head_dim)
    p.W_k = columns(tensorNamed(weights, prefix + "W_k"), first, hd); // (d_model, head_dim)
    p.W_v = columns(tensorNamed(weights, prefix + "W_v"), first, hd); // (d_model, head_dim)
    s.projection = std::move(p);
    s.W_o = rows(tensorNamed(weights, prefix + "W_o"), first, hd); // (head_dim, d_model)
    s.num_query_heads = 1;
    s.num_kv_heads = 1;
    s.score = ScoreKind::ScaledDot;
    s.mask.causal = true;
    if (config.positional == PositionalKind::Rope) {
        s.positional.kind = attn::PositionalKind::Rope;
        s.positional.rope_base = config.rope_base;
        s.positional.rope_layout = RopeLayout::HalfSplit;
    }
    project(s); // Q, K, V as the products
    return s;
}

} // namespace attn::train
