// Opening tensor files (ui/io/tensorfile.h, bytesource.h): the format comes from the first bytes, not
// the name; folders, devices, named pipes and sockets are refused before opening; a file larger than
// the limit is refused before reading; a file that shrinks while it is read is refused by the bytes
// actually read; the small helpers (element counts, shape text, dropping a batch of one).
#include "strictwarnings.h"
#include "tensortestdata.h"
#include "ui/io/bytesource.h"
#include "ui/io/tensorfile.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

using attn::io::NamedTensor;
using attn::io::ReadLimits;
using attn::io::TensorFile;

namespace {

/// The message of reading `path`, or "accepted".
QString readingFails(const QString &path, const ReadLimits &limits = {})
{
    try {
        attn::io::readTensorFile(path, limits);
    } catch (const attn::io::TensorFileError &error) {
        return error.message();
    }
    return QStringLiteral("accepted");
}

} // namespace

class TestTensorFile : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }

    void formatComesFromTheContent()
    {
        QTemporaryDir dir;
        // A .npy saved as "weights.bin", a .safetensors named ".npy", an .npz named ".safetensors".
        const struct {
            const char *fixture;
            const char *savedAs;
            const char *format;
        } cases[] = {{"float64.npy", "weights.bin", "npy"},
                     {"checkpoint.safetensors", "model.npy", "safetensors"},
                     {"stored.npz", "arrays.safetensors", "npz"}};
        for (const auto &c : cases) {
            const QString path = dir.filePath(QLatin1String(c.savedAs));
            attn::test::writeFile(path, attn::test::ioFixtureBytes(QLatin1String(c.fixture)));
            const TensorFile file = attn::io::readTensorFile(path);
            QCOMPARE(file.format, QLatin1String(c.format));
            QVERIFY(!file.tensors.empty());
        }
        QCOMPARE(attn::io::readTensorFile(dir.filePath(QStringLiteral("weights.bin"))).tensors[0].name,
                 QStringLiteral("weights")); // a .npy's tensor is named after the file
        // Bytes in memory read exactly as the file does.
        const TensorFile fromFile =
            attn::io::readTensorFile(attn::test::ioFixture(QStringLiteral("stored.npz")));
        const TensorFile fromBytes = attn::io::readTensorBytes(
            attn::test::ioFixtureBytes(QStringLiteral("stored.npz")), QStringLiteral("stored.npz"));
        QCOMPARE(fromBytes.tensors.size(), fromFile.tensors.size());
        for (std::size_t i = 0; i < fromFile.tensors.size(); ++i)
            QCOMPARE(fromBytes.tensors[i].data, fromFile.tensors[i].data);
    }

    void unknownAndEmptyFiles()
    {
        attn::test::refusal(
            QByteArray("hello, these are words"), QStringLiteral("notes.txt"),
            {"notes.txt: is not a tensor file: a .npy file starts with \\x93NUMPY, an .npz file is a "
             "zip archive (PK), a .safetensors file has '{' at byte 8"});
        attn::test::refusal(QByteArray(), QStringLiteral("empty.safetensors"),
                            {"empty.safetensors: the file is empty"});
    }

    void refusesWhatIsNotARegularFile_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("expected");
        QTest::addRow("/dev/zero (endless, size 0)") << "/dev/zero"
                                                     << "zero: is a device, not a tensor file";
        QTest::addRow("/dev/null") << "/dev/null"
                                   << "null: is a device, not a tensor file";
        QTest::addRow("a folder") << QString::fromLatin1(ATTN_TEST_DATA_DIR "/io")
                                  << "io: is a folder, not a tensor file";
        QTest::addRow("no such file") << QString::fromLatin1(ATTN_TEST_DATA_DIR "/io/none.npy")
                                      << "none.npy: cannot read the file: No such file or directory";
        QTest::addRow("no name") << QString() << "no file name given";
    }
    void refusesWhatIsNotARegularFile()
    {
        QFETCH(QString, path);
        QFETCH(QString, expected);
        const QString message = readingFails(path);
        QCOMPARE(message, expected);
        attn::test::verifyReadable(message);
    }

    void refusesPipesAndSocketsBeforeOpening()
    {
        QTemporaryDir dir;
        // Opening a named pipe for reading waits for a writer forever: it is refused from its kind.
        const QString pipe = dir.filePath(QStringLiteral("tensors.npy"));
        QCOMPARE(::mkfifo(QFile::encodeName(pipe).constData(), 0600), 0);
        QCOMPARE(readingFails(pipe),
                 QStringLiteral("tensors.npy: is a named pipe (FIFO), not a tensor file"));
        const QString socketPath = dir.filePath(QStringLiteral("s.safetensors"));
        const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
        QVERIFY(fd >= 0);
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        const QByteArray encoded = QFile::encodeName(socketPath);
        QVERIFY(std::size_t(encoded.size()) < sizeof address.sun_path);
        std::memcpy(address.sun_path, encoded.constData(), std::size_t(encoded.size()));
        QCOMPARE(::bind(fd, reinterpret_cast<const sockaddr *>(&address), sizeof address), 0);
        const QString message = readingFails(socketPath);
        ::close(fd);
        QCOMPARE(message, QStringLiteral("s.safetensors: is a socket, not a tensor file"));
        // A dangling symbolic link is a missing file.
        const QString dangling = dir.filePath(QStringLiteral("gone.npz"));
        QVERIFY(QFile::link(dir.filePath(QStringLiteral("nothing")), dangling));
        QCOMPARE(readingFails(dangling),
                 QStringLiteral("gone.npz: cannot read the file: No such file or directory"));
    }

    void refusesAFileLargerThanTheLimitBeforeReading()
    {
        ReadLimits limits;
        limits.maxFileBytes = 100;
        QCOMPARE(
            readingFails(attn::test::ioFixture(QStringLiteral("float64.npy")), limits),
            QStringLiteral("float64.npy: the file has 176 bytes, more than the 100 a tensor file may have"));
        QCOMPARE(
            readingFails(attn::test::ioFixture(QStringLiteral("stored.npz")), limits),
            QStringLiteral("stored.npz: the file has 1058 bytes, more than the 100 a tensor file may have"));
    }

    void readsAreBoundedByTheBytesActuallyRead()
    {
        // The size is taken when the file is opened; a file that shrinks afterwards is refused by the
        // short read, not read past its end.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("w.safetensors"));
        attn::test::writeFile(path, attn::test::ioFixtureBytes(QStringLiteral("checkpoint.safetensors")));
        const attn::io::ByteSource source = attn::io::ByteSource::openFile(path, qint64(1) << 30);
        QCOMPARE(source.size(), qint64(8 + 480 + 170));
        QVERIFY(QFile::resize(path, 100));
        try {
            source.read(0, 200, QStringLiteral("the header"));
            QFAIL("read past the end");
        } catch (const attn::io::TensorFileError &error) {
            QCOMPARE(error.message(),
                     QStringLiteral("w.safetensors: the file ended after 100 bytes while reading the "
                                    "header (bytes 0 to 200; it had 658 bytes when opened)"));
        }
        try {
            source.read(600, 100, QStringLiteral("tensor \"Q\""));
            QFAIL("read beyond the size");
        } catch (const attn::io::TensorFileError &error) {
            QCOMPARE(error.message(),
                     QStringLiteral(
                         "w.safetensors: tensor \"Q\" would need bytes 600 to 700, but the file has 658"));
        }
    }

    void helpers()
    {
        QCOMPARE(attn::io::elementCount({}), qint64(1));
        QCOMPARE(attn::io::elementCount({2, 3, 4}), qint64(24));
        QCOMPARE(attn::io::elementCount({0, 5}), qint64(0));
        QCOMPARE(attn::io::elementCount({-1}), qint64(-1));
        QCOMPARE(attn::io::elementCount({qint64(1) << 32, qint64(1) << 32}), qint64(-1));
        QCOMPARE(attn::io::shapeText({2, 3, 4}), QStringLiteral("[2, 3, 4]"));
        QCOMPARE(attn::io::shapeText({}), QStringLiteral("[]"));
        QCOMPARE(attn::io::dtypeName(attn::io::DType::BFloat16), QStringLiteral("bfloat16"));
        QCOMPARE(attn::io::dtypeBytes(attn::io::DType::Float16), 2);
        NamedTensor attention{QStringLiteral("attention"),
                              {1, 2, 4, 3, 3},
                              std::vector<double>(72, 0.1),
                              attn::io::DType::Float32};
        QVERIFY(!attn::io::dropLeadingOne(attention, 3)); // rank 5 is not 3 + 1
        QVERIFY(attn::io::dropLeadingOne(attention, 4));  // [L, H, n_q, n_k]
        QCOMPARE(attention.shape, (std::vector<qint64>{2, 4, 3, 3}));
        QVERIFY(!attn::io::dropLeadingOne(attention, 3)); // the first dimension is 2
        NamedTensor one{QStringLiteral("v"), {1}, {5}, attn::io::DType::Float64};
        QVERIFY(attn::io::dropLeadingOne(one, 0));
        QVERIFY(one.shape.empty());
        TensorFile file;
        file.tensors.push_back(one);
        QVERIFY(file.find(QStringLiteral("v")));
        QVERIFY(!file.find(QStringLiteral("w")));
    }
};

QTEST_GUILESS_MAIN(TestTensorFile)
#include "tst_tensorfile.moc"
