// How a score becomes a logit: scale · score / temperature, computed so that no intermediate
// overflows or underflows where the logit itself does not. One definition for the naive
// reference (score.h) and every kernel (kernels/kernel.h), so that they all form the same logits.
#pragma once

#include "core/tensor.h"

namespace attn {

/// logit = scale · score / temperature (Vaswani et al. 2017, §3.2.1, for the scale; the
/// temperature divides as in Hinton et al. 2015, §2).
///
/// Evaluated as written, scale · score can overflow (scale 2^1000, score 3e8) or round to a
/// subnormal (scale 5e-324) before the temperature brings it back, and a precomputed
/// scale / temperature can itself overflow (1e200 / 1e-200) or underflow while the logit is an
/// ordinary number. So:
/// - when f = scale / temperature is finite and normal (the usual case), logit = f · score:
///   one rounding of f, one of the product, and an overflow or underflow only where the exact
///   logit has one (up to that rounding);
/// - otherwise, scale, temperature and score are split into mantissa and exponent (frexp):
///   logit = ((m_scale / m_temperature) · m_score) · 2^(e_scale − e_temperature + e_score), the
///   mantissas' product in (¼, 2), so only the final power of two can leave the range, exactly
///   where the logit does.
/// Both forms round twice, so the logit is within about one unit in the last place of the exact
/// value. A zero, NaN or infinite score gives ±0, NaN or ±∞ (the sign of the scale).
/// Requires temperature > 0 and a finite, non-zero scale (validate() checks both).
class LogitScale {
public:
    /// scale 1, temperature 1.
    LogitScale() = default;
    LogitScale(double scale, double temperature);

    double scale() const { return m_scale; }
    double temperature() const { return m_temperature; }

    /// True when scale / temperature is finite and normal: the logit is factor() · score.
    bool combined() const { return m_combined; }

    /// scale / temperature, rounded; meaningful (and used) only when combined().
    double factor() const { return m_factor; }

    /// The logit of one score.
    double apply(double score) const { return m_combined ? m_factor * score : split(score); }

    /// apply() to every entry of `x` in place; one vectorised product when combined().
    template <typename Derived> void applyInPlace(Eigen::DenseBase<Derived> &x) const
    {
        if (m_combined) {
            x.derived() *= m_factor;
            return;
        }
        for (Index i = 0; i < x.rows(); ++i)
            for (Index j = 0; j < x.cols(); ++j) x.derived().coeffRef(i, j) = split(x.derived().coeff(i, j));
    }

private:
    double split(double score) const;

    double m_scale = 1.0;
    double m_temperature = 1.0;
    double m_factor = 1.0;
    bool m_combined = true;
    double m_mantissa = 1.0; ///< m_scale / m_temperature of the frexp mantissas, in (½, 2)
    int m_exponent = 0;      ///< e_scale − e_temperature
};

} // namespace attn
