#include "ui/io/tensorfile.h"
#include "ui/io/bytesource.h"
#include "ui/io/npyfile.h"
#include "ui/io/npzfile.h"
#include "ui/io/readbudget.h"
#include "ui/io/safetensorsfile.h"

#include <QFileInfo>

namespace attn::io {

namespace {

/// Reads `source`, choosing the format by its first bytes; the file's suffix only chooses which
/// format's complaint a file that matches none of them gets.
TensorFile readSource(const ByteSource &source, const ReadLimits &limits)
{
    const QString name = source.fileName();
    if (source.size() > limits.maxFileBytes)
        throw TensorFileError(
            QStringLiteral("%1: the file has %2 bytes, more than the %3 a tensor file may have")
                .arg(printable(name), QString::number(source.size()), QString::number(limits.maxFileBytes)));
    if (source.size() == 0)
        throw TensorFileError(where(name, QString()) + QStringLiteral("the file is empty"));
    const QByteArray head =
        source.read(0, std::min<qint64>(source.size(), 9), QStringLiteral("the first bytes"));
    ReadBudget budget(limits, name);
    TensorFile file;
    const QString suffix = QFileInfo(name).suffix().toLower();
    const bool npy = head.startsWith("\x93NUMPY");
    const bool zip = head.startsWith("PK\x03\x04") || head.startsWith("PK\x05\x06");
    const bool safetensors = head.size() == 9 && head[8] == '{';
    if (npy || (!zip && !safetensors && suffix == QLatin1String("npy"))) {
        file.format = QStringLiteral("npy");
        const QString base = QFileInfo(name).completeBaseName();
        readNpy(source, base.isEmpty() ? name : base, where(name, QString()), budget, file);
    } else if (zip || (!safetensors && suffix == QLatin1String("npz"))) {
        file.format = QStringLiteral("npz");
        readNpz(source, budget, file);
    } else if (safetensors || suffix == QLatin1String("safetensors")) {
        file.format = QStringLiteral("safetensors");
        readSafetensors(source, budget, file);
    } else {
        throw TensorFileError(
            where(name, QString()) +
            QStringLiteral("is not a tensor file: a .npy file starts with \\x93NUMPY, an .npz file "
                           "is a zip archive (PK), a .safetensors file has '{' at byte 8"));
    }
    return file;
}

} // namespace

QString dtypeName(DType dtype)
{
    switch (dtype) {
    case DType::Float64: return QStringLiteral("float64");
    case DType::Float32: return QStringLiteral("float32");
    case DType::Float16: return QStringLiteral("float16");
    case DType::BFloat16: return QStringLiteral("bfloat16");
    }
    return {};
}

int dtypeBytes(DType dtype)
{
    switch (dtype) {
    case DType::Float64: return 8;
    case DType::Float32: return 4;
    case DType::Float16:
    case DType::BFloat16: return 2;
    }
    return 0;
}

const NamedTensor *TensorFile::find(const QString &name) const
{
    for (const NamedTensor &tensor : tensors)
        if (tensor.name == name) return &tensor;
    return nullptr;
}

qint64 elementCount(const std::vector<qint64> &shape)
{
    qint64 count = 1;
    for (qint64 dimension : shape)
        if (dimension < 0 || __builtin_mul_overflow(count, dimension, &count)) return -1;
    return count;
}

QString shapeText(const std::vector<qint64> &shape)
{
    QStringList dims;
    for (qint64 d : shape) dims.append(QString::number(d));
    return QLatin1Char('[') + dims.join(QStringLiteral(", ")) + QLatin1Char(']');
}

bool dropLeadingOne(NamedTensor &tensor, int wantedRank)
{
    if (wantedRank < 0 || tensor.shape.size() != std::size_t(wantedRank) + 1 || tensor.shape.front() != 1)
        return false;
    tensor.shape.erase(tensor.shape.begin());
    return true;
}

TensorFile readTensorFile(const QString &path, const ReadLimits &limits)
{
    return readSource(ByteSource::openFile(path, limits.maxFileBytes), limits);
}

TensorFile readTensorBytes(const QByteArray &bytes, const QString &fileName, const ReadLimits &limits)
{
    return readSource(ByteSource(bytes, fileName), limits);
}

} // namespace attn::io
