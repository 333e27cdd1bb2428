// The .npz reader (ui/io/npzfile.h, libzip): archives np.savez and np.savez_compressed wrote, with
// float32, float64, float16 and string members; archives crafted with Python's zipfile to be refused
// (a member twice, a member that is not .npy, bzip2, an understated size, the encrypted flag, a
// zip bomb against a lowered limit); every truncation refused; byte flips never crash.
#include "strictwarnings.h"
#include "tensortestdata.h"
#include "ui/io/tensorfile.h"

#include <QTest>

using attn::io::DType;
using attn::io::NamedTensor;
using attn::io::ReadLimits;
using attn::io::TensorFile;

namespace {

TensorFile readFixture(const char *name, const ReadLimits &limits = {})
{
    return attn::io::readTensorFile(attn::test::ioFixture(QLatin1String(name)), limits);
}

QStringList namesOf(const TensorFile &file)
{
    QStringList names;
    for (const NamedTensor &t : file.tensors) names << t.name;
    return names;
}

/// The fixtures' Q: (np.arange(24).reshape(2, 3, 4) - 12) / 8 as float32.
std::vector<double> expectedQ()
{
    std::vector<double> q(24);
    for (int i = 0; i < 24; ++i) q[std::size_t(i)] = (i - 12) / 8.0;
    return q;
}

const QStringList kTokens{QStringLiteral("the"), QStringLiteral("cat"), QStringLiteral("她")};

} // namespace

class TestNpz : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }

    void readsStoredArchive()
    {
        const TensorFile file = readFixture("stored.npz");
        QCOMPARE(file.format, QStringLiteral("npz"));
        QCOMPARE(namesOf(file), (QStringList{"Q", "K"}));
        QCOMPARE(file.tensors[0].dtype, DType::Float32);
        QCOMPARE(file.tensors[0].shape, (std::vector<qint64>{2, 3, 4}));
        QCOMPARE(file.tensors[0].data, expectedQ());
        QCOMPARE(file.tensors[1].dtype, DType::Float64);
        for (std::size_t i = 0; i < 24; i += 4)
            QCOMPARE(
                std::vector<double>(file.tensors[1].data.begin() + i, file.tensors[1].data.begin() + i + 4),
                (std::vector<double>{0.25, -1.0, 2.0, 0.0}));
        QCOMPARE(file.strings.value(QStringLiteral("tokens")), kTokens);
        QVERIFY(file.metadata.isEmpty());
    }

    void readsDeflatedArchive()
    {
        const TensorFile file = readFixture("compressed.npz");
        QCOMPARE(namesOf(file), (QStringList{"layers.0.Q", "layers.0.K", "layers.0.V"}));
        QCOMPARE(file.find(QStringLiteral("layers.0.Q"))->data, expectedQ());
        const NamedTensor *v = file.find(QStringLiteral("layers.0.V"));
        QVERIFY(v);
        QCOMPARE(v->dtype, DType::Float16);
        QCOMPARE(v->shape, (std::vector<qint64>{2, 3, 5}));
        QCOMPARE(v->data, std::vector<double>(30, 1.0));
        QCOMPARE(file.strings.value(QStringLiteral("tokens")), kTokens);
        QVERIFY(!file.find(QStringLiteral("tokens")));
    }

    void readsAnEmptyArchiveAndABigMember()
    {
        // np.savez() with no arrays: an end-of-directory record only.
        const TensorFile empty = attn::io::readTensorBytes(QByteArray("PK\x05\x06", 4) + QByteArray(18, '\0'),
                                                           QStringLiteral("none.npz"));
        QCOMPARE(empty.format, QStringLiteral("npz"));
        QVERIFY(empty.tensors.empty());
        // 8 MiB of zeros deflated to 8 KiB are within the default limits.
        const TensorFile big = readFixture("expands.npz");
        QCOMPARE(big.tensors.at(0).shape, (std::vector<qint64>{1 << 20}));
        QCOMPARE(big.tensors.at(0).data, std::vector<double>(1 << 20, 0.0));
    }

    void refusesBadArchives_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QStringList>("fragments");
        QTest::addRow("a member twice")
            << "duplicate.npz"
            << QStringList{
                   "duplicate.npz: the archive holds two members of the same name (a tensor given twice)"};
        QTest::addRow("a member that is not .npy")
            << "not-npy-member.npz" << QStringList{"member \"readme.txt\": is not a .npy array"};
        QTest::addRow("bzip2") << "bzip2.npz"
                               << QStringList{
                                      "member \"Q.npy\": is compressed with zip method 12; only stored (0) "
                                      "and deflated (8) members are read"};
        QTest::addRow("encrypted") << "encrypted.npz" << QStringList{"member \"Q.npy\": is encrypted"};
        QTest::addRow("understated size")
            << "lying-size.npz"
            << QStringList{"member \"Q.npy\": expands to more than the 100 bytes its directory says"};
        QTest::addRow("an integer member")
            << "int-member.npz"
            << QStringList{"int-member.npz: tensor \"mask\": dtype 64-bit integers ('<i8') is not read"};
    }
    void refusesBadArchives()
    {
        QFETCH(QString, fixture);
        QFETCH(QStringList, fragments);
        attn::test::refusal(attn::test::ioFixtureBytes(fixture), fixture, fragments);
    }

    void refusesAZipBombFromItsDirectory()
    {
        ReadLimits limits;
        limits.maxFileBytes = 1 << 20;
        attn::test::refusal(
            attn::test::ioFixtureBytes(QStringLiteral("expands.npz")), QStringLiteral("expands.npz"),
            {"member \"Q.npy\": expands to 8388736 bytes after 0 bytes of the members before it; an "
             ".npz may expand to at most 1048576 bytes"},
            limits);
    }

    void refusesWhatIsNotAZipArchive()
    {
        attn::test::refusal(QByteArray("PK\x03\x04 not really a zip archive"), QStringLiteral("x.npz"),
                            {"x.npz: not a readable zip archive (an .npz is one): "});
        attn::test::refusal(QByteArray("plain text"), QStringLiteral("x.npz"),
                            {"x.npz: not a readable zip archive"});
    }

    void everyTruncationIsRefused()
    {
        for (const char *name : {"stored.npz", "compressed.npz"}) {
            attn::test::verifyEveryTruncationIsRefused(attn::test::ioFixtureBytes(QLatin1String(name)),
                                                       QLatin1String(name));
            if (QTest::currentTestFailed()) return;
        }
    }

    void byteFlipsNeverCrash()
    {
        const QByteArray bytes = attn::test::ioFixtureBytes(QStringLiteral("compressed.npz"));
        const int refused = attn::test::readEveryByteFlip(bytes, QStringLiteral("compressed.npz"));
        // The CRC of every member catches nearly every flip inside the deflated data.
        QVERIFY2(refused > bytes.size() / 2, qPrintable(QString::number(refused)));
    }
};

QTEST_GUILESS_MAIN(TestNpz)
#include "tst_npz.moc"
