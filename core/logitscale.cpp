#include "core/logitscale.h"

#include <cmath>
#include <limits>

namespace attn {

LogitScale::LogitScale(double scale, double temperature) : m_scale(scale), m_temperature(temperature)
{
    m_factor = scale / temperature;
    m_combined = std::isfinite(m_factor) && std::abs(m_factor) >= std::numeric_limits<double>::min();
    int scaleExponent = 0;
    int temperatureExponent = 0;
    const double scaleMantissa = std::frexp(scale, &scaleExponent);                   // [½, 1)
    const double temperatureMantissa = std::frexp(temperature, &temperatureExponent); // [½, 1)
    m_mantissa = scaleMantissa / temperatureMantissa;
    m_exponent = scaleExponent - temperatureExponent;
}

double LogitScale::split(double score) const
{
    // ±0, NaN and ±∞ keep their kind; the temperature is > 0, so only the scale's sign counts.
    if (score == 0.0 || !std::isfinite(score)) return std::signbit(m_scale) ? -score : score;
    int scoreExponent = 0;
    const double scoreMantissa = std::frexp(score, &scoreExponent); // [½, 1)
    // |m_mantissa · scoreMantissa| is in (¼, 2): no overflow or underflow before ldexp, which
    // rounds once more only when the logit is subnormal, and overflows only when it is > max.
    return std::ldexp(m_mantissa * scoreMantissa, m_exponent + scoreExponent);
}

} // namespace attn
