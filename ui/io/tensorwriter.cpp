#include "ui/io/tensorwriter.h"
#include "ui/io/readbudget.h"
#include "ui/io/tensorbytes.h"

#include <QFileInfo>
#include <QLocale>

#include <algorithm>

namespace attn::io {

QString tensorWriteProblem(const NamedTensor &tensor)
{
    if (tensor.dtype != DType::Float64 && tensor.dtype != DType::Float32)
        return QStringLiteral("%1 is not written; float64 and float32 are").arg(dtypeName(tensor.dtype));
    const qint64 count = elementCount(tensor.shape);
    if (count < 0)
        return QStringLiteral("shape %1 has no element count (a negative or overflowing dimension)")
            .arg(shapeText(tensor.shape));
    if (qint64(tensor.data.size()) != count)
        return QStringLiteral("data has %1 values but shape %2 needs %3")
            .arg(QString::number(tensor.data.size()), shapeText(tensor.shape), QString::number(count));
    if (tensor.dtype == DType::Float32) {
        if (const qint64 at = firstFloat32Overflow(tensor.data); at >= 0)
            return QStringLiteral(
                       "value %1 (element %2) is beyond the range of float32 (±3.4028235e38); write "
                       "float64")
                .arg(QString::number(tensor.data[std::size_t(at)], 'g', QLocale::FloatingPointShortest),
                     QString::number(at));
    }
    return {};
}

AtomicTensorWriter::AtomicTensorWriter(const QString &path)
    : m_file(path), m_fileName(printable(QFileInfo(path).fileName()))
{
    m_ok = m_file.open(QIODevice::WriteOnly | QIODevice::Unbuffered);
}

bool AtomicTensorWriter::write(const QByteArray &bytes)
{
    m_ok = m_ok && m_file.write(bytes) == bytes.size();
    return m_ok;
}

bool AtomicTensorWriter::writeValues(const std::vector<double> &values, DType dtype)
{
    constexpr qint64 kPiece = qint64{1} << 19; // values per write: 4 MiB of float64
    for (qint64 start = 0; m_ok && start < qint64(values.size()); start += kPiece) {
        const qint64 count = std::min<qint64>(kPiece, qint64(values.size()) - start);
        write(encodeLittleEndian(values.data() + start, count, dtype));
    }
    return m_ok;
}

bool AtomicTensorWriter::commit(QString *error)
{
    if (m_ok && m_file.commit()) return true;
    const QString reason = m_file.error() == QFileDevice::NoError || m_file.errorString().isEmpty()
                               ? QStringLiteral("the disk is full")
                               : m_file.errorString();
    m_file.cancelWriting();
    if (error)
        *error = QStringLiteral("cannot write %1: %2; the previous file, if any, is unchanged")
                     .arg(m_fileName, reason);
    return false;
}

} // namespace attn::io
