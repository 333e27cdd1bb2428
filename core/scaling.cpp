#include "core/scaling.h"

#include "core/attention.h"

#include <cmath>
#include <set>
#include <stdexcept>
#include <string>

namespace attn {

double NormalStream::next()
{
    if (m_hasSpare) {
        m_hasSpare = false;
        return m_spare;
    }
    // Two uniforms from the top 53 bits; u1 in (0, 1] so that log(u1) is finite.
    constexpr double kUnit = 1.0 / 9007199254740992.0; // 2^−53
    const double u1 = 1.0 - static_cast<double>(m_engine() >> 11) * kUnit;
    const double u2 = static_cast<double>(m_engine() >> 11) * kUnit;
    const double r = std::sqrt(-2.0 * std::log(u1));
    const double theta = 2.0 * 3.14159265358979323846 * u2;
    m_spare = r * std::sin(theta);
    m_hasSpare = true;
    return r * std::cos(theta);
}

std::vector<Index> defaultScalingDims()
{
    std::set<Index> dims;
    for (int k = 0; k <= 18; ++k) dims.insert(static_cast<Index>(std::lround(std::pow(2.0, k / 2.0))));
    return {dims.begin(), dims.end()};
}

namespace {

/// Pass 2 of the sweep: the statistics of one trace whose heads are the trials.
void summarise(const AttentionTrace &trace, double *stdev, double *entropy, double *maxWeight)
{
    double squares = 0, entropySum = 0, maxSum = 0;
    Index count = 0;
    for (const HeadTrace &head : trace.heads) {
        const auto logits = head.logits.row(0);   // (n_k) q·k_j, or q·k_j/√d_k
        const auto weights = head.weights.row(0); // (n_k)
        squares += logits.squaredNorm();
        count += logits.size();
        double h = 0;
        for (Index j = 0; j < weights.size(); ++j)
            if (weights(j) > 0) h -= weights(j) * std::log(weights(j));
        entropySum += h;
        maxSum += weights.maxCoeff();
    }
    const double trials = static_cast<double>(trace.heads.size());
    *stdev = std::sqrt(squares / static_cast<double>(count));
    *entropy = entropySum / trials;
    *maxWeight = maxSum / trials;
}

} // namespace

std::vector<ScalingPoint> scalingSweep(const std::vector<Index> &dims, Index numKeys, Index trials,
                                       std::uint64_t seed)
{
    if (numKeys < 1 || trials < 1)
        throw std::invalid_argument("scalingSweep: numKeys " + std::to_string(numKeys) + " and trials " +
                                    std::to_string(trials) + " must both be at least 1");
    NormalStream normal(seed);
    std::vector<ScalingPoint> points;
    for (const Index d : dims) {
        if (d < 1) throw std::invalid_argument("scalingSweep: d_k " + std::to_string(d) + " is below 1");
        // Pass 1: draw. Trial t is query head t (and K/V head t): its q is columns
        // t·d … t·d + d − 1 of Q's single row, its keys the same columns of K.
        Scenario s;
        s.num_query_heads = static_cast<int>(trials);
        s.num_kv_heads = static_cast<int>(trials);
        s.query.resize(1, trials * d);           // (1, trials·d_k)
        s.key.resize(numKeys, trials * d);       // (n_k, trials·d_k)
        s.value = Matrix::Zero(numKeys, trials); // (n_k, trials·1): the outputs are not used
        for (Index t = 0; t < trials; ++t) {
            for (Index c = 0; c < d; ++c) s.query(0, t * d + c) = normal.next();
            for (Index j = 0; j < numKeys; ++j)
                for (Index c = 0; c < d; ++c) s.key(j, t * d + c) = normal.next();
        }
        // Pass 2: score the same draws both ways with the engine, and summarise.
        ScalingPoint p;
        p.d_k = d;
        s.score = ScoreKind::Dot;
        summarise(attend(s), &p.std_plain, &p.entropy_plain, &p.max_weight_plain);
        s.score = ScoreKind::ScaledDot;
        summarise(attend(s), &p.std_scaled, &p.entropy_scaled, &p.max_weight_scaled);
        points.push_back(p);
    }
    return points;
}

} // namespace attn
