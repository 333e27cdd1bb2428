// The benchmark command, run as a user would: `attention-lab bench` in a child process (the
// timing table and its JSON, decode steps, the needle check, and options it refuses).
#include "runcli.h"
#include "strictwarnings.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

namespace {

using attn::test::Run;

Run run(const QStringList &arguments)
{
    return attn::test::runCli(arguments);
}

} // namespace

class TestCliBench : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void benchWritesTableAndJson();
    void benchDecodeAndNeedle();
    void benchRejectsBadOptions_data();
    void benchRejectsBadOptions();
    void benchHelpAllIsHelp();
    void benchNothingMeasuredFails();
};

void TestCliBench::benchWritesTableAndJson()
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
    // Every figure says what it ran on: the instruction set, its packet width and registers.
    QVERIFY2(out.contains(QRegularExpression("^# built for (AVX-512|AVX2\\+FMA|AVX|SSE2|NEON|scalar): "
                                             "(16|8|4|1) float lanes per packet, (16|32) vector registers$",
                                             QRegularExpression::MultilineOption)),
             r.out.constData());
    QCOMPARE(
        out.count(QRegularExpression("^(tiled|naive) +128 +128 +2:1 ", QRegularExpression::MultilineOption)),
        2);
    QVERIFY2(r.err.contains("bench: "), r.err.constData());

    QFile f(json);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
    QVERIFY(o["roof_gflops"].toDouble() > 0);
    QVERIFY(o["sgemm_gflops"].toDouble() > 0);
    QVERIFY(o["read_gbps"].toDouble() > 0);
    const QString isa = o["instruction_set"].toString();
    const int lanes = o["vector_lanes"].toInt();
    // The packet width follows the instruction set: 512 bits are 16 floats, 256 bits 8, 128 bits 4.
    QCOMPARE(lanes, isa == "AVX-512" ? 16 : isa.startsWith("AVX") ? 8 : isa == "scalar" ? 1 : 4);
    QCOMPARE(o["vector_registers"].toInt(), isa == "AVX-512" || isa == "NEON" ? 32 : 16);
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

void TestCliBench::benchDecodeAndNeedle()
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
        // ... read at kv_bytes / median, compared with the streaming read of the same run.
        const double gbps = res["kv_bytes"].toDouble() / (res["median_ms"].toDouble() * 1e-3) / 1e9;
        QVERIFY(qAbs(res["kv_gbps"].toDouble() - gbps) <= 1e-9 * gbps);
        QVERIFY(qAbs(res["read_fraction"].toDouble() - gbps / o["read_gbps"].toDouble()) <= 1e-9 * gbps);
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

void TestCliBench::benchRejectsBadOptions_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("zero n") << QStringList{"bench", "--n", "0"}
                            << "-n must be an integer from 1 to 1048576, got \"0\"";
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

void TestCliBench::benchHelpAllIsHelp()
{
    const Run r = run({"bench", "--help-all"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("--repetitions"), r.out.constData());
    QVERIFY2(!r.out.contains("## prefill"), r.out.constData()); // nothing was timed
}

void TestCliBench::benchNothingMeasuredFails()
{
    // n = 2^20 with naive: the (n, n) scores need 4 TiB, so the only configuration is refused.
    const Run r =
        run({"bench", "-n", "1048576", "--kernels", "naive", "--heads", "1:1", "--repetitions", "1"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.out.contains("refused"), r.out.constData());
    QVERIFY2(r.err.contains("nothing was measured"), r.err.constData());
    // The roof (seconds of SGEMM) would serve no run: it is not measured.
    QVERIFY2(r.out.contains("# roof: not measured (every configuration is refused)"), r.out.constData());
    QVERIFY2(!r.out.contains("# roof: FP32"), r.out.constData());
    QVERIFY2(!r.err.contains("measuring the roof"), r.err.constData());
}

void TestCliBench::benchRejectsBadOptions()
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

QTEST_GUILESS_MAIN(TestCliBench)
#include "tst_clibench.moc"
