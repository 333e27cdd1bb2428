#include "core/train/seq2seq.h"

#include "core/kernels/threadpool.h"
#include "core/train/rng.h"
#include "core/train/seq2seqpasses.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>

namespace attn::train {

template <typename T> Seq2Seq<T>::Seq2Seq(const Seq2SeqConfig &config) : m_config(config)
{
    validate(m_config);
    m_specs = parameterSpecs(m_config);
    const Index total = layoutParameters(m_specs, &m_offsets, &m_offsetByName);
    m_parameters.assign(static_cast<std::size_t>(total), T(0));
    m_gradients.assign(static_cast<std::size_t>(total), T(0));
}

template <typename T> Seq2Seq<T>::~Seq2Seq() = default;
template <typename T> Seq2Seq<T>::Seq2Seq(Seq2Seq &&) noexcept = default;
template <typename T> Seq2Seq<T> &Seq2Seq<T>::operator=(Seq2Seq &&) noexcept = default;

template <typename T> std::vector<std::uint8_t> Seq2Seq<T>::decayMask() const
{
    std::vector<std::uint8_t> decay(m_parameters.size(), 0);
    for (std::size_t i = 0; i < m_specs.size(); ++i)
        if (m_specs[i].decay)
            std::fill(decay.begin() + m_offsets[i], decay.begin() + m_offsets[i] + m_specs[i].size(), 1);
    return decay;
}

template <typename T> void Seq2Seq<T>::initialize(std::uint64_t seed)
{
    for (std::size_t i = 0; i < m_specs.size(); ++i) {
        const ParameterSpec &s = m_specs[i];
        T *p = m_parameters.data() + m_offsets[i];
        const Index n = s.size();
        Rng rng(seed, 1, hashName(s.name));
        if (s.name.starts_with("encoder") || s.name.starts_with("decoder")) {
            // PyTorch's GRU: every tensor from U(−1/√H, 1/√H), H the state size.
            const Index hidden = s.shape[0] / 3;
            const double bound = 1.0 / std::sqrt(static_cast<double>(hidden));
            for (Index j = 0; j < n; ++j) p[j] = static_cast<T>(bound * (2.0 * rng.uniform() - 1.0));
            continue;
        }
        const bool vector = s.shape.size() == 1;
        if (vector && !s.name.starts_with("attention.v_")) {
            std::fill(p, p + n, T(0)); // biases
            continue;
        }
        const bool embedding = s.name.ends_with("embed.weight");
        const double fanIn = static_cast<double>(vector ? s.shape[0] : s.shape[1]);
        const double std = embedding ? 1.0 : 1.0 / std::sqrt(fanIn);
        for (Index j = 0; j < n; ++j) p[j] = static_cast<T>(std * rng.normal());
    }
}

namespace {

std::string shapeText(const std::vector<Index> &shape)
{
    std::string s = "(";
    for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + ")";
}

} // namespace

template <typename T> std::vector<NamedTensor> Seq2Seq<T>::exportParameters() const
{
    std::vector<NamedTensor> out;
    for (std::size_t i = 0; i < m_specs.size(); ++i) {
        NamedTensor t;
        t.name = m_specs[i].name;
        t.shape = m_specs[i].shape;
        const T *p = m_parameters.data() + m_offsets[i];
        t.data.assign(p, p + m_specs[i].size());
        t.dtype = sizeof(T) == sizeof(float) ? DType::Float32 : DType::Float64;
        out.push_back(std::move(t));
    }
    return out;
}

template <typename T> void Seq2Seq<T>::importParameters(const std::vector<NamedTensor> &tensors)
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
        if (t.shape != s.shape || static_cast<Index>(t.data.size()) != s.size())
            throw std::invalid_argument("tensor \"" + t.name + "\" has shape " + shapeText(t.shape) +
                                        " and " + std::to_string(t.data.size()) +
                                        " values, the model expects " + shapeText(s.shape));
    }
    for (const ParameterSpec &s : m_specs)
        if (!seen.count(s.name)) throw std::invalid_argument("tensor \"" + s.name + "\" is missing");
    for (const NamedTensor &t : tensors) {
        T *p = m_parameters.data() + m_offsets[index[t.name]];
        for (std::size_t j = 0; j < t.data.size(); ++j) p[j] = static_cast<T>(t.data[j]);
    }
}

template <typename T> Index Seq2Seq<T>::chunkCount(Index batchSize, int threads)
{
    return std::max<Index>(1, std::min<Index>(batchSize, std::max(8, threads)));
}

template <typename T> void Seq2Seq<T>::checkBatch(const std::vector<Seq2SeqExample> &batch) const
{
    if (batch.empty()) throw std::invalid_argument("the batch is empty");
    for (std::size_t e = 0; e < batch.size(); ++e) {
        const Seq2SeqExample &ex = batch[e];
        if (ex.source.empty() || ex.target.empty())
            throw std::invalid_argument("example " + std::to_string(e) + " has an empty source or target");
        for (const std::vector<int> *seq : {&ex.source, &ex.target})
            for (int token : *seq)
                if (token < 0 || token >= m_config.vocab_size)
                    throw std::invalid_argument("example " + std::to_string(e) + " holds token " +
                                                std::to_string(token) + ", outside the vocabulary of " +
                                                std::to_string(m_config.vocab_size));
    }
}

template <typename T>
LossStats Seq2Seq<T>::run(const std::vector<Seq2SeqExample> &batch, Decoding decoding, bool backward,
                          int threads, std::vector<Seq2SeqTrace> *traces)
{
    checkBatch(batch);
    const auto B = static_cast<Index>(batch.size());
    Index tokens = 0;
    for (const Seq2SeqExample &ex : batch) tokens += static_cast<Index>(ex.target.size());
    const T lossWeight = T(1) / static_cast<T>(tokens);
    const Seq2SeqWeights<T> w = bindSeq2SeqWeights(m_config, m_offsetByName, m_parameters.data());
    if (traces) traces->assign(batch.size(), Seq2SeqTrace());
    // Examples are cut into chunks by chunk index alone (not by thread), so every chunk does the
    // same arithmetic whichever thread runs it.
    const Index chunks = chunkCount(B, threads);
    while (static_cast<Index>(m_chunks.size()) < chunks)
        m_chunks.push_back(std::make_unique<Seq2SeqChunk<T>>());
    for (Index c = 0; c < chunks; ++c) {
        Seq2SeqChunk<T> &chunk = *m_chunks[static_cast<std::size_t>(c)];
        chunk.first = c * B / chunks;
        chunk.count = (c + 1) * B / chunks - chunk.first;
        chunk.loss = 0.0;
        chunk.correct = 0;
        if (backward) {
            chunk.grads.assign(m_parameters.size(), T(0));
            chunk.gradWeights = bindSeq2SeqWeights(m_config, m_offsetByName, chunk.grads.data());
        }
    }
    kernels::ThreadPool::shared().run(chunks, threads, [&](Index c, int) {
        Seq2SeqChunk<T> &chunk = *m_chunks[static_cast<std::size_t>(c)];
        for (Index e = chunk.first; e < chunk.first + chunk.count; ++e) {
            const Seq2SeqExample &ex = batch[static_cast<std::size_t>(e)];
            chunk.loss += exampleForward(chunk.work, m_config, w, ex, decoding, chunk.correct);
            if (backward) exampleBackward(chunk.work, m_config, w, chunk.gradWeights, ex, lossWeight);
            if (traces) (*traces)[static_cast<std::size_t>(e)] = traceOf(chunk.work, m_config);
        }
    });
    LossStats stats;
    stats.scored = tokens;
    Index correct = 0;
    for (Index c = 0; c < chunks; ++c) {
        stats.loss += m_chunks[static_cast<std::size_t>(c)]->loss;
        correct += m_chunks[static_cast<std::size_t>(c)]->correct;
    }
    stats.loss /= static_cast<double>(tokens);
    stats.accuracy = static_cast<double>(correct) / static_cast<double>(tokens);
    if (backward) {
        // Sum the chunks' gradients in chunk order.
        std::copy(m_chunks[0]->grads.begin(), m_chunks[0]->grads.end(), m_gradients.begin());
        for (Index c = 1; c < chunks; ++c) {
            const std::vector<T> &g = m_chunks[static_cast<std::size_t>(c)]->grads;
            for (std::size_t i = 0; i < g.size(); ++i) m_gradients[i] += g[i];
        }
    }
    return stats;
}

template <typename T>
LossStats Seq2Seq<T>::forwardBackward(const std::vector<Seq2SeqExample> &batch, int threads)
{
    return run(batch, Decoding::TeacherForcing, true, threads, nullptr);
}

template <typename T>
LossStats Seq2Seq<T>::evaluate(const std::vector<Seq2SeqExample> &batch, Decoding decoding, int threads)
{
    return run(batch, decoding, false, threads, nullptr);
}

template <typename T>
std::vector<Seq2SeqTrace> Seq2Seq<T>::trace(const std::vector<Seq2SeqExample> &batch, Decoding decoding,
                                            int threads)
{
    std::vector<Seq2SeqTrace> traces;
    run(batch, decoding, false, threads, &traces);
    return traces;
}

template class Seq2Seq<float>;
template class Seq2Seq<double>;

} // namespace attn::train
