// The training engine's transformer (see ModelConfig for the equations and parameter names):
// its parameters, their gradients, and the forward and backward passes over a batch, split into
// chunks of examples that run on several threads with a fixed reduction order.
#pragma once

#include "core/train/batch.h"
#include "core/train/modelconfig.h"
#include "core/train/namedtensor.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace attn::train {

/// Loss and accuracy of one pass over a batch.
struct LossStats {
    double loss = 0.0;     ///< mean cross-entropy over the scored positions (nats)
    double accuracy = 0.0; ///< fraction of scored positions whose largest logit is the target
    Index scored = 0;      ///< number of scored positions (Σ loss_mask)
};

/// Everything a view needs to show one probe sequence going through the model.
struct ProbeTrace {
    Index seq_len = 0; ///< T
    std::vector<Matrix>
        weights; ///< [layer · H + head] (T, T) attention weights (causal: 0 above the diagonal)
    std::vector<Matrix> inputs; ///< [layer] (T, d_model) the attention's input X (after LN1 with LayerNorm)
    Matrix logits;              ///< (T, vocab_size)
};

template <typename T> struct ModelChunk;

/// A decoder-only transformer with float (training) or double (checks) parameters.
/// Parameters and gradients live in one flat buffer each, in parameterSpecs order.
/// Not thread-safe: one thread uses a model at a time (the passes use `threads` internally).
template <typename T> class Model {
public:
    /// A model with every parameter 0. Throws std::invalid_argument (see validate) for bad sizes.
    explicit Model(const ModelConfig &config);
    ~Model();
    Model(Model &&) noexcept;
    Model &operator=(Model &&) noexcept;

    const ModelConfig &config() const { return m_config; }
    const std::vector<ParameterSpec> &specs() const { return m_specs; }
    Index parameterCount() const { return static_cast<Index>(m_parameters.size()); }
    /// Offset of tensor `index` (of specs()) in the flat buffers.
    Index offset(std::size_t index) const { return m_offsets[index]; }

    std::vector<T> &parameters() { return m_parameters; }
    const std::vector<T> &parameters() const { return m_parameters; }
    /// dLoss/dparameters of the last forwardBackward.
    std::vector<T> &gradients() { return m_gradients; }
    const std::vector<T> &gradients() const { return m_gradients; }

    /// Seeded initialisation; tensor `name` is drawn from Rng(seed, 1, hashName(name)), so a
    /// tensor's values depend only on the seed and its name (not on which options are on):
    /// embed.weight and pos_embed.weight ~ N(0, 1); every other matrix ~ N(0, 1/rows) (rows =
    /// its fan-in); LayerNorm weights 1; biases 0.
    void initialize(std::uint64_t seed);

    /// The parameters (or the gradients) as named tensors, in specs() order.
    std::vector<NamedTensor> exportParameters() const;
    std::vector<NamedTensor> exportGradients() const;
    /// Replaces every parameter. Throws std::invalid_argument naming the tensor when one is
    /// missing, unknown, given twice, or of another shape or value count. Values are converted
    /// to T (exact for values that came from a model of the same precision).
    void importParameters(const std::vector<NamedTensor> &tensors);

    /// Forward and backward over the batch: gradients() becomes dLoss/dparameters of the mean
    /// scored loss. Throws std::invalid_argument when the batch is empty, has no scored position,
    /// is longer than n_ctx, or holds a token outside the vocabulary.
    LossStats forwardBackward(const Batch &batch, int threads);
    /// Forward only: the loss and accuracy, gradients untouched. Same errors (no scored position
    /// gives loss and accuracy 0).
    LossStats evaluate(const Batch &batch, int threads);
    /// Forward over every example of the batch; one trace per example.
    std::vector<ProbeTrace> probe(const Batch &batch, int threads);

    /// Number of chunks a batch of B examples is cut into: min(B, max(8, threads)). Each chunk
    /// runs on one thread and keeps its own gradient buffer; the buffers are summed in chunk
    /// order, so results are bit-identical for every thread count up to 8.
    static Index chunkCount(Index batchSize, int threads);

private:
    void checkBatch(const Batch &batch) const;
    void runChunks(const Batch &batch, int threads, bool backward);

    ModelConfig m_config;
    std::vector<ParameterSpec> m_specs;
    std::vector<Index> m_offsets;
    std::map<std::string, Index> m_offsetByName;
    std::vector<T> m_parameters;
    std::vector<T> m_gradients;
    std::vector<T> m_ropeCos; ///< (n_ctx, head_dim/2) with RoPE
    std::vector<T> m_ropeSin; ///< (n_ctx, head_dim/2) with RoPE
    std::vector<std::unique_ptr<ModelChunk<T>>> m_chunks;
};

extern template class Model<float>;
extern template class Model<double>;

} // namespace attn::train
