#include "ui/io/readbudget.h"

namespace attn::io {

namespace {

constexpr std::size_t kMaxRank = 32; // NumPy's NPY_MAXDIMS

/// Bytes in binary units for messages: "96 bytes", "1.0 GiB".
QString byteText(qint64 bytes)
{
    if (bytes < 1024) return QStringLiteral("%1 bytes").arg(bytes);
    static const char *const units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double value = double(bytes);
    int unit = -1;
    while (value >= 1024 && unit < 5) {
        value /= 1024;
        ++unit;
    }
    return QStringLiteral("%1 %2").arg(value, 0, 'f', 1).arg(QLatin1String(units[unit]));
}

} // namespace

QString printable(const QString &text)
{
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        if (c == u'\n')
            out += QStringLiteral("\\n");
        else if (c == u'\t')
            out += QStringLiteral("\\t");
        else if (c.category() == QChar::Other_Control || c == QChar::LineSeparator ||
                 c == QChar::ParagraphSeparator)
            out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return out;
}

QString where(const QString &fileName, const QString &tensorName)
{
    if (tensorName.isNull()) return printable(fileName) + QStringLiteral(": ");
    return QStringLiteral("%1: tensor \"%2\": ").arg(printable(fileName), printable(tensorName));
}

ReadBudget::ReadBudget(const ReadLimits &limits, QString fileName)
    : m_limits(limits), m_fileName(std::move(fileName))
{
}

qint64 ReadBudget::checkedCount(const std::vector<qint64> &shape, const QString &prefix) const
{
    if (shape.size() > kMaxRank)
        throw TensorFileError(QStringLiteral("%1shape has %2 dimensions; at most %3 are read")
                                  .arg(prefix, QString::number(shape.size()), QString::number(kMaxRank)));
    for (qint64 dimension : shape) {
        if (dimension < 0)
            throw TensorFileError(
                QStringLiteral("%1shape %2 has a negative dimension").arg(prefix, shapeText(shape)));
        if (dimension > m_limits.maxTensorElements) // refused even beside a 0
            throw TensorFileError(
                QStringLiteral("%1shape %2 has the dimension %3, more than the %4 elements a tensor "
                               "may have")
                    .arg(prefix, shapeText(shape), QString::number(dimension),
                         QString::number(m_limits.maxTensorElements)));
    }
    qint64 count = 1;
    for (qint64 dimension : shape)
        if (__builtin_mul_overflow(count, dimension, &count))
            throw TensorFileError(
                QStringLiteral("%1shape %2 has more than 2^63 elements").arg(prefix, shapeText(shape)));
    if (count > m_limits.maxTensorElements)
        throw TensorFileError(QStringLiteral("%1shape %2 has %3 elements; at most %4 are read per tensor")
                                  .arg(prefix, shapeText(shape), QString::number(count),
                                       QString::number(m_limits.maxTensorElements)));
    return count;
}

void ReadBudget::spend(qint64 count, const QString &prefix)
{
    if (++m_tensors > m_limits.maxTensors)
        throw TensorFileError(QStringLiteral("%1: holds more than %2 tensors, the most a file may hold")
                                  .arg(m_fileName, QString::number(m_limits.maxTensors)));
    const qint64 maxElements = m_limits.maxTotalBytes / 8;
    if (count > maxElements - m_elements)
        throw TensorFileError(
            QStringLiteral("%1%2 elements would bring the file to %3 elements (%4 as doubles); at most %5 "
                           "(%6) are read")
                .arg(prefix, QString::number(count), QString::number(m_elements + count),
                     byteText((m_elements + count) * 8), QString::number(maxElements),
                     byteText(maxElements * 8)));
    m_elements += count;
}

} // namespace attn::io
