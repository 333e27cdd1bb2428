#include "core/train/seq2seqpasses.h"

#include <cmath>
#include <stdexcept>

namespace attn::train {

namespace {

template <typename T> using MatrixMap = Eigen::Map<RowMatrixT<T>>;
template <typename T> using VectorMap = Eigen::Map<ColVector<T>>;

template <typename T>
GruWeights<T> bindGru(const std::map<std::string, Index> &offsets, T *base, const std::string &prefix,
                      Index input, Index hidden)
{
    const auto at = [&](const char *name) { return base + offsets.at(prefix + name); };
    return {at(".weight_ih"), at(".weight_hh"), at(".bias_ih"), at(".bias_hh"), input, hidden};
}

/// Row `token` of an embedding table (V, E), as a column vector (E).
template <typename T> Eigen::Map<const ColVector<T>> embedding(const T *table, int token, Index E)
{
    return Eigen::Map<const ColVector<T>>(table + static_cast<Index>(token) * E, E);
}

} // namespace

template <typename T>
Seq2SeqWeights<T> bindSeq2SeqWeights(const Seq2SeqConfig &c, const std::map<std::string, Index> &offsets,
                                     T *base)
{
    const Index E = c.embed_dim, H = c.hidden, K = c.stateSize();
    const auto at = [&](const char *name) {
        const auto it = offsets.find(name);
        return it == offsets.end() ? nullptr : base + it->second;
    };
    Seq2SeqWeights<T> w;
    w.source_embed = at("source_embed.weight");
    w.target_embed = at("target_embed.weight");
    w.encoder = bindGru(offsets, base, "encoder", E, H);
    if (c.bidirectional) w.encoder_reverse = bindGru(offsets, base, "encoder_reverse", E, H);
    w.bridge_w = at("bridge.weight");
    w.bridge_b = at("bridge.bias");
    w.decoder = bindGru(offsets, base, "decoder", c.bahdanauDecoder() ? E + K : E, K);
    w.attention.W_a = at("attention.W_a");
    w.attention.U_a = at("attention.U_a");
    w.attention.v_a = at("attention.v_a");
    w.attention.W_p = at("attention.W_p");
    w.attention.v_p = at("attention.v_p");
    w.combine_w = at("combine.weight");
    w.combine_b = at("combine.bias");
    w.output_w = at("output.weight");
    w.output_b = at("output.bias");
    return w;
}

template <typename T>
double exampleForward(ExampleWork<T> &work, const Seq2SeqConfig &c, const Seq2SeqWeights<T> &w,
                      const Seq2SeqExample &ex, Decoding decoding, Index &correct)
{
    const Index S = static_cast<Index>(ex.source.size()), n = static_cast<Index>(ex.target.size());
    const Index E = c.embed_dim, H = c.hidden, K = c.stateSize(), V = c.vocab_size;
    const Index F = c.bahdanauDecoder() ? 2 * K : K;
    // 1. Encoder: left to right, and right to left when bidirectional.
    work.forward.resize(static_cast<std::size_t>(S));
    for (Index j = 0; j < S; ++j) {
        GruStep<T> &st = work.forward[static_cast<std::size_t>(j)];
        st.x = embedding(w.source_embed, ex.source[static_cast<std::size_t>(j)], E);
        if (j == 0)
            st.h_prev.setZero(H);
        else
            st.h_prev = work.forward[static_cast<std::size_t>(j - 1)].h;
        gruForward(w.encoder, st);
    }
    work.keys.resize(S, K);
    for (Index j = 0; j < S; ++j)
        work.keys.row(j).head(H) = work.forward[static_cast<std::size_t>(j)].h.transpose();
    work.summary.resize(K);
    work.summary.head(H) = work.forward[static_cast<std::size_t>(S - 1)].h;
    if (c.bidirectional) {
        work.reverse.resize(static_cast<std::size_t>(S));
        for (Index j = S - 1; j >= 0; --j) {
            GruStep<T> &st = work.reverse[static_cast<std::size_t>(j)];
            st.x = work.forward[static_cast<std::size_t>(j)].x;
            if (j == S - 1)
                st.h_prev.setZero(H);
            else
                st.h_prev = work.reverse[static_cast<std::size_t>(j + 1)].h;
            gruForward(w.encoder_reverse, st);
            work.keys.row(j).tail(H) = st.h.transpose();
        }
        work.summary.tail(H) = work.reverse[0].h; // h←_0 has read the whole source
    }
    // 2. The decoder's first state: s_0 = tanh(W_b m + b_b).
    work.s0 = (MatrixMap<T>(w.bridge_w, K, K) * work.summary + VectorMap<T>(w.bridge_b, K)).array().tanh();
    if (c.attention) attentionPrepare(c, w.attention, work.keys, work.projected);
    // 3. Decoder steps.
    const MatrixMap<T> Wo(w.output_w, V, F);
    const VectorMap<T> bo(w.output_b, V);
    work.steps.resize(static_cast<std::size_t>(n));
    double loss = 0.0;
    for (Index t = 0; t < n; ++t) {
        DecoderStep<T> &d = work.steps[static_cast<std::size_t>(t)];
        const ColVector<T> &sPrev = t == 0 ? work.s0 : work.steps[static_cast<std::size_t>(t - 1)].gru.h;
        if (t == 0)
            d.input = c.bos_token;
        else if (decoding == Decoding::TeacherForcing)
            d.input = ex.target[static_cast<std::size_t>(t - 1)];
        else
            work.steps[static_cast<std::size_t>(t - 1)].logits.maxCoeff(&d.input);
        const auto emb = embedding(w.target_embed, d.input, E); // (E)
        d.gru.h_prev = sPrev;
        if (c.bahdanauDecoder()) {
            // The state before the step asks: c_t from s_{t−1}; s_t = GRU([E y; c_t], s_{t−1}).
            if (c.attention) {
                d.attention.q = sPrev;
                attentionForward(c, w.attention, work.keys, work.projected, d.attention);
                d.context = d.attention.context;
            } else {
                d.context = work.summary;
            }
            d.gru.x.resize(E + K);
            d.gru.x << emb, d.context;
            gruForward(w.decoder, d.gru);
            d.features.resize(2 * K);
            d.features << d.gru.h, d.context;
        } else {
            // The state after the step asks: s_t = GRU(E y, s_{t−1}); h̃_t = tanh(W_c [c_t; s_t] + b_c).
            d.gru.x = emb;
            gruForward(w.decoder, d.gru);
            d.attention.q = d.gru.h;
            attentionForward(c, w.attention, work.keys, work.projected, d.attention);
            d.context = d.attention.context;
            ColVector<T> cs(2 * K);
            cs << d.context, d.gru.h;
            d.features =
                (MatrixMap<T>(w.combine_w, K, 2 * K) * cs + VectorMap<T>(w.combine_b, K)).array().tanh();
        }
        d.logits.noalias() = Wo * d.features;
        d.logits += bo;
        // Softmax and cross-entropy; the largest logit is subtracted first (same probabilities,
        // no overflow), and −log p_y = log Σ exp(z − max) − (z_y − max) stays exact.
        const T top = d.logits.maxCoeff();
        d.probs = (d.logits.array() - top).exp();
        const T sum = d.probs.sum();
        d.probs /= sum;
        const int y = ex.target[static_cast<std::size_t>(t)];
        loss += static_cast<double>(std::log(sum) - (d.logits[y] - top));
        Index best = 0;
        d.logits.maxCoeff(&best);
        if (best == y) ++correct;
    }
    return loss;
}

template <typename T>
void exampleBackward(ExampleWork<T> &work, const Seq2SeqConfig &c, const Seq2SeqWeights<T> &w,
                     const Seq2SeqWeights<T> &g, const Seq2SeqExample &ex, T lossWeight)
{
    const Index S = static_cast<Index>(ex.source.size()), n = static_cast<Index>(ex.target.size());
    const Index E = c.embed_dim, H = c.hidden, K = c.stateSize(), V = c.vocab_size;
    const Index F = c.bahdanauDecoder() ? 2 * K : K;
    work.dkeys.setZero(S, K);
    work.dprojected.setZero(work.projected.rows(), work.projected.cols());
    const MatrixMap<T> Wo(w.output_w, V, F);
    ColVector<T> ds = ColVector<T>::Zero(K);       // dLoss/ds_t from the steps after t
    ColVector<T> dsummary = ColVector<T>::Zero(K); // dLoss/dm
    // 3. Decoder steps, last to first.
    for (Index t = n - 1; t >= 0; --t) {
        const DecoderStep<T> &d = work.steps[static_cast<std::size_t>(t)];
        ColVector<T> dlogits = lossWeight * d.probs; // (V) w · (p − onehot(y))
        dlogits[ex.target[static_cast<std::size_t>(t)]] -= lossWeight;
        MatrixMap<T>(g.output_w, V, F).noalias() += dlogits * d.features.transpose();
        VectorMap<T>(g.output_b, V) += dlogits;
        const ColVector<T> dfeatures = Wo.transpose() * dlogits; // (F)
        ColVector<T> dsPrev = ColVector<T>::Zero(K);
        Eigen::Map<ColVector<T>> dembed(g.target_embed + static_cast<Index>(d.input) * E, E);
        if (c.bahdanauDecoder()) {
            const ColVector<T> dst = ds + dfeatures.head(K);
            ColVector<T> dcontext = dfeatures.tail(K);
            ColVector<T> dx = ColVector<T>::Zero(E + K);
            gruBackward(g.decoder, w.decoder, d.gru, dst, &dx, dsPrev);
            dembed += dx.head(E);
            dcontext += dx.tail(K);
            if (c.attention) // the query was s_{t−1}
                attentionBackward(c, g.attention, w.attention, work.keys, work.projected, d.attention,
                                  dcontext, dsPrev, work.dkeys, work.dprojected);
            else
                dsummary += dcontext;
        } else {
            const ColVector<T> dpre =
                (dfeatures.array() * (T(1) - d.features.array().square())).matrix(); // through tanh
            ColVector<T> cs(2 * K);
            cs << d.context, d.gru.h;
            MatrixMap<T>(g.combine_w, K, 2 * K).noalias() += dpre * cs.transpose();
            VectorMap<T>(g.combine_b, K) += dpre;
            const ColVector<T> dcs = MatrixMap<T>(w.combine_w, K, 2 * K).transpose() * dpre; // (2K)
            ColVector<T> dst = ds + dcs.tail(K);
            // the query was s_t
            attentionBackward(c, g.attention, w.attention, work.keys, work.projected, d.attention,
                              ColVector<T>(dcs.head(K)), dst, work.dkeys, work.dprojected);
            ColVector<T> dx = ColVector<T>::Zero(E);
            gruBackward(g.decoder, w.decoder, d.gru, dst, &dx, dsPrev);
            dembed += dx;
        }
        ds = dsPrev;
    }
    // 2. s_0 = tanh(W_b m + b_b).
    const ColVector<T> dpre = (ds.array() * (T(1) - work.s0.array().square())).matrix();
    MatrixMap<T>(g.bridge_w, K, K).noalias() += dpre * work.summary.transpose();
    VectorMap<T>(g.bridge_b, K) += dpre;
    dsummary.noalias() += MatrixMap<T>(w.bridge_w, K, K).transpose() * dpre;
    if (c.attention)
        attentionPrepareBackward(c, g.attention, w.attention, work.keys, work.dprojected, work.dkeys);
    // 1. Encoder, back through time: left to right ran first, so it is undone from the end.
    ColVector<T> carry = dsummary.head(H); // m holds h→_{S−1}
    for (Index j = S - 1; j >= 0; --j) {
        const GruStep<T> &st = work.forward[static_cast<std::size_t>(j)];
        const ColVector<T> dh = carry + work.dkeys.row(j).head(H).transpose();
        ColVector<T> dx = ColVector<T>::Zero(E);
        carry.setZero(H);
        gruBackward(g.encoder, w.encoder, st, dh, &dx, carry);
        Eigen::Map<ColVector<T>>(
            g.source_embed + static_cast<Index>(ex.source[static_cast<std::size_t>(j)]) * E, E) += dx;
    }
    if (!c.bidirectional) return;
    carry = dsummary.tail(H); // m holds h←_0
    for (Index j = 0; j < S; ++j) {
        const GruStep<T> &st = work.reverse[static_cast<std::size_t>(j)];
        const ColVector<T> dh = carry + work.dkeys.row(j).tail(H).transpose();
        ColVector<T> dx = ColVector<T>::Zero(E);
        carry.setZero(H);
        gruBackward(g.encoder_reverse, w.encoder_reverse, st, dh, &dx, carry);
        Eigen::Map<ColVector<T>>(
            g.source_embed + static_cast<Index>(ex.source[static_cast<std::size_t>(j)]) * E, E) += dx;
    }
}

template <typename T> Seq2SeqTrace traceOf(const ExampleWork<T> &work, const Seq2SeqConfig &c)
{
    const Index n = static_cast<Index>(work.steps.size()), S = work.keys.rows();
    Seq2SeqTrace trace;
    trace.weights = Matrix::Zero(n, S);
    trace.logits.resize(n, c.vocab_size);
    trace.keys = work.keys.template cast<double>();
    if (c.attention) trace.queries.resize(n, c.stateSize());
    for (Index t = 0; t < n; ++t) {
        const DecoderStep<T> &d = work.steps[static_cast<std::size_t>(t)];
        Index best = 0;
        d.logits.maxCoeff(&best);
        trace.output.push_back(static_cast<int>(best));
        trace.logits.row(t) = d.logits.transpose().template cast<double>();
        if (c.attention) {
            trace.weights.row(t) = d.attention.weights.transpose().template cast<double>();
            trace.queries.row(t) = d.attention.q.transpose().template cast<double>();
        }
        if (c.local_window > 0) trace.positions.push_back(static_cast<double>(d.attention.position));
    }
    return trace;
}

#define ATTN_TRAIN_INSTANTIATE_SEQ2SEQ_PASSES(T)                                                             \
    template Seq2SeqWeights<T> bindSeq2SeqWeights<T>(const Seq2SeqConfig &,                                  \
                                                     const std::map<std::string, Index> &, T *);             \
    template double exampleForward<T>(ExampleWork<T> &, const Seq2SeqConfig &, const Seq2SeqWeights<T> &,    \
                                      const Seq2SeqExample &, Decoding, Index &);                            \
    template void exampleBackward<T>(ExampleWork<T> &, const Seq2SeqConfig &, const Seq2SeqWeights<T> &,     \
                                     const Seq2SeqWeights<T> &, const Seq2SeqExample &, T);                  \
    template Seq2SeqTrace traceOf<T>(const ExampleWork<T> &, const Seq2SeqConfig &);

ATTN_TRAIN_INSTANTIATE_SEQ2SEQ_PASSES(float)
ATTN_TRAIN_INSTANTIATE_SEQ2SEQ_PASSES(double)

} // namespace attn::train
