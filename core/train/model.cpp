#include "core/train/model.h"

#include "core/kernels/threadpool.h"
#include "core/train/causalattention.h"
#include "core/train/modelchunk.h"
#include "core/train/rng.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <stdexcept>

namespace attn::train {

template <typename T> Model<T>::Model(const ModelConfig &config) : m_config(config)
{
    validate(m_config);
    m_specs = parameterSpecs(m_config);
    const Index total = layoutParameters(m_specs, &m_offsets, &m_offsetByName);
    m_parameters.assign(static_cast<std::size_t>(total), T(0));
    m_gradients.assign(static_cast<std::size_t>(total), T(0));
    if (m_config.positional == PositionalKind::Rope) {
        const RopeTables tables = ropeTables(m_config.n_ctx, m_config.head_dim, m_config.rope_base);
        m_ropeCos.assign(tables.cos.begin(), tables.cos.end());
        m_ropeSin.assign(tables.sin.begin(), tables.sin.end());
    }
}

template <typename T> Model<T>::~Model() = default;
template <typename T> Model<T>::Model(Model &&) noexcept = default;
template <typename T> Model<T> &Model<T>::operator=(Model &&) noexcept = default;

template <typename T> void Model<T>::initialize(std::uint64_t seed)
{
    for (std::size_t i = 0; i < m_specs.size(); ++i) {
        const ParameterSpec &s = m_specs[i];
        T *p = m_parameters.data() + m_offsets[i];
        const Index n = s.size();
        const bool bias = s.shape.size() == 1;
        const bool norm = s.name.find(".ln") != std::string::npos || s.name.rfind("ln_", 0) == 0;
        if (bias) {
            const T value = norm && s.name.ends_with(".weight") ? T(1) : T(0);
            std::fill(p, p + n, value);
            continue;
        }
        const bool embedding = s.name == "embed.weight" || s.name == "pos_embed.weight";
        const double std = embedding ? 1.0 : 1.0 / std::sqrt(static_cast<double>(s.shape[0]));
        Rng rng(seed, 1, hashName(s.name));
        for (Index j = 0; j < n; ++j) p[j] = static_cast<T>(std * rng.normal());
    }
}

namespace {

template <typename T>
std::vector<NamedTensor> exportBuffer(const std::vector<ParameterSpec> &specs,
                                      const std::vector<Index> &offsets, const std::vector<T> &buffer)
{
    std::vector<NamedTensor> out;
    out.reserve(specs.size());
    for (std::size_t i = 0; i < specs.size(); ++i) {
        NamedTensor t;
        t.name = specs[i].name;
        t.shape = specs[i].shape;
        const T *p = buffer.data() + offsets[i];
        t.data.assign(p, p + specs[i].size());
        t.dtype = sizeof(T) == sizeof(float) ? DType::Float32 : DType::Float64;
        out.push_back(std::move(t));
    }
    return out;
}

std::string shapeText(const std::vector<Index> &shape)
{
    std::string s = "(";
    for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + ")";
}

} // namespace

template <typename T> std::vector<NamedTensor> Model<T>::exportParameters() const
{
    return exportBuffer(m_specs, m_offsets, m_parameters);
}

template <typename T> std::vector<NamedTensor> Model<T>::exportGradients() const
{
    return exportBuffer(m_specs, m_offsets, m_gradients);
}

template <typename T> void Model<T>::importParameters(const std::vector<NamedTensor> &tensors)
{
    std::map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < m_specs.size(); ++i) index[m_specs[i].name] = i;
    std::set<std::string> seen;
    for (const NamedTensor &t : tensors) {
        const auto it = index.find(t.name);
        if (it == index.end())
            throw std::invalid_argument("unknown tensor \"" + t.name + "\" for this model");
        if (!seen.insert(t.name).second)
            throw std::invalid_argument("tensor \"" + t.name + "\" is given twice");
        const ParameterSpec &s = m_specs[it->second];
        if (t.shape != s.shape)
            throw std::invalid_argument("tensor \"" + t.name + "\" has shape " + shapeText(t.shape) +
                                        ", the model expects " + shapeText(s.shape));
        if (static_cast<Index>(t.data.size()) != s.size())
            throw std::invalid_argument("tensor \"" + t.name + "\" has " + std::to_string(t.data.size()) +
                                        " values, its shape " + shapeText(s.shape) + " holds " +
                                        std::to_string(s.size()));
    }
    for (const ParameterSpec &s : m_specs)
        if (!seen.count(s.name)) throw std::invalid_argument("tensor \"" + s.name + "\" is missing");
    for (const NamedTensor &t : tensors) {
        T *p = m_parameters.data() + m_offsets[index[t.name]];
        for (std::size_t j = 0; j < t.data.size(); ++j) p[j] = static_cast<T>(t.data[j]);
    }
}

template <typename T> Index Model<T>::chunkCount(Index batchSize, int threads)
{
    return std::max<Index>(1, std::min<Index>(batchSize, std::max(8, threads)));
}

template <typename T> void Model<T>::checkBatch(const Batch &b) const
{
    if (b.batch_size < 1 || b.seq_len < 1) throw std::invalid_argument("the batch is empty");
    if (b.seq_len > m_config.n_ctx)
        throw std::invalid_argument("sequences of " + std::to_string(b.seq_len) +
                                    " tokens are longer than n_ctx " + std::to_string(m_config.n_ctx));
    const auto n = static_cast<std::size_t>(b.batch_size * b.seq_len);
    if (b.tokens.size() != n || b.targets.size() != n || b.loss_mask.size() != n)
        throw std::invalid_argument("the batch's tokens, targets and mask must each hold B·T values");
    for (std::size_t i = 0; i < n; ++i) {
        if (b.tokens[i] < 0 || b.tokens[i] >= m_config.vocab_size)
            throw std::invalid_argument("token " + std::to_string(b.tokens[i]) +
                                        " is outside the vocabulary 0 … " +
                                        std::to_string(m_config.vocab_size - 1));
        if (b.loss_mask[i] && (b.targets[i] < 0 || b.targets[i] >= m_config.vocab_size))
            throw std::invalid_argument("target " + std::to_string(b.targets[i]) +
                                        " is outside the vocabulary 0 … " +
                                        std::to_string(m_config.vocab_size - 1));
    }
}

template <typename T> void Model<T>::runChunks(const Batch &batch, int threads, bool backward)
{
    const std::map<std::string, Index> &offsets = m_offsetByName;
    PassContext<T> ctx;
    ctx.config = &m_config;
    ctx.batch = &batch;
    ctx.weights = bindWeights(m_config, offsets, m_parameters.data());
    ctx.ropeCos = m_ropeCos.empty() ? nullptr : m_ropeCos.data();
    ctx.ropeSin = m_ropeSin.empty() ? nullptr : m_ropeSin.data();
    ctx.scoredTotal = 0.0;
    for (std::uint8_t m : batch.loss_mask) ctx.scoredTotal += m ? 1.0 : 0.0;

    // Examples are cut into chunks by chunk index alone (not by thread), so every chunk does the
    // same arithmetic whichever thread runs it.
    const Index chunks = chunkCount(batch.batch_size, threads);
    while (static_cast<Index>(m_chunks.size()) < chunks)
        m_chunks.push_back(std::make_unique<ModelChunk<T>>());
    for (Index c = 0; c < chunks; ++c) {
        ModelChunk<T> &chunk = *m_chunks[static_cast<std::size_t>(c)];
        chunk.first = c * batch.batch_size / chunks;
        chunk.count = (c + 1) * batch.batch_size / chunks - chunk.first;
        chunk.seqLen = batch.seq_len;
        chunk.acts = layoutActivations(m_config, chunk.count, chunk.seqLen, chunk.actArena, false);
        if (backward) {
            chunk.dacts = layoutActivations(m_config, chunk.count, chunk.seqLen, chunk.gradArena, true);
            if (chunk.grads.size() != m_parameters.size()) {
                chunk.grads.assign(m_parameters.size(), T(0));
                chunk.gradWeights = bindWeights(m_config, offsets, chunk.grads.data());
            }
        }
    }
    kernels::ThreadPool::shared().run(chunks, threads, [&](Index c, int) {
        ModelChunk<T> &chunk = *m_chunks[static_cast<std::size_t>(c)];
        modelForward(chunk, ctx);
        if (backward) modelBackward(chunk, ctx);
    });
    if (!backward) return;
    // Sum the chunks' gradients in chunk order; each thread owns a fixed range of parameters.
    const Index P = parameterCount();
    const Index parts = std::min<Index>(std::max(threads, 1), 8);
    kernels::ThreadPool::shared().run(parts, threads, [&](Index part, int) {
        const Index begin = part * P / parts;
        const Index end = (part + 1) * P / parts;
        T *out = m_gradients.data();
        std::copy(m_chunks[0]->grads.begin() + begin, m_chunks[0]->grads.begin() + end, out + begin);
        for (Index c = 1; c < chunks; ++c) {
            const T *g = m_chunks[static_cast<std::size_t>(c)]->grads.data();
            for (Index i = begin; i < end; ++i) out[i] += g[i];
        }
    });
}

template <typename T> LossStats Model<T>::forwardBackward(const Batch &batch, int threads)
{
    checkBatch(batch);
    LossStats stats;
    for (std::uint8_t m : batch.loss_mask) stats.scored += m ? 1 : 0;
    if (stats.scored == 0)
        throw std::invalid_argument("the batch has no scored position (its loss mask is all 0)");
    runChunks(batch, threads, true);
    Index correct = 0;
    for (Index c = 0; c < chunkCount(batch.batch_size, threads); ++c) {
        stats.loss += m_chunks[static_cast<std::size_t>(c)]->loss;
        correct += m_chunks[static_cast<std::size_t>(c)]->correct;
    }
    stats.accuracy = static_cast<double>(correct) / static_cast<double>(stats.scored);
    return stats;
}

template <typename T> LossStats Model<T>::evaluate(const Batch &batch, int threads)
{
    checkBatch(batch);
    LossStats stats;
    for (std::uint8_t m : batch.loss_mask) stats.scored += m ? 1 : 0;
    runChunks(batch, threads, false);
    Index correct = 0;
    for (Index c = 0; c < chunkCount(batch.batch_size, threads); ++c) {
        stats.loss += m_chunks[static_cast<std::size_t>(c)]->loss;
        correct += m_chunks[static_cast<std::size_t>(c)]->correct;
    }
    stats.accuracy = stats.scored ? static_cast<double>(correct) / static_cast<double>(stats.scored) : 0.0;
    return stats;
}

template <typename T> std::vector<ProbeTrace> Model<T>::probe(const Batch &batch, int threads)
{
    checkBatch(batch);
    runChunks(batch, threads, false);
    const Index Tn = batch.seq_len;
    const int H = m_config.num_heads;
    const Index d = m_config.d_model;
    const Index V = m_config.vocab_size;
    std::vector<ProbeTrace> traces;
    for (Index c = 0; c < chunkCount(batch.batch_size, threads); ++c) {
        const ModelChunk<T> &chunk = *m_chunks[static_cast<std::size_t>(c)];
        for (Index e = 0; e < chunk.count; ++e) {
            ProbeTrace t;
            t.seq_len = Tn;
            for (const LayerActivations<T> &L : chunk.acts.layers) {
                for (int h = 0; h < H; ++h) {
                    const T *w = L.weights + (e * H + h) * Tn * Tn;
                    Matrix m(Tn, Tn);
                    for (Index i = 0; i < Tn * Tn; ++i) m.data()[i] = static_cast<double>(w[i]);
                    t.weights.push_back(std::move(m));
                }
                Matrix x(Tn, d);
                const T *src = L.ln1 + e * Tn * d;
                for (Index i = 0; i < Tn * d; ++i) x.data()[i] = static_cast<double>(src[i]);
                t.inputs.push_back(std::move(x));
            }
            t.logits.resize(Tn, V);
            const T *src = chunk.acts.logits + e * Tn * V;
            for (Index i = 0; i < Tn * V; ++i) t.logits.data()[i] = static_cast<double>(src[i]);
            traces.push_back(std::move(t));
        }
    }
    return traces;
}

template class Model<float>;
template class Model<double>;

} // namespace attn::train
