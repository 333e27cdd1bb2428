#include "core/train/seq2seqscenario.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace attn::train {

namespace {

/// A (rows, cols) tensor of the weights as a matrix.
Matrix matrixNamed(const std::vector<NamedTensor> &weights, const std::string &name)
{
    for (const NamedTensor &t : weights) {
        if (t.name != name) continue;
        const Index rows = t.shape.at(0), cols = t.shape.size() > 1 ? t.shape[1] : 1;
        Matrix m(rows, cols);
        for (Index r = 0; r < rows; ++r)
            for (Index c = 0; c < cols; ++c) m(r, c) = t.data[static_cast<std::size_t>(r * cols + c)];
        return m;
    }
    throw std::invalid_argument("the weights have no tensor " + name);
}

} // namespace

Scenario decoderStepScenario(const Seq2SeqConfig &config, const std::vector<NamedTensor> &weights,
                             const Seq2SeqTrace &trace, Index step,
                             const std::vector<std::string> &sourceTokens, const std::string &queryLabel,
                             const std::string &title)
{
    if (!config.attention) throw std::invalid_argument("the model has no attention: no step to open");
    const Index K = config.stateSize(), S = trace.keys.rows();
    if (trace.keys.cols() != K || trace.queries.cols() != K || trace.queries.rows() != trace.weights.rows())
        throw std::invalid_argument("the trace does not come from this model");
    if (step < 0 || step >= trace.queries.rows())
        throw std::invalid_argument("step must be from 0 to " + std::to_string(trace.queries.rows() - 1) +
                                    ", got " + std::to_string(step));
    if (!sourceTokens.empty() && static_cast<Index>(sourceTokens.size()) != S)
        throw std::invalid_argument("the source has " + std::to_string(S) + " tokens but " +
                                    std::to_string(sourceTokens.size()) + " labels");
    Scenario s;
    s.title = title;
    s.query_tokens = {queryLabel};
    s.key_tokens = sourceTokens;
    s.query = trace.queries.row(step); // (1, K)
    s.key = trace.keys;                // (S, K)
    s.value = trace.keys;              // (S, K)
    s.num_query_heads = 1;
    s.num_kv_heads = 1;
    switch (config.score) {
    case ScoreKind::Additive: {
        s.score = attn::ScoreKind::Additive;
        AdditiveParams a;
        a.W_q = matrixNamed(weights, "attention.W_a");      // (K, K)
        a.W_k = matrixNamed(weights, "attention.U_a");      // (K, K)
        a.v = matrixNamed(weights, "attention.v_a").col(0); // (K)
        s.additive = std::move(a);
        break;
    }
    case ScoreKind::Dot: s.score = attn::ScoreKind::Dot; break;
    case ScoreKind::General:
        s.score = attn::ScoreKind::Dot;
        s.query = s.query * matrixNamed(weights, "attention.W_a"); // (1, K) s_tᵀ W_a
        break;
    }
    s.scale = 1.0;
    if (config.local_window > 0) {
        if (trace.positions.size() != static_cast<std::size_t>(trace.queries.rows()))
            throw std::invalid_argument("the trace does not come from this model");
        const double p = trace.positions[static_cast<std::size_t>(step)];
        const Index centre = std::clamp<Index>(static_cast<Index>(std::lround(p)), 0, S - 1);
        s.query_positions = {static_cast<std::int64_t>(centre)};
        for (Index j = 0; j < S; ++j) s.key_positions.push_back(j);
        s.mask.window = Window{config.local_window, config.local_window};
    }
    return s;
}

} // namespace attn::train
