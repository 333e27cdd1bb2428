// Shared by the tensor-file tests (tests/ui/io/): the fixtures NumPy wrote (tests/data/io/, made by
// make_fixtures.py), hand-made .npy and .safetensors bytes, bit-exact comparisons, and the check
// that a bad file is refused with one readable line holding the expected fragments.
#pragma once

#include "readablemessage.h"
#include "testfiles.h"
#include "ui/io/tensorfile.h"

#include <QFile>
#include <QStringList>
#include <QTest>
#include <QtEndian>

#include <csignal>
#include <cstring>
#include <sys/resource.h>

namespace attn::test {

/// The path of a fixture in tests/data/io/.
inline QString ioFixture(const QString &name)
{
    return QStringLiteral(ATTN_TEST_DATA_DIR "/io/") + name;
}

/// The bytes of a fixture (empty when it cannot be read, which the callers' checks then catch).
inline QByteArray ioFixtureBytes(const QString &name)
{
    QFile file(ioFixture(name));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// `value`'s bits, so that -0.0 differs from 0.0 and a comparison is bit-exact.
inline quint64 bitsOf(double value)
{
    quint64 bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
}

/// Little-endian bytes of one value of type T (quint16, quint32, quint64, float, double).
template <typename T> QByteArray le(T value)
{
    QByteArray out(sizeof(T), Qt::Uninitialized);
    qToLittleEndian(value, out.data());
    return out;
}

/// Little-endian float32 bytes of `values`.
inline QByteArray f32Bytes(std::initializer_list<float> values)
{
    QByteArray out;
    for (float v : values) out += le(v);
    return out;
}

/// Little-endian float64 bytes of `values`.
inline QByteArray f64Bytes(std::initializer_list<double> values)
{
    QByteArray out;
    for (double v : values) out += le(v);
    return out;
}

/// A .npy file: magic, version `major`.0, `dict` padded with spaces to a 64-byte boundary and ended
/// by '\n' (unless `raw`: then `dict` is the whole header, as given), then `data`.
inline QByteArray npyBytes(const QByteArray &dict, const QByteArray &data, int major = 1, bool raw = false)
{
    const int preamble = major == 1 ? 10 : 12;
    QByteArray header = dict;
    if (!raw) {
        const qsizetype total = (preamble + header.size() + 1 + 63) / 64 * 64;
        header += QByteArray(total - preamble - header.size() - 1, ' ') + '\n';
    }
    QByteArray out("\x93NUMPY", 6);
    out += char(major);
    out += char(0);
    out += major == 1 ? le(quint16(header.size())) : le(quint32(header.size()));
    return out + header + data;
}

/// A .safetensors file: the 8-byte little-endian length of `json`, `json`, then `data`.
inline QByteArray safetensorsBytes(const QByteArray &json, const QByteArray &data)
{
    return le(quint64(json.size())) + json + data;
}

/// Checks that reading `bytes` as `fileName` is refused with one readable line that contains every
/// fragment. Returns the message (empty when the read was accepted).
inline QString refusal(const QByteArray &bytes, const QString &fileName, const QStringList &fragments,
                       const io::ReadLimits &limits = {})
{
    QString message;
    try {
        io::readTensorBytes(bytes, fileName, limits);
    } catch (const io::TensorFileError &error) {
        message = error.message();
    }
    [&] {
        QVERIFY2(!message.isEmpty(), qPrintable(fileName + QStringLiteral(": accepted")));
        verifyReadable(message);
        QVERIFY2(message.startsWith(fileName + QLatin1Char(':')), qPrintable(message));
        for (const QString &fragment : fragments)
            QVERIFY2(message.contains(fragment),
                     qPrintable(QStringLiteral("“%1” not in: %2").arg(fragment, message)));
    }();
    return message;
}

/// Truncates `bytes` at every length from 0 to size − 1 and checks that each prefix is refused with a
/// TensorFileError (no other exception, no crash) whose message is one readable line.
inline void verifyEveryTruncationIsRefused(const QByteArray &bytes, const QString &fileName)
{
    QVERIFY(!bytes.isEmpty());
    for (qsizetype length = 0; length < bytes.size(); ++length) {
        try {
            io::readTensorBytes(bytes.left(length), fileName);
            QFAIL(qPrintable(QStringLiteral("%1 cut at byte %2 was accepted").arg(fileName).arg(length)));
        } catch (const io::TensorFileError &error) {
            verifyReadable(error.message());
            if (QTest::currentTestFailed()) return;
        }
    }
}

/// Flips every byte of `bytes` in turn (XOR 0xFF) and reads the result: each read must end in a
/// tensor file or a TensorFileError (the sanitizer build also checks that no read strays). Returns
/// how many of the damaged files were refused.
inline int readEveryByteFlip(const QByteArray &bytes, const QString &fileName)
{
    int refused = 0;
    for (qsizetype at = 0; at < bytes.size(); ++at) {
        QByteArray damaged = bytes;
        damaged[at] = char(damaged[at] ^ 0xFF);
        try {
            io::readTensorBytes(damaged, fileName);
        } catch (const io::TensorFileError &error) {
            verifyReadable(error.message());
            ++refused;
        }
    }
    return refused;
}

/// While alive, no file this process writes may grow past `bytes` (RLIMIT_FSIZE): a full disk
/// without root. SIGXFSZ is ignored, so a write past the limit fails with EFBIG instead.
class FullDisk {
public:
    explicit FullDisk(rlim_t bytes)
    {
        getrlimit(RLIMIT_FSIZE, &m_old);
        m_oldHandler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit limit = m_old;
        limit.rlim_cur = bytes;
        setrlimit(RLIMIT_FSIZE, &limit);
    }
    ~FullDisk()
    {
        setrlimit(RLIMIT_FSIZE, &m_old);
        std::signal(SIGXFSZ, m_oldHandler);
    }
    FullDisk(const FullDisk &) = delete;
    FullDisk &operator=(const FullDisk &) = delete;

private:
    rlimit m_old{};
    void (*m_oldHandler)(int) = nullptr;
};

} // namespace attn::test
