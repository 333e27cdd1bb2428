#include "ui/io/npyfile.h"
#include "ui/io/bytesource.h"
#include "ui/io/npyheader.h"
#include "ui/io/readbudget.h"
#include "ui/io/tensorbytes.h"
#include "ui/io/tensorwriter.h"

#include <QFileInfo>
#include <QtEndian>

namespace attn::io {

namespace {

const QByteArray kMagic("\x93NUMPY", 6);
const QString kAccepted = QStringLiteral("accepted: float64 '<f8', float32 '<f4', float16 '<f2', and Unicode "
                                         "strings '<U…'");

/// What a descr that is not read describes, for the refusal: "64-bit integers ('<i8')".
QString describeDescr(const QString &descr)
{
    const QChar order = descr.isEmpty() ? QChar() : descr.front();
    const QString body =
        (order == u'<' || order == u'>' || order == u'=' || order == u'|') ? descr.mid(1) : descr;
    const QChar kind = body.isEmpty() ? QChar() : body.front();
    bool sizeOk = false;
    const int size = body.mid(1).toInt(&sizeOk);
    const QString bits = sizeOk ? QStringLiteral("%1-bit ").arg(size * 8) : QString();
    QString what;
    if (kind == u'i')
        what = bits + QStringLiteral("integers");
    else if (kind == u'u')
        what = bits + QStringLiteral("unsigned integers");
    else if (kind == u'b')
        what = QStringLiteral("booleans");
    else if (kind == u'c')
        what = bits + QStringLiteral("complex numbers");
    else if (kind == u'f')
        what = bits + QStringLiteral("floating-point numbers");
    else if (kind == u'O')
        what = QStringLiteral("Python objects");
    else if (kind == u'S' || kind == u'a')
        what = QStringLiteral("byte strings");
    else if (kind == u'M' || kind == u'm')
        what = QStringLiteral("dates or times");
    else if (kind == u'V' && size == 2)
        what = QStringLiteral(
            "anonymous 2-byte data (bfloat16 saved from NumPy looks like this, but cannot be told "
            "from other data: save float32)");
    else if (kind == u'V')
        what = QStringLiteral("anonymous data");
    else
        what = QStringLiteral("an unknown type");
    return QStringLiteral("%1 ('%2')").arg(what, printable(descr));
}

/// The float type of `descr`, or std::nullopt (with the reason in *refusal unless it is a string type).
std::optional<DType> floatType(const QString &descr)
{
    if (descr == QLatin1String("<f8")) return DType::Float64;
    if (descr == QLatin1String("<f4")) return DType::Float32;
    if (descr == QLatin1String("<f2")) return DType::Float16;
    return std::nullopt;
}

/// The character count n of a '<U n' descr, or -1 when `descr` is not one.
qint64 unicodeLength(const QString &descr)
{
    if (!descr.startsWith(QLatin1String("<U")) || descr.size() < 3 || descr.size() > 12) return -1;
    qint64 n = 0;
    for (const QChar c : descr.mid(2)) {
        if (c < u'0' || c > u'9') return -1;
        n = n * 10 + (c.unicode() - '0');
    }
    return n;
}

QString refusalFor(const QString &descr)
{
    const bool floatBody = descr.size() == 3 && descr[1] == u'f' && QStringLiteral("842").contains(descr[2]);
    if (descr.startsWith(u'>') && (floatBody || descr.startsWith(QLatin1String(">U"))))
        return QStringLiteral(
                   "big-endian data ('%1') is not read; save it little-endian, e.g. a.astype('<%2')")
            .arg(descr, descr.mid(1));
    if (descr.startsWith(u'=') && floatBody)
        return QStringLiteral(
                   "native byte order ('%1') does not say which it is; save it little-endian ('<%2')")
            .arg(descr, descr.mid(1));
    return QStringLiteral("dtype %1 is not read; %2").arg(describeDescr(descr), kAccepted);
}

/// One element per character of a '<U n' array, as NumPy reads it: n UTF-32LE code points, trailing
/// NULs dropped.
QStringList decodeStrings(const QByteArray &bytes, qint64 count, qint64 n, const QString &prefix)
{
    QStringList out;
    out.reserve(count);
    const auto *p = reinterpret_cast<const uchar *>(bytes.constData());
    std::vector<char32_t> units(static_cast<std::size_t>(n)); // (n)
    for (qint64 i = 0; i < count; ++i) {
        qint64 length = 0;
        for (qint64 j = 0; j < n; ++j) {
            const quint32 unit = qFromLittleEndian<quint32>(p + 4 * (i * n + j));
            if (unit > 0x10FFFF || (unit >= 0xD800 && unit <= 0xDFFF))
                throw TensorFileError(
                    QStringLiteral("%1string %2 holds 0x%3, which is not a Unicode character")
                        .arg(prefix, QString::number(i), QString::number(unit, 16)));
            units[std::size_t(j)] = char32_t(unit);
            if (unit != 0) length = j + 1;
        }
        out.append(QString::fromUcs4(units.data(), length));
    }
    return out;
}

} // namespace

void readNpy(const ByteSource &source, const QString &tensorName, const QString &prefix, ReadBudget &budget,
             TensorFile &file)
{
    auto fail = [&](const QString &clause) { throw TensorFileError(prefix + clause); };
    const qint64 size = source.size();
    if (size < 10)
        fail(QStringLiteral(
                 "only %1 bytes; a .npy file starts with at least 10 (magic, version, header length)")
                 .arg(size));
    const QByteArray start = source.read(0, std::min<qint64>(size, 12), QStringLiteral("the .npy preamble"));
    if (!start.startsWith(kMagic))
        fail(QStringLiteral("does not start with the .npy magic bytes \\x93NUMPY"));
    const int major = uchar(start[6]);
    const int minor = uchar(start[7]);
    if ((major < 1 || major > 3) || minor != 0)
        fail(QStringLiteral("format version %1.%2 is not read (1.0, 2.0 and 3.0 are)").arg(major).arg(minor));
    const auto *p = reinterpret_cast<const uchar *>(start.constData());
    qint64 preamble = 10;
    qint64 headerLength = qFromLittleEndian<quint16>(p + 8);
    if (major > 1) {
        if (size < 12)
            fail(QStringLiteral("only %1 bytes; a version %2.0 .npy file starts with at least 12")
                     .arg(size)
                     .arg(major));
        preamble = 12;
        headerLength = qFromLittleEndian<quint32>(p + 8);
    }
    if (headerLength > budget.limits().maxHeaderBytes)
        fail(QStringLiteral("header length %1 is more than the %2 bytes a header may have")
                 .arg(headerLength)
                 .arg(budget.limits().maxHeaderBytes));
    if (headerLength > size - preamble)
        fail(QStringLiteral("header length %1 goes beyond the file (%2 bytes, so at most %3 header bytes)")
                 .arg(headerLength)
                 .arg(size)
                 .arg(size - preamble));
    QString problem;
    const auto header =
        parseNpyHeader(source.read(preamble, headerLength, QStringLiteral("the header")), &problem);
    if (!header) fail(problem);

    const std::optional<DType> dtype = floatType(header->descr);
    const qint64 characters = unicodeLength(header->descr);
    if (!dtype && characters < 0) fail(refusalFor(header->descr));
    if (!dtype && header->shape.size() > 1)
        fail(QStringLiteral(
                 "a string array of shape %1 has more than one dimension; strings are read as a list "
                 "(scalar or 1-D)")
                 .arg(shapeText(header->shape)));
    const qint64 count = budget.checkedCount(header->shape, prefix);
    if (!dtype && count > budget.limits().maxStrings)
        fail(QStringLiteral("a string array of %1 strings; at most %2 are read")
                 .arg(QString::number(count), QString::number(budget.limits().maxStrings)));
    const qint64 itemBytes = dtype ? dtypeBytes(*dtype) : 4 * characters;
    const QString typeText = dtype ? dtypeName(*dtype) : QStringLiteral("'%1'").arg(header->descr);
    qint64 dataBytes = 0;
    const qint64 dataOffset = preamble + headerLength;
    const qint64 available = size - dataOffset;
    const bool overflow = __builtin_mul_overflow(count, itemBytes, &dataBytes);
    if (overflow || dataBytes > available)
        fail(
            QStringLiteral("shape %1 %2 needs %3 bytes of data after the %4-byte header, but the file has %5")
                .arg(shapeText(header->shape), typeText,
                     overflow ? QStringLiteral("more than 2^63") : QString::number(dataBytes),
                     QString::number(dataOffset), QString::number(available)));
    if (dataBytes < available)
        fail(QStringLiteral(
                 "the file has %1 bytes after the data (shape %2 %3 needs %4 bytes after the %5-byte "
                 "header); a .npy file ends with its data")
                 .arg(QString::number(available - dataBytes), shapeText(header->shape), typeText,
                      QString::number(dataBytes), QString::number(dataOffset)));
    budget.spend(dtype ? count : count * std::max<qint64>(characters, 1), prefix);
    const QByteArray bytes = source.read(dataOffset, dataBytes, QStringLiteral("the data"));

    if (!dtype) {
        if (file.strings.contains(tensorName)) fail(QStringLiteral("the name is given twice"));
        file.strings.insert(tensorName, decodeStrings(bytes, count, characters, prefix));
        return;
    }
    NamedTensor tensor;
    tensor.name = tensorName;
    tensor.shape = header->shape;
    tensor.dtype = *dtype;
    tensor.data = decodeLittleEndian(bytes, count, *dtype);
    if (header->fortranOrder && tensor.shape.size() > 1) tensor.data = fortranToC(tensor.data, tensor.shape);
    file.tensors.push_back(std::move(tensor));
}

bool writeNpy(const QString &path, const NamedTensor &tensor, QString *error)
{
    const QString name = printable(QFileInfo(path).fileName());
    if (const QString problem = tensorWriteProblem(tensor); !problem.isEmpty()) {
        if (error) *error = QStringLiteral("%1: %2").arg(name, problem);
        return false;
    }
    QByteArray header = npyHeaderText(
        tensor.dtype == DType::Float64 ? QStringLiteral("<f8") : QStringLiteral("<f4"), tensor.shape);
    // Pad with spaces so that the data starts on a 64-byte boundary, as NumPy does; end with '\n'.
    // Version 1.0 has a 2-byte header length; a longer header needs version 2.0 (4 bytes).
    auto paddedLength = [&](qint64 preamble) {
        return (preamble + header.size() + 1 + 63) / 64 * 64 - preamble;
    };
    const bool wide = paddedLength(10) > 65535;
    const qint64 preamble = wide ? 12 : 10;
    header += QByteArray(paddedLength(preamble) - header.size() - 1, ' ') + '\n';
    QByteArray start = kMagic;
    start += char(wide ? 2 : 1);
    start += char(0);
    uchar length[4];
    if (wide)
        qToLittleEndian(quint32(header.size()), length);
    else
        qToLittleEndian(quint16(header.size()), length);
    start.append(reinterpret_cast<const char *>(length), wide ? 4 : 2);
    AtomicTensorWriter writer(path);
    writer.write(start + header);
    writer.writeValues(tensor.data, tensor.dtype);
    return writer.commit(error);
}

} // namespace attn::io
