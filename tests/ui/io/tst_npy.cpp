// The .npy reader and writer (ui/io/npyfile.h, npyheader.h): files NumPy wrote (tests/data/io/),
// hand-made headers accepted and refused, the size checks, the writer's bytes and its round trip,
// and every truncation of a valid file refused cleanly.
#include "strictwarnings.h"
#include "tensortestdata.h"
#include "ui/io/npyheader.h"
#include "ui/io/tensorfile.h"

#include <QFile>
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
using attn::test::f32Bytes;
using attn::test::f64Bytes;
using attn::test::ioFixture;
using attn::test::npyBytes;

Q_DECLARE_METATYPE(ReadLimits)

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// The one tensor of a .npy fixture (fails the test, returning an empty tensor, when it is refused).
NamedTensor onlyTensor(const QString &fixture)
{
    try {
        const TensorFile file = attn::io::readTensorFile(ioFixture(fixture));
        if (file.format != QLatin1String("npy") || file.tensors.size() != 1) return {};
        return file.tensors.front();
    } catch (const attn::io::TensorFileError &error) {
        qWarning("%s", qPrintable(error.message()));
        return {};
    }
}

/// Bit-exact equality of two arrays of doubles (so -0.0 ≠ 0.0), naming the first difference.
void verifyBits(const std::vector<double> &got, const std::vector<double> &expected)
{
    QCOMPARE(got.size(), expected.size());
    for (std::size_t i = 0; i < got.size(); ++i)
        QVERIFY2(bitsOf(got[i]) == bitsOf(expected[i]),
                 qPrintable(QStringLiteral("element %1: %2, expected %3")
                                .arg(i)
                                .arg(got[i], 0, 'g', 17)
                                .arg(expected[i], 0, 'g', 17)));
}

const QByteArray kF8x3 = "{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }";

} // namespace

class TestNpy : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }

    void readsFloat64FromNumpy()
    {
        const NamedTensor t = onlyTensor(QStringLiteral("float64.npy"));
        QCOMPARE(t.name, QStringLiteral("float64"));
        QCOMPARE(t.dtype, DType::Float64);
        QCOMPARE(t.shape, (std::vector<qint64>{2, 3}));
        verifyBits(t.data, {0.5, -0.0, 5e-324, 1e308, -2.25, 0.1});
    }

    void readsFloat32WithABatchOfOne()
    {
        NamedTensor t = onlyTensor(QStringLiteral("float32-batch.npy"));
        QCOMPARE(t.dtype, DType::Float32);
        QCOMPARE(t.shape, (std::vector<qint64>{1, 2, 3}));
        verifyBits(t.data,
                   {1.0, -1.5, double(0.1f), double(3.4028235e38f), double(1.17549435e-38f), double(1e-45f)});
        QCOMPARE(t.data[5], std::ldexp(1.0, -149)); // the smallest float32 subnormal, exactly
        QVERIFY(!attn::io::dropLeadingOne(t, 3));   // already rank 3: the 1 may be a head count
        QVERIFY(attn::io::dropLeadingOne(t, 2));
        QCOMPARE(t.shape, (std::vector<qint64>{2, 3}));
        QCOMPARE(t.data.size(), std::size_t(6));
        QVERIFY(!attn::io::dropLeadingOne(t, 1)); // first dimension 2
    }

    void readsFloat16AsNumpyConvertsIt()
    {
        const NamedTensor half = onlyTensor(QStringLiteral("float16.npy"));
        const NamedTensor reference = onlyTensor(QStringLiteral("float16-as-float64.npy")); // NumPy's astype
        QCOMPARE(half.dtype, DType::Float16);
        QCOMPARE(half.shape, (std::vector<qint64>{13}));
        QCOMPARE(reference.data.size(), half.data.size());
        for (std::size_t i = 0; i < half.data.size(); ++i) {
            if (std::isnan(reference.data[i]))
                QVERIFY(std::isnan(half.data[i]));
            else
                QCOMPARE(bitsOf(half.data[i]), bitsOf(reference.data[i]));
        }
        // And by hand: 0x0001 = 2^-24, 0x7BFF = 65504, 0xFC00 = -inf, 0x8000 = -0.
        QCOMPARE(half.data[2], std::ldexp(1.0, -24));
        QCOMPARE(half.data[7], 65504.0);
        QCOMPARE(half.data[9], -kInf);
        QVERIFY(std::signbit(half.data[1]) && half.data[1] == 0);
    }

    void readsFortranOrderAsCOrder()
    {
        // np.asfortranarray(np.arange(24).reshape(2, 3, 4)): in C order the values are 0 … 23 again.
        const NamedTensor t = onlyTensor(QStringLiteral("fortran.npy"));
        QCOMPARE(t.shape, (std::vector<qint64>{2, 3, 4}));
        std::vector<double> expected(24);
        for (int i = 0; i < 24; ++i) expected[std::size_t(i)] = i;
        QCOMPARE(t.data, expected);
    }

    void readsEveryVersionScalarsAndEmptyArrays()
    {
        for (const char *name : {"version2.npy", "version3.npy"}) {
            const NamedTensor t = onlyTensor(QLatin1String(name));
            QCOMPARE(t.shape, (std::vector<qint64>{3}));
            QCOMPARE(t.data, (std::vector<double>{1, 2, 3}));
        }
        const NamedTensor scalar = onlyTensor(QStringLiteral("scalar.npy"));
        QVERIFY(scalar.shape.empty());
        QCOMPARE(scalar.data, (std::vector<double>{2.5}));
        const NamedTensor empty = onlyTensor(QStringLiteral("empty.npy"));
        QCOMPARE(empty.shape, (std::vector<qint64>{0, 3}));
        QVERIFY(empty.data.empty());
        QCOMPARE(empty.name, QStringLiteral("empty"));
    }

    void readsStringArraysAsText()
    {
        // np.array(["the", "她"]): '<U3', UTF-32LE, shorter strings padded with NULs.
        QByteArray data;
        for (char32_t c : {U't', U'h', U'e', U'\x5979', U'\0', U'\0'}) data += attn::test::le(quint32(c));
        const TensorFile file = attn::io::readTensorBytes(
            npyBytes("{'descr': '<U3', 'fortran_order': False, 'shape': (2,), }", data),
            QStringLiteral("tokens.npy"));
        QVERIFY(file.tensors.empty());
        QCOMPARE(file.strings.value(QStringLiteral("tokens")),
                 (QStringList{QStringLiteral("the"), QStringLiteral("她")}));
    }

    void acceptsHeaderSpellings_data()
    {
        QTest::addColumn<QByteArray>("dict");
        QTest::addRow("as NumPy writes it") << kF8x3;
        QTest::addRow("keys in another order")
            << QByteArray("{'shape': (3,), 'fortran_order': False, 'descr': '<f8'}");
        QTest::addRow("double quotes, no spaces")
            << QByteArray(R"({"descr":"<f8","fortran_order":False,"shape":(3,)})");
        QTest::addRow("tabs and spaces")
            << QByteArray("\t{ 'descr' :\t'<f8' , 'fortran_order' : False , 'shape' : ( 3 , ) }");
    }
    void acceptsHeaderSpellings()
    {
        QFETCH(QByteArray, dict);
        const TensorFile file =
            attn::io::readTensorBytes(npyBytes(dict, f64Bytes({1, 2, 3})), QStringLiteral("v.npy"));
        QCOMPARE(file.tensors.size(), std::size_t(1));
        QCOMPARE(file.tensors[0].data, (std::vector<double>{1, 2, 3}));
    }

    void parsesHeaderFields()
    {
        QString error;
        const auto header = attn::io::parseNpyHeader(
            "{'descr': '<f2', 'fortran_order': True, 'shape': (4, 0, 7), }  \n", &error);
        QVERIFY2(header, qPrintable(error));
        QCOMPARE(header->descr, QStringLiteral("<f2"));
        QVERIFY(header->fortranOrder);
        QCOMPARE(header->shape, (std::vector<qint64>{4, 0, 7}));
        QVERIFY(
            attn::io::parseNpyHeader("{'descr': '<f8', 'fortran_order': False, 'shape': (), }\n", &error));
    }

    void refusesBadFiles_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QStringList>("fragments");
        const QByteArray f8(8, '\0');
        auto dict = [](const QByteArray &descr, const QByteArray &shape, const QByteArray &order = "False") {
            return "{'descr': '" + descr + "', 'fortran_order': " + order + ", 'shape': " + shape + ", }";
        };
        auto add = [](const char *row, const QByteArray &bytes, const char *name,
                      const QStringList &fragments) {
            QTest::addRow("%s", row) << bytes << QString::fromUtf8(name) << fragments;
        };
        auto fixture = [](const char *name) { return attn::test::ioFixtureBytes(QString::fromLatin1(name)); };
        // Files NumPy wrote with types that are not read.
        add("big-endian (NumPy)", fixture("big-endian.npy"), "big-endian.npy",
            {"big-endian data ('>f8') is not read", "a.astype('<f8')"});
        add("int64 (NumPy)", fixture("int64.npy"), "int64.npy",
            {"dtype 64-bit integers ('<i8') is not read",
             "accepted: float64 '<f8', float32 '<f4', float16 '<f2'"});
        add("bool (NumPy)", fixture("bool.npy"), "bool.npy", {"booleans ('|b1')"});
        add("complex (NumPy)", fixture("complex.npy"), "complex.npy", {"128-bit complex numbers ('<c16')"});
        add("structured (NumPy)", fixture("structured.npy"), "structured.npy",
            {"a list of fields (a structured array)"});
        add("bfloat16 from NumPy ('<V2')", npyBytes(dict("<V2", "(1,)"), "\x80\x3f"), "bf.npy",
            {"anonymous 2-byte data", "save float32"});
        add("native byte order", npyBytes(dict("=f8", "(1,)"), f8), "n.npy", {"native byte order ('=f8')"});
        add("Python objects", npyBytes(dict("|O", "(1,)"), f8), "o.npy", {"Python objects ('|O')"});
        add("2-D strings", npyBytes(dict("<U1", "(1, 1)"), QByteArray(4, 'a')), "s.npy",
            {"a string array of shape [1, 1] has more than one dimension"});
        add("2^20 + 1 strings", npyBytes(dict("<U0", "(1048577,)"), {}), "s.npy",
            {"a string array of 1048577 strings; at most 1048576 are read"});
        add("not a character", npyBytes(dict("<U1", "(1,)"), attn::test::le(quint32(0x110000))), "s.npy",
            {"string 0 holds 0x110000, which is not a Unicode character"});
        // The preamble.
        add("5 bytes", QByteArray("\x93NUMP", 5), "short.npy", {"only 5 bytes", "at least 10"});
        add("wrong magic", QByteArray("hello world, not numpy"), "text.npy",
            {"does not start with the .npy magic"});
        {
            QByteArray v4 = npyBytes(kF8x3, f64Bytes({1, 2, 3}));
            v4[6] = 4;
            add("version 4.0", v4, "v4.npy", {"format version 4.0 is not read (1.0, 2.0 and 3.0 are)"});
        }
        {
            QByteArray beyond = npyBytes(kF8x3, {});
            beyond[8] = char(0xE8); // header length 1000
            beyond[9] = char(0x03);
            add("header length beyond the file", beyond, "h.npy",
                {"header length 1000 goes beyond the file (128 bytes, so at most 118 header bytes)"});
        }
        // The header.
        add("no line break at the end", npyBytes(kF8x3 + "   ", f64Bytes({1, 2, 3}), 1, true), "h.npy",
            {"does not end with a line break"});
        add("a byte that is not ASCII",
            npyBytes("{'descr': '<f8\xe9', 'fortran_order': False, 'shape': (3,), }", f8), "h.npy",
            {"header byte 14: the byte 0xe9 is not printable ASCII"});
        add("unknown key",
            npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (3,), 'extra': 1}", f8), "h.npy",
            {"unknown key 'extra'"});
        add("key twice",
            npyBytes("{'descr': '<f8', 'shape': (1,), 'fortran_order': False, 'shape': (3,)}", f8), "h.npy",
            {"header byte 56: the key 'shape' is given twice"});
        add("no shape", npyBytes("{'descr': '<f8', 'fortran_order': False}", f8), "h.npy",
            {"the header has no 'shape'"});
        add("fortran_order not a boolean", npyBytes(dict("<f8", "(1,)", "'no'"), f8), "h.npy",
            {"expected True or False for 'fortran_order'"});
        add("(3) is not a tuple", npyBytes(dict("<f8", "(3)"), f64Bytes({1, 2, 3})), "h.npy",
            {"'shape' (3) is a number, not a tuple; one dimension is written (3,)"});
        add("shape as a list", npyBytes(dict("<f8", "[3]"), f64Bytes({1, 2, 3})), "h.npy",
            {"'shape' is a list"});
        add("negative dimension", npyBytes(dict("<f8", "(-1,)"), f8), "h.npy",
            {"expected a whole number ≥ 0 in 'shape', found \"-1\""});
        add("leading zero", npyBytes(dict("<f8", "(03,)"), f8), "h.npy",
            {"03 in 'shape' is not a Python integer"});
        add("Python 2 long", npyBytes(dict("<f8", "(3L,)"), f8), "h.npy", {"after a dimension in 'shape'"});
        add("an escape in a string", npyBytes(dict("<f\\x38", "(1,)"), f8), "h.npy", {"escape sequences"});
        add("text after the dict", npyBytes(kF8x3 + " x", f8), "h.npy",
            {"unexpected \"x\" after the closing '}'"});
        // Sizes.
        add("dimension beyond 2^63", npyBytes(dict("<f8", "(99999999999999999999,)"), f8), "h.npy",
            {"the dimension 99999999999999999999 in 'shape' is beyond 2^63"});
        add("product beyond 2^63", npyBytes(dict("<f8", "(2147483647, 2147483647, 2147483647)"), f8), "h.npy",
            {"shape [2147483647, 2147483647, 2147483647] has more than 2^63 elements"});
        add("one dimension too large", npyBytes(dict("<f8", "(0, 4294967296)"), {}), "h.npy",
            {"has the dimension 4294967296, more than the 2147483647 elements a tensor may have"});
        add("too many elements", npyBytes(dict("<f8", "(65536, 65536)"), f8), "h.npy",
            {"shape [65536, 65536] has 4294967296 elements; at most 2147483647 are read per tensor"});
        add("33 dimensions",
            npyBytes(dict("<f8", QByteArray("(") + QByteArray("1, ").repeated(33) + ")"), f8), "h.npy",
            {"shape has 33 dimensions; at most 32 are read"});
        add("data too short", npyBytes(dict("<f4", "(2, 3)"), QByteArray(20, '\0')), "short.npy",
            {"shape [2, 3] float32 needs 24 bytes of data after the 128-byte header, but the file has 20"});
        add("bytes after the data", npyBytes(dict("<f4", "(2, 3)"), QByteArray(28, '\0')), "long.npy",
            {"the file has 4 bytes after the data (shape [2, 3] float32 needs 24 bytes"});
    }
    void refusesBadFiles()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, name);
        QFETCH(QStringList, fragments);
        attn::test::refusal(bytes, name, fragments);
    }

    void refusesWhatPassesTheLimits()
    {
        // The total (all tensors as doubles) and the header size, lowered so that small files test them.
        ReadLimits total;
        total.maxTotalBytes = 16;
        attn::test::refusal(
            attn::test::ioFixtureBytes(QStringLiteral("float64.npy")), QStringLiteral("float64.npy"),
            {"6 elements would bring the file to 6 elements (48 bytes as doubles); at most 2 (16 "
             "bytes) are read"},
            total);
        ReadLimits header;
        header.maxHeaderBytes = 32;
        attn::test::refusal(npyBytes(kF8x3, f64Bytes({1, 2, 3})), QStringLiteral("h.npy"),
                            {"header length 118 is more than the 32 bytes a header may have"}, header);
        ReadLimits perTensor;
        perTensor.maxTensorElements = 2;
        attn::test::refusal(npyBytes(kF8x3, f64Bytes({1, 2, 3})), QStringLiteral("h.npy"),
                            {"shape [3] has the dimension 3, more than the 2 elements"}, perTensor);
    }

    void everyTruncationIsRefused()
    {
        for (const char *name : {"float64.npy", "version2.npy", "fortran.npy", "scalar.npy"}) {
            attn::test::verifyEveryTruncationIsRefused(attn::test::ioFixtureBytes(QLatin1String(name)),
                                                       QLatin1String(name));
            if (QTest::currentTestFailed()) return;
        }
    }

    void byteFlipsNeverCrash()
    {
        const QByteArray bytes = attn::test::ioFixtureBytes(QStringLiteral("float64.npy"));
        // Every byte of the 128-byte preamble and header matters (a flipped padding space is not ASCII);
        // a flipped data byte only changes a value.
        QCOMPARE(attn::test::readEveryByteFlip(bytes, QStringLiteral("float64.npy")), 128);
    }

    void writesWhatNumpyWrites()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("W.npy"));
        NamedTensor t{QStringLiteral("W"), {2, 3}, {0.5, -0.0, 5e-324, 1e308, -2.25, 0.1}, DType::Float64};
        QString error;
        QVERIFY2(attn::io::writeNpy(path, t, &error), qPrintable(error));
        // Byte for byte what np.save wrote for the same array.
        QCOMPARE(attn::test::readAll(path), attn::test::ioFixtureBytes(QStringLiteral("float64.npy")));
    }

    void roundTripIsBitExact_data()
    {
        QTest::addColumn<int>("dtype");
        QTest::addColumn<QList<qint64>>("shape");
        QTest::addRow("float64 2x3") << int(DType::Float64) << QList<qint64>{2, 3};
        QTest::addRow("float64 scalar") << int(DType::Float64) << QList<qint64>{};
        QTest::addRow("float32 1x6") << int(DType::Float32) << QList<qint64>{1, 6};
        QTest::addRow("float32 empty 0x4") << int(DType::Float32) << QList<qint64>{0, 4};
    }
    void roundTripIsBitExact()
    {
        QFETCH(int, dtype);
        QFETCH(QList<qint64>, shape);
        const std::vector<double> special = {
            -0.0,   std::ldexp(1.0, -1074), std::ldexp(1.0, -149), std::numeric_limits<double>::max(), -kInf,
            1.0 / 3};
        NamedTensor t;
        t.name = QStringLiteral("T");
        t.shape.assign(shape.begin(), shape.end());
        t.dtype = DType(dtype);
        const qint64 count = attn::io::elementCount(t.shape);
        for (qint64 i = 0; i < count; ++i) {
            double v = special[std::size_t(i) % special.size()];
            if (t.dtype == DType::Float32 && std::isfinite(v) && std::fabs(v) > 1e38) v = 3e38;
            t.data.push_back(v);
        }
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("T.npy"));
        QString error;
        QVERIFY2(attn::io::writeNpy(path, t, &error), qPrintable(error));
        const QByteArray bytes = attn::test::readAll(path);
        QCOMPARE(bytes.size() % 64,
                 qsizetype(count * attn::io::dtypeBytes(t.dtype) % 64)); // data on a 64-byte boundary
        const TensorFile back = attn::io::readTensorFile(path);
        QCOMPARE(back.tensors.size(), std::size_t(1));
        QCOMPARE(back.tensors[0].shape, t.shape);
        QCOMPARE(back.tensors[0].dtype, t.dtype);
        std::vector<double> expected = t.data;
        if (t.dtype == DType::Float32)
            for (double &v : expected) v = double(static_cast<float>(v));
        verifyBits(back.tensors[0].data, expected);
        if (count > 0) QVERIFY(std::signbit(back.tensors[0].data[0])); // -0.0 kept
    }

    void writerRefusesAndKeepsTheOldFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("W.npy"));
        attn::test::writeFile(path, "old");
        QString error;
        QVERIFY(!attn::io::writeNpy(path, {QStringLiteral("W"), {2, 3}, {1, 2, 3, 4, 5}, DType::Float64},
                                    &error));
        QCOMPARE(error, QStringLiteral("W.npy: data has 5 values but shape [2, 3] needs 6"));
        QVERIFY(!attn::io::writeNpy(path, {QStringLiteral("W"), {1}, {1}, DType::Float16}, &error));
        QCOMPARE(error, QStringLiteral("W.npy: float16 is not written; float64 and float32 are"));
        QVERIFY(!attn::io::writeNpy(path, {QStringLiteral("W"), {2}, {1, 1e39}, DType::Float32}, &error));
        QVERIFY2(error.contains(QLatin1String("value 1e+39 (element 1) is beyond the range of float32")),
                 qPrintable(error));
        QCOMPARE(attn::test::readAll(path), QByteArray("old"));
        const QString nowhere = dir.filePath(QStringLiteral("no/such/folder/W.npy"));
        QVERIFY(!attn::io::writeNpy(nowhere, {QStringLiteral("W"), {1}, {1}, DType::Float64}, &error));
        QVERIFY2(error.startsWith(QLatin1String("cannot write W.npy: ")) &&
                     error.endsWith(QLatin1String("; the previous file, if any, is unchanged")),
                 qPrintable(error));
        attn::test::verifyReadable(error);
    }

    void numpyReadsTheWrittenFile()
    {
        if (!QFile::exists(QStringLiteral("/usr/bin/python3")))
            QSKIP("/usr/bin/python3 is not installed: the written .npy was not checked by NumPy");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("F.npy"));
        NamedTensor t{QStringLiteral("F"), {3, 1}, {-0.0, 0.1, -3e38}, DType::Float32};
        QVERIFY(attn::io::writeNpy(path, t));
        QProcess python;
        python.start(
            QStringLiteral("/usr/bin/python3"),
            {QStringLiteral("-c"),
             QStringLiteral("import sys\ntry:\n import numpy\nexcept ImportError:\n sys.exit(3)\n"
                            "a = numpy.load(sys.argv[1])\nprint(a.dtype.str, a.shape, a.tobytes().hex())"),
             path});
        QVERIFY(python.waitForFinished(60000));
        if (python.exitCode() == 3)
            QSKIP("python3-numpy is not installed: the written .npy was not checked by NumPy");
        QCOMPARE(python.exitCode(), 0);
        QCOMPARE(QString::fromUtf8(python.readAllStandardOutput()).trimmed(),
                 QStringLiteral("<f4 (3, 1) 00000080cdcccc3d%1")
                     .arg(QString::fromLatin1(f32Bytes({-3e38f}).toHex())));
    }
};

QTEST_GUILESS_MAIN(TestNpy)
#include "tst_npy.moc"
