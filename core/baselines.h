// Baselines of the last lesson: simpler ways to mix a sequence, run on the same input X as
// attention so a learner can compare outputs row by row. Each takes X (n, d) — one token per
// row — and returns one output row per token.
#pragma once

#include "core/rnn.h"

#include <cstdint>
#include <vector>

namespace attn {

/// Mean pooling: every row of the result is the mean of all n rows of x, i.e. attention with
/// every weight equal to 1/n (what softmax gives when all scores are equal).
///   x (n, d) → (n, d). Throws std::invalid_argument when n = 0.
Matrix meanPooling(const Matrix &x);

/// Causal (prefix) mean pooling: row t is the mean of rows 0 … t, i.e. causal attention with equal
/// scores. x (n, d) → (n, d); n = 0 gives an empty (0, d) result.
Matrix causalMeanPooling(const Matrix &x);

/// Where the taps of a local convolution sit relative to the output position.
enum class ConvolutionAlignment {
    Centred, ///< taps at t − (k−1)/2 … t + (k−1)/2; needs an odd width k
    Causal,  ///< taps at t − k + 1 … t: no future token, like a causal mask
};

/// What a tap that falls outside 0 … n − 1 contributes.
enum class ConvolutionPadding {
    Zeros,       ///< a zero row (plain "same" zero padding); edges shrink toward 0
    Renormalise, ///< nothing, and the remaining taps are divided by the sum of their weights, so
                 ///< uniform weights average the tokens that exist (throws when that sum is 0)
};

/// Uniform taps: k weights of 1/k (a moving average). Throws std::invalid_argument when k < 1.
std::vector<double> uniformTaps(Index k);

/// A local convolution of width k = weights.size() along the sequence, the same taps for every
/// feature (a depthwise 1-D convolution with shared weights; as in the convolutional rows of
/// Vaswani et al. 2017, §4, Table 1, each output sees only k neighbours):
///   y_t = Σ_{s=0}^{k−1} weights[s] · x_{t − offset + s},  offset = (k − 1)/2 (Centred) or k − 1 (Causal),
/// so weights[k − 1] multiplies the current token under Causal and weights[(k − 1)/2] under Centred.
///   x (n, d) → (n, d).
/// Throws std::invalid_argument for k = 0, an even k with Centred, or a Renormalise row whose
/// in-range weights sum to 0.
Matrix localConvolution(const Matrix &x, const std::vector<double> &weights, ConvolutionAlignment alignment,
                        ConvolutionPadding padding = ConvolutionPadding::Zeros);

/// A recurrence over the same input: the hidden states of an Elman RNN (see rnn.h),
///   x (n, d) → (n, d_h).  Same as elmanForward(rnn, x).
Matrix recurrenceBaseline(const Matrix &x, const ElmanRnn &rnn);

/// The same with a freshly seeded RNN: initElmanRnn(d, d_h, seed), then the forward pass.
///   x (n, d) → (n, d_h).
Matrix recurrenceBaseline(const Matrix &x, Index d_h, std::uint32_t seed);

} // namespace attn
