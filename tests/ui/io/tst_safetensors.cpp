// The .safetensors reader and writer (ui/io/safetensorsfile.h): a checkpoint with every dtype written
// by the format's specification (tests/data/io/make_fixtures.py; bfloat16 checked against PyTorch),
// hand-made headers refused one by one, a checkpoint written and read back bit for bit, the writer's
// refusals and full disk, every truncation refused, and the written file read by an independent reader
// (NumPy, and PyTorch when installed).
#include "strictwarnings.h"
#include "tensortestdata.h"
#include "ui/io/safetensorsfile.h"
#include "ui/io/tensorbytes.h"
#include "ui/io/tensorfile.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <limits>

using attn::io::DType;
using attn::io::NamedTensor;
using attn::io::ReadLimits;
using attn::io::TensorFile;
using attn::test::bitsOf;
using attn::test::safetensorsBytes;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// One header entry: "NAME": {"dtype", "shape", "data_offsets"}.
QByteArray entry(const QByteArray &name, const QByteArray &dtype, const QByteArray &shape, qint64 begin,
                 qint64 end)
{
    return '"' + name + "\":{\"dtype\":\"" + dtype + "\",\"shape\":" + shape + ",\"data_offsets\":[" +
           QByteArray::number(begin) + ',' + QByteArray::number(end) + "]}";
}

/// Bit-exact equality (NaN: any NaN), naming the first difference.
void verifyBits(const std::vector<double> &got, const std::vector<double> &expected)
{
    QCOMPARE(got.size(), expected.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
        if (std::isnan(expected[i])) {
            QVERIFY2(std::isnan(got[i]), qPrintable(QStringLiteral("element %1 is not NaN").arg(i)));
            continue;
        }
        QVERIFY2(bitsOf(got[i]) == bitsOf(expected[i]),
                 qPrintable(QStringLiteral("element %1: %2, expected %3")
                                .arg(i)
                                .arg(got[i], 0, 'g', 17)
                                .arg(expected[i], 0, 'g', 17)));
    }
}

/// A training checkpoint as the training engine would hand it over: float64 weights with the extremes
/// of double, float32 weights, a scalar, an empty tensor.
std::vector<NamedTensor> checkpointTensors()
{
    return {
        {QStringLiteral("embed"),
         {3, 2},
         {-0.0, std::ldexp(1.0, -1074), std::numeric_limits<double>::max(), -kInf, kNaN, 1.0 / 3},
         DType::Float64},
        {QStringLiteral("layers.0.W_q"), {2, 2}, {0.5, -0.0, std::ldexp(1.0, -149), -3.0e38}, DType::Float32},
        {QStringLiteral("step_scale"), {}, {42}, DType::Float64},
        {QStringLiteral("layers.1.b_o"), {0, 3}, {}, DType::Float32},
    };
}

QMap<QString, QString> checkpointMetadata()
{
    return {{QStringLiteral("config"), QStringLiteral(R"({"layers": 2, "heads": 4, "d_model": 32})")},
            {QStringLiteral("task"), QStringLiteral("induction")},
            {QStringLiteral("step"), QStringLiteral("1200")},
            {QStringLiteral("seed"), QStringLiteral("7")},
            {QStringLiteral("note"), QStringLiteral("她 — ünïcode, \"quotes\"\nand a line break")}};
}

} // namespace

class TestSafetensors : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }

    void readsTheCheckpointFixture()
    {
        const TensorFile file =
            attn::io::readTensorFile(attn::test::ioFixture(QStringLiteral("checkpoint.safetensors")));
        QCOMPARE(file.format, QStringLiteral("safetensors"));
        QStringList names;
        for (const NamedTensor &t : file.tensors) names << t.name;
        // In the order of their data, not the header's (alphabetical) order.
        QCOMPARE(names, (QStringList{"layers.0.W_q", "layers.0.b_q", "half", "bf", "bf_as_f64", "empty"}));
        const NamedTensor &w = file.tensors[0];
        QCOMPARE(w.dtype, DType::Float64);
        QCOMPARE(w.shape, (std::vector<qint64>{2, 3}));
        verifyBits(w.data, {0.5, -0.0, 5e-324, 1e308, -2.25, 0.1});
        const NamedTensor &b = file.tensors[1];
        QCOMPARE(b.dtype, DType::Float32);
        verifyBits(b.data, {1.0, -1.5, double(0.1f), std::ldexp(1.0, -149)});
        const NamedTensor &half = file.tensors[2];
        QCOMPARE(half.dtype, DType::Float16);
        const double s = std::ldexp(1.0, -24); // the smallest float16 subnormal
        verifyBits(half.data, {0.0, -0.0, s, 1023 * s, std::ldexp(1.0, -14), 1.0, 1365.0 / 4096, 65504.0,
                               kInf, -kInf, kNaN, -2.0, -s});
        // bfloat16 against PyTorch's own conversion to float64 (stored beside it by the fixture script).
        const NamedTensor &bf = file.tensors[3];
        QCOMPARE(bf.dtype, DType::BFloat16);
        verifyBits(bf.data, file.tensors[4].data);
        QCOMPARE(bf.data[0], 1.0);
        QCOMPARE(bf.data[1], 0.10009765625);              // 0.1 rounded to bfloat16: 0x3DCD
        QCOMPARE(bf.data[7], 255 * std::ldexp(1.0, 120)); // 0x7F7F, the largest bfloat16
        QCOMPARE(file.tensors[5].shape, (std::vector<qint64>{0, 4}));
        QVERIFY(file.tensors[5].data.empty());
        QCOMPARE(file.metadata,
                 (QMap<QString, QString>{{"task", "induction"},
                                         {"step", "1200"},
                                         {"seed", "7"},
                                         {"tokens", QStringLiteral(R"(["the", "cat", "她"])")}}));
        QVERIFY(file.strings.isEmpty());
    }

    void readsABatchOfOneAndUnicodeNames()
    {
        TensorFile file =
            attn::io::readTensorFile(attn::test::ioFixture(QStringLiteral("batch.safetensors")));
        QCOMPARE(file.tensors.size(), std::size_t(1));
        NamedTensor &x = file.tensors[0];
        QCOMPARE(x.name, QStringLiteral("attention.她"));
        QCOMPARE(x.shape, (std::vector<qint64>{1, 2, 3}));
        QVERIFY(attn::io::dropLeadingOne(x, 2));
        QCOMPARE(x.shape, (std::vector<qint64>{2, 3}));
        QCOMPARE(x.data, (std::vector<double>{0, 0.25, 0.5, 0.75, 1, 1.25}));
        QVERIFY(file.metadata.isEmpty());
    }

    void readsHandMadeHalfFloats()
    {
        const QByteArray json =
            '{' + entry("h", "F16", "[3]", 0, 6) + ',' + entry("b", "BF16", "[1]", 6, 8) + '}';
        const TensorFile file = attn::io::readTensorBytes(
            safetensorsBytes(json, QByteArray("\x00\x3c\xff\x7b\x01\x00\x80\x3f", 8)),
            QStringLiteral("h.safetensors"));
        QCOMPARE(file.tensors.size(), std::size_t(2));
        QCOMPARE(file.tensors[0].data, (std::vector<double>{1.0, 65504.0, std::ldexp(1.0, -24)}));
        QCOMPARE(file.tensors[1].data, (std::vector<double>{1.0}));
        // Spaces after the JSON (writers pad the header to align the data) and "__metadata__": null.
        const QByteArray padded = R"({"__metadata__":null,)" + entry("x", "F32", "[]", 0, 4) + "}      ";
        const TensorFile scalar = attn::io::readTensorBytes(
            safetensorsBytes(padded, attn::test::f32Bytes({2.5f})), QStringLiteral("p.safetensors"));
        QVERIFY(scalar.tensors[0].shape.empty());
        QCOMPARE(scalar.tensors[0].data, (std::vector<double>{2.5}));
    }

    void refusesBadFiles_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QStringList>("fragments");
        auto add = [](const char *row, const QByteArray &bytes, const QStringList &fragments) {
            QTest::addRow("%s", row) << bytes << fragments;
        };
        auto file = [](const QByteArray &entries, qsizetype dataBytes) {
            return safetensorsBytes('{' + entries + '}', QByteArray(dataBytes, '\0'));
        };
        const QByteArray q4 = entry("Q", "F32", "[1]", 0, 4);
        // The header length.
        add("4 bytes", QByteArray(4, '\0'),
            {"only 4 bytes; a .safetensors file starts with an 8-byte header length"});
        add("header length beyond the file", attn::test::le(quint64(1000)) + "{}",
            {"header length 1000 goes beyond the file (10 bytes, so at most 2 header bytes)"});
        add("header length 2^40", attn::test::le(quint64(1) << 40) + "{}",
            {"header length 1099511627776 is more than the 104857600 bytes a header may have"});
        add("header length 2^64 - 1", attn::test::le(~quint64(0)) + "{}",
            {"header length 18446744073709551615 is more than the 104857600 bytes"});
        add("header length 0", attn::test::le(quint64(0)),
            {"header length 0 is too short for a JSON object"});
        // The header's text.
        add("not an object", safetensorsBytes("[]", {}),
            {"the header does not start with '{' (found the byte 0x5b)"});
        add("not UTF-8", safetensorsBytes("{\"\xff\":1}", {}),
            {"the header is not UTF-8 text (byte 2 of the header is 0xff)"});
        add("overlong UTF-8", safetensorsBytes("{\"\xc0\xaf\":1}", {}), {"byte 2 of the header is 0xc0"});
        add("UTF-8 surrogate", safetensorsBytes("{\"\xed\xa0\x80\":1}", {}),
            {"byte 2 of the header is 0xed"});
        add("invalid JSON", safetensorsBytes("{\"Q\": {", {}), {"the header is not valid JSON at byte"});
        add("tensor twice", file(q4 + ',' + entry("Q", "F32", "[1]", 4, 8), 8),
            {"header: \"Q\" is given twice in one object"});
        add("metadata key twice", safetensorsBytes(R"({"__metadata__":{"a":"1","a":"2"}})", {}),
            {"header: \"__metadata__.a\" is given twice"});
        add("metadata number", safetensorsBytes(R"({"__metadata__":{"step":12}})", {}),
            {"__metadata__: \"step\" is the number 12, but metadata values must be strings"});
        add("metadata array", safetensorsBytes(R"({"__metadata__":["a"]})", {}),
            {"__metadata__ must be an object of strings, got an array"});
        // One tensor's entry.
        add("entry not an object", safetensorsBytes(R"({"Q":3})", {}),
            {"tensor \"Q\": expected an object {\"dtype\", \"shape\", \"data_offsets\"}, got the number 3"});
        add("a line break in a name", safetensorsBytes(R"({"a\nb":3})", {}),
            {"tensor \"a\\nb\": expected an object"});
        add("empty name", file(entry("", "F32", "[1]", 0, 4), 4), {"tensor \"\": a tensor needs a name"});
        add("unknown key",
            safetensorsBytes(R"({"Q":{"dtype":"F32","shape":[1],"data_offsets":[0,4],"offsets":1}})",
                             QByteArray(4, '\0')),
            {"tensor \"Q\": unknown key \"offsets\""});
        add("no dtype", safetensorsBytes(R"({"Q":{"shape":[1],"data_offsets":[0,4]}})", QByteArray(4, '\0')),
            {"tensor \"Q\": dtype must be a string, got nothing (the key is missing)"});
        for (const char *dtype : {"I64", "I32", "U8", "BOOL", "F8_E4M3"})
            add(qPrintable(QStringLiteral("dtype %1").arg(QLatin1String(dtype))),
                file(entry("Q", dtype, "[1]", 0, 8), 8),
                {QStringLiteral("tensor \"Q\": dtype \"%1\" is not read; accepted: F64, F32, F16, BF16")
                     .arg(QLatin1String(dtype))});
        add("shape not an array", file(entry("Q", "F32", "3", 0, 12), 12),
            {"tensor \"Q\": shape must be an array, got the number 3"});
        add("negative dimension", file(entry("Q", "F32", "[-1]", 0, 4), 4),
            {"tensor \"Q\": shape[0] must be a whole number from 0 to 2^53, got the number -1"});
        add("fractional dimension", file(entry("Q", "F32", "[2, 1.5]", 0, 12), 12),
            {"shape[1]", "got the number 1.5"});
        add("dimension 2^60", file(entry("Q", "F32", "[1152921504606846976]", 0, 4), 4),
            {"shape[0] must be a whole number from 0 to 2^53"});
        add("dimension as text", file(entry("Q", "F32", "[\"2\"]", 0, 8), 8), {"shape[0]", "got a string"});
        add("product beyond 2^63", file(entry("Q", "F32", "[2147483647,2147483647,2147483647]", 0, 4), 4),
            {"tensor \"Q\": shape [2147483647, 2147483647, 2147483647] has more than 2^63 elements"});
        add("too many elements", file(entry("Q", "F32", "[65536,65536]", 0, 4), 4),
            {"shape [65536, 65536] has 4294967296 elements; at most 2147483647 are read per tensor"});
        add("33 dimensions", file(entry("Q", "F32", '[' + QByteArray("1,").repeated(32) + "1]", 0, 4), 4),
            {"tensor \"Q\": shape has 33 dimensions; at most 32 are read"});
        // Offsets.
        add("one offset",
            safetensorsBytes(R"({"Q":{"dtype":"F32","shape":[1],"data_offsets":[0]}})", QByteArray(4, '\0')),
            {"tensor \"Q\": data_offsets must be an array [begin, end], got 1 numbers"});
        add("end before begin", file(entry("Q", "F32", "[1]", 8, 4), 8),
            {"data_offsets [8, 4] end before they begin"});
        add("beyond the data", file(entry("Q", "F32", "[2,3,4]", 0, 96), 80),
            {"tensor \"Q\": data_offsets [0, 96] go beyond the data: the file has 80 bytes after its"});
        add("size does not match the shape", file(entry("Q", "F32", "[2,3,4]", 0, 90), 90),
            {"tensor \"Q\": data_offsets [0, 90] hold 90 bytes, but shape [2, 3, 4] F32 needs 96"});
        add("overlap", file(entry("A", "F32", "[2]", 0, 8) + ',' + entry("B", "F32", "[2]", 4, 12), 12),
            {"tensor \"B\": data_offsets [4, 12] overlap tensor \"A\" at [0, 8]"});
        add("zero-size tensor inside another",
            file(entry("A", "F32", "[2]", 0, 8) + ',' + entry("Z", "F32", "[0]", 4, 4), 8),
            {"tensor \"Z\": data_offsets [4, 4] overlap tensor \"A\" at [0, 8]"});
        add("hole at the start", file(entry("A", "F32", "[1]", 4, 8), 8),
            {"tensor \"A\": data_offsets [4, 8] leave bytes 0 to 4 of the data to no tensor (the format "
             "allows no holes)"});
        add("hole between", file(entry("A", "F32", "[1]", 0, 4) + ',' + entry("B", "F32", "[1]", 8, 12), 12),
            {"tensor \"B\": data_offsets [8, 12] leave bytes 4 to 8"});
        add("bytes after the last tensor", file(q4, 8), {"bytes 4 to 8 of the data", "belong to no tensor"});
    }
    void refusesBadFiles()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QStringList, fragments);
        attn::test::refusal(bytes, QStringLiteral("model.safetensors"), fragments);
    }

    void refusesWhatPassesTheLimits()
    {
        const QByteArray checkpoint = attn::test::ioFixtureBytes(QStringLiteral("checkpoint.safetensors"));
        ReadLimits total;
        total.maxTotalBytes =
            100; // 12 doubles; the header's first entries (by name) are bf's 8 and bf_as_f64's 8
        attn::test::refusal(
            checkpoint, QStringLiteral("c.safetensors"),
            {"tensor \"bf_as_f64\": 8 elements would bring the file to 16 elements (128 bytes as "
             "doubles); at most 12 (96 bytes) are read"},
            total);
        ReadLimits header;
        header.maxHeaderBytes = 64;
        attn::test::refusal(checkpoint, QStringLiteral("c.safetensors"),
                            {"header length 480 is more than the 64 bytes a header may have"}, header);
        ReadLimits tensors;
        tensors.maxTensors = 2;
        attn::test::refusal(checkpoint, QStringLiteral("c.safetensors"),
                            {"c.safetensors: holds more than 2 tensors, the most a file may hold"}, tensors);
    }

    void everyTruncationIsRefused()
    {
        for (const char *name : {"checkpoint.safetensors", "batch.safetensors"}) {
            attn::test::verifyEveryTruncationIsRefused(attn::test::ioFixtureBytes(QLatin1String(name)),
                                                       QLatin1String(name));
            if (QTest::currentTestFailed()) return;
        }
    }

    void byteFlipsNeverCrash()
    {
        const QByteArray bytes = attn::test::ioFixtureBytes(QStringLiteral("checkpoint.safetensors"));
        // Every byte of the length and the header matters: a flipped ASCII byte is not UTF-8, a flipped
        // length byte points elsewhere. A flipped data byte only changes a value.
        QCOMPARE(attn::test::readEveryByteFlip(bytes, QStringLiteral("checkpoint.safetensors")), 8 + 480);
    }

    void checkpointRoundTripIsBitExact()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("step-1200.safetensors"));
        const std::vector<NamedTensor> tensors = checkpointTensors();
        QString error;
        QVERIFY2(attn::io::writeSafetensors(path, tensors, checkpointMetadata(), &error), qPrintable(error));
        const TensorFile back = attn::io::readTensorFile(path);
        QCOMPARE(back.format, QStringLiteral("safetensors"));
        QCOMPARE(back.tensors.size(), tensors.size());
        for (std::size_t i = 0; i < tensors.size(); ++i) {
            QCOMPARE(back.tensors[i].name, tensors[i].name); // stored, and so read, in the given order
            QCOMPARE(back.tensors[i].shape, tensors[i].shape);
            QCOMPARE(back.tensors[i].dtype, tensors[i].dtype);
            std::vector<double> expected = tensors[i].data;
            if (tensors[i].dtype == DType::Float32)
                for (double &v : expected) v = double(static_cast<float>(v)); // exact for these values
            verifyBits(back.tensors[i].data, expected);
        }
        QCOMPARE(back.metadata, checkpointMetadata());
    }

    void writtenLayoutFollowsTheSpecification()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("c.safetensors"));
        QVERIFY(attn::io::writeSafetensors(path, checkpointTensors(), checkpointMetadata()));
        const QByteArray bytes = attn::test::readAll(path);
        const quint64 length = qFromLittleEndian<quint64>(bytes.constData());
        QCOMPARE((8 + length) % 8, quint64(0)); // the data starts on an 8-byte boundary
        QCOMPARE(bytes.at(8), '{');
        const QJsonObject header = QJsonDocument::fromJson(bytes.mid(8, qsizetype(length))).object();
        auto offsets = [&](const char *name) {
            const QJsonArray a =
                header.value(QLatin1String(name)).toObject().value(QLatin1String("data_offsets")).toArray();
            return std::pair{a.at(0).toInteger(), a.at(1).toInteger()};
        };
        QCOMPARE(offsets("embed"), (std::pair<qint64, qint64>{0, 48}));
        QCOMPARE(offsets("layers.0.W_q"), (std::pair<qint64, qint64>{48, 64}));
        QCOMPARE(offsets("step_scale"), (std::pair<qint64, qint64>{64, 72}));
        QCOMPARE(offsets("layers.1.b_o"), (std::pair<qint64, qint64>{72, 72}));
        QCOMPARE(qint64(bytes.size()), qint64(8 + length + 72));
        QCOMPARE(header.value(QLatin1String("embed")).toObject().value(QLatin1String("dtype")).toString(),
                 QStringLiteral("F64"));
        QCOMPARE(header.value(QLatin1String("step_scale")).toObject().value(QLatin1String("shape")).toArray(),
                 QJsonArray());
        QCOMPARE(
            header.value(QLatin1String("__metadata__")).toObject().value(QLatin1String("step")).toString(),
            QStringLiteral("1200"));
        // -0.0 is stored as its bits: 0x8000000000000000, little-endian.
        QCOMPARE(bytes.mid(qsizetype(8 + length), 8), QByteArray("\0\0\0\0\0\0\0\x80", 8));
    }

    void writerRefusesAndKeepsTheOldFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("c.safetensors"));
        attn::test::writeFile(path, "old");
        const NamedTensor one{QStringLiteral("Q"), {1}, {1}, DType::Float64};
        auto refused = [&](const std::vector<NamedTensor> &tensors, const QString &expected) {
            QString error;
            QVERIFY(!attn::io::writeSafetensors(path, tensors, {}, &error));
            QCOMPARE(error, expected);
        };
        refused({one, one}, QStringLiteral("c.safetensors: tensor \"Q\": the name is given twice"));
        refused({{QString(), {1}, {1}, DType::Float64}},
                QStringLiteral("c.safetensors: a tensor needs a name"));
        refused(
            {{QStringLiteral("__metadata__"), {1}, {1}, DType::Float64}},
            QStringLiteral("c.safetensors: tensor \"__metadata__\": the name is reserved for the metadata"));
        refused(
            {{QStringLiteral("B"), {1}, {1}, DType::BFloat16}},
            QStringLiteral("c.safetensors: tensor \"B\": bfloat16 is not written; float64 and float32 are"));
        refused({{QStringLiteral("W"), {2, 2}, {1, 2, 3}, DType::Float32}},
                QStringLiteral("c.safetensors: tensor \"W\": data has 3 values but shape [2, 2] needs 4"));
        QCOMPARE(attn::test::readAll(path), QByteArray("old"));
    }

    void fullDiskKeepsTheOldCheckpoint()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big.safetensors"));
        QVERIFY(attn::io::writeSafetensors(path, checkpointTensors(), checkpointMetadata()));
        const QByteArray old = attn::test::readAll(path);
        NamedTensor big{
            QStringLiteral("W"), {512, 512}, std::vector<double>(512 * 512, 0.5), DType::Float64}; // 2 MiB
        QString error;
        bool written = true;
        {
            attn::test::FullDisk full(64 * 1024);
            written = attn::io::writeSafetensors(path, {big}, {}, &error);
        }
        QVERIFY(!written);
        QVERIFY2(error.startsWith(QLatin1String("cannot write big.safetensors: ")), qPrintable(error));
        QVERIFY2(error.endsWith(QLatin1String("the previous file, if any, is unchanged")), qPrintable(error));
        QCOMPARE(attn::test::readAll(path), old);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files),
                 QStringList{QStringLiteral("big.safetensors")}); // no leftovers
    }

    void anIndependentReaderReadsTheCheckpoint()
    {
        if (!QFile::exists(QStringLiteral("/usr/bin/python3")))
            QSKIP("/usr/bin/python3 is not installed: the checkpoint was not read by NumPy or PyTorch");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("c.safetensors"));
        const std::vector<NamedTensor> tensors = checkpointTensors();
        QVERIFY(attn::io::writeSafetensors(path, tensors, checkpointMetadata()));
        QProcess python;
        python.start(QStringLiteral("/usr/bin/python3"),
                     {QStringLiteral(ATTN_SOURCE_DIR "/tests/ui/io/read_safetensors.py"), path});
        QVERIFY(python.waitForFinished(120000));
        const QByteArray err = python.readAllStandardError();
        if (err.contains("No module named 'numpy'"))
            QSKIP("python3-numpy is not installed: the checkpoint was not read by NumPy or PyTorch");
        QVERIFY2(python.exitCode() == 0, err.constData());
        const QJsonObject out = QJsonDocument::fromJson(python.readAllStandardOutput()).object();
        const QJsonObject read = out.value(QLatin1String("tensors")).toObject();
        QCOMPARE(read.size(), qsizetype(tensors.size()));
        for (const NamedTensor &t : tensors) {
            const QJsonObject one = read.value(t.name).toObject();
            QCOMPARE(one.value(QLatin1String("dtype")).toString(),
                     t.dtype == DType::Float64 ? QStringLiteral("F64") : QStringLiteral("F32"));
            QJsonArray shape;
            for (qint64 d : t.shape) shape.append(d);
            QCOMPARE(one.value(QLatin1String("shape")).toArray(), shape);
            const QByteArray expected =
                attn::io::encodeLittleEndian(t.data.data(), qint64(t.data.size()), t.dtype);
            QCOMPARE(one.value(QLatin1String("hex")).toString().toLatin1(), expected.toHex());
        }
        QJsonObject metadata;
        const QMap<QString, QString> m = checkpointMetadata();
        for (auto it = m.begin(); it != m.end(); ++it) metadata.insert(it.key(), it.value());
        QCOMPARE(out.value(QLatin1String("metadata")).toObject(), metadata);
        qInfo("read back by NumPy%s",
              out.value(QLatin1String("torch")).toBool() ? " and PyTorch" : " (PyTorch is not installed)");
    }
};

QTEST_GUILESS_MAIN(TestSafetensors)
#include "tst_safetensors.moc"
