// The bad-input catalogue of the command line (issue 8; docs/bad-inputs.md): every bad file or
// option ends with exit code 2 (bad input) or 1 (the output could not be written), one readable
// line on stderr naming the file or option and the numbers, and nothing half-written.
#include "runcli.h"
#include "strictwarnings.h"
#include "testfiles.h"
#include "timeouts.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <sys/resource.h>
#include <sys/stat.h>

using attn::test::Run;

namespace {

using attn::test::readAll;
using attn::test::writeFile;

QByteArray scenarioText(const QByteArray &fields)
{
    return R"({"format": "attention-lab.scenario", "version": 1, )" + fields + "}";
}

const QByteArray kQkv = R"("Q": [[1, 0]], "K": [[1, 0], [0, 1]], "V": [[2, 0], [0, 4]])";

/// Runs attention-lab like runCli, but with files limited to `maxFileBytes` (RLIMIT_FSIZE, with
/// SIGXFSZ ignored): a full disk without root.
Run runOnFullDisk(const QStringList &arguments, rlim_t maxFileBytes)
{
    QProcess p;
    QProcessEnvironment env = attn::test::isolatedEnvironment();
    env.remove("DISPLAY");
    env.remove("WAYLAND_DISPLAY");
    env.remove("QT_QPA_PLATFORM");
    p.setProcessEnvironment(env);
    p.setChildProcessModifier([maxFileBytes] {
        std::signal(SIGXFSZ, SIG_IGN);
        rlimit limit{};
        getrlimit(RLIMIT_FSIZE, &limit);
        limit.rlim_cur = maxFileBytes;
        setrlimit(RLIMIT_FSIZE, &limit);
    });
    p.start(QStringLiteral(ATTN_EXECUTABLE), arguments);
    if (!p.waitForFinished(attn::test::scaledTimeout(120000))) qFatal("attention-lab did not finish");
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

/// stderr is one readable line per problem, with no C++ or Qt internals.
void verifyReadable(const QByteArray &err)
{
    QVERIFY2(!err.trimmed().isEmpty(), "nothing on stderr");
    for (const char *internal : {"std::", "bad_alloc", "QJson", "Eigen", "terminate", "Q_ASSERT"})
        QVERIFY2(!err.contains(internal), err.constData());
}

} // namespace

class TestCliBadInput : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void computeBadFile_data();
    void computeBadFile();
    void exportToUnwritablePlace();
    void exportOnFullDiskKeepsOldFigures();
    void benchBadSizes_data();
    void benchBadSizes();
    void benchRefusesWithTheEstimate();
    void benchRefusesCallsOverAMinute();
    void benchJsonToUnwritablePlace();
    void lessonsCheckBadFiles_data();
    void lessonsCheckBadFiles();
    void repeatedOptionsAreRefused_data();
    void repeatedOptionsAreRefused();
    void argumentsThatAreNotUtf8_data();
    void argumentsThatAreNotUtf8();

private:
    QTemporaryDir m_dir;
};

void TestCliBadInput::computeBadFile_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("fragment");
    const auto file = [&](const char *name, const QByteArray &bytes) {
        writeFile(m_dir.filePath(name), bytes);
        return m_dir.filePath(name);
    };
    const QString dangling = m_dir.filePath("dangling.json");
    QFile::link(m_dir.filePath("nowhere.json"), dangling);
    QByteArray column = "[";
    for (int i = 0; i < 3000; ++i) column += i ? ",[0]" : "[0]";
    column += "]";

    QTest::addRow("missing") << m_dir.filePath("missing.json") << "file: cannot read";
    QTest::addRow("dangling symlink") << dangling << "file: cannot read";
    QTest::addRow("folder") << m_dir.path() << "is a folder, not a scenario file";
    // Devices are refused before reading: /dev/zero never ends, a terminal would block.
    QTest::addRow("endless device")
        << "/dev/zero"
        << "is a character device (a terminal, /dev/zero, …), not a scenario file";
    const QString loop = m_dir.filePath("loop.json");
    QFile::link(loop, loop);
    QTest::addRow("symlink loop") << loop << "file: cannot read " + loop + ": its symbolic links form a loop";
    // Another file of this program is named as such (before: 'unknown key "id"').
    QTest::addRow("lesson file") << file("lesson.json", R"({"format": "attention-lab.lesson", "version": 1,
                                            "id": "01-x", "title": "t", "steps": []})")
                                 << "format: this is a lesson file";
    QTest::addRow("empty device") << "/dev/null"
                                  << "/dev/null is a character device";
    if (QFileInfo::exists("/dev/tty")) // refused from its kind alone: no terminal is needed
        QTest::addRow("terminal") << "/dev/tty"
                                  << "/dev/tty is a character device";
    const QString pipe = m_dir.filePath("pipe.json");
    QCOMPARE(::mkfifo(QFile::encodeName(pipe).constData(), 0600), 0);
    QTest::addRow("named pipe") << pipe << "is a named pipe (FIFO), not a scenario file";
    QTest::addRow("empty") << file("empty.json", {}) << "file: the file is empty";
    QTest::addRow("binary") << file("binary.json", QByteArray("\x1f\x8b\x08\0", 4))
                            << "the file is not text (binary data at byte 0)";
    QTest::addRow("malformed") << file("malformed.json",
                                       "{\"format\": \"attention-lab.scenario\",\n\"V\": [[1,]]}")
                               << "not valid JSON at byte 47 (line 2, column 11)";
    QTest::addRow("wrong type") << file("type.json", scenarioText(kQkv + R"(, "key_tokens": "k1 k2")"))
                                << "key_tokens: expected an array, got a string";
    QTest::addRow("ragged") << file("ragged.json",
                                    scenarioText(R"("Q": [[1]], "K": [[1], [2]], "V": [[1], [2, 3]])"))
                            << "V: row 1 has 2 numbers but row 0 has 1 (ragged matrix)";
    QTest::addRow("temperature 0") << file("temp.json", scenarioText(kQkv + R"(, "temperature": 0)"))
                                   << "temperature: must be a finite number > 0, got 0";
    QTest::addRow("heads 4:3") << file("heads.json", scenarioText(R"("Q": [[1, 2, 3, 4]], "K": [[1, 2, 3]],
                                           "V": [[1, 2, 3]], "heads": {"query": 4, "kv": 3})"))
                               << "heads: query heads 4 is not a multiple of kv heads 3";
    QTest::addRow("labels") << file("labels.json", scenarioText(kQkv + R"(, "query_tokens": ["a", "b"])"))
                            << "query_tokens: has 2 labels but n_q = 1";
    QTest::addRow("all masked") << file("masked.json", scenarioText(kQkv + R"(, "mask": {"visible": [[0, 0]],
                                            "all_masked_rows": "error"})"))
                                << "mask: query row 0 of head 0 sees no key";
    // The keys of today's models (issue 22): each bad value names its field.
    QTest::addRow("softcap 0")
        << file("softcap0.json", scenarioText(kQkv + R"(, "softcap": 0)"))
        << "softcap: must be a finite number > 0 (logits ← c · tanh(logits / c)), got 0";
    QTest::addRow("softcap < 0") << file("softcap-1.json", scenarioText(kQkv + R"(, "softcap": -1)"))
                                 << "softcap: must be a finite number > 0";
    QTest::addRow("sinks length") << file("sinks2.json", scenarioText(kQkv + R"(, "sinks": [0, 1])"))
                                  << "sinks: has 2 logits but H_q = 1 (one sink logit per query head)";
    QTest::addRow("sink null") << file("sinknull.json", scenarioText(kQkv + R"(, "sinks": [null])"))
                               << "sinks[0]: must be a finite number (one logit per query head), got null";
    QTest::addRow("sink text") << file("sinktext.json", scenarioText(kQkv + R"(, "sinks": ["inf"])"))
                               << "sinks[0]: expected a number, got a string";
    QTest::addRow("rotary_dim odd")
        << file("rotary1.json", scenarioText(kQkv + R"(, "positional": {"kind": "rope", "rotary_dim": 1})"))
        << "positional.rotary_dim: must be an even number ≥ 2 (features rotate in pairs), got 1";
    QTest::addRow("rotary_dim > d_k")
        << file("rotary4.json", scenarioText(kQkv + R"(, "positional": {"kind": "rope", "rotary_dim": 4})"))
        << "positional.rotary_dim: is 4 but d_k = 2";
    QTest::addRow("rotary_dim without RoPE")
        << file("rotarynone.json", scenarioText(kQkv + R"(, "positional": {"rotary_dim": 2})"))
        << "positional.rotary_dim: applies to RoPE, but kind is \"none\"";
    QTest::addRow("document ids length")
        << file("docs3.json", scenarioText(kQkv + R"(, "mask": {"document_ids": [0, 0, 1]})"))
        << "mask.document_ids: has 3 entries but n_k = 2";
    QTest::addRow("document ids n_q ≠ n_k")
        << file("docs2.json", scenarioText(kQkv + R"(, "mask": {"document_ids": [0, 1]})"))
        << "mask.document_ids: serves queries and keys alike, but n_q = 1 differs from n_k = 2";
    QTest::addRow("query document ids length")
        << file(
               "qdocs.json",
               scenarioText(kQkv + R"(, "mask": {"query_document_ids": [0, 1], "key_document_ids": [0, 1]})"))
        << "mask.query_document_ids: has 2 entries but n_q = 1";
    QTest::addRow("key document ids missing")
        << file("kdocs.json", scenarioText(kQkv + R"(, "mask": {"query_document_ids": [0]})"))
        << "mask.key_document_ids: is missing";
    QTest::addRow("prefix < 0")
        << file("prefix.json",
                scenarioText(
                    kQkv + R"(, "alignment": "bottom_right", "mask": {"causal": true, "prefix_length": -1})"))
        << "mask.prefix_length: must be between 0 and 9007199254740992 (2^53), got -1";
    QTest::addRow("prefix without causal")
        << file("prefixnc.json", scenarioText(kQkv + R"(, "mask": {"prefix_length": 1})"))
        << "mask.prefix_length: exempts the prefix from the causal mask, but causal is not set";
    QTest::addRow("unknown dtype") << file("dtype.json", scenarioText(kQkv + R"(, "dtype": "float8")"))
                                   << "dtype: unknown value \"float8\"; expected one of \"float64\", "
                                      "\"float32\", \"float16\", \"bfloat16\"";
    QTest::addRow("float16 on tiled")
        << file("dtypetiled.json", scenarioText(kQkv + R"(, "dtype": "float16", "kernel": "tiled")"))
        << "kernel: \"tiled\" computes the trace in float64 and cannot simulate dtype = \"float16\"";
    QTest::addRow("softcap on linear")
        << file("softcaplinear.json", scenarioText(kQkv + R"(, "softcap": 30, "kernel": "linear")"))
        << "kernel: \"linear\" weights φ(q)·φ(k) are not softmax logits; softcap has nothing to cap";
    QTest::addRow("huge") << file("huge.json", scenarioText(R"("Q": )" + column + R"(, "K": )" + column +
                                                            R"(, "V": )" + column))
                          << "the result would print 18009000 numbers (scores and weights 2 × H_q 1 × n_q "
                             "3000 × n_k 3000, output n_q 3000 × H_q·d_v 1, up to 6000 for fully masked "
                             "rows), more than the 8388608 numbers compute prints (at least 257.6 MiB of "
                             "JSON); refused before computing";
    // 1024 queries, one key, d_v 8200: 2048 scores and weights but 8.4 million outputs (before,
    // only the pairs counted: the 60 KB file printed about 200 MB of JSON).
    QByteArray queries = "[";
    for (int i = 0; i < 1024; ++i) queries += i ? ",[1]" : "[1]";
    queries += "]";
    QByteArray wide = "[[";
    for (int c = 0; c < 8200; ++c) wide += c ? ",0" : "0";
    wide += "]]";
    QTest::addRow("wide output")
        << file("wide.json", scenarioText(R"("Q": )" + queries + R"(, "K": [[1]], "V": )" + wide))
        << "the result would print 8400896 numbers (scores and weights 2 × H_q 1 × n_q "
           "1024 × n_k 1, output n_q 1024 × H_q·d_v 8200, up to 2048 for fully masked "
           "rows), more than the 8388608";
}

void TestCliBadInput::computeBadFile()
{
    QFETCH(QString, path);
    QFETCH(QString, fragment);
    const Run r = attn::test::runCli({"compute", path});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.out.isEmpty(), r.out.left(200).constData());
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.startsWith("attention-lab: " + path + ": "), qPrintable(err)); // names the file
    QVERIFY2(err.contains(fragment), qPrintable(err));
    QCOMPARE(r.err.count('\n'), 1);
    verifyReadable(r.err);
}

void TestCliBadInput::exportToUnwritablePlace()
{
    const QString blocker = m_dir.filePath("blocker");
    writeFile(blocker, "x");
    const Run r = attn::test::runCli({"export", "--out", blocker + "/figures", "--preset", "worked-example"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QFile::encodeName(blocker + "/figures")), r.err.constData());
    verifyReadable(r.err);
    QVERIFY(r.out.isEmpty());
    QCOMPARE(readAll(blocker), QByteArray("x"));
}

void TestCliBadInput::exportOnFullDiskKeepsOldFigures()
{
    for (const char *format : {"png", "svg", "pdf"}) {
        const QString out = m_dir.filePath(QStringLiteral("full-") + format);
        QVERIFY(QDir().mkpath(out));
        const Run first =
            attn::test::runCli({"export", "--out", out, "--preset", "worked-example", "--format", format});
        QCOMPARE(first.exitCode, 0);
        const QStringList written = QString::fromUtf8(first.out).split('\n', Qt::SkipEmptyParts);
        QVERIFY(!written.isEmpty());
        for (const QString &path : written) writeFile(path, "old figure");

        const Run r =
            runOnFullDisk({"export", "--out", out, "--preset", "worked-example", "--format", format}, 64);
        QVERIFY2(r.exitCode == 1, qPrintable(QStringLiteral("%1: exit %2").arg(format).arg(r.exitCode)));
        QVERIFY2(r.err.contains("Cannot write"), r.err.constData());
        verifyReadable(r.err);
        for (const QString &path : written) QCOMPARE(readAll(path), QByteArray("old figure"));
    }
}

void TestCliBadInput::benchBadSizes_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("fragment");
    QTest::addRow("n 2^63") << QStringList{"-n", "9223372036854775807"}
                            << "-n must be an integer from 1 to 1048576, got \"9223372036854775807\"";
    QTest::addRow("n negative") << QStringList{"-n", "-5"} << "-n must be an integer from 1 to 1048576";
    QTest::addRow("n text") << QStringList{"-n", "big"} << "got \"big\"";
    QTest::addRow("head-dim") << QStringList{"--head-dim", "100000000"}
                              << "--head-dim must be an integer from 1 to 1024";
    QTest::addRow("heads 3:2") << QStringList{"--heads", "3:2"} << "QUERY a multiple of KV";
    QTest::addRow("tile") << QStringList{"--tile", "1000000000x1000000000"} << "--tile must be BRxBC";
    QTest::addRow("window") << QStringList{"--window", "9223372036854775807"}
                            << "--window must be an integer";
    QTest::addRow("threads") << QStringList{"--threads", "100000"}
                             << "--threads must be an integer from 1 to 1024";
}

void TestCliBadInput::benchBadSizes()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, fragment);
    const Run r = attn::test::runCli(QStringList{"bench"} + arguments);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(QString::fromUtf8(r.err).contains(fragment), r.err.constData());
    QVERIFY(r.out.isEmpty());
    verifyReadable(r.err);
}

void TestCliBadInput::benchRefusesWithTheEstimate()
{
    // Every kernel at n = 2^20 with 256 heads of d = 1024: Q, K, V and O alone are terabytes.
    const QString json = m_dir.filePath("refused.json");
    const Run r = attn::test::runCli({"bench", "-n", "1048576", "--heads", "256:256", "--head-dim", "1024",
                                      "--repetitions", "1", "--json", json});
    QCOMPARE(r.exitCode, 1);
    for (const char *kernel : {"naive", "tiled", "windowed", "linear"}) {
        QVERIFY2(r.out.contains(QByteArray(kernel) + " at n_q 1048576 × n_k 1048576"), r.out.constData());
    }
    QVERIFY2(r.out.contains("GiB for Q, K, V, O and the reference"), r.out.constData());
    QVERIFY2(r.out.contains("available)"), r.out.constData());
    QVERIFY2(r.err.contains("nothing was measured"), r.err.constData());
    QFile written(json);
    QVERIFY(written.open(QIODevice::ReadOnly));
    const QJsonObject report = QJsonDocument::fromJson(written.readAll()).object();
    QVERIFY(report["roof_gflops"].isNull()); // not measured: nothing would use it
    QCOMPARE(report["refused"].toArray().size(), 4);

    // Tiny tensors (d = 1) but 4096×4096 tiles on 1024 threads: the tiled kernel's own buffers
    // (about 200 GiB) are refused too. Without /proc/meminfo nothing is refused for memory.
    if (!QFile::exists("/proc/meminfo")) QSKIP("available memory unknown");
    const Run tiles = attn::test::runCli({"bench", "-n", "1048576", "--kernels", "tiled", "--heads",
                                          "256:256", "--head-dim", "1", "--tile", "4096x4096", "--threads",
                                          "1024", "--repetitions", "1"});
    QCOMPARE(tiles.exitCode, 1);
    QVERIFY2(tiles.out.contains("with tiles 4096×4096 on 1024 threads needs"), tiles.out.constData());
    QVERIFY2(tiles.out.contains("GiB for its working buffers"), tiles.out.constData());
}

void TestCliBadInput::benchRefusesCallsOverAMinute()
{
    // One tiled call at n = 2^20, d = 8 is 4 · 2^40 · 8 = 35184 GFLOP: at least 2.3 minutes even
    // at the 250 GFLOP/s assumed of one thread before the roof is measured, so it is refused
    // (as the performance panel refuses it) instead of running for minutes; the tensors are small
    // (268 MiB with the reference). Nothing else is left, so the roof is not measured either.
    const Run r = attn::test::runCli({"bench", "-n", "1048576", "--head-dim", "8", "--heads", "1:1",
                                      "--kernels", "tiled", "--threads", "1", "--repetitions", "1"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(
        r.out.contains("refused: tiled at n_q 1048576 × n_k 1048576, heads 1:1, d 8, f32 needs 35184 GFLOP "
                       "per call: at least 2.3 min even at 250 GFLOP/s (more than 1 thread can do), over "
                       "the 60 s a call may take"),
        r.out.constData());
    QVERIFY2(r.out.contains("# roof: not measured (every configuration is refused)"), r.out.constData());
    QVERIFY2(r.err.contains("nothing was measured"), r.err.constData());
    verifyReadable(r.err);
}

void TestCliBadInput::benchJsonToUnwritablePlace()
{
    const QString blocker = m_dir.filePath("bench-blocker");
    writeFile(blocker, "x");
    const Run r =
        attn::test::runCli({"bench", "-n", "64", "--kernels", "naive", "--json", blocker + "/r.json"});
    QCOMPARE(r.exitCode, 2); // checked before measuring anything
    QVERIFY2(r.err.contains(QFile::encodeName(blocker + "/r.json")), r.err.constData());
    QVERIFY(r.out.isEmpty());

    const QString old = m_dir.filePath("old-results.json");
    writeFile(old, "old results");
    const Run full = runOnFullDisk({"bench", "-n", "64", "--kernels", "naive", "--repetitions", "1",
                                    "--warmup", "0", "--time-budget", "0.1", "--json", old},
                                   64);
    QVERIFY2(full.exitCode != 0, full.err.constData());
    QVERIFY2(full.err.contains(QFile::encodeName(old)), full.err.constData());
    verifyReadable(full.err);
    QCOMPARE(readAll(old), QByteArray("old results"));
}

void TestCliBadInput::lessonsCheckBadFiles_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("fragment");
    const QString folder = m_dir.filePath("lessons");
    QDir().mkpath(folder);
    writeFile(folder + "/01-empty.json", {});
    writeFile(folder + "/02-binary.json", QByteArray("\x7f"
                                                     "ELF\x02\x01",
                                                     6));
    writeFile(folder + "/03-huge.json", QByteArray((4 << 20) + 1, ' '));
    QTest::addRow("empty") << folder + "/01-empty.json"
                           << "01-empty.json: the file is empty";
    QTest::addRow("binary") << folder + "/02-binary.json"
                            << "the file is not text (binary data at byte 4)";
    QTest::addRow("huge") << folder + "/03-huge.json"
                          << "larger than 4 MiB, the most a lesson file may be";
    QTest::addRow("folder of them") << folder << "03-huge.json: larger than 4 MiB";
    QTest::addRow("no such folder") << m_dir.filePath("no-lessons") << "no such file or folder";
    QTest::addRow("empty path") << QString() << "\"\": the path is empty";
    QTest::addRow("device") << "/dev/null"
                            << "/dev/null: neither a lesson file nor a folder, but a character device";
    // A step whose scenario file is a device (here /dev/zero through a link; a terminal would
    // wait for typing): refused before opening. Before, /dev/zero was read to the 4 MiB limit.
    const QString devices = m_dir.filePath("device-lessons");
    QDir().mkpath(devices);
    QFile::link("/dev/zero", devices + "/dev.json");
    writeFile(devices + "/01-device.json",
              R"({"format": "attention-lab.lesson", "version": 1, "id": "01-device", "title": "t",
                  "steps": [{"title": "s", "text": "x", "view": "qkv", "scenario": "dev.json"}]})");
    QTest::addRow("step scenario on a device")
        << devices + "/01-device.json"
        << "the scenario file “dev.json” is a symbolic link out of the lesson's folder";
    const QString fifo = m_dir.filePath("lesson-pipe.json");
    QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
    QTest::addRow("named pipe")
        << fifo << "lesson-pipe.json: neither a lesson file nor a folder, but a named pipe (FIFO)";
    // Before: "no lesson file (*.json) found" and, for raw HTML, "1 lesson OK".
    writeFile(m_dir.filePath("scenario.json"),
              R"({"format": "attention-lab.scenario", "version": 1, "Q": [[1]], "K": [[1]], "V": [[1]]})");
    QTest::addRow("a scenario file")
        << m_dir.filePath("scenario.json")
        << "scenario.json: this is a scenario file (format \"attention-lab.scenario\"), not a lesson file";
    QDir().mkpath(m_dir.filePath("html"));
    writeFile(m_dir.filePath("html/01-html.json"),
              R"({"format": "attention-lab.lesson", "version": 1, "id": "01-html", "title": "t", "steps": [
                  {"title": "s", "view": "qkv", "text": "See <img src=\"x.png\"> and the rest",
                   "scenario": {"Q": [[1]], "K": [[1]], "V": [[1]]}}]})");
    QTest::addRow("raw HTML") << m_dir.filePath("html")
                              << "step 1: text: raw HTML “<img src=\"x.png\">” would not show";
}

void TestCliBadInput::lessonsCheckBadFiles()
{
    QFETCH(QString, path);
    QFETCH(QString, fragment);
    const Run r = attn::test::runCli({"lessons", "--check", path});
    QCOMPARE(r.exitCode, 2);
    const QByteArray said = r.out + r.err; // problems on stdout, usage errors on stderr
    QVERIFY2(QString::fromUtf8(said).contains(fragment), said.constData());
    QVERIFY2(QString::fromUtf8(said).contains(path), said.constData()); // names the file or folder
    verifyReadable(said);
}

void TestCliBadInput::repeatedOptionsAreRefused_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("option");
    // Before: the last one silently won.
    QTest::addRow("bench") << QStringList{"bench", "--head-dim", "8", "--head-dim", "16"} << "--head-dim";
    QTest::addRow("export") << QStringList{"export", "--out",    m_dir.path(), "--format",
                                           "png",    "--format", "svg"}
                            << "--format";
    QTest::addRow("lessons") << QStringList{"lessons", "--check", "a", "--check", "b"} << "--check";
    QTest::addRow("window") << QStringList{"--preset", "worked-example", "--preset", "xiaohong"}
                            << "--preset";
    QTest::addRow("window language") << QStringList{"--language", "en", "--language=zh_CN"} << "--language";
}

void TestCliBadInput::repeatedOptionsAreRefused()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, option);
    const Run r = attn::test::runCli(arguments);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(QString::fromUtf8(r.err).contains(option + " is given more than once; give each option once"),
             r.err.constData());
    verifyReadable(r.err);
}

void TestCliBadInput::argumentsThatAreNotUtf8_data()
{
    // The byte 0xFF cannot be passed through QProcess (it encodes QStrings as UTF-8): a shell's
    // printf writes it into $1, and the command line below uses it.
    QTest::addColumn<QString>("command");
    QTest::addColumn<int>("index");
    QTest::addRow("export folder") << R"(export --out "out/$1" --preset worked-example)" << 3;
    QTest::addRow("scenario file") << R"(compute "caf$1.json")" << 2;
    QTest::addRow("lesson folder") << R"(lessons --check "l$1")" << 3;
    QTest::addRow("window") << R"("x$1.json")" << 1;
}

void TestCliBadInput::argumentsThatAreNotUtf8()
{
    // Before, the byte became U+FFFD: the export exited 0 after writing into a folder named with
    // EF BF BD, and a scenario file that exists was reported missing.
    QFETCH(QString, command);
    QFETCH(int, index);
    QProcess p;
    p.setProcessEnvironment(attn::test::isolatedEnvironment());
    p.setWorkingDirectory(m_dir.path());
    p.start(QStringLiteral("/bin/sh"),
            {QStringLiteral("-c"), QStringLiteral("set -- \"$(printf '\\377')\"; exec \"%1\" %2")
                                       .arg(QStringLiteral(ATTN_EXECUTABLE), command)});
    QVERIFY(p.waitForFinished(attn::test::scaledTimeout(60000)));
    const QByteArray err = p.readAllStandardError();
    QCOMPARE(p.exitCode(), 2);
    QVERIFY2(err.contains(QStringLiteral("attention-lab: argument %1, ").arg(index).toUtf8()),
             err.constData());
    QVERIFY2(err.contains("\\xFF") && err.contains("\", is not UTF-8 text; "), err.constData());
    QVERIFY(p.readAllStandardOutput().isEmpty());
    QVERIFY(!QDir(m_dir.filePath(QStringLiteral("out"))).exists()); // nothing written anywhere
}

QTEST_GUILESS_MAIN(TestCliBadInput)
#include "tst_clibadinput.moc"
