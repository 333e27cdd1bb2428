// The RNN encoder–decoder with attention (equations and parameter names in seq2seqconfig.h):
// its parameters, their gradients, the forward pass and the hand-written backward pass
// (back-propagation through time) over a batch of examples of any lengths.
#pragma once

#include "core/train/model.h" // LossStats
#include "core/train/seq2seqconfig.h"
#include "core/train/seq2seqexample.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace attn::train {

/// What the decoder is fed at step t ≥ 1.
enum class Decoding {
    TeacherForcing, ///< the true target token y_{t−1} (training, and the loss)
    Greedy,         ///< its own most likely token of step t − 1 (translation as it is used)
};

/// One example through the model: what a view shows.
struct Seq2SeqTrace {
    std::vector<int> output;       ///< (n) most likely token of every decoder step
    Matrix weights;                ///< (n, S) alignment a_tj of step t over source position j; zeros
                                   ///< without attention
    std::vector<double> positions; ///< (n) local-p's predicted positions p_t; empty otherwise
    Matrix logits;                 ///< (n, V)
    Matrix keys;                   ///< (S, K) the encoder states h_j (keys and values)
    Matrix queries;                ///< (n, K) each step's query (s_{t−1} Bahdanau, s_t Luong); empty
                                   ///< without attention
};

template <typename T> struct Seq2SeqChunk;

/// The encoder–decoder with float (training) or double (checks) parameters, which live in one
/// flat buffer in parameterSpecs order, as do their gradients. Not thread-safe: one thread uses
/// a model at a time (the passes use `threads` internally).
template <typename T> class Seq2Seq {
public:
    /// A model with every parameter 0. Throws std::invalid_argument (see validate) for bad sizes.
    explicit Seq2Seq(const Seq2SeqConfig &config);
    ~Seq2Seq();
    Seq2Seq(Seq2Seq &&) noexcept;
    Seq2Seq &operator=(Seq2Seq &&) noexcept;

    const Seq2SeqConfig &config() const { return m_config; }
    const std::vector<ParameterSpec> &specs() const { return m_specs; }
    Index parameterCount() const { return static_cast<Index>(m_parameters.size()); }
    /// Offset of tensor `index` (of specs()) in the flat buffers.
    Index offset(std::size_t index) const { return m_offsets[index]; }
    std::vector<T> &parameters() { return m_parameters; }
    const std::vector<T> &parameters() const { return m_parameters; }
    /// dLoss/dparameters of the last forwardBackward.
    const std::vector<T> &gradients() const { return m_gradients; }
    std::vector<T> &gradients() { return m_gradients; }
    /// (parameterCount) 1 where AdamW applies weight decay (ParameterSpec::decay).
    std::vector<std::uint8_t> decayMask() const;

    /// Seeded initialisation; tensor `name` is drawn from Rng(seed, 1, hashName(name)): the GRUs'
    /// tensors from U(−1/√H, 1/√H) with H their state size (PyTorch's GRU default), the
    /// embeddings from N(0, 1), every other matrix and vector from N(0, 1/fan-in), the other
    /// biases 0.
    void initialize(std::uint64_t seed);

    std::vector<NamedTensor> exportParameters() const;
    /// Replaces every parameter. Throws std::invalid_argument naming the tensor when one is
    /// missing, unknown, given twice, or of another shape.
    void importParameters(const std::vector<NamedTensor> &tensors);

    /// Forward (teacher forcing) and backward: gradients() becomes dLoss/dparameters of the mean
    /// cross-entropy over every target token of the batch. Throws std::invalid_argument when the
    /// batch is empty, an example has an empty source or target, or a token is outside the
    /// vocabulary.
    LossStats forwardBackward(const std::vector<Seq2SeqExample> &batch, int threads);
    /// Forward only; gradients untouched. With Greedy decoding the loss is the cross-entropy of
    /// the targets under the decoder fed its own predictions, and the accuracy counts the tokens
    /// it writes right. Same errors.
    LossStats evaluate(const std::vector<Seq2SeqExample> &batch, Decoding decoding, int threads);
    /// Forward over every example; one trace per example. Same errors.
    std::vector<Seq2SeqTrace> trace(const std::vector<Seq2SeqExample> &batch, Decoding decoding, int threads);

    /// Chunks a batch of B examples is cut into: min(B, max(8, threads)); each keeps its own
    /// gradient buffer and the buffers are summed in chunk order, so results are bit-identical
    /// for every thread count up to 8.
    static Index chunkCount(Index batchSize, int threads);

private:
    void checkBatch(const std::vector<Seq2SeqExample> &batch) const;
    LossStats run(const std::vector<Seq2SeqExample> &batch, Decoding decoding, bool backward, int threads,
                  std::vector<Seq2SeqTrace> *traces);

    Seq2SeqConfig m_config;
    std::vector<ParameterSpec> m_specs;
    std::vector<Index> m_offsets;
    std::map<std::string, Index> m_offsetByName;
    std::vector<T> m_parameters;
    std::vector<T> m_gradients;
    std::vector<std::unique_ptr<Seq2SeqChunk<T>>> m_chunks;
};

extern template class Seq2Seq<float>;
extern template class Seq2Seq<double>;

} // namespace attn::train
