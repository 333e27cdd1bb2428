#include "ui/io/safetensorsfile.h"
#include "ui/document/jsonproblem.h"
#include "ui/io/bytesource.h"
#include "ui/io/readbudget.h"
#include "ui/io/tensorbytes.h"
#include "ui/io/tensorwriter.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QtEndian>

#include <algorithm>
#include <cmath>

namespace attn::io {

namespace {

const QString kMetadataKey = QStringLiteral("__metadata__");

struct Entry {
    QString name;
    DType dtype = DType::Float64;
    std::vector<qint64> shape;
    qint64 count = 0; // elements
    qint64 begin = 0; // data_offsets, relative to the data's start
    qint64 end = 0;
};

QString dtypeCode(DType dtype)
{
    switch (dtype) {
    case DType::Float64: return QStringLiteral("F64");
    case DType::Float32: return QStringLiteral("F32");
    case DType::Float16: return QStringLiteral("F16");
    case DType::BFloat16: return QStringLiteral("BF16");
    }
    return {};
}

QString jsonTypeText(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return QStringLiteral("a boolean");
    case QJsonValue::Double:
        return QStringLiteral("the number %1").arg(doc::jsonNumberText(value.toDouble()));
    case QJsonValue::String: return QStringLiteral("a string");
    case QJsonValue::Array: return QStringLiteral("an array");
    case QJsonValue::Object: return QStringLiteral("an object");
    case QJsonValue::Undefined: break;
    }
    return QStringLiteral("nothing (the key is missing)");
}

/// A whole number from 0 to 2^53 (every such number is exact in JSON's doubles), or throws.
qint64 wholeNumber(const QJsonValue &value, const QString &prefix, const QString &field)
{
    const double number = value.toDouble(-1);
    if (!value.isDouble() || !(number >= 0) || number != std::floor(number) || number > 9007199254740992.0)
        throw TensorFileError(QStringLiteral("%1%2 must be a whole number from 0 to 2^53, got %3")
                                  .arg(prefix, field, jsonTypeText(value)));
    return qint64(number);
}

Entry readEntry(const QString &name, const QJsonValue &value, const QString &prefix, const ReadBudget &budget)
{
    auto fail = [&](const QString &clause) { throw TensorFileError(prefix + clause); };
    if (name.isEmpty()) fail(QStringLiteral("a tensor needs a name"));
    if (!value.isObject())
        fail(QStringLiteral("expected an object {\"dtype\", \"shape\", \"data_offsets\"}, got %1")
                 .arg(jsonTypeText(value)));
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it)
        if (it.key() != QLatin1String("dtype") && it.key() != QLatin1String("shape") &&
            it.key() != QLatin1String("data_offsets"))
            fail(QStringLiteral("unknown key \"%1\" (a tensor has \"dtype\", \"shape\" and \"data_offsets\")")
                     .arg(printable(it.key())));
    Entry entry;
    entry.name = name;

    const QJsonValue dtype = object.value(QLatin1String("dtype"));
    if (!dtype.isString()) fail(QStringLiteral("dtype must be a string, got %1").arg(jsonTypeText(dtype)));
    const QString code = dtype.toString();
    bool known = false;
    for (DType d : {DType::Float64, DType::Float32, DType::Float16, DType::BFloat16})
        if (code == dtypeCode(d)) {
            entry.dtype = d;
            known = true;
        }
    if (!known)
        fail(
            QStringLiteral("dtype \"%1\" is not read; accepted: F64, F32, F16, BF16 (floating-point numbers)")
                .arg(printable(code)));

    const QJsonValue shape = object.value(QLatin1String("shape"));
    if (!shape.isArray()) fail(QStringLiteral("shape must be an array, got %1").arg(jsonTypeText(shape)));
    const QJsonArray dims = shape.toArray();
    if (dims.size() > 32)
        fail(
            QStringLiteral("shape has %1 dimensions; at most 32 are read").arg(QString::number(dims.size())));
    for (qsizetype i = 0; i < dims.size(); ++i)
        entry.shape.push_back(wholeNumber(dims[i], prefix, QStringLiteral("shape[%1]").arg(i)));
    entry.count = budget.checkedCount(entry.shape, prefix);

    const QJsonValue offsets = object.value(QLatin1String("data_offsets"));
    if (!offsets.isArray() || offsets.toArray().size() != 2)
        fail(QStringLiteral("data_offsets must be an array [begin, end], got %1")
                 .arg(offsets.isArray() ? QStringLiteral("%1 numbers").arg(offsets.toArray().size())
                                        : jsonTypeText(offsets)));
    entry.begin = wholeNumber(offsets.toArray()[0], prefix, QStringLiteral("data_offsets[0]"));
    entry.end = wholeNumber(offsets.toArray()[1], prefix, QStringLiteral("data_offsets[1]"));
    return entry;
}

QString offsetsText(const Entry &entry)
{
    return QStringLiteral("[%1, %2]").arg(QString::number(entry.begin), QString::number(entry.end));
}

} // namespace

qsizetype firstInvalidUtf8(const QByteArray &bytes)
{
    const auto *p = reinterpret_cast<const uchar *>(bytes.constData());
    const qsizetype n = bytes.size();
    for (qsizetype i = 0; i < n;) {
        const uchar lead = p[i];
        int extra = 0;
        char32_t code = 0;
        if (lead < 0x80) {
            ++i;
            continue;
        } else if (lead >= 0xC2 && lead <= 0xDF) {
            extra = 1;
            code = lead & 0x1F;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            extra = 2;
            code = lead & 0x0F;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            extra = 3;
            code = lead & 0x07;
        } else {
            return i; // a continuation byte, an overlong 2-byte lead (C0, C1) or beyond U+10FFFF
        }
        if (n - i <= extra) return i;
        for (int k = 1; k <= extra; ++k) {
            if ((p[i + k] & 0xC0) != 0x80) return i;
            code = (code << 6) | (p[i + k] & 0x3F);
        }
        const char32_t smallest[] = {0, 0x80, 0x800, 0x10000};
        if (code < smallest[extra] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return i;
        i += extra + 1;
    }
    return -1;
}

void readSafetensors(const ByteSource &source, ReadBudget &budget, TensorFile &file)
{
    const QString prefix = where(source.fileName(), QString());
    auto fail = [&](const QString &clause) { throw TensorFileError(prefix + clause); };
    const qint64 size = source.size();
    if (size < 8)
        fail(QStringLiteral("only %1 bytes; a .safetensors file starts with an 8-byte header length")
                 .arg(QString::number(size)));
    const QByteArray lengthBytes = source.read(0, 8, QStringLiteral("the header length"));
    const quint64 length =
        qFromLittleEndian<quint64>(reinterpret_cast<const uchar *>(lengthBytes.constData()));
    if (length > quint64(budget.limits().maxHeaderBytes))
        fail(QStringLiteral("header length %1 is more than the %2 bytes a header may have")
                 .arg(QString::number(length), QString::number(budget.limits().maxHeaderBytes)));
    if (qint64(length) > size - 8)
        fail(QStringLiteral("header length %1 goes beyond the file (%2 bytes, so at most %3 header bytes)")
                 .arg(QString::number(length), QString::number(size), QString::number(size - 8)));
    if (length < 2) fail(QStringLiteral("header length %1 is too short for a JSON object").arg(length));
    const QByteArray header = source.read(8, qint64(length), QStringLiteral("the header"));
    if (header.front() != '{')
        fail(QStringLiteral("the header does not start with '{' (found the byte 0x%1)")
                 .arg(uint(uchar(header.front())), 2, 16, QLatin1Char('0')));
    if (const qsizetype bad = firstInvalidUtf8(header); bad >= 0)
        fail(QStringLiteral("the header is not UTF-8 text (byte %1 of the header is 0x%2)")
                 .arg(QString::number(bad), QString::number(uchar(header[bad]), 16)));
    QJsonParseError parseError;
    const QJsonDocument json = QJsonDocument::fromJson(header, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        fail(QStringLiteral("the header is not valid JSON at byte %1 of %2: %3")
                 .arg(QString::number(parseError.offset), QString::number(length), parseError.errorString()));
    if (!json.isObject()) fail(QStringLiteral("the header is not a JSON object"));
    if (const auto duplicate = doc::findDuplicateKey(header))
        fail(QStringLiteral("header: \"%1\" %2").arg(printable(duplicate->path), duplicate->message()));

    const qint64 dataStart = 8 + qint64(length);
    const qint64 dataSize = size - dataStart;
    const QJsonObject object = json.object();
    std::vector<Entry> entries;
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (it.key() == kMetadataKey) {
            if (it.value().isNull()) continue;
            if (!it.value().isObject())
                fail(QStringLiteral("__metadata__ must be an object of strings, got %1")
                         .arg(jsonTypeText(it.value())));
            const QJsonObject metadata = it.value().toObject();
            for (auto m = metadata.begin(); m != metadata.end(); ++m) {
                if (!m.value().isString())
                    fail(QStringLiteral("__metadata__: \"%1\" is %2, but metadata values must be strings")
                             .arg(printable(m.key()), jsonTypeText(m.value())));
                file.metadata.insert(m.key(), m.value().toString());
            }
            continue;
        }
        const QString tensorPrefix = where(source.fileName(), it.key());
        Entry entry = readEntry(it.key(), it.value(), tensorPrefix, budget);
        const QString need = QStringLiteral("shape %1 %2 needs %3")
                                 .arg(shapeText(entry.shape), dtypeCode(entry.dtype),
                                      QString::number(entry.count * dtypeBytes(entry.dtype)));
        if (entry.end < entry.begin)
            throw TensorFileError(
                tensorPrefix +
                QStringLiteral("data_offsets %1 end before they begin").arg(offsetsText(entry)));
        if (entry.end > dataSize)
            throw TensorFileError(
                tensorPrefix +
                QStringLiteral("data_offsets %1 go beyond the data: the file has %2 "
                               "bytes after its %3-byte header")
                    .arg(offsetsText(entry), QString::number(dataSize), QString::number(dataStart)));
        if (entry.end - entry.begin != entry.count * dtypeBytes(entry.dtype))
            throw TensorFileError(
                tensorPrefix + QStringLiteral("data_offsets %1 hold %2 bytes, but %3")
                                   .arg(offsetsText(entry), QString::number(entry.end - entry.begin), need));
        budget.spend(entry.count, tensorPrefix);
        entries.push_back(std::move(entry));
    }

    // The data is covered exactly once, in offset order: no overlap, no hole, nothing after the last.
    std::sort(entries.begin(), entries.end(), [](const Entry &a, const Entry &b) {
        return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
    });
    qint64 covered = 0;
    const Entry *previous = nullptr;
    for (const Entry &entry : entries) {
        const QString tensorPrefix = where(source.fileName(), entry.name);
        if (entry.begin < covered)
            throw TensorFileError(tensorPrefix + QStringLiteral("data_offsets %1 overlap tensor \"%2\" at %3")
                                                     .arg(offsetsText(entry), printable(previous->name),
                                                          offsetsText(*previous)));
        if (entry.begin > covered)
            throw TensorFileError(
                tensorPrefix +
                QStringLiteral("data_offsets %1 leave bytes %2 to %3 of the data "
                               "to no tensor (the format allows no holes)")
                    .arg(offsetsText(entry), QString::number(covered), QString::number(entry.begin)));
        covered = entry.end;
        previous = &entry;
    }
    if (covered != dataSize)
        fail(QStringLiteral(
                 "bytes %1 to %2 of the data (after the %3-byte header) belong to no tensor (the format "
                 "allows no holes)")
                 .arg(QString::number(covered), QString::number(dataSize), QString::number(dataStart)));

    for (const Entry &entry : entries) {
        NamedTensor tensor;
        tensor.name = entry.name;
        tensor.shape = entry.shape;
        tensor.dtype = entry.dtype;
        tensor.data =
            decodeLittleEndian(source.read(dataStart + entry.begin, entry.end - entry.begin,
                                           QStringLiteral("tensor \"%1\"").arg(printable(entry.name))),
                               entry.count, entry.dtype);
        file.tensors.push_back(std::move(tensor));
    }
}

bool writeSafetensors(const QString &path, const std::vector<NamedTensor> &tensors,
                      const QMap<QString, QString> &metadata, QString *error)
{
    const QString name = printable(QFileInfo(path).fileName());
    auto refuse = [&](const QString &message) {
        if (error) *error = message;
        return false;
    };
    QSet<QString> names;
    QJsonObject header;
    qint64 offset = 0;
    for (const NamedTensor &tensor : tensors) {
        const QString prefix = where(name, tensor.name);
        if (tensor.name.isEmpty()) return refuse(prefix + QStringLiteral("a tensor needs a name"));
        if (tensor.name == kMetadataKey)
            return refuse(prefix + QStringLiteral("the name is reserved for the metadata"));
        if (names.contains(tensor.name)) return refuse(prefix + QStringLiteral("the name is given twice"));
        names.insert(tensor.name);
        if (const QString problem = tensorWriteProblem(tensor); !problem.isEmpty())
            return refuse(prefix + problem);
        const qint64 bytes = qint64(tensor.data.size()) * dtypeBytes(tensor.dtype);
        QJsonArray shape;
        for (qint64 d : tensor.shape) shape.append(QJsonValue(d));
        header.insert(tensor.name,
                      QJsonObject{{QStringLiteral("dtype"), dtypeCode(tensor.dtype)},
                                  {QStringLiteral("shape"), shape},
                                  {QStringLiteral("data_offsets"), QJsonArray{offset, offset + bytes}}});
        offset += bytes;
    }
    if (!metadata.isEmpty()) {
        QJsonObject strings;
        for (auto it = metadata.begin(); it != metadata.end(); ++it) strings.insert(it.key(), it.value());
        header.insert(kMetadataKey, strings);
    }
    QByteArray text = QJsonDocument(header).toJson(QJsonDocument::Compact);
    // Spaces after the JSON so that the data starts on an 8-byte boundary (the specification allows them).
    text += QByteArray((8 - text.size() % 8) % 8, ' ');
    uchar length[8];
    qToLittleEndian(quint64(text.size()), length);
    AtomicTensorWriter writer(path);
    writer.write(QByteArray(reinterpret_cast<const char *>(length), 8) + text);
    for (const NamedTensor &tensor : tensors) writer.writeValues(tensor.data, tensor.dtype);
    return writer.commit(error);
}

} // namespace attn::io
