// The two 16-bit floating-point types of model files, decoded to double from their bits.
// float16 (IEEE 754 binary16): 1 sign bit, 5 exponent bits (bias 15), 10 fraction bits.
// bfloat16 (the upper half of a float32): 1 sign bit, 8 exponent bits (bias 127), 7 fraction bits.
// Every value of either type is a double, so the decoding is exact.
#pragma once

#include <cstdint>

namespace attn::io {

/// The float16 with bits `bits` as a double: normal numbers (1 + f/1024) · 2^(e−15), subnormals
/// (exponent field 0) f · 2^−24, ±0, ±inf (exponent 31, fraction 0) and NaN (exponent 31, fraction
/// ≠ 0; a quiet NaN with the same sign, payload not kept). E.g. 0x3C00 → 1, 0x7BFF → 65504,
/// 0x0001 → 2^−24, 0x8000 → −0.
double halfToDouble(std::uint16_t bits);

/// The bfloat16 with bits `bits` as a double: normal numbers (1 + f/128) · 2^(e−127), subnormals
/// f · 2^−133, ±0, ±inf (exponent 255, fraction 0) and NaN. E.g. 0x3F80 → 1, 0x7F7F → 3.3895e38.
double bfloat16ToDouble(std::uint16_t bits);

} // namespace attn::io
