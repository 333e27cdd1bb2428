#include "ui/io/tensorbytes.h"
#include "ui/io/halffloat.h"

#include <QtEndian>

#include <cmath>
#include <cstring>
#include <limits>

namespace attn::io {

std::vector<double> decodeLittleEndian(const QByteArray &bytes, qint64 count, DType dtype)
{
    std::vector<double> out(static_cast<std::size_t>(count));
    const auto *p = reinterpret_cast<const uchar *>(bytes.constData());
    switch (dtype) {
    case DType::Float64:
        for (qint64 i = 0; i < count; ++i) {
            const quint64 bits = qFromLittleEndian<quint64>(p + 8 * i);
            std::memcpy(&out[std::size_t(i)], &bits, sizeof bits);
        }
        break;
    case DType::Float32:
        for (qint64 i = 0; i < count; ++i) {
            const quint32 bits = qFromLittleEndian<quint32>(p + 4 * i);
            float value = 0;
            std::memcpy(&value, &bits, sizeof bits);
            out[std::size_t(i)] = double(value);
        }
        break;
    case DType::Float16:
        for (qint64 i = 0; i < count; ++i)
            out[std::size_t(i)] = halfToDouble(qFromLittleEndian<quint16>(p + 2 * i));
        break;
    case DType::BFloat16:
        for (qint64 i = 0; i < count; ++i)
            out[std::size_t(i)] = bfloat16ToDouble(qFromLittleEndian<quint16>(p + 2 * i));
        break;
    }
    return out;
}

QByteArray encodeLittleEndian(const double *values, qint64 count, DType dtype)
{
    if (dtype != DType::Float64 && dtype != DType::Float32) return {};
    QByteArray out(count * dtypeBytes(dtype), Qt::Uninitialized);
    auto *p = reinterpret_cast<uchar *>(out.data());
    for (qint64 i = 0; i < count; ++i) {
        if (dtype == DType::Float64) {
            quint64 bits = 0;
            std::memcpy(&bits, &values[i], sizeof bits);
            qToLittleEndian(bits, p + 8 * i);
        } else {
            const float value = static_cast<float>(values[i]);
            quint32 bits = 0;
            std::memcpy(&bits, &value, sizeof bits);
            qToLittleEndian(bits, p + 4 * i);
        }
    }
    return out;
}

qint64 firstFloat32Overflow(const std::vector<double> &values)
{
    // Values from the largest float32 up to halfway to the next power of two round down to it;
    // beyond that, round to nearest gives infinity. Comparing against that bound avoids converting
    // an out-of-range double to float, which is undefined behaviour.
    const double limit = double(std::numeric_limits<float>::max()) + std::ldexp(1.0, 127 - 24);
    for (std::size_t i = 0; i < values.size(); ++i)
        if (std::isfinite(values[i]) && std::fabs(values[i]) >= limit) return qint64(i);
    return -1;
}

std::vector<double> fortranToC(const std::vector<double> &values, const std::vector<qint64> &shape)
{
    const std::size_t rank = shape.size();
    std::vector<double> out(values.size());
    if (values.empty()) return out;
    // Fortran strides: the first index fastest.
    std::vector<qint64> stride(rank, 1); // (rank)
    for (std::size_t k = 1; k < rank; ++k) stride[k] = stride[k - 1] * shape[k - 1];
    // Walk the C-order positions with an odometer of indices, the last one fastest.
    std::vector<qint64> index(rank, 0); // (rank)
    qint64 source = 0;
    for (std::size_t target = 0; target < out.size(); ++target) {
        out[target] = values[std::size_t(source)];
        for (std::size_t k = rank; k-- > 0;) {
            if (++index[k] < shape[k]) {
                source += stride[k];
                break;
            }
            source -= stride[k] * (shape[k] - 1);
            index[k] = 0;
        }
    }
    return out;
}

} // namespace attn::io
