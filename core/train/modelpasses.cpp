// The whole model's forward pass over one chunk of examples, and right below it the backward
// pass that inverts it layer by layer, in reverse order.
#include "core/train/causalattention.h"
#include "core/train/layers.h"
#include "core/train/modelchunk.h"

#include <algorithm>

namespace attn::train {

template <typename T>
Weights<T> bindWeights(const ModelConfig &c, const std::map<std::string, Index> &offsets, T *base)
{
    const auto at = [&](const std::string &name) -> T * {
        const auto it = offsets.find(name);
        return it == offsets.end() ? nullptr : base + it->second;
    };
    Weights<T> w;
    w.embed = at("embed.weight");
    w.pos = at("pos_embed.weight");
    for (int l = 0; l < c.num_layers; ++l) {
        const std::string p = "layers." + std::to_string(l) + ".";
        LayerWeights<T> lw;
        lw.ln1_w = at(p + "ln1.weight");
        lw.ln1_b = at(p + "ln1.bias");
        lw.W_q = at(p + "attn.W_q");
        lw.W_k = at(p + "attn.W_k");
        lw.W_v = at(p + "attn.W_v");
        lw.W_o = at(p + "attn.W_o");
        lw.ln2_w = at(p + "ln2.weight");
        lw.ln2_b = at(p + "ln2.bias");
        lw.W_in = at(p + "mlp.W_in");
        lw.b_in = at(p + "mlp.b_in");
        lw.W_out = at(p + "mlp.W_out");
        lw.b_out = at(p + "mlp.b_out");
        w.layers.push_back(lw);
    }
    w.lnf_w = at("ln_final.weight");
    w.lnf_b = at("ln_final.bias");
    w.unembed = at("unembed.weight");
    return w;
}

template <typename T>
Activations<T> layoutActivations(const ModelConfig &c, Index B, Index seqLen, Arena<T> &arena, bool gradients)
{
    const Index N = B * seqLen;
    const Index d = c.d_model;
    const Index C = static_cast<Index>(c.num_heads) * c.head_dim;
    const Index dm = c.mlpWidth();
    const Index V = c.vocab_size;
    constexpr Index kAlign = 64 / sizeof(T); // values per 64 bytes
    // Two walks over the same layout: the first counts, the second hands out pointers.
    Activations<T> a;
    for (int walk = 0; walk < 2; ++walk) {
        Index used = 0;
        const auto take = [&](Index n) -> T * {
            if (n == 0) return nullptr;
            T *p = walk == 1 ? arena.data() + used : nullptr;
            used += (n + kAlign - 1) / kAlign * kAlign;
            return p;
        };
        a = Activations<T>();
        a.embedded = take(N * d);
        T *resid = a.embedded;
        for (int l = 0; l < c.num_layers; ++l) {
            LayerActivations<T> la;
            if (c.layer_norm) {
                la.ln1 = take(N * d);
                la.ln1_mean = take(N);
                la.ln1_rstd = take(N);
            } else {
                la.ln1 = resid;
            }
            la.q = take(N * C);
            la.k = take(N * C);
            la.v = take(N * C);
            const bool rope = c.positional == PositionalKind::Rope;
            la.q_rot = rope ? take(N * C) : la.q;
            la.k_rot = rope ? take(N * C) : la.k;
            la.weights = take(gradients ? 0 : B * c.num_heads * seqLen * seqLen);
            la.z = take(N * C);
            la.attn_out = take(N * d);
            la.resid_mid = take(N * d);
            if (c.mlp) {
                if (c.layer_norm) {
                    la.ln2 = take(N * d);
                    la.ln2_mean = take(N);
                    la.ln2_rstd = take(N);
                } else {
                    la.ln2 = la.resid_mid;
                }
                la.mlp_pre = take(N * dm);
                la.mlp_act = take(N * dm);
                la.mlp_out = take(N * d);
                la.resid_out = take(N * d);
            } else {
                la.resid_out = la.resid_mid;
            }
            resid = la.resid_out;
            a.layers.push_back(la);
        }
        if (c.layer_norm) {
            a.lnf = take(N * d);
            a.lnf_mean = take(N);
            a.lnf_rstd = take(N);
        } else {
            a.lnf = resid;
        }
        a.logits = take(N * V);
        a.probs = take(gradients ? 0 : N * V);
        a.losses = take(gradients ? 0 : N);
        a.loss_weights = take(gradients ? 0 : N);
        a.size = used;
        if (walk == 0 && static_cast<Index>(arena.size()) < used)
            arena.resize(static_cast<std::size_t>(used));
    }
    return a;
}

template <typename T> void modelForward(ModelChunk<T> &chunk, const PassContext<T> &ctx)
{
    const ModelConfig &c = *ctx.config;
    const Weights<T> &W = ctx.weights;
    Activations<T> &a = chunk.acts;
    const Index B = chunk.count;
    const Index Tn = chunk.seqLen;
    const Index N = B * Tn;
    const Index d = c.d_model;
    const int H = c.num_heads;
    const Index hd = c.head_dim;
    const Index C = H * hd;
    const Index dm = c.mlpWidth();
    const Index V = c.vocab_size;
    const int *tokens = ctx.batch->tokens.data() + chunk.first * Tn;   // (B, T)
    const int *targets = ctx.batch->targets.data() + chunk.first * Tn; // (B, T)
    const std::uint8_t *mask = ctx.batch->loss_mask.data() + chunk.first * Tn;

    embeddingForward(a.embedded, tokens, W.embed, W.pos, N, Tn, d);
    const T *resid = a.embedded; // (N, d)
    for (int l = 0; l < c.num_layers; ++l) {
        LayerActivations<T> &L = a.layers[static_cast<std::size_t>(l)];
        const LayerWeights<T> &LW = W.layers[static_cast<std::size_t>(l)];
        if (c.layer_norm)
            layerNormForward(L.ln1, L.ln1_mean, L.ln1_rstd, resid, LW.ln1_w, LW.ln1_b, N, d,
                             c.layer_norm_eps);
        matmulForward(L.q, L.ln1, LW.W_q, static_cast<const T *>(nullptr), N, d, C);
        matmulForward(L.k, L.ln1, LW.W_k, static_cast<const T *>(nullptr), N, d, C);
        matmulForward(L.v, L.ln1, LW.W_v, static_cast<const T *>(nullptr), N, d, C);
        if (c.positional == PositionalKind::Rope) {
            ropeForward(L.q_rot, L.q, ctx.ropeCos, ctx.ropeSin, N, Tn, H, hd);
            ropeForward(L.k_rot, L.k, ctx.ropeCos, ctx.ropeSin, N, Tn, H, hd);
        }
        attentionForward(L.z, L.weights, L.q_rot, L.k_rot, L.v, B, Tn, H, hd);
        matmulForward(L.attn_out, L.z, LW.W_o, static_cast<const T *>(nullptr), N, C, d);
        residualForward(L.resid_mid, resid, L.attn_out, N * d);
        if (c.mlp) {
            if (c.layer_norm)
                layerNormForward(L.ln2, L.ln2_mean, L.ln2_rstd, L.resid_mid, LW.ln2_w, LW.ln2_b, N, d,
                                 c.layer_norm_eps);
            matmulForward(L.mlp_pre, L.ln2, LW.W_in, LW.b_in, N, d, dm);
            geluForward(L.mlp_act, L.mlp_pre, N * dm);
            matmulForward(L.mlp_out, L.mlp_act, LW.W_out, LW.b_out, N, dm, d);
            residualForward(L.resid_out, L.resid_mid, L.mlp_out, N * d);
        }
        resid = L.resid_out;
    }
    if (c.layer_norm)
        layerNormForward(a.lnf, a.lnf_mean, a.lnf_rstd, resid, W.lnf_w, W.lnf_b, N, d, c.layer_norm_eps);
    matmulForward(a.logits, a.lnf, W.unembed, static_cast<const T *>(nullptr), N, d, V);
    const double scored = ctx.scoredTotal > 0 ? ctx.scoredTotal : 1.0;
    for (Index r = 0; r < N; ++r) a.loss_weights[r] = mask[r] ? static_cast<T>(1.0 / scored) : T(0);
    crossEntropyForward(a.losses, a.probs, a.logits, targets, a.loss_weights, N, V);
    // The chunk's share of the mean loss, and its correct predictions (first largest logit).
    chunk.loss = 0.0;
    chunk.correct = 0;
    for (Index r = 0; r < N; ++r) {
        if (!mask[r]) continue;
        chunk.loss += static_cast<double>(a.loss_weights[r]) * static_cast<double>(a.losses[r]);
        const T *z = a.logits + r * V;
        if (std::max_element(z, z + V) - z == targets[r]) ++chunk.correct;
    }
}

template <typename T> void modelBackward(ModelChunk<T> &chunk, const PassContext<T> &ctx)
{
    const ModelConfig &c = *ctx.config;
    const Weights<T> &W = ctx.weights;
    const Weights<T> &G = chunk.gradWeights; // this chunk's parameter gradients
    const Activations<T> &a = chunk.acts;
    const Activations<T> &g = chunk.dacts; // gradients of the activations: same layout, same aliases
    std::fill(chunk.gradArena.begin(), chunk.gradArena.begin() + g.size, T(0));
    std::fill(chunk.grads.begin(), chunk.grads.end(), T(0));
    const Index B = chunk.count;
    const Index Tn = chunk.seqLen;
    const Index N = B * Tn;
    const Index d = c.d_model;
    const int H = c.num_heads;
    const Index hd = c.head_dim;
    const Index C = H * hd;
    const Index dm = c.mlpWidth();
    const Index V = c.vocab_size;
    const int *tokens = ctx.batch->tokens.data() + chunk.first * Tn;
    const int *targets = ctx.batch->targets.data() + chunk.first * Tn;
    const auto input = [&](int l) {
        return l == 0 ? a.embedded : a.layers[static_cast<std::size_t>(l - 1)].resid_out;
    };
    const auto dinput = [&](int l) {
        return l == 0 ? g.embedded : g.layers[static_cast<std::size_t>(l - 1)].resid_out;
    };

    crossEntropyBackward(g.logits, a.probs, targets, a.loss_weights, N, V);
    matmulBackward(g.lnf, G.unembed, static_cast<T *>(nullptr), g.logits, a.lnf, W.unembed, N, d, V);
    if (c.layer_norm) {
        layerNormBackward(dinput(c.num_layers), G.lnf_w, G.lnf_b, g.lnf, input(c.num_layers), W.lnf_w,
                          a.lnf_mean, a.lnf_rstd, N, d);
    }
    for (int l = c.num_layers - 1; l >= 0; --l) {
        const LayerActivations<T> &L = a.layers[static_cast<std::size_t>(l)];
        const LayerActivations<T> &dL = g.layers[static_cast<std::size_t>(l)];
        const LayerWeights<T> &LW = W.layers[static_cast<std::size_t>(l)];
        const LayerWeights<T> &LG = G.layers[static_cast<std::size_t>(l)];
        if (c.mlp) {
            residualBackward(dL.resid_mid, dL.mlp_out, dL.resid_out, N * d);
            matmulBackward(dL.mlp_act, LG.W_out, LG.b_out, dL.mlp_out, L.mlp_act, LW.W_out, N, dm, d);
            geluBackward(dL.mlp_pre, dL.mlp_act, L.mlp_pre, N * dm);
            matmulBackward(dL.ln2, LG.W_in, LG.b_in, dL.mlp_pre, L.ln2, LW.W_in, N, d, dm);
            if (c.layer_norm) {
                layerNormBackward(dL.resid_mid, LG.ln2_w, LG.ln2_b, dL.ln2, L.resid_mid, LW.ln2_w, L.ln2_mean,
                                  L.ln2_rstd, N, d);
            }
        }
        residualBackward(dinput(l), dL.attn_out, dL.resid_mid, N * d);
        matmulBackward(dL.z, LG.W_o, static_cast<T *>(nullptr), dL.attn_out, L.z, LW.W_o, N, C, d);
        attentionBackward(dL.q_rot, dL.k_rot, dL.v, dL.z, L.q_rot, L.k_rot, L.v, L.weights, B, Tn, H, hd);
        if (c.positional == PositionalKind::Rope) {
            ropeBackward(dL.q, dL.q_rot, ctx.ropeCos, ctx.ropeSin, N, Tn, H, hd);
            ropeBackward(dL.k, dL.k_rot, ctx.ropeCos, ctx.ropeSin, N, Tn, H, hd);
        }
        matmulBackward(dL.ln1, LG.W_q, static_cast<T *>(nullptr), dL.q, L.ln1, LW.W_q, N, d, C);
        matmulBackward(dL.ln1, LG.W_k, static_cast<T *>(nullptr), dL.k, L.ln1, LW.W_k, N, d, C);
        matmulBackward(dL.ln1, LG.W_v, static_cast<T *>(nullptr), dL.v, L.ln1, LW.W_v, N, d, C);
        if (c.layer_norm) {
            layerNormBackward(dinput(l), LG.ln1_w, LG.ln1_b, dL.ln1, input(l), LW.ln1_w, L.ln1_mean,
                              L.ln1_rstd, N, d);
        }
    }
    embeddingBackward(G.embed, G.pos, g.embedded, tokens, N, Tn, d);
}

#define ATTN_TRAIN_INSTANTIATE_PASSES(T)                                                                     \
    template Weights<T> bindWeights<T>(const ModelConfig &, const std::map<std::string, Index> &, T *);      \
    template Activations<T> layoutActivations<T>(const ModelConfig &, Index, Index, Arena<T> &, bool);       \
    template void modelForward<T>(ModelChunk<T> &, const PassContext<T> &);                                  \
    template void modelBackward<T>(ModelChunk<T> &, const PassContext<T> &);

ATTN_TRAIN_INSTANTIATE_PASSES(float)
ATTN_TRAIN_INSTANTIATE_PASSES(double)

} // namespace attn::train
