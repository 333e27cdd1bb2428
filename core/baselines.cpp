#include "core/baselines.h"

#include <stdexcept>
#include <string>

namespace attn {

Matrix meanPooling(const Matrix &x)
{
    if (x.rows() == 0) throw std::invalid_argument("mean pooling: x has no rows (n = 0)");
    const Eigen::RowVectorXd mean = x.colwise().mean(); // (1, d)
    return mean.replicate(x.rows(), 1);                 // (n, d)
}

Matrix causalMeanPooling(const Matrix &x)
{
    Matrix y(x.rows(), x.cols());                                // (n, d)
    Eigen::RowVectorXd sum = Eigen::RowVectorXd::Zero(x.cols()); // running Σ_{s ≤ t} x_s
    for (Index t = 0; t < x.rows(); ++t) {
        sum += x.row(t);
        y.row(t) = sum / static_cast<double>(t + 1);
    }
    return y;
}

std::vector<double> uniformTaps(Index k)
{
    if (k < 1) throw std::invalid_argument("uniform taps: k must be ≥ 1, got " + std::to_string(k));
    return std::vector<double>(static_cast<std::size_t>(k), 1.0 / static_cast<double>(k));
}

Matrix localConvolution(const Matrix &x, const std::vector<double> &weights, ConvolutionAlignment alignment,
                        ConvolutionPadding padding)
{
    const auto k = static_cast<Index>(weights.size());
    if (k == 0) throw std::invalid_argument("local convolution: no taps (k = 0)");
    if (alignment == ConvolutionAlignment::Centred && k % 2 == 0) {
        throw std::invalid_argument("local convolution: a centred window needs an odd width, got k = " +
                                    std::to_string(k));
    }
    const Index offset = alignment == ConvolutionAlignment::Centred ? (k - 1) / 2 : k - 1;
    const Index n = x.rows();

    Matrix y = Matrix::Zero(n, x.cols()); // (n, d)
    for (Index t = 0; t < n; ++t) {
        double inRange = 0.0; // Σ of the weights whose tap exists
        for (Index s = 0; s < k; ++s) {
            const Index source = t - offset + s;
            if (source < 0 || source >= n) continue; // padding: contributes a zero row
            const double w = weights[static_cast<std::size_t>(s)];
            y.row(t) += w * x.row(source);
            inRange += w;
        }
        if (padding == ConvolutionPadding::Renormalise) {
            if (inRange == 0.0) {
                throw std::invalid_argument("local convolution: the taps inside the sequence at row " +
                                            std::to_string(t) + " sum to 0; Renormalise cannot divide by it");
            }
            y.row(t) /= inRange;
        }
    }
    return y;
}

Matrix recurrenceBaseline(const Matrix &x, const ElmanRnn &rnn)
{
    return elmanForward(rnn, x);
}

Matrix recurrenceBaseline(const Matrix &x, Index d_h, std::uint32_t seed)
{
    return elmanForward(initElmanRnn(x.cols(), d_h, seed), x);
}

} // namespace attn
