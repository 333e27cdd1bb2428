// `attention-lab compute FILE.npy|npz|safetensors [--layer i]` (ui/io/tensorscenario.h): a layer of a
// tensor file prints the same JSON as the scenario file with the same numbers; a bad tensor file is
// refused with one line on stderr naming the file, the tensor and the numbers, exit 2, nothing on
// stdout.
#include "readablemessage.h"
#include "runcli.h"
#include "strictwarnings.h"
#include "ui/io/tensorfile.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using attn::io::NamedTensor;
using attn::test::Run;
using attn::test::runCli;

namespace {

NamedTensor tensor(const char *name, std::vector<qint64> shape, std::vector<double> data)
{
    return NamedTensor{QLatin1String(name), std::move(shape), std::move(data), attn::io::DType::Float64};
}

/// The worked example (tests/data/cases/01) as tensors: Q [1, 1, 2], K [1, 2, 2], V [1, 2, 2].
std::vector<NamedTensor> workedExample(const QString &prefix = {})
{
    return {tensor(qPrintable(prefix + "Q"), {1, 1, 2}, {1, 0}),
            tensor(qPrintable(prefix + "K"), {1, 2, 2}, {1, 0, 0, 1}),
            tensor(qPrintable(prefix + "V"), {1, 2, 2}, {2, 0, 0, 4})};
}

/// A .npy file of one value with the header `dict` (padded to 64 bytes as NumPy does).
QByteArray npy(const QByteArray &dict)
{
    QByteArray header = dict;
    header += QByteArray(int((10 + header.size() + 1 + 63) / 64 * 64 - 10 - header.size() - 1), ' ') + '\n';
    QByteArray out("\x93NUMPY\x01\x00", 8);
    out += char(header.size() & 0xff);
    out += char(header.size() >> 8);
    return out + header + QByteArray(8, '\0');
}

QByteArray workedExampleJson()
{
    return R"({"format": "attention-lab.scenario", "version": 1, "query_tokens": ["q"],
               "key_tokens": ["k1", "k2"], "Q": [[1, 0]], "K": [[1, 0], [0, 1]], "V": [[2, 0], [0, 4]]})";
}

} // namespace

class TestCliTensors : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }

    void tensorsComputeLikeTheScenario()
    {
        QTemporaryDir dir;
        const QString tensors = dir.filePath("worked.safetensors");
        QVERIFY(attn::io::writeSafetensors(
            tensors, workedExample(), {{"query_tokens", R"(["q"])"}, {"key_tokens", R"(["k1", "k2"])"}}));
        const QString json = dir.filePath("worked.json");
        QFile f(json);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(workedExampleJson());
        f.close();
        const Run a = runCli({"compute", json});
        const Run b = runCli({"compute", tensors});
        QCOMPARE(b.exitCode, 0);
        QVERIFY2(b.err.isEmpty(), b.err.constData());
        QCOMPARE(b.out, a.out); // byte for byte the same result JSON
        const QJsonObject o = QJsonDocument::fromJson(b.out).object();
        QVERIFY(std::abs(o["weights"][0][0][0].toDouble() - 0.66976155) < 1e-8);
    }

    void tensorsLayerChoosesTheLayer()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("two.safetensors");
        std::vector<NamedTensor> tensors = workedExample("layers.0.");
        std::vector<NamedTensor> second = workedExample("layers.1.");
        second[0].data = {0, 1}; // layer 1's query prefers the second key
        tensors.insert(tensors.end(), second.begin(), second.end());
        QVERIFY(attn::io::writeSafetensors(path, tensors));
        const Run zero = runCli({"compute", path});
        const Run one = runCli({"compute", path, "--layer", "1"});
        QCOMPARE(one.exitCode, 0);
        const double w0 = QJsonDocument::fromJson(zero.out).object()["weights"][0][0][0].toDouble();
        const double w1 = QJsonDocument::fromJson(one.out).object()["weights"][0][0][0].toDouble();
        QVERIFY(std::abs(w0 - 0.66976155) < 1e-8);
        QVERIFY(std::abs(w1 - 0.33023845) < 1e-8);
        const Run beyond = runCli({"compute", path, "--layer", "2"});
        QCOMPARE(beyond.exitCode, 2);
        QVERIFY(beyond.out.isEmpty());
        QCOMPARE(QString::fromUtf8(beyond.err).trimmed(),
                 QStringLiteral("attention-lab: two.safetensors: layer 2 was asked for, but the file has 2 "
                                "layers (0 … 1)"));
    }

    void tensorsBadFilesExitTwo_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("fragment");
        QTest::addRow("truncated header") << QByteArray("\x93NUMPY\x01\x00\x76\x00{'descr", 15) << "Q.npy"
                                          << "Q.npy:";
        QTest::addRow("big-endian") << npy("{'descr': '>f8', 'fortran_order': False, 'shape': (1,), }")
                                    << "Q.npy"
                                    << "big-endian";
        QTest::addRow("no layer") << QByteArray() << "empty.safetensors"
                                  << "no attention layer";
    }

    void tensorsBadFilesExitTwo()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, name);
        QFETCH(QString, fragment);
        QTemporaryDir dir;
        const QString path = dir.filePath(name);
        if (bytes.isEmpty()) {
            QVERIFY(attn::io::writeSafetensors(path, {tensor("weights", {2}, {1, 2})}));
        } else {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(bytes);
        }
        const Run r = runCli({"compute", path});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        const QString line = QString::fromUtf8(r.err).trimmed();
        attn::test::verifyReadable(line);
        QVERIFY2(line.startsWith("attention-lab: " + name + ":"), qPrintable(line));
        QVERIFY2(line.contains(fragment), qPrintable(line));
    }

    void tensorsLayerGoesWithTensorFiles()
    {
        QTemporaryDir dir;
        const QString json = dir.filePath("s.json");
        QFile f(json);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(workedExampleJson());
        f.close();
        const Run r = runCli({"compute", json, "--layer", "0"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--layer goes with a tensor file"), r.err.constData());
        const Run bad = runCli({"compute", json, "--layer", "x"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("--layer wants a layer number from 0"), bad.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliTensors)
#include "tst_clitensors.moc"
