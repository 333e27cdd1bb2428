// The command line, run as a user would: the real executable in a child process.
#include "runcli.h"
#include "strictwarnings.h"
#include "timeouts.h"

#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

namespace {

using attn::test::Run;

Run run(const QStringList &arguments)
{
    return attn::test::runCli(arguments);
}

QString casePath(const QString &name)
{
    return QStringLiteral(ATTN_TEST_DATA_DIR "/cases/") + name;
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
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
    void exportPngAtDpi_data();
    void exportPngAtDpi();
    void exportRejectsBadDpi_data();
    void exportRejectsBadDpi();
    void exportColorMap();
    void unknownCommand();
    void helpListsEveryCommand();
    void benchWritesTableAndJson();
    void benchDecodeAndNeedle();
    void benchRejectsBadOptions_data();
    void benchRejectsBadOptions();
    void benchHelpAllIsHelp();
    void benchNothingMeasuredFails();
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
    QVERIFY(p.waitForFinished(attn::test::scaledTimeout(60000)));
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
    QVERIFY(p.waitForFinished(attn::test::scaledTimeout(60000)));
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
    QTest::addRow("unknown colour map")
        << QStringList{"export", "--out", "x", "--colormap", "jet"} << "viridis or cividis";
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

void TestCli::exportPngAtDpi_data()
{
    QTest::addColumn<QStringList>("what");
    QTest::addColumn<int>("dpi");
    // A QCustomPlot figure (the preset's heatmap and bars) and painted ones (lesson 1's sentence arcs).
    QTest::addRow("preset, 300 dpi") << QStringList{"--preset", "worked-example"} << 300;
    QTest::addRow("lesson, 150 dpi") << QStringList{"--lesson", "01-why-attention"} << 150;
    QTest::addRow("preset, 96 dpi") << QStringList{"--preset", "worked-example"} << 96;
}

void TestCli::exportPngAtDpi()
{
    QFETCH(QStringList, what);
    QFETCH(int, dpi);
    QTemporaryDir dir;
    const Run r = run(QStringList{"export", "--out", dir.path(), "--format", "png", "--size", "640x480",
                                  "--dpi", QString::number(dpi)} +
                      what);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QStringList written = QString::fromUtf8(r.out).split('\n', Qt::SkipEmptyParts);
    QVERIFY(written.size() >= 2);
    // The layout of 640 × 480 at dpi / 96 times the pixels (300 dpi: 2000 × 1500), with the DPI in the file.
    const QSize pixels(qRound(640 * dpi / 96.0), qRound(480 * dpi / 96.0));
    for (const QString &path : written) {
        const QImage image(path);
        QVERIFY2(!image.isNull(), qPrintable(path));
        QCOMPARE(image.size(), pixels);
        // PNG stores whole dots per metre: 300 dpi is 11811 (or 11810, truncated), which reads back as 300.
        QCOMPARE(qRound(image.dotsPerMeterX() * 0.0254), dpi);
        QCOMPARE(qRound(image.dotsPerMeterY() * 0.0254), dpi);
    }
}

void TestCli::exportRejectsBadDpi_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("zero") << QStringList{"--dpi", "0"} << "got \"0\"";
    QTest::addRow("negative") << QStringList{"--dpi", "-300"} << "got \"-300\"";
    QTest::addRow("text") << QStringList{"--dpi", "high"} << "got \"high\"";
    QTest::addRow("fraction") << QStringList{"--dpi", "150.5"} << "whole number";
    QTest::addRow("too many") << QStringList{"--dpi", "1201"} << "1 to 1200";
    QTest::addRow("vector format") << QStringList{"--dpi", "300", "--format", "svg"} << "png only";
    // 4000 · 1200/96 = 50000 pixels a side: refused before drawing, with the size it would have.
    QTest::addRow("too many pixels") << QStringList{"--dpi", "1200", "--size", "4000x4000"}
                                     << "50000×50000 pixels (9.3 GiB in memory)";
}

void TestCli::exportRejectsBadDpi()
{
    QFETCH(QStringList, options);
    QFETCH(QString, mentions);
    QTemporaryDir dir;
    const Run r = run(QStringList{"export", "--out", dir.filePath("figures")} + options);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(QString::fromUtf8(r.err).contains("--dpi"), r.err.constData());
    QVERIFY2(QString::fromUtf8(r.err).contains(mentions), r.err.constData());
    QVERIFY(!QFileInfo::exists(dir.filePath("figures"))); // nothing written
}

void TestCli::exportColorMap()
{
    // The colour bar of the heatmap runs from the map's first stop (viridis #440154, cividis #00224e).
    for (const QString &map : {QStringLiteral("viridis"), QStringLiteral("cividis")}) {
        QTemporaryDir dir;
        const Run r = run({"export", "--out", dir.path(), "--preset", "worked-example", "--format", "svg",
                           "--colormap", map});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QFile file(dir.filePath("worked-example-weights.svg"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray svg = file.readAll();
        QCOMPARE(svg.contains("#00224e"), map == "cividis");
        QCOMPARE(svg.contains("#440154"), map == "viridis");
    }
}

void TestCli::unknownCommand()
{
    const Run r = run({"frobnicate"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("neither a command"), r.err.constData());
    QVERIFY2(r.err.contains("--help"), r.err.constData());
}

void TestCli::helpListsEveryCommand()
{
    for (const char *flag : {"--help", "-h", "help"}) {
        const Run r = run({flag});
        QCOMPARE(r.exitCode, 0);
        for (const char *command : {"compute", "export", "lessons", "bench"})
            QVERIFY2(r.out.contains(QByteArray("attention-lab ") + command), r.out.constData());
        QVERIFY(r.err.isEmpty());
    }
}

void TestCli::benchWritesTableAndJson()
{
    QTemporaryDir dir;
    const QString json = dir.filePath("bench.json");
    const Run r = run({"bench", "--n", "128", "--heads", "2:1", "--kernels", "tiled,naive", "--repetitions",
                       "2", "--json", json});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    // The table on stdout: a header and one row per kernel; progress went to stderr.
    const QString out = QString::fromUtf8(r.out);
    QVERIFY2(out.contains("median_ms") && out.contains("GFLOP/s") && out.contains("max_err"),
             r.out.constData());
    QVERIFY2(out.contains("# roof: FP32 FMA peak"), r.out.constData());
    QCOMPARE(
        out.count(QRegularExpression("^(tiled|naive) +128 +128 +2:1 ", QRegularExpression::MultilineOption)),
        2);
    QVERIFY2(r.err.contains("bench: "), r.err.constData());

    QFile f(json);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
    QVERIFY(o["roof_gflops"].toDouble() > 0);
    QVERIFY(o["sgemm_gflops"].toDouble() > 0);
    const QJsonArray results = o["results"].toArray();
    QCOMPARE(results.size(), 2);
    QStringList kernels;
    for (const QJsonValue &v : results) {
        const QJsonObject res = v.toObject();
        for (const char *key :
             {"kernel", "n_q", "n_k", "head_dim", "query_heads", "kv_heads", "causal", "window", "dtype",
              "threads", "median_ms", "p95_ms", "gflops", "roof_fraction", "work_bytes", "max_abs_error"})
            QVERIFY2(res.contains(key), key);
        kernels << res["kernel"].toString();
        QCOMPARE(res["n_q"].toInt(), 128);
        QCOMPARE(res["n_k"].toInt(), 128);
        QCOMPARE(res["head_dim"].toInt(), 64);
        QCOMPARE(res["query_heads"].toInt(), 2);
        QCOMPARE(res["kv_heads"].toInt(), 1);
        QCOMPARE(res["causal"].toBool(), false);
        QVERIFY(res["window"].isNull());
        QCOMPARE(res["dtype"].toString(), QStringLiteral("f32"));
        QVERIFY(res["threads"].toInt() >= 1);
        QVERIFY(res["median_ms"].toDouble() > 0);
        QVERIFY(res["p95_ms"].toDouble() >= res["median_ms"].toDouble());
        QVERIFY(res["gflops"].toDouble() > 0);
        QVERIFY(res["roof_fraction"].toDouble() > 0);
        QVERIFY(res["work_bytes"].toDouble() > 0);
        QVERIFY(res["max_abs_error"].toDouble() < 1e-5);
    }
    QCOMPARE(kernels, (QStringList{"tiled", "naive"}));
}

void TestCli::benchDecodeAndNeedle()
{
    QTemporaryDir dir;
    const QString json = dir.filePath("decode.json");
    const Run r = run({"bench", "--decode", "--needle", "--n", "512", "--heads", "4:4,4:1", "--kernels",
                       "tiled,windowed", "--window", "64", "--repetitions", "2", "--json", json});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QFile f(json);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
    const QJsonArray results = o["results"].toArray();
    QCOMPARE(results.size(), 4);
    for (const QJsonValue &v : results) {
        const QJsonObject res = v.toObject();
        QCOMPARE(res["n_q"].toInt(), 1);
        QCOMPARE(res["n_k"].toInt(), 512);
        QCOMPARE(res["window"].toInt(), 64);
        // K and V bytes read shrink with the K/V heads: 512 keys · H_kv · 2 · 64 · 4 bytes.
        QCOMPARE(res["kv_bytes"].toDouble(), 512.0 * res["kv_heads"].toInt() * 2 * 64 * 4);
    }
    // The needle: both kernels see it at 100%; the 64-key window loses it at 0%.
    const QJsonArray needles = o["needle"].toArray();
    QCOMPARE(needles.size(), 2 * 5);
    for (const QJsonValue &v : needles) {
        const QJsonObject n = v.toObject();
        if (n["depth"].toDouble() == 1.0) QVERIFY(n["retrieved"].toBool());
        if (n["depth"].toDouble() == 0.0)
            QVERIFY(!n["retrieved"].toBool()); // the window of 64 applies to both
    }
    QVERIFY2(QString::fromUtf8(r.out).contains("LOST"), r.out.constData());
}

void TestCli::benchRejectsBadOptions_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("zero n") << QStringList{"bench", "--n", "0"} << "--n";
    QTest::addRow("bad n list") << QStringList{"bench", "--n", "1024,lots"} << "lots";
    QTest::addRow("heads not dividing") << QStringList{"bench", "--heads", "8:3"} << "8:3";
    QTest::addRow("heads without colon") << QStringList{"bench", "--heads", "8"} << "--heads";
    QTest::addRow("unknown kernel") << QStringList{"bench", "--kernels", "tiled,fast"} << "fast";
    QTest::addRow("bad dtype") << QStringList{"bench", "--dtype", "f16"} << "--dtype";
    QTest::addRow("zero threads") << QStringList{"bench", "--threads", "0"} << "--threads";
    QTest::addRow("zero repetitions") << QStringList{"bench", "--repetitions", "0"} << "--repetitions";
    QTest::addRow("zero window") << QStringList{"bench", "--window", "0"} << "--window";
    QTest::addRow("bad head dim") << QStringList{"bench", "--head-dim", "-4"} << "--head-dim";
    QTest::addRow("bad tile") << QStringList{"bench", "--tile", "64"} << "--tile";
    QTest::addRow("unknown option") << QStringList{"bench", "--fast"} << "fast";
    QTest::addRow("stray argument") << QStringList{"bench", "stray"} << "stray";
    QTest::addRow("json in a missing folder")
        << QStringList{"bench", "--json", "/nonexistent/dir/b.json"} << "--json";
    // Found before measuring, not after the run (the results would be lost).
    QTest::addRow("json where nothing can be written")
        << QStringList{"bench", "--json", "/proc/b.json"} << "--json";
    // A device is never replaced by a plain file (the write is a rename over the target).
    QTest::addRow("json onto a device")
        << QStringList{"bench", "--json", "/dev/null"} << "not a regular file";
    QTest::addRow("json dash") << QStringList{"bench", "--json", "-"} << "not a regular file";
}

void TestCli::benchHelpAllIsHelp()
{
    const Run r = run({"bench", "--help-all"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("--repetitions"), r.out.constData());
    QVERIFY2(!r.out.contains("## prefill"), r.out.constData()); // nothing was timed
}

void TestCli::benchNothingMeasuredFails()
{
    // n = 2^20 with naive: the (n, n) scores need 4 TiB, so the only configuration is refused.
    const Run r =
        run({"bench", "-n", "1048576", "--kernels", "naive", "--heads", "1:1", "--repetitions", "1"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.out.contains("refused"), r.out.constData());
    QVERIFY2(r.err.contains("nothing was measured"), r.err.constData());
}

void TestCli::benchRejectsBadOptions()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, mentions);
    const Run r = run(arguments);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.out.isEmpty(), r.out.constData()); // refused before any work
    const QString err = QString::fromUtf8(r.err);
    QCOMPARE(err.count('\n'), 1);
    QVERIFY2(err.contains(mentions), qPrintable(err));
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
