// Raw little-endian element bytes to doubles and back, and the C-order reordering of Fortran-order
// data: the part every format shares once its header has said where the bytes are.
#pragma once

#include "ui/io/tensorfile.h"

#include <QByteArray>

#include <vector>

namespace attn::io {

/// The `count` elements of type `dtype` stored little-endian in `bytes` (which holds exactly
/// count · dtypeBytes(dtype) bytes), as doubles, exactly.
std::vector<double> decodeLittleEndian(const QByteArray &bytes, qint64 count, DType dtype);

/// `values` stored little-endian as float64 or float32 (round to nearest: a value that is not a
/// float32 becomes the nearest one). Any other dtype gives an empty array.
QByteArray encodeLittleEndian(const double *values, qint64 count, DType dtype);

/// The index of the first finite value of `values` that float32 cannot hold (|x| beyond
/// 3.4028235e38 after rounding, which would become ±inf), or -1.
qint64 firstFloat32Overflow(const std::vector<double> &values);

/// `values` of shape `shape` laid out in Fortran order (the first index fastest), reordered to C
/// order (the last index fastest). values.size() must be the shape's element count.
std::vector<double> fortranToC(const std::vector<double> &values, const std::vector<qint64> &shape);

} // namespace attn::io
