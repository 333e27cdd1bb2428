#include "core/train/tokeneffect.h"

#include "core/aggregate.h"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace attn::train {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// softmax of one logits row, stable.
Vector softmaxRow(const Matrix &logits, Index row)
{
    const Eigen::RowVectorXd z = logits.row(row);
    const double top = z.maxCoeff();
    Vector p = (z.array() - top).exp().transpose();
    return p / p.sum();
}

Index argMax(const Vector &p)
{
    Index best = 0;
    p.maxCoeff(&best);
    return best;
}

double totalVariation(const Vector &p, const Vector &q)
{
    return 0.5 * (p - q).cwiseAbs().sum();
}

std::vector<Index> range(Index count)
{
    std::vector<Index> keys;
    for (Index j = 0; j < count; ++j) keys.push_back(j);
    return keys;
}

} // namespace

int neutralToken(const TaskInfo &task, const std::vector<int> &tokens)
{
    if (task.kind == TaskKind::Coreference) return 1; // "<pad>"
    std::vector<bool> used(static_cast<std::size_t>(task.symbols), false);
    for (int t : tokens)
        if (t >= 0 && t < task.symbols) used[static_cast<std::size_t>(t)] = true;
    for (int s = 0; s < task.symbols; ++s)
        if (!used[static_cast<std::size_t>(s)]) return s;
    return -1;
}

TokenEffects measureTokenEffects(Model<double> &model, const std::vector<int> &tokens, Index position,
                                 int replacement, int threads, double tolerance)
{
    const ModelConfig &config = model.config();
    const auto length = static_cast<Index>(tokens.size());
    if (position < 0 || position >= length)
        throw std::invalid_argument("position " + std::to_string(position) + " is outside the " +
                                    std::to_string(length) + " tokens");
    if (length > config.n_ctx)
        throw std::invalid_argument("tokens: " + std::to_string(length) +
                                    " tokens, the model reads at most " + std::to_string(config.n_ctx));
    for (int t : tokens)
        if (t < 0 || t >= config.vocab_size)
            throw std::invalid_argument("tokens: token " + std::to_string(t) +
                                        " is outside the vocabulary of " + std::to_string(config.vocab_size));
    if (replacement < -1 || replacement >= config.vocab_size)
        throw std::invalid_argument("replacement: token " + std::to_string(replacement) +
                                    " is outside the vocabulary of " + std::to_string(config.vocab_size));
    if (!(tolerance >= 0)) throw std::invalid_argument("tolerance must be ≥ 0");

    // The model is causal: x_0 … x_t decide the prediction at t.
    const Index n = position + 1;
    TokenEffects out;
    out.position = position;
    out.replacement = replacement;

    // Row 0: the original; rows 1 … n: x_j replaced by the neutral token.
    const Index replaced = replacement >= 0 ? n : 0;
    Batch batch = Batch::zeros(1 + replaced, n);
    for (Index b = 0; b < 1 + replaced; ++b)
        for (Index i = 0; i < n; ++i) batch.tokens[std::size_t(b * n + i)] = tokens[std::size_t(i)];
    for (Index j = 0; j < replaced; ++j) batch.tokens[std::size_t((1 + j) * n + j)] = replacement;
    const std::vector<ProbeTrace> traces = model.probe(batch, threads);

    const Vector p = softmaxRow(traces[0].logits, position);
    const Index predicted = argMax(p);
    out.predicted = static_cast<int>(predicted);
    out.probability = p(predicted);

    std::vector<Matrix> layerMeans;
    const auto heads = static_cast<std::size_t>(config.num_heads);
    for (std::size_t l = 0; l < static_cast<std::size_t>(config.num_layers); ++l) {
        const std::vector<Matrix> layer(traces[0].weights.begin() + std::ptrdiff_t(l * heads),
                                        traces[0].weights.begin() + std::ptrdiff_t((l + 1) * heads));
        layerMeans.push_back(meanOverHeads(layer));
    }
    out.rollout = attentionRollout(layerMeans).row(position).transpose();

    out.replace_effect = Vector::Constant(n, kNaN);
    out.replace_probability = Vector::Constant(n, kNaN);
    out.replace_predicted = Vector::Constant(n, kNaN);
    for (Index j = 0; j < replaced; ++j) {
        const Vector q = softmaxRow(traces[std::size_t(1 + j)].logits, position);
        out.replace_effect(j) = totalVariation(p, q);
        out.replace_probability(j) = q(predicted);
        out.replace_predicted(j) = static_cast<double>(argMax(q));
    }

    out.delete_effect = Vector::Constant(n, kNaN);
    out.delete_probability = Vector::Constant(n, kNaN);
    out.delete_predicted = Vector::Constant(n, kNaN);
    if (n >= 2) {
        // Sequence j: x_0 … x_t without x_j (t tokens); the prediction is read at its last position.
        const Index m = n - 1;
        Batch shorter = Batch::zeros(m, m);
        for (Index j = 0; j < m; ++j)
            for (Index i = 0, k = 0; i < n; ++i)
                if (i != j) shorter.tokens[std::size_t(j * m + k++)] = tokens[std::size_t(i)];
        const std::vector<ProbeTrace> after = model.probe(shorter, threads);
        for (Index j = 0; j < m; ++j) {
            const Vector q = softmaxRow(after[std::size_t(j)].logits, m - 1);
            out.delete_effect(j) = totalVariation(p, q);
            out.delete_probability(j) = q(predicted);
            out.delete_predicted(j) = static_cast<double>(argMax(q));
        }
    }

    out.replace_vs_rollout = compareRankings(out.rollout, out.replace_effect, range(n), tolerance);
    out.delete_vs_rollout = compareRankings(out.rollout, out.delete_effect, range(n - 1), tolerance);
    return out;
}

} // namespace attn::train
