// The command line, run as a user would: the real executable in a child process.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

namespace {

struct Run {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

/// Runs attention-lab with `arguments` and no display (DISPLAY, WAYLAND_DISPLAY and
/// QT_QPA_PLATFORM removed), as on a headless machine.
Run run(const QStringList &arguments)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove("DISPLAY");
    env.remove("WAYLAND_DISPLAY");
    env.remove("QT_QPA_PLATFORM");
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(ATTN_EXECUTABLE), arguments);
    if (!p.waitForFinished(60000)) qFatal("attention-lab did not finish");
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

QString casePath(const QString &name)
{
    return QStringLiteral(ATTN_TEST_DATA_DIR "/cases/") + name;
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void computeWorkedExample();
    void computeMatchesReferenceCases();
    void computeInvalidScenario_data();
    void computeInvalidScenario();
    void computeMissingFile();
    void computeMalformedJson();
    void exportPngWithoutDisplay();
    void exportSvgAndPdf();
    void exportRejectsBadOptions_data();
    void exportRejectsBadOptions();
    void unknownCommand();
};

void TestCli::computeWorkedExample()
{
    const Run r = run({"compute", casePath("01-worked-example.json")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.isEmpty(), r.err.constData());
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    const QJsonArray w = o["weights"].toArray()[0].toArray()[0].toArray();
    QVERIFY(std::abs(w[0].toDouble() - 0.6698) < 1e-4);
    QVERIFY(std::abs(w[1].toDouble() - 0.3302) < 1e-4);
    const QJsonArray out = o["output"].toArray()[0].toArray();
    QVERIFY(std::abs(out[0].toDouble() - 1.3395) < 1e-4);
    QVERIFY(std::abs(out[1].toDouble() - 1.3210) < 1e-4);
    QCOMPARE(o["kernel"].toString(), QStringLiteral("naive"));
    QCOMPARE(o["fully_masked_rows"].toArray().size(), 0);
    const QJsonObject shapes = o["shapes"].toObject();
    QCOMPARE(shapes["n_q"].toInt(), 1);
    QCOMPARE(shapes["n_k"].toInt(), 2);
    QCOMPARE(shapes["d_k"].toInt(), 2);
    QCOMPARE(shapes["d_v"].toInt(), 2);
    // scores are the logits before masking: [1/√2, 0]
    QVERIFY(std::abs(o["scores"].toArray()[0].toArray()[0].toArray()[0].toDouble() - 0.70710678) < 1e-8);
}

void TestCli::computeMatchesReferenceCases()
{
    // Every shipped reference case with an expected result prints it within 1e-4.
    for (const char *name : {"02-fully-masked-row.json", "04c-causal-bottom-right-short-keys.json",
                             "05-key-padding.json", "07-large-logits.json", "12-softmax-over-keys.json"}) {
        QFile f(casePath(name));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject expect = QJsonDocument::fromJson(f.readAll()).object()["expect"].toObject();
        const Run r = run({"compute", casePath(name)});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        const QJsonArray got = o["output"].toArray();
        const QJsonArray want = expect["output"].toArray();
        QCOMPARE(got.size(), want.size());
        for (qsizetype i = 0; i < got.size(); ++i) {
            for (qsizetype j = 0; j < got[i].toArray().size(); ++j) {
                QVERIFY2(std::abs(got[i][j].toDouble() - want[i][j].toDouble()) < 1e-4, name);
            }
        }
        QCOMPARE(o["fully_masked_rows"].toArray(), expect["fully_masked_rows"].toArray());
    }
}

void TestCli::computeInvalidScenario_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("mentions");
    QTest::addRow("ambiguous causal") << "15-error-ambiguous-causal.json" << QStringList{"alignment"};
    QTest::addRow("shape mismatch") << "16-error-shape-mismatch.json" << QStringList{"K", "2", "3"};
    QTest::addRow("heads not divisible") << "17-error-heads-not-divisible.json" << QStringList{"5", "2"};
}

void TestCli::computeInvalidScenario()
{
    QFETCH(QString, file);
    QFETCH(QStringList, mentions);
    const Run r = run({"compute", casePath(file)});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.out.isEmpty(), "nothing may be half-written on stdout");
    const QString err = QString::fromUtf8(r.err);
    QCOMPARE(err.count('\n'), 1); // exactly one line
    for (const QString &m : mentions) QVERIFY2(err.contains(m), qPrintable(err));
}

void TestCli::computeMissingFile()
{
    const Run r = run({"compute", "/nonexistent/scenario.json"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.out.isEmpty());
    QVERIFY2(r.err.contains("cannot read"), r.err.constData());
    QCOMPARE(r.err.count('\n'), 1);
}

void TestCli::computeMalformedJson()
{
    QTemporaryDir dir;
    QFile f(dir.filePath("bad.json"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"format\": \"attention-lab.scenario\", \"version\": 1, \"Q\": [[1, 2]");
    f.close();
    const Run r = run({"compute", f.fileName()});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.out.isEmpty());
    QVERIFY2(r.err.contains("not valid JSON at byte"), r.err.constData());
}

void TestCli::exportPngWithoutDisplay()
{
    QTemporaryDir dir;
    const Run r = run({"export", "--out", dir.path(), "--format", "png", "--size", "640x480"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QStringList written = QString::fromUtf8(r.out).split('\n', Qt::SkipEmptyParts);
    QVERIFY2(written.size() >= 2, r.out.constData());
    for (const QString &path : written) {
        QImage image(path);
        QVERIFY2(!image.isNull(), qPrintable(path));
        QCOMPARE(image.size(), QSize(640, 480));
    }
}

void TestCli::exportSvgAndPdf()
{
    QTemporaryDir dir;
    for (const QString &format : {QStringLiteral("svg"), QStringLiteral("pdf")}) {
        const Run r = run({"export", "--out", dir.path(), "--format", format});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QStringList written = QString::fromUtf8(r.out).split('\n', Qt::SkipEmptyParts);
        QVERIFY(!written.isEmpty());
        for (const QString &path : written) {
            QFile f(path);
            QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(path));
            const QByteArray head = f.read(5);
            QCOMPARE(head, format == "pdf" ? QByteArray("%PDF-") : QByteArray("<?xml"));
        }
    }
}

void TestCli::exportRejectsBadOptions_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("no --out") << QStringList{"export"} << "--out";
    QTest::addRow("bad format") << QStringList{"export", "--out", "x", "--format", "gif"}
                                << "png, svg or pdf";
    QTest::addRow("bad size") << QStringList{"export", "--out", "x", "--size", "big"} << "--size";
    QTest::addRow("tiny size") << QStringList{"export", "--out", "x", "--size", "10x10"} << "--size";
    QTest::addRow("unknown preset") << QStringList{"export", "--out", "x", "--preset", "nope"}
                                    << "unknown preset";
}

void TestCli::exportRejectsBadOptions()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, mentions);
    const Run r = run(arguments);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(QString::fromUtf8(r.err).contains(mentions), r.err.constData());
}

void TestCli::unknownCommand()
{
    const Run r = run({"frobnicate"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("unknown command"), r.err.constData());
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
