// Why the Transformer divides q·k by √d_k: a seeded Monte Carlo sweep over d_k of the spread of
// q·k and of how peaked softmax becomes, with and without the 1/√d_k scale.
#pragma once

#include "core/tensor.h"

#include <cstdint>
#include <random>
#include <vector>

namespace attn {

/// Statistics of random scores at one d_k, for plain dot (q·k) and scaled dot (q·k/√d_k).
/// Every entry of q and of the keys is drawn independently from N(0, 1).
struct ScalingPoint {
    Index d_k = 0;
    double std_plain = 0;         ///< sample standard deviation of q·k (expected √d_k)
    double std_scaled = 0;        ///< sample standard deviation of q·k/√d_k (expected 1)
    double entropy_plain = 0;     ///< mean softmax entropy of the plain scores, nats, in [0, ln n_k]
    double entropy_scaled = 0;    ///< mean softmax entropy of the scaled scores, nats
    double max_weight_plain = 0;  ///< mean largest softmax weight of the plain scores, in [1/n_k, 1]
    double max_weight_scaled = 0; ///< mean largest softmax weight of the scaled scores
};

/// The d_k values of the default sweep: round(2^(k/2)) for k = 0 … 18 without repeats, i.e.
/// 1, 2, 3, 4, 6, 8, 11, 16, 23, 32, 45, 64, 91, 128, 181, 256, 362, 512 (evenly spaced on a
/// log axis).
std::vector<Index> defaultScalingDims();

/// A standard normal stream: mt19937_64 (fully specified by the C++ standard) turned into
/// N(0, 1) by the Box–Muller transform, so a seed gives the same numbers on every platform
/// (std::normal_distribution does not promise that).
class NormalStream {
public:
    explicit NormalStream(std::uint64_t seed) : m_engine(seed) {}
    /// The next N(0, 1) number.
    double next();

private:
    std::mt19937_64 m_engine;
    double m_spare = 0;
    bool m_hasSpare = false;
};

/// For each d_k in `dims` (each ≥ 1): `trials` independent draws of one query q (d_k) and
/// `numKeys` keys K (numKeys, d_k), all entries N(0, 1) from NormalStream(seed). The scores
/// q·k_j and their softmax weights come from the attention engine (attend(), one query head
/// per trial; Vaswani et al. 2017, §3.2.1 for the argument: with unit-variance entries q·k has
/// mean 0 and variance d_k, so dividing by √d_k keeps the variance at 1). The same draws are
/// scored with and without the scale. The standard deviations pool all trials · numKeys
/// scores (mean known to be 0, so they are √(mean of squares)); entropy and largest weight are
/// averages over the trials. Throws std::invalid_argument when a d_k, `numKeys` or `trials` is
/// below 1.
std::vector<ScalingPoint> scalingSweep(const std::vector<Index> &dims, Index numKeys, Index trials,
                                       std::uint64_t seed);

} // namespace attn
