// The recurrent baseline of the "RNN vs attention" lesson: an Elman RNN forward pass, and the
// path lengths and sequential steps that separate a recurrence from attention.
#pragma once

#include "core/tensor.h"

#include <cstdint>

namespace attn {

/// Parameters of an Elman RNN, the simple recurrent network of Elman 1990 ("Finding Structure in
/// Time", Cognitive Science 14(2)): the hidden layer sees the input and a copy of its own previous
/// state. Column-vector form: h_t = tanh(W_xh x_t + W_hh h_{t−1} + b) (Elman's units were
/// logistic; tanh is today's convention).
struct ElmanRnn {
    Matrix W_xh; ///< (d_h, d_in) input to hidden
    Matrix W_hh; ///< (d_h, d_h) hidden to hidden (the recurrence)
    Vector b;    ///< (d_h) bias
};

/// Seeded initialisation: every entry of W_xh, W_hh and b drawn independently from the uniform
/// distribution U(−1/√d_h, 1/√d_h) (the default of common RNN libraries, e.g. PyTorch's nn.RNN),
/// in the order W_xh, W_hh, b, each row by row, from std::mt19937(seed). The uniform draw uses
/// 53 bits of two generator outputs (not std::uniform_real_distribution, whose algorithm differs
/// between standard libraries), so a seed gives the same weights on every platform.
/// Throws std::invalid_argument when d_in < 1 or d_h < 1.
ElmanRnn initElmanRnn(Index d_in, Index d_h, std::uint32_t seed);

/// Runs the recurrence over the rows of x and returns every hidden state:
///   x   (n, d_in)  one token per row
///   h0  (d_h)      the state before the first token; empty = zeros
///   returns (n, d_h): row t is h_t = tanh(W_xh x_t + W_hh h_{t−1} + b).
/// The n steps run one after another: step t needs h_{t−1}.
/// Throws std::invalid_argument naming the shapes when they do not fit together.
Matrix elmanForward(const ElmanRnn &rnn, const Matrix &x, const Vector &h0 = Vector());

/// How a layer mixes information between positions.
enum class Mixer {
    Recurrent,       ///< an RNN: position t hears position t − 1 only, through the state
    GlobalAttention, ///< attention over every position (Vaswani et al. 2017, §4, Table 1)
    WindowAttention, ///< attention over positions at most `window` away (a sliding window)
};

/// Length of the shortest path a signal travels between positions i and j (Vaswani et al. 2017,
/// §4 "maximum path length"): Recurrent |i − j| steps; GlobalAttention 1 hop (0 when i = j);
/// WindowAttention ⌈|i − j| / window⌉ stacked layers, where `window` is how far one layer reaches
/// (a window mask {left: w} or {left: w, right: w}; "W keys including the current one" reaches
/// W − 1). The count is symmetric; under a causal mask only the path from the earlier position
/// to the later one exists. Unit: steps (Recurrent) or layers (attention).
/// Throws std::invalid_argument when window < 1 for WindowAttention.
std::uint64_t pathLength(Mixer mixer, std::int64_t i, std::int64_t j, std::int64_t window = 0);

/// Operations that must wait for one another in one layer over n tokens (Vaswani et al. 2017,
/// §4, Table 1, "sequential operations"): Recurrent n (each state needs the previous one);
/// GlobalAttention and WindowAttention 1 (every query is independent; n = 0 gives 0).
/// Throws std::invalid_argument when n < 0.
std::uint64_t sequentialSteps(Mixer mixer, std::int64_t n);

} // namespace attn
