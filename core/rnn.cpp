#include "core/rnn.h"

#include <cmath>
#include <random>
#include <stdexcept>
#include <string>

namespace attn {

namespace {

/// Uniform on [0, 1) from 53 bits of two mt19937 outputs; the same on every standard library.
double uniform01(std::mt19937 &rng)
{
    const std::uint64_t a = rng() >> 5;                                     // 27 bits
    const std::uint64_t b = rng() >> 6;                                     // 26 bits
    return static_cast<double>((a << 26) | b) * (1.0 / 9007199254740992.0); // / 2^53
}

void fillUniform(double *data, Index count, double bound, std::mt19937 &rng)
{
    for (Index i = 0; i < count; ++i) data[i] = bound * (2.0 * uniform01(rng) - 1.0);
}

std::string shape(Index rows, Index cols)
{
    return std::to_string(rows) + "×" + std::to_string(cols);
}

std::uint64_t distance(std::int64_t i, std::int64_t j)
{
    // |i − j| without signed overflow.
    return i >= j ? static_cast<std::uint64_t>(i) - static_cast<std::uint64_t>(j)
                  : static_cast<std::uint64_t>(j) - static_cast<std::uint64_t>(i);
}

} // namespace

ElmanRnn initElmanRnn(Index d_in, Index d_h, std::uint32_t seed)
{
    if (d_in < 1 || d_h < 1) {
        throw std::invalid_argument("Elman RNN: d_in = " + std::to_string(d_in) +
                                    " and d_h = " + std::to_string(d_h) + " must both be ≥ 1");
    }
    std::mt19937 rng(seed);
    const double bound = 1.0 / std::sqrt(static_cast<double>(d_h));
    ElmanRnn rnn;
    rnn.W_xh.resize(d_h, d_in);
    rnn.W_hh.resize(d_h, d_h);
    rnn.b.resize(d_h);
    fillUniform(rnn.W_xh.data(), rnn.W_xh.size(), bound, rng); // row-major storage: row by row
    fillUniform(rnn.W_hh.data(), rnn.W_hh.size(), bound, rng);
    fillUniform(rnn.b.data(), rnn.b.size(), bound, rng);
    return rnn;
}

Matrix elmanForward(const ElmanRnn &rnn, const Matrix &x, const Vector &h0)
{
    const Index d_h = rnn.W_hh.rows();
    if (d_h == 0 || rnn.W_hh.cols() != d_h) {
        throw std::invalid_argument("Elman RNN: W_hh is " + shape(rnn.W_hh.rows(), rnn.W_hh.cols()) +
                                    ", expected a non-empty square (d_h, d_h)");
    }
    if (rnn.W_xh.rows() != d_h) {
        throw std::invalid_argument("Elman RNN: W_xh has " + std::to_string(rnn.W_xh.rows()) +
                                    " rows but d_h = " + std::to_string(d_h));
    }
    if (rnn.b.size() != d_h) {
        throw std::invalid_argument("Elman RNN: b has " + std::to_string(rnn.b.size()) +
                                    " entries but d_h = " + std::to_string(d_h));
    }
    if (x.cols() != rnn.W_xh.cols()) {
        throw std::invalid_argument("Elman RNN: x is " + shape(x.rows(), x.cols()) +
                                    " but W_xh expects d_in = " + std::to_string(rnn.W_xh.cols()) +
                                    " columns");
    }
    if (h0.size() != 0 && h0.size() != d_h) {
        throw std::invalid_argument("Elman RNN: h0 has " + std::to_string(h0.size()) +
                                    " entries but d_h = " + std::to_string(d_h));
    }

    Matrix states(x.rows(), d_h);                       // (n, d_h)
    Vector h = h0.size() == 0 ? Vector::Zero(d_h) : h0; // (d_h) h_{t−1}
    for (Index t = 0; t < x.rows(); ++t) {
        const Vector pre = rnn.W_xh * x.row(t).transpose() + rnn.W_hh * h + rnn.b; // (d_h)
        h = pre.array().tanh().matrix();                                           // (d_h) h_t
        states.row(t) = h.transpose();
    }
    return states;
}

std::uint64_t pathLength(Mixer mixer, std::int64_t i, std::int64_t j, std::int64_t window)
{
    const std::uint64_t d = distance(i, j);
    switch (mixer) {
    case Mixer::Recurrent: return d;
    case Mixer::GlobalAttention: return d == 0 ? 0 : 1;
    case Mixer::WindowAttention: {
        if (window < 1) {
            throw std::invalid_argument("path length: window must be ≥ 1, got " + std::to_string(window));
        }
        const auto w = static_cast<std::uint64_t>(window);
        return d / w + (d % w != 0 ? 1 : 0); // ⌈d / w⌉ without overflow
    }
    }
    throw std::invalid_argument("path length: unknown mixer");
}

std::uint64_t sequentialSteps(Mixer mixer, std::int64_t n)
{
    if (n < 0) throw std::invalid_argument("sequential steps: n must be ≥ 0, got " + std::to_string(n));
    if (mixer == Mixer::Recurrent) return static_cast<std::uint64_t>(n);
    return n == 0 ? 0 : 1;
}

} // namespace attn
