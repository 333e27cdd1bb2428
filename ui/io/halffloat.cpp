#include "ui/io/halffloat.h"

#include <cmath>
#include <limits>

namespace attn::io {

namespace {

/// A binary floating-point number with `exponentBits` exponent bits and `fractionBits` fraction bits,
/// decoded from its fields: the one rule both 16-bit types follow (IEEE 754 §3.4).
double decodeFields(std::uint16_t bits, int exponentBits, int fractionBits)
{
    const int bias = (1 << (exponentBits - 1)) - 1;
    const int maxExponent = (1 << exponentBits) - 1;
    const bool negative = (bits >> 15) != 0;
    const int exponent = (bits >> fractionBits) & maxExponent;
    const int fraction = bits & ((1 << fractionBits) - 1);
    double magnitude = 0;
    if (exponent == maxExponent) {
        magnitude = fraction == 0 ? std::numeric_limits<double>::infinity()
                                  : std::numeric_limits<double>::quiet_NaN();
    } else if (exponent == 0) {
        // Subnormal (or zero): no implicit leading 1, and the exponent of the smallest normal.
        magnitude = std::ldexp(double(fraction), 1 - bias - fractionBits);
    } else {
        magnitude = std::ldexp(double(fraction | (1 << fractionBits)), exponent - bias - fractionBits);
    }
    return std::copysign(magnitude, negative ? -1.0 : 1.0);
}

} // namespace

double halfToDouble(std::uint16_t bits)
{
    return decodeFields(bits, 5, 10);
}

double bfloat16ToDouble(std::uint16_t bits)
{
    return decodeFields(bits, 8, 7);
}

} // namespace attn::io
