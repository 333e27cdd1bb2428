// Storage types a kernel may keep its tensors in, and rounding a double to each of them.
// attend() computes in float64; a scenario's `dtype` asks it to simulate a kernel that stores
// Q, K, V, the logits, the weights and the output in float32, float16 or bfloat16
// (core/lowprecision.h). The rounding is written here, not borrowed from the hardware: a C++
// conversion of an out-of-range double to float is undefined behaviour, and float16 and
// bfloat16 have no portable C++ type.
#pragma once

namespace attn {

/// The number type tensors are stored in.
enum class Precision {
    Float64,  ///< IEEE 754 binary64: 53 significand bits, largest 1.8e308 (the exact path)
    Float32,  ///< IEEE 754 binary32: 24 significand bits, largest 3.4e38
    Float16,  ///< IEEE 754 binary16: 11 significand bits, largest 65504, smallest subnormal 2^-24
    BFloat16, ///< bfloat16 (Google Brain): float32's 8 exponent bits with 8 significand bits, largest 3.4e38
};

/// "float64", "float32", "float16", "bfloat16": the scenario file's names.
const char *toString(Precision dtype);

/// The largest finite value of `dtype`: (2 − 2^(1−p)) · 2^e_max for p significand bits.
double largestFinite(Precision dtype);

/// `x` rounded to the nearest value of `dtype`, ties to even (IEEE 754 roundTiesToEven): a value
/// whose magnitude rounds beyond largestFinite(dtype) becomes ±∞, values below the smallest
/// normal round to a subnormal (gradual underflow) or to a zero of x's sign. NaN stays NaN, ±∞
/// stay ±∞. The result is exactly representable in `dtype` (and, as every such value is, in
/// double). Float64 returns x. Rounds once, directly from double (no double rounding through
/// float32), as NumPy's float64 → float16 conversion does.
double roundTo(Precision dtype, double x);

/// roundTo(Precision::Float16, x), roundTo(Precision::BFloat16, x), roundTo(Precision::Float32, x).
double roundToFloat16(double x);
double roundToBFloat16(double x);
double roundToFloat32(double x);

} // namespace attn
