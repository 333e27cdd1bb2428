#include "core/train/adamw.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace attn::train {

template <typename T>
AdamW<T>::AdamW(std::vector<std::uint8_t> decay)
    : m_decay(std::move(decay)), m_m(m_decay.size(), T(0)), m_v(m_decay.size(), T(0))
{
}

template <typename T> void AdamW<T>::reset()
{
    std::fill(m_m.begin(), m_m.end(), T(0));
    std::fill(m_v.begin(), m_v.end(), T(0));
    m_step = 0;
}

template <typename T>
void AdamW<T>::step(T *params, const T *grads, const AdamWConfig &c, double learningRate)
{
    ++m_step;
    const T b1 = static_cast<T>(c.beta1);
    const T b2 = static_cast<T>(c.beta2);
    const T lr = static_cast<T>(learningRate);
    const T eps = static_cast<T>(c.eps);
    const T decay = static_cast<T>(1.0 - learningRate * c.weight_decay);
    const T correction1 = static_cast<T>(1.0 - std::pow(c.beta1, m_step));                // 1 − β₁ᵗ
    const T sqrtCorrection2 = static_cast<T>(std::sqrt(1.0 - std::pow(c.beta2, m_step))); // √(1 − β₂ᵗ)
    const T stepSize = lr / correction1;
    const std::size_t n = m_decay.size();
    for (std::size_t i = 0; i < n; ++i) {
        const T g = grads[i];
        m_m[i] = b1 * m_m[i] + (T(1) - b1) * g;
        m_v[i] = b2 * m_v[i] + (T(1) - b2) * g * g;
        if (m_decay[i]) params[i] *= decay; // decoupled: θ(1 − αλ), not a term of the gradient
        params[i] -= stepSize * m_m[i] / (std::sqrt(m_v[i]) / sqrtCorrection2 + eps);
    }
}

template <typename T> double clipGradientNorm(T *grads, Index n, double maxNorm)
{
    double sum = 0.0;
    for (Index i = 0; i < n; ++i) sum += static_cast<double>(grads[i]) * static_cast<double>(grads[i]);
    const double norm = std::sqrt(sum);
    if (maxNorm > 0 && norm > maxNorm) {
        const T factor = static_cast<T>(maxNorm / (norm + 1e-6));
        for (Index i = 0; i < n; ++i) grads[i] *= factor;
    }
    return norm;
}

template class AdamW<float>;
template class AdamW<double>;
template double clipGradientNorm<float>(float *, Index, double);
template double clipGradientNorm<double>(double *, Index, double);

double scheduledLearningRate(double rate, int step, int warmup, int steps, bool cosine)
{
    if (warmup > 0 && step <= warmup) return rate * static_cast<double>(step) / static_cast<double>(warmup);
    if (!cosine || steps <= warmup) return rate;
    const double span = static_cast<double>(steps - warmup);
    const double progress = std::min(1.0, static_cast<double>(step - warmup) / span);
    return rate * (0.1 + 0.9 * 0.5 * (1.0 + std::cos(std::numbers::pi * progress)));
}

} // namespace attn::train
