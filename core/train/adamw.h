// The optimiser of the training engine: AdamW with decoupled weight decay, and clipping of the
// gradient's global norm.
#pragma once

#include "core/tensor.h"

#include <cstdint>
#include <vector>

namespace attn::train {

/// Hyper-parameters of AdamW.
struct AdamWConfig {
    double learning_rate = 1e-3; ///< α
    double beta1 = 0.9;          ///< β₁, decay of the first moment
    double beta2 = 0.999;        ///< β₂, decay of the second moment
    double eps = 1e-8;           ///< ε in the denominator
    double weight_decay = 0.01;  ///< λ, applied to the parameters marked for decay
};

/// AdamW (Loshchilov & Hutter 2019, "Decoupled Weight Decay Regularization", Algorithm 2, with
/// the schedule multiplier folded into the learning rate). At step t = 1, 2, …:
///   m ← β₁ m + (1 − β₁) g,  v ← β₂ v + (1 − β₂) g²
///   θ ← θ − α (λ θ + (m / (1 − β₁ᵗ)) / (√(v / (1 − β₂ᵗ)) + ε))   (λ only where decay is marked)
/// which is what torch.optim.AdamW computes.
template <typename T> class AdamW {
public:
    /// `decay` (parameterCount) marks the parameters that get weight decay (1) or not (0).
    explicit AdamW(std::vector<std::uint8_t> decay);

    /// One update of params (parameterCount) from grads (parameterCount) at learning rate α.
    void step(T *params, const T *grads, const AdamWConfig &config, double learningRate);
    /// Moments back to zero and the step count to 0.
    void reset();
    int steps() const { return m_step; }

private:
    std::vector<std::uint8_t> m_decay;
    std::vector<T> m_m; ///< first moment (parameterCount)
    std::vector<T> m_v; ///< second moment (parameterCount)
    int m_step = 0;
};

/// Clips the gradient's global L2 norm ‖g‖ = √Σ g² (summed in double, in index order) to
/// maxNorm as torch.nn.utils.clip_grad_norm_ does: when ‖g‖ > maxNorm every entry is multiplied
/// by maxNorm / (‖g‖ + 10⁻⁶). maxNorm ≤ 0 clips nothing. Returns ‖g‖ before clipping.
///   grads (n)
template <typename T> double clipGradientNorm(T *grads, Index n, double maxNorm);

extern template class AdamW<float>;
extern template class AdamW<double>;

/// The learning rate of step `step` (from 1): linear warm-up over the first `warmup` steps, then,
/// with `cosine`, a cosine from `rate` down to rate/10 by step `steps` (Loshchilov & Hutter 2017,
/// SGDR, one cycle without restarts) held after it; without `cosine`, `rate` throughout.
double scheduledLearningRate(double rate, int step, int warmup, int steps, bool cosine);

} // namespace attn::train
