// The command line, run as a user would: the real executable in a child process.
#include <QDir>
#include <QFileInfo>
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
    void computeRefusesHugeOutput();
    void computeReportsWriteFailure();
    void exportIgnoresUnreachableDisplay();
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
    // Every reference case with an expected result prints it within 1e-4 (the cases' tolerance):
    // weights, output, fully masked rows and, where given, the scores.
    const auto near = [](const QJsonValue &got, const QJsonValue &want) {
        if (want.isNull()) return got.isNull();
        return std::abs(got.toDouble() - want.toDouble()) <= 1e-4;
    };
    const auto compare3 = [&](const QJsonArray &got, const QJsonArray &want, const QString &what) {
        QCOMPARE(got.size(), want.size());
        for (qsizetype h = 0; h < want.size(); ++h) {
            const QJsonArray g = got[h].toArray(), w = want[h].toArray();
            QCOMPARE(g.size(), w.size());
            for (qsizetype i = 0; i < w.size(); ++i) {
                QCOMPARE(g[i].toArray().size(), w[i].toArray().size());
                for (qsizetype j = 0; j < w[i].toArray().size(); ++j) {
                    QVERIFY2(near(g[i][j], w[i][j]),
                             qPrintable(QString("%1[%2][%3][%4]").arg(what).arg(h).arg(i).arg(j)));
                }
            }
        }
    };
    int checked = 0;
    for (const QString &name : QDir(QStringLiteral(ATTN_TEST_DATA_DIR "/cases")).entryList({"*.json"})) {
        QFile f(casePath(name));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject expect = QJsonDocument::fromJson(f.readAll()).object()["expect"].toObject();
        if (expect["error"].toBool()) continue;
        const Run r = run({"compute", casePath(name)});
        QVERIFY2(r.exitCode == 0, qPrintable(name + ": " + QString::fromUtf8(r.err)));
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        compare3(o["weights"].toArray(), expect["weights"].toArray(), name + " weights");
        compare3(QJsonArray{o["output"]}, QJsonArray{expect["output"]}, name + " output");
        if (expect.contains("scores"))
            compare3(o["scores"].toArray(), expect["scores"].toArray(), name + " scores");
        if (expect.contains("fully_masked_rows")) {
            QCOMPARE(o["fully_masked_rows"].toArray(), expect["fully_masked_rows"].toArray());
        }
        ++checked;
    }
    QCOMPARE(checked, 18);
}

void TestCli::computeRefusesHugeOutput()
{
    // 3000 × 3000 pairs would print hundreds of MB of JSON: refused, nothing on stdout.
    QTemporaryDir dir;
    QFile f(dir.filePath("big.json"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    QByteArray column = "[";
    for (int i = 0; i < 3000; ++i) column += i ? ",[0]" : "[0]";
    column += "]";
    f.write(R"({"format": "attention-lab.scenario", "version": 1, "Q": )" + column + R"(, "K": )" + column +
            R"(, "V": )" + column + "}");
    f.close();
    const Run r = run({"compute", f.fileName()});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.out.isEmpty());
    QVERIFY2(r.err.contains("9000000 pairs"), r.err.constData());
}

void TestCli::computeReportsWriteFailure()
{
    QProcess p;
    p.setStandardOutputFile("/dev/full");
    p.start(QStringLiteral(ATTN_EXECUTABLE), {"compute", casePath("01-worked-example.json")});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 1);
    QVERIFY2(p.readAllStandardError().contains("cannot write"), "no message for a failed write");
}

void TestCli::exportIgnoresUnreachableDisplay()
{
    // A stale DISPLAY (no X server there) must not abort an export: export always draws offscreen.
    QTemporaryDir dir;
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("DISPLAY", ":77");
    env.insert("QT_QPA_PLATFORM", "xcb");
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(ATTN_EXECUTABLE), {"export", "--out", dir.path(), "--preset", "worked-example"});
    QVERIFY(p.waitForFinished(60000));
    QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
             p.readAllStandardError().constData());
    QVERIFY(QFileInfo::exists(dir.filePath("worked-example-weights.png")));
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
    QTest::addRow("empty --out") << QStringList{"export", "--out", ""} << "--out";
    QTest::addRow("stray argument") << QStringList{"export", "stray", "--out", "x"} << "stray";
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
    QVERIFY2(r.err.contains("neither a command"), r.err.constData());
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
