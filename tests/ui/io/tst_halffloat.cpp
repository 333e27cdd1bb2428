// float16 and bfloat16 to double (ui/io/halffloat.h) and the raw element bytes (ui/io/tensorbytes.h):
// hand-made bit patterns with values checked by hand, every one of the 65536 patterns of each type
// against an independent conversion (Qt's qfloat16; the float32 whose upper half bfloat16 is), the
// byte order, the float32 range check of the writers and the Fortran-to-C reordering.
#include "strictwarnings.h"
#include "ui/io/halffloat.h"
#include "ui/io/tensorbytes.h"

#include <QFloat16>
#include <QTest>

#include <cmath>
#include <cstring>
#include <limits>

using attn::io::DType;

namespace {

quint64 bitsOf(double value)
{
    quint64 bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
}

/// Equal bit for bit, or both NaN (payloads are not kept).
bool sameValue(double a, double b)
{
    return (std::isnan(a) && std::isnan(b)) || bitsOf(a) == bitsOf(b);
}

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

} // namespace

class TestHalfFloat : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }

    void float16ByHand_data()
    {
        QTest::addColumn<int>("bits");
        QTest::addColumn<double>("value");
        QTest::addRow("0x3C00 = 1") << 0x3C00 << 1.0;
        QTest::addRow("0xC000 = -2") << 0xC000 << -2.0;
        QTest::addRow("0x7BFF = 65504, the largest") << 0x7BFF << 65504.0;
        QTest::addRow("0x0400 = 2^-14, the smallest normal") << 0x0400 << std::ldexp(1.0, -14);
        QTest::addRow("0x0001 = 2^-24, the smallest subnormal") << 0x0001 << std::ldexp(1.0, -24);
        QTest::addRow("0x03FF = 1023 * 2^-24, the largest subnormal")
            << 0x03FF << 1023 * std::ldexp(1.0, -24);
        QTest::addRow("0x8001 = -2^-24") << 0x8001 << -std::ldexp(1.0, -24);
        QTest::addRow("0x3555 = 1365/4096") << 0x3555 << 1365.0 / 4096;
        QTest::addRow("0x3BFF = 1 - 2^-11") << 0x3BFF << 1 - std::ldexp(1.0, -11);
        QTest::addRow("0x0000 = +0") << 0x0000 << 0.0;
        QTest::addRow("0x8000 = -0") << 0x8000 << -0.0;
        QTest::addRow("0x7C00 = +inf") << 0x7C00 << kInf;
        QTest::addRow("0xFC00 = -inf") << 0xFC00 << -kInf;
        QTest::addRow("0x7E00 = NaN") << 0x7E00 << kNaN;
        QTest::addRow("0x7C01 = NaN (signalling)") << 0x7C01 << kNaN;
        QTest::addRow("0xFFFF = NaN") << 0xFFFF << kNaN;
    }
    void float16ByHand()
    {
        QFETCH(int, bits);
        QFETCH(double, value);
        const double got = attn::io::halfToDouble(quint16(bits));
        QVERIFY2(sameValue(got, value), qPrintable(QString::number(got, 'g', 17)));
    }

    void bfloat16ByHand_data()
    {
        QTest::addColumn<int>("bits");
        QTest::addColumn<double>("value");
        QTest::addRow("0x3F80 = 1") << 0x3F80 << 1.0;
        QTest::addRow("0xBF80 = -1") << 0xBF80 << -1.0;
        QTest::addRow("0x3DCD = 0.10009765625 (0.1 rounded)") << 0x3DCD << 0.10009765625;
        QTest::addRow("0x7F7F = 255 * 2^120, the largest") << 0x7F7F << 255 * std::ldexp(1.0, 120);
        QTest::addRow("0x0080 = 2^-126, the smallest normal") << 0x0080 << std::ldexp(1.0, -126);
        QTest::addRow("0x0001 = 2^-133, the smallest subnormal") << 0x0001 << std::ldexp(1.0, -133);
        QTest::addRow("0x007F = 127 * 2^-133") << 0x007F << 127 * std::ldexp(1.0, -133);
        QTest::addRow("0x8000 = -0") << 0x8000 << -0.0;
        QTest::addRow("0x7F80 = +inf") << 0x7F80 << kInf;
        QTest::addRow("0xFF80 = -inf") << 0xFF80 << -kInf;
        QTest::addRow("0x7FC0 = NaN") << 0x7FC0 << kNaN;
        QTest::addRow("0x7F81 = NaN (signalling)") << 0x7F81 << kNaN;
    }
    void bfloat16ByHand()
    {
        QFETCH(int, bits);
        QFETCH(double, value);
        const double got = attn::io::bfloat16ToDouble(quint16(bits));
        QVERIFY2(sameValue(got, value), qPrintable(QString::number(got, 'g', 17)));
    }

    void everyFloat16MatchesQtsConversion()
    {
        // qfloat16 is Qt's own implementation (tables or the F16C instruction), written independently.
        for (quint32 bits = 0; bits <= 0xFFFF; ++bits) {
            qfloat16 reference;
            const quint16 b = quint16(bits);
            std::memcpy(&reference, &b, sizeof b);
            const double expected = double(float(reference));
            const double got = attn::io::halfToDouble(b);
            if (!sameValue(got, expected))
                QFAIL(qPrintable(QStringLiteral("0x%1: %2, Qt says %3")
                                     .arg(bits, 4, 16, QLatin1Char('0'))
                                     .arg(got, 0, 'g', 17)
                                     .arg(expected, 0, 'g', 17)));
            if (!std::isnan(got)) QCOMPARE(std::signbit(got), (bits & 0x8000) != 0);
        }
    }

    void everyBfloat16IsTheUpperHalfOfAFloat32()
    {
        for (quint32 bits = 0; bits <= 0xFFFF; ++bits) {
            const quint32 wide = bits << 16;
            float reference = 0;
            std::memcpy(&reference, &wide, sizeof wide);
            const double got = attn::io::bfloat16ToDouble(quint16(bits));
            if (!sameValue(got, double(reference)))
                QFAIL(qPrintable(QStringLiteral("0x%1: %2, float32 says %3")
                                     .arg(bits, 4, 16, QLatin1Char('0'))
                                     .arg(got, 0, 'g', 17)
                                     .arg(double(reference), 0, 'g', 17)));
        }
    }

    void elementsAreLittleEndian()
    {
        // The bytes 00 3C are the float16 0x3C00 = 1 read little-endian (big-endian: 0x003C, a subnormal).
        const QByteArray half("\x00\x3c\xff\x7b\x01\x00", 6);
        const std::vector<double> halves = attn::io::decodeLittleEndian(half, 3, DType::Float16);
        QCOMPARE(halves, (std::vector<double>{1.0, 65504.0, std::ldexp(1.0, -24)}));
        const QByteArray bf("\x80\x3f\xcd\x3d", 4);
        QCOMPARE(attn::io::decodeLittleEndian(bf, 2, DType::BFloat16),
                 (std::vector<double>{1.0, 0.10009765625}));
        const QByteArray f32("\x00\x00\x80\x3f\x00\x00\x00\xc0", 8);
        QCOMPARE(attn::io::decodeLittleEndian(f32, 2, DType::Float32), (std::vector<double>{1.0, -2.0}));
        const QByteArray f64("\x00\x00\x00\x00\x00\x00\xf0\x3f", 8);
        QCOMPARE(attn::io::decodeLittleEndian(f64, 1, DType::Float64), (std::vector<double>{1.0}));
    }

    void encodingIsExactAndLittleEndian()
    {
        const double values[] = {1.0, -0.0, std::ldexp(1.0, -1074)};
        const QByteArray f64 = attn::io::encodeLittleEndian(values, 3, DType::Float64);
        QCOMPARE(f64.size(), 24);
        QCOMPARE(f64.left(8), QByteArray("\x00\x00\x00\x00\x00\x00\xf0\x3f", 8));
        QCOMPARE(f64.mid(8, 8), QByteArray("\x00\x00\x00\x00\x00\x00\x00\x80", 8));
        QCOMPARE(f64.mid(16, 8), QByteArray("\x01\x00\x00\x00\x00\x00\x00\x00", 8));
        const double third[] = {1.0 / 3};
        // 1/3 rounds up to the float32 0x3EAAAAAB: the bits after its 24th significant bit are 1010…,
        // more than one half.
        QCOMPARE(attn::io::encodeLittleEndian(third, 1, DType::Float32), QByteArray("\xab\xaa\xaa\x3e", 4));
        QVERIFY(attn::io::encodeLittleEndian(third, 1, DType::Float16).isEmpty());
    }

    void float32RangeCheck()
    {
        const double largest = double(std::numeric_limits<float>::max()); // (2^24 − 1) · 2^104
        const double halfway = largest + std::ldexp(1.0, 103);            // rounds to infinity (ties to even)
        QCOMPARE(attn::io::firstFloat32Overflow({1.0, largest, -largest, kInf, -kInf, kNaN}), qint64(-1));
        QCOMPARE(attn::io::firstFloat32Overflow({std::nextafter(halfway, 0.0)}),
                 qint64(-1)); // rounds down to the largest
        QCOMPARE(attn::io::firstFloat32Overflow({0.0, 1.0, halfway}), qint64(2));
        QCOMPARE(attn::io::firstFloat32Overflow({-1e300}), qint64(0));
    }

    void fortranOrderBecomesCOrder()
    {
        // A = [[0, 1, 2], [3, 4, 5]] stored column by column: 0 3 1 4 2 5.
        QCOMPARE(attn::io::fortranToC({0, 3, 1, 4, 2, 5}, {2, 3}), (std::vector<double>{0, 1, 2, 3, 4, 5}));
        // Shape (2, 1, 3): element (i, 0, k) is at i + 2k in Fortran order.
        QCOMPARE(attn::io::fortranToC({0, 3, 1, 4, 2, 5}, {2, 1, 3}),
                 (std::vector<double>{0, 1, 2, 3, 4, 5}));
        QCOMPARE(attn::io::fortranToC({7, 8, 9}, {3}), (std::vector<double>{7, 8, 9}));
        QCOMPARE(attn::io::fortranToC({}, {0, 4}), (std::vector<double>{}));
    }
};

QTEST_GUILESS_MAIN(TestHalfFloat)
#include "tst_halffloat.moc"
