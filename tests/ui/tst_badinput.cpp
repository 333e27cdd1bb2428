// The bad-input catalogue (issue 8; docs/bad-inputs.md lists it for people), files: every
// scenario or lesson file a learner or a teacher can get wrong, the message that names the spot,
// and the proof that nothing changed; figures saved to a place that cannot take them. Edits in the
// window are in tst_badedits.cpp. Data-driven: input → expected message fragment → state unchanged.
#include "core/attention.h"
#include "readablemessage.h"
#include "strictwarnings.h"
#include "testfiles.h"
#include "ui/document/scenariodocument.h"
#include "ui/document/scenariojson.h"
#include "ui/document/windowbudget.h"
#include "ui/lessons/lessonloader.h"
#include "ui/views/common/figureview.h"
#include "ui/views/viewregistry.h"

#include "workedexample.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <sys/resource.h>
#include <sys/stat.h>

using namespace attn;
using attn::doc::ScenarioDocument;
using attn::doc::TensorRole;

namespace {

using attn::test::readAll;
using attn::test::verifyReadable;
using attn::test::writeFile;

/// A scenario file around `fields` (JSON members after format and version).
QByteArray scenarioText(const QByteArray &fields)
{
    return R"({"format": "attention-lab.scenario", "version": 1, )" + fields + "}";
}

/// The worked example's Q, K and V as file members.
const QByteArray kQkv = R"("Q": [[1, 0]], "K": [[1, 0], [0, 1]], "V": [[2, 0], [0, 4]])";

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

private:
    rlimit m_old{};
    void (*m_oldHandler)(int) = nullptr;
};

} // namespace

class TestBadInput : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void initTestCase();
    void scenarioFiles_data();
    void scenarioFiles();
    void unreadableScenarioFiles_data();
    void unreadableScenarioFiles();
    void hugeSizesAreRefusedBeforeAllocating();
    void windowRefusesWhatItCannotShow();
    void lessonFiles_data();
    void lessonFiles();
    void figureExportToUnwritablePlace_data();
    void figureExportToUnwritablePlace();

private:
    QTemporaryDir m_dir;
};

void TestBadInput::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

// ---- scenario files: syntax, types, shapes, values --------------------------------------------

void TestBadInput::scenarioFiles_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("fragment");

    // Malformed JSON: where it broke, as line and column.
    QTest::addRow("unterminated array") << QByteArray("{\"format\": \"attention-lab.scenario\",\n"
                                                      " \"V\": [[1, 2], [3, 4]\n}")
                                        << "file"
                                        << "line 3, column 2";
    QTest::addRow("missing comma") << QByteArray("{\"format\": \"attention-lab.scenario\"\n \"version\": 1}")
                                   << "file"
                                   << "line 2, column 3";
    QTest::addRow("empty file") << QByteArray() << "file"
                                << "the file is empty";
    QTest::addRow("only spaces") << QByteArray(" \n\t\n") << "file"
                                 << "the file is empty";
    QTest::addRow("binary") << QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16) << "file"
                            << "not text (binary data at byte 6)";
    QTest::addRow("not UTF-8") << QByteArray("{\"title\": \"\xff\xfe\"}") << "file"
                               << "not UTF-8 text";
    // Numbers JSON cannot hold, and UTF-16 text, get a hint of what to do.
    QTest::addRow("NaN") << QByteArray("{\"format\": \"attention-lab.scenario\", \"Q\": [[NaN]]}") << "file"
                         << "(JSON has no NaN or Infinity: write a finite number)";
    QTest::addRow("-Infinity") << QByteArray("{\"format\": \"attention-lab.scenario\", \"Q\": [[-Infinity]]}")
                               << "file"
                               << "(JSON has no NaN or Infinity: write a finite number)";
    QTest::addRow("1e400") << QByteArray("{\"format\": \"attention-lab.scenario\", \"Q\": [[1e400]]}")
                           << "file"
                           << "(a number beyond ±1.8e308, the largest a double can hold?)";
    QTest::addRow("UTF-16") << QByteArray("\xff\xfe{\0\"\0", 6) << "file"
                            << "the file is UTF-16 text; save it as UTF-8";
    // Without a byte order mark (before: "binary data at byte 1").
    QTest::addRow("UTF-16LE without BOM") << QByteArray("{\0\"\0f\0o\0\"\0:\0 \0\"\0", 16) << "file"
                                          << "the file is UTF-16 text; save it as UTF-8";
    QTest::addRow("UTF-16BE without BOM") << QByteArray("\0{\0\"\0f\0o\0\"\0:\0 \0\"", 16) << "file"
                                          << "the file is UTF-16 text; save it as UTF-8";
    // Another file of this program is named as such (before: 'unknown key "id"').
    QTest::addRow("a lesson file")
        << QByteArray(R"({"format": "attention-lab.lesson", "version": 1, "id": "01-x", "steps": []})")
        << "format"
        << "this is a lesson file (format \"attention-lab.lesson\"), not a scenario";
    QTest::addRow("a workspace file")
        << QByteArray(R"({"format": "attention-lab-workspace", "version": 1, "scenario": {}})") << "format"
        << "this is a workspace file";
    QTest::addRow("top-level array") << QByteArray("[1, 2]") << "file"
                                     << "JSON object at the top level";
    QTest::addRow("wrong format") << QByteArray(R"({"format": "lesson", "version": 1})") << "format"
                                  << "expected \"attention-lab.scenario\"";
    QTest::addRow("version 2") << QByteArray(R"({"format": "attention-lab.scenario", "version": 2})")
                               << "version"
                               << "this program reads version 1, got 2";
    // Wrong types, naming the field.
    QTest::addRow("Q is a string") << scenarioText(R"("Q": "1 0", "K": [[1, 0]], "V": [[1]])") << "Q"
                                   << "expected an array, got a string";
    QTest::addRow("V row is a number") << scenarioText(R"("Q": [[1]], "K": [[1]], "V": [3])") << "V[0]"
                                       << "expected an array, got a number";
    QTest::addRow("entry is a string")
        << scenarioText(R"("Q": [[1, "x"]], "K": [[1, 0]], "V": [[1]])") << "Q[0][1]"
        << "expected a number, got a string";
    QTest::addRow("tokens are a number") << scenarioText(kQkv + R"(, "query_tokens": 3)") << "query_tokens"
                                         << "expected an array, got a number";
    QTest::addRow("token is a number")
        << scenarioText(kQkv + R"(, "key_tokens": ["a", 2])") << "key_tokens[1]"
        << "expected a string, got a number";
    QTest::addRow("temperature is text") << scenarioText(kQkv + R"(, "temperature": "hot")") << "temperature"
                                         << "expected a number, got a string";
    QTest::addRow("causal is 1") << scenarioText(kQkv + R"(, "mask": {"causal": 1})") << "mask.causal"
                                 << "expected true or false, got a number";
    QTest::addRow("typo key") << scenarioText(kQkv + R"(, "mask": {"casual": true})") << "mask"
                              << "unknown key \"casual\"";
    // Ragged and empty matrices.
    QTest::addRow("ragged V") << scenarioText(R"("Q": [[1, 0]], "K": [[1, 0], [0, 1]], "V": [[2, 0], [4]])")
                              << "V"
                              << "row 1 has 1 numbers but row 0 has 2 (ragged matrix)";
    QTest::addRow("ragged Q") << scenarioText(R"("Q": [[1, 0], [1, 0, 3]], "K": [[1, 0]], "V": [[2]])") << "Q"
                              << "row 1 has 3 numbers but row 0 has 2";
    QTest::addRow("empty K") << scenarioText(R"("Q": [[1]], "K": [], "V": [[2]])") << "K"
                             << "is empty (0 rows)";
    QTest::addRow("K rows ≠ V rows") << scenarioText(R"("Q": [[1, 0]], "K": [[1, 0]], "V": [[2], [3]])")
                                     << "K"
                                     << "has 1 rows but V has 2";
    // Values the engine cannot use.
    QTest::addRow("temperature 0") << scenarioText(kQkv + R"(, "temperature": 0)") << "temperature"
                                   << "must be a finite number > 0, got 0";
    QTest::addRow("temperature < 0") << scenarioText(kQkv + R"(, "temperature": -2)") << "temperature"
                                     << "got -2";
    QTest::addRow("scale 0") << scenarioText(kQkv + R"(, "scale": 0)") << "scale"
                             << "must not be 0";
    QTest::addRow("scale null (NaN)") << scenarioText(kQkv + R"(, "scale": null)") << "scale"
                                      << "expected a number, got null";
    QTest::addRow("heads 3:2") << scenarioText(R"("Q": [[1, 0, 1]], "K": [[1, 0]], "V": [[2, 0]],
                                                  "heads": {"query": 3, "kv": 2})")
                               << "heads"
                               << "query heads 3 is not a multiple of kv heads 2";
    QTest::addRow("heads 0") << scenarioText(kQkv + R"(, "heads": {"query": 0})") << "heads.query"
                             << "between 1 and 4096, got 0";
    QTest::addRow("heads 2^40") << scenarioText(kQkv + R"(, "heads": {"kv": 1099511627776})") << "heads.kv"
                                << "got 1099511627776";
    QTest::addRow("query labels ≠ n_q")
        << scenarioText(kQkv + R"(, "query_tokens": ["a", "b"])") << "query_tokens"
        << "has 2 labels but n_q = 1";
    QTest::addRow("key labels ≠ n_k") << scenarioText(kQkv + R"(, "key_tokens": ["a"])") << "key_tokens"
                                      << "has 1 labels but n_k = 2";
    QTest::addRow("mask of wrong shape")
        << scenarioText(kQkv + R"(, "mask": {"visible": [[1, 1, 1]]})") << "mask.visible"
        << "is 1×3, expected 1×2 (n_q × n_k)";
    QTest::addRow("mask entry 2") << scenarioText(kQkv + R"(, "mask": {"visible": [[1, 2]]})")
                                  << "mask.visible"
                                  << "entry [0][1] is 2";
    QTest::addRow("key_padding too short")
        << scenarioText(kQkv + R"(, "mask": {"key_padding": [true]})") << "mask.key_padding"
        << "has 1 entries but n_k = 2";
    QTest::addRow("key_padding of numbers")
        << scenarioText(kQkv + R"(, "mask": {"key_padding": [1, 0]})") << "mask.key_padding"
        << "entry 0 is a number";
    QTest::addRow("all masked, policy error")
        << scenarioText(kQkv + R"(, "mask": {"key_padding": [false, false], "all_masked_rows": "error"})")
        << "mask"
        << "query row 0 of head 0 sees no key";
    QTest::addRow("window -1") << scenarioText(kQkv + R"(, "mask": {"window": {"left": -1}})")
                               << "mask.window.left"
                               << "must be ≥ 0, got -1";
    QTest::addRow("window 2^63") << scenarioText(kQkv +
                                                 R"(, "mask": {"window": {"right": 9223372036854775807}})")
                                 << "mask.window.right"
                                 << "expected an integer";
    QTest::addRow("position 1.5") << scenarioText(kQkv + R"(, "positions": {"key": [0, 1.5]})")
                                  << "positions.key[1]"
                                  << "expected an integer, got 1.5";
    QTest::addRow("positions ≠ n_k") << scenarioText(kQkv + R"(, "positions": {"key": [0, 1, 2]})")
                                     << "positions.key"
                                     << "has 3 entries but n_k = 2";
    QTest::addRow("tile 0") << scenarioText(kQkv + R"(, "kernel": "tiled", "tile": {"query": 0})") << "tile"
                            << "sizes must be ≥ 1, got query 0";
    QTest::addRow("RoPE base 1") << scenarioText(kQkv + R"(, "positional": {"kind": "rope", "rope_base": 1})")
                                 << "positional.rope_base"
                                 << "must be a finite number > 1, got 1";
    QTest::addRow("ALiBi slope counts")
        << scenarioText(kQkv + R"(, "positional": {"kind": "alibi", "alibi_slopes": [1, 2]})")
        << "positional.alibi_slopes"
        << "has 2 slopes but there are 1 query heads";
    QTest::addRow("expect not an object")
        << scenarioText(kQkv + R"(, "expect": [0.67, 0.33])") << "expect"
        << "expected an object (the reference result: weights, output), got an array";
    QTest::addRow("comment not text") << scenarioText(kQkv + R"(, "comment": 5)") << "comment"
                                      << "expected a string (a note for people), got a number";
    QTest::addRow("duplicate key") << scenarioText(kQkv + R"(, "Q": [[5, 5]])") << "Q"
                                   << "is given twice in one object (again at line 1, column ";
    QTest::addRow("ALiBi slopes empty")
        << scenarioText(kQkv + R"(, "positional": {"kind": "alibi", "alibi_slopes": []})")
        << "positional.alibi_slopes"
        << "is empty; give one slope per query head, or leave the key out for the standard geometric slopes";
    QTest::addRow("ALiBi at huge distance")
        << scenarioText(kQkv + R"(, "positional": {"kind": "alibi", "alibi_slopes": [1e300]},
                                    "positions": {"query": [-9000000000000000], "key": [9000000000000000, 0]})")
        << "logits"
        << "overflowed";
    QTest::addRow("alignment needed") << scenarioText(R"("Q": [[1]], "K": [[1], [2]], "V": [[1], [2]],
                                                         "mask": {"causal": true})")
                                      << "alignment"
                                      << "is required: n_q = 1 differs from n_k = 2";
}

void TestBadInput::scenarioFiles()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, field);
    QFETCH(QString, fragment);
    try {
        attend(doc::scenarioFromJsonText(text)); // the reader, then the engine (as the window does)
        QFAIL("accepted");
    } catch (const ScenarioError &error) {
        const QString message = QString::fromUtf8(error.what());
        QVERIFY2(message.contains(fragment), qPrintable(message));
        QCOMPARE(QString::fromStdString(error.field()), field);
        verifyReadable(message);
    }
}

void TestBadInput::unreadableScenarioFiles_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("fragment");
    const QString dangling = m_dir.filePath("dangling.json");
    QFile::link(m_dir.filePath("nowhere.json"), dangling);
    QTest::addRow("missing") << m_dir.filePath("missing.json") << "there is no such file";
    QTest::addRow("dangling symlink") << dangling << "it is a symbolic link to a file that does not exist";
    // Before: "No such file or directory".
    const QString loop = m_dir.filePath("loop-a.json");
    QFile::link(m_dir.filePath("loop-b.json"), loop);
    QFile::link(loop, m_dir.filePath("loop-b.json"));
    QTest::addRow("symlink loop") << loop << "its symbolic links form a loop";
    QTest::addRow("a folder") << m_dir.path() << "is a folder, not a scenario file";
    QTest::addRow("no name") << QString() << "no file name given";
    // A device is refused before a byte is read: /dev/zero never ends, a terminal blocks.
    QTest::addRow("endless device") << QStringLiteral("/dev/zero")
                                    << "/dev/zero is a character device (a terminal, /dev/zero, …), not a "
                                       "scenario file";
    QTest::addRow("empty device") << QStringLiteral("/dev/null") << "is a character device";
    // A newline in the name is shown escaped: the message stays one line (verifyReadable).
    QTest::addRow("newline in the name")
        << m_dir.filePath("two\nlines.json") << "two\\nlines.json: there is no such file";
    // A regular file past the limit (sparse: no 16 MiB are written).
    const QString huge = m_dir.filePath("huge.json");
    {
        QFile f(huge);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.resize((16 << 20) + 1));
    }
    QTest::addRow("huge file") << huge << "larger than 16 MiB";
    QTest::addRow("/proc/self/mem") << QStringLiteral("/proc/self/mem") << "cannot read /proc/self/mem";
    // Opening a named pipe for reading would wait for a writer forever: refused before opening.
    const QString pipe = m_dir.filePath("pipe.json");
    QCOMPARE(::mkfifo(QFile::encodeName(pipe).constData(), 0600), 0);
    QTest::addRow("named pipe") << pipe << "is a named pipe (FIFO), not a scenario file";
}

void TestBadInput::unreadableScenarioFiles()
{
    QFETCH(QString, path);
    QFETCH(QString, fragment);
    try {
        doc::readScenarioFile(path);
        QFAIL("accepted");
    } catch (const ScenarioError &error) {
        const QString message = QString::fromUtf8(error.what());
        QVERIFY2(message.contains(fragment), qPrintable(message));
        QCOMPARE(QString::fromStdString(error.field()), QStringLiteral("file"));
        verifyReadable(message);
    }
}

void TestBadInput::hugeSizesAreRefusedBeforeAllocating()
{
    // 4096 heads of d_k = 1 over 200 tokens: a 1.6 MB file whose trace needs 4096 · 200² · 17 B.
    QByteArray row = "[";
    for (int h = 0; h < 4096; ++h) row += h ? ",0" : "0";
    row += "]";
    QByteArray q = "[";
    QByteArray kv = "[";
    for (int i = 0; i < 200; ++i) {
        q += (i ? "," : "") + row;
        kv += i ? ",[0]" : "[0]";
    }
    q += "]";
    kv += "]";
    const Scenario s = doc::scenarioFromJsonText(
        scenarioText(R"("heads": {"query": 4096}, "Q": )" + q + R"(, "K": )" + kv + R"(, "V": )" + kv));
    QCOMPARE(traceBytes(validate(s)), std::size_t(4096) * (200 * 200 * 17 + 2 * 200 * 8));
    try {
        attend(s);
        QFAIL("accepted");
    } catch (const ScenarioError &error) {
        const QString message = QString::fromUtf8(error.what());
        QCOMPARE(QString::fromStdString(error.field()), QStringLiteral("shapes"));
        QVERIFY2(message.contains("4096 heads need 2.6 GiB for the full trace"), qPrintable(message));
        QVERIFY2(message.contains("the most a trace may use is"), qPrintable(message));
        verifyReadable(message);
    }
    // Sizes whose product overflows 64 bits saturate instead of wrapping to a small number.
    Shapes absurd;
    absurd.n_q = absurd.n_k = Index(1) << 40;
    absurd.num_query_heads = 4096;
    absurd.d_v = 1;
    QCOMPARE(traceBytes(absurd), std::numeric_limits<std::size_t>::max());

    // The document refuses the load and keeps what it had.
    ScenarioDocument document;
    QVERIFY(document.load(test::workedExample()));
    QString why;
    QVERIFY(!document.load(s, &why));
    QVERIFY2(why.contains("GiB"), qPrintable(why));
    QCOMPARE(document.queryCount(), 1);
    QCOMPARE(document.scenario().num_query_heads, 1);
}

void TestBadInput::windowRefusesWhatItCannotShow()
{
    // n = 7000 passes the engine's 1 GiB trace limit but took 5 GB in the window; 3.9 million
    // one-number queries took 8–10 GB in one chooser. Both are refused before anything is built.
    const auto column = [](Index n) { return Matrix::Constant(n, 1, 0.5); };
    Scenario square;
    square.query = column(7000);
    square.key = column(7000);
    square.value = column(7000);
    QCOMPARE(doc::windowBytesEstimate(validate(square)), std::size_t(7000) * 7000 * 100 + 14000 * 2048);
    Scenario tall;
    tall.query = column(20000);
    tall.key = column(1);
    tall.value = column(1);
    ScenarioDocument document;
    QVERIFY(document.load(test::workedExample()));
    QString why;
    QVERIFY(!document.load(square, &why));
    QVERIFY2(why.contains("n_q = 7000, n_k = 7000, 1 query head(s): the window would need about 4.6 GiB"),
             qPrintable(why));
    QVERIFY2(why.contains("the most it may use is 1.5 GiB"), qPrintable(why));
    verifyReadable(why);
    QVERIFY(!document.load(tall, &why));
    QVERIFY2(why.contains("the window lists at most 16384 queries and 16384 keys"), qPrintable(why));
    verifyReadable(why);
    QCOMPARE(document.queryCount(), 1); // the worked example stays
    // Just inside: 3000 tokens fit (0.9 GiB).
    Scenario fits;
    fits.query = column(3000);
    fits.key = column(3000);
    fits.value = column(3000);
    QVERIFY(doc::windowSizeProblem(validate(fits)).isEmpty());
}

// ---- lesson files -----------------------------------------------------------------------------

void TestBadInput::lessonFiles_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("fragment");
    const auto file = [&](const char *name, const QByteArray &bytes) {
        writeFile(m_dir.filePath(name), bytes);
        return m_dir.filePath(name);
    };
    const QString dangling = m_dir.filePath("02-dangling.json");
    QFile::link(m_dir.filePath("nowhere.json"), dangling);
    QTest::addRow("missing") << m_dir.filePath("01-missing.json") << "cannot read the file";
    QTest::addRow("dangling symlink") << dangling << "cannot read the file";
    QTest::addRow("a folder") << m_dir.path() << "cannot read the file: it is a folder";
    const QString pipe = m_dir.filePath("02-pipe.json");
    QCOMPARE(::mkfifo(QFile::encodeName(pipe).constData(), 0600), 0);
    QTest::addRow("a named pipe") << pipe << "cannot read the file: it is a named pipe (FIFO)";
    QTest::addRow("empty") << file("03-empty.json", {}) << "the file is empty";
    QTest::addRow("binary") << file("04-binary.json", QByteArray("PK\x03\x04\0\0", 6)) << "not text";
    QTest::addRow("huge") << file("05-huge.json", QByteArray((4 << 20) + 1, ' ')) << "larger than 4 MiB";
    QTest::addRow("malformed") << file("06-malformed.json",
                                       "{\n  \"format\": \"attention-lab.lesson\",\n  \"id\"\n}")
                               << "(line 4, column";
    QTest::addRow("scenario file empty")
        << file("07-scenario.json", R"({"format": "attention-lab.lesson", "version": 1, "id": "07-scenario",
              "title": "t", "steps": [{"title": "s", "text": "x", "view": "qkv", "scenario": "03-empty.json"}]})")
        << "the scenario file “03-empty.json”: the file is empty";
    QFile::link(QStringLiteral("/dev/zero"), m_dir.filePath("dev.json"));
    QTest::addRow("scenario file on a device")
        << file("08-device.json", R"({"format": "attention-lab.lesson", "version": 1, "id": "08-device",
              "title": "t", "steps": [{"title": "s", "text": "x", "view": "qkv", "scenario": "dev.json"}]})")
        << "the scenario file “dev.json” is a symbolic link out of the lesson's folder";
    QTest::addRow("a device") << QStringLiteral("/dev/zero")
                              << "cannot read the file: it is a character device";
    // Lesson text and the files a lesson names (before: raw HTML hid all text after it and the
    // checker said OK; any local file or folder was reachable).
    const auto lesson = [&](const char *name, const QByteArray &step) {
        return file(
            name,
            R"({"format": "attention-lab.lesson", "version": 1, "id": "08-x", "title": "t", "steps": [)" +
                step + "]}");
    };
    const QByteArray inlineScenario = R"("scenario": {"Q": [[1]], "K": [[1]], "V": [[1]]})";
    QTest::addRow("raw HTML")
        << lesson("08-html.json",
                  R"({"title": "s", "view": "qkv", "text": "See <img src=\"x.png\"> and the rest", )" +
                      inlineScenario + "}")
        << "step 1: text: raw HTML “<img src=\"x.png\">” would not show";
    QTest::addRow("raw HTML in a hint")
        << lesson("08-hint.json",
                  R"({"title": "s", "view": "qkv", "text": "t", "hints": ["a <b>bold</b> hint"], )" +
                      inlineScenario + "}")
        << "hints[0]: raw HTML “<b>”";
    QTest::addRow("a file link")
        << lesson("08-link.json",
                  R"j({"title": "s", "view": "qkv", "text": "[notes](file:///etc/passwd)", )j" +
                      inlineScenario + "}")
        << "the link “file:///etc/passwd” is not an http:// or https:// address";
    QTest::addRow("a picture outside")
        << lesson("08-picture.json",
                  R"j({"title": "s", "view": "qkv", "text": "![x](/etc/hostname)", )j" + inlineScenario + "}")
        << "the picture “/etc/hostname” is not a relative path";
    QTest::addRow("a scenario above the folder")
        << lesson("08-up.json", R"({"title": "s", "view": "qkv", "text": "t", "scenario": "../x.json"})")
        << "the scenario file “../x.json” leads out of the lesson's folder";
    QTest::addRow("an absolute scenario path")
        << lesson("08-abs.json", R"({"title": "s", "view": "qkv", "text": "t", "scenario": "/etc/hostname"})")
        << "the scenario file “/etc/hostname” is not a relative path";
    // A scenario file named as a lesson says so (before: "no lesson file found").
    QTest::addRow("a scenario file")
        << file("09-scenario.json",
                R"({"format": "attention-lab.scenario", "version": 1, "Q": [[1]], "K": [[1]], "V": [[1]]})")
        << "this is a scenario file (format \"attention-lab.scenario\"), not a lesson file";
}

void TestBadInput::lessonFiles()
{
    QFETCH(QString, path);
    QFETCH(QString, fragment);
    const lessons::LessonFileResult result = lessons::readLessonFile(path);
    QVERIFY(!result.lesson);
    QVERIFY(!result.problems.empty());
    const QString message = result.problems.front().toString();
    QVERIFY2(message.startsWith(path), qPrintable(message)); // names the file
    bool found = false;
    for (const lessons::LessonProblem &p : result.problems) found = found || p.toString().contains(fragment);
    QVERIFY2(found, qPrintable(message));
    verifyReadable(message);
}

// ---- saving figures to a place that cannot take them --------------------------------------------

void TestBadInput::figureExportToUnwritablePlace_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("format");
    for (const ui::FigureViewInfo &info : ui::figureViews()) {
        for (const char *format : {"png", "svg", "pdf"})
            QTest::addRow("%s %s", qPrintable(info.name), format) << info.name << format;
    }
}

void TestBadInput::figureExportToUnwritablePlace()
{
    QFETCH(QString, view);
    QFETCH(QString, format);
    ScenarioDocument document;
    QVERIFY(document.load(test::workedExample()));
    std::unique_ptr<ui::FigureView> figure(ui::findFigureView(view)->create(&document, nullptr));
    figure->resize(640, 480);
    const QSize size(640, 480);

    // A path whose parent is a regular file: refused with a message naming the path.
    const QString blocker = m_dir.filePath("a-file");
    writeFile(blocker, "x");
    QString error;
    QVERIFY(!figure->exportTo(blocker + "/figure." + format, format, size, &error));
    QVERIFY2(error.contains(blocker), qPrintable(error));
    verifyReadable(error);
    QCOMPARE(readAll(blocker), QByteArray("x"));

    // A full disk: the old figure stays as it was, and the export says it failed.
    const QString old = m_dir.filePath(view + "-old." + format);
    writeFile(old, "the old figure");
    {
        const FullDisk full(64);
        error.clear();
        QVERIFY(!figure->exportTo(old, format, size, &error));
    }
    QVERIFY2(!error.isEmpty(), "no message");
    verifyReadable(error);
    QCOMPARE(readAll(old), QByteArray("the old figure"));
    QVERIFY(figure->exportTo(old, format, size, &error)); // and it works again afterwards
    QVERIFY(QFileInfo(old).size() > 64);
}

QTEST_MAIN(TestBadInput)
#include "tst_badinput.moc"
