#include "core/train/modelconfig.h"

#include <stdexcept>

namespace attn::train {

const char *toString(DType dtype)
{
    return dtype == DType::Float32 ? "float32" : "float64";
}

const char *toString(PositionalKind kind)
{
    return kind == PositionalKind::Rope ? "rope" : "learned";
}

namespace {

void requireRange(const char *field, long long value, long long lo, long long hi)
{
    if (value < lo || value > hi)
        throw std::invalid_argument(std::string(field) + " must be from " + std::to_string(lo) + " to " +
                                    std::to_string(hi) + ", got " + std::to_string(value));
}

} // namespace

void validate(const ModelConfig &c)
{
    requireRange("vocab_size", c.vocab_size, 2, 1000000);
    requireRange("n_ctx", c.n_ctx, 1, 4096);
    requireRange("d_model", c.d_model, 1, 4096);
    requireRange("num_layers", c.num_layers, 1, 4);
    requireRange("num_heads", c.num_heads, 1, 64);
    requireRange("head_dim", c.head_dim, 1, 1024);
    requireRange("d_mlp", c.d_mlp, 0, 65536);
    if (c.positional == PositionalKind::Rope && c.head_dim % 2 != 0)
        throw std::invalid_argument("head_dim must be even with RoPE (features turn in pairs), got " +
                                    std::to_string(c.head_dim));
    if (!(c.rope_base > 1.0)) throw std::invalid_argument("rope_base must be greater than 1");
    if (!(c.layer_norm_eps > 0.0)) throw std::invalid_argument("layer_norm_eps must be positive");
}

std::vector<ParameterSpec> parameterSpecs(const ModelConfig &c)
{
    const Index d = c.d_model;
    const Index hd = static_cast<Index>(c.num_heads) * c.head_dim;
    const Index V = c.vocab_size;
    std::vector<ParameterSpec> specs;
    specs.push_back({"embed.weight", {V, d}, false});
    if (c.positional == PositionalKind::Learned) specs.push_back({"pos_embed.weight", {c.n_ctx, d}, false});
    for (int l = 0; l < c.num_layers; ++l) {
        const std::string p = "layers." + std::to_string(l) + ".";
        if (c.layer_norm) {
            specs.push_back({p + "ln1.weight", {d}, false});
            specs.push_back({p + "ln1.bias", {d}, false});
        }
        specs.push_back({p + "attn.W_q", {d, hd}, true});
        specs.push_back({p + "attn.W_k", {d, hd}, true});
        specs.push_back({p + "attn.W_v", {d, hd}, true});
        specs.push_back({p + "attn.W_o", {hd, d}, true});
        if (c.mlp) {
            if (c.layer_norm) {
                specs.push_back({p + "ln2.weight", {d}, false});
                specs.push_back({p + "ln2.bias", {d}, false});
            }
            specs.push_back({p + "mlp.W_in", {d, c.mlpWidth()}, true});
            specs.push_back({p + "mlp.b_in", {c.mlpWidth()}, false});
            specs.push_back({p + "mlp.W_out", {c.mlpWidth(), d}, true});
            specs.push_back({p + "mlp.b_out", {d}, false});
        }
    }
    if (c.layer_norm) {
        specs.push_back({"ln_final.weight", {d}, false});
        specs.push_back({"ln_final.bias", {d}, false});
    }
    specs.push_back({"unembed.weight", {d, V}, true});
    return specs;
}

} // namespace attn::train
