#include "core/precision.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace attn {

namespace {

/// A binary floating-point format: p significand bits (the implicit leading bit included) and
/// normal exponents e_min … e_max (a normal value is 1.f · 2^e).
struct Format {
    int precision;
    int minExponent;
    int maxExponent;
};

constexpr Format kFloat32{24, -126, 127};
constexpr Format kFloat16{11, -14, 15};
constexpr Format kBFloat16{8, -126, 127};

double largest(const Format &f)
{
    return std::ldexp(2.0 - std::ldexp(1.0, 1 - f.precision), f.maxExponent);
}

/// x rounded to `f`, ties to even. The spacing of `f` around |x| is 2^q with
/// q = max(e, e_min) − (p − 1), e the exponent of |x|'s leading bit (below e_min the spacing is
/// that of the subnormals). |x| / 2^q is exact in double (a power-of-two scaling far inside
/// double's range for these formats) and below 2^p, so rounding it to an integer by hand
/// (floor, then up when the rest is above ½, or exactly ½ with an odd floor) is the whole
/// rounding; the result r · 2^q is exact too.
double roundToFormat(const Format &f, double x)
{
    if (!std::isfinite(x) || x == 0.0) return x;
    const double magnitude = std::abs(x);
    int exponent = 0;
    (void)std::frexp(magnitude, &exponent); // magnitude = m · 2^exponent, m in [½, 1)
    const int lead = std::max(exponent - 1, f.minExponent);
    const int quantum = lead - (f.precision - 1);
    const double scaled = std::ldexp(magnitude, -quantum);
    double integer = std::floor(scaled);
    const double rest = scaled - integer; // exact: scaled has at most 53 significant bits
    if (rest > 0.5 || (rest == 0.5 && std::fmod(integer, 2.0) != 0.0)) integer += 1.0;
    const double rounded = std::ldexp(integer, quantum);
    if (rounded > largest(f)) return std::copysign(std::numeric_limits<double>::infinity(), x);
    return std::copysign(rounded, x); // a zero keeps x's sign
}

} // namespace

const char *toString(Precision dtype)
{
    switch (dtype) {
    case Precision::Float64: return "float64";
    case Precision::Float32: return "float32";
    case Precision::Float16: return "float16";
    case Precision::BFloat16: return "bfloat16";
    }
    return "?";
}

double largestFinite(Precision dtype)
{
    switch (dtype) {
    case Precision::Float64: return std::numeric_limits<double>::max();
    case Precision::Float32: return largest(kFloat32);
    case Precision::Float16: return largest(kFloat16);
    case Precision::BFloat16: return largest(kBFloat16);
    }
    return std::numeric_limits<double>::max();
}

double roundToFloat16(double x)
{
    return roundToFormat(kFloat16, x);
}

double roundToBFloat16(double x)
{
    return roundToFormat(kBFloat16, x);
}

double roundToFloat32(double x)
{
    return roundToFormat(kFloat32, x);
}

double roundTo(Precision dtype, double x)
{
    switch (dtype) {
    case Precision::Float64: return x;
    case Precision::Float32: return roundToFloat32(x);
    case Precision::Float16: return roundToFloat16(x);
    case Precision::BFloat16: return roundToBFloat16(x);
    }
    return x;
}

} // namespace attn
