// The lesson commands, run as a teacher would: `lessons --list`, `lessons --check PATH` and
// `export --lesson ID|all`, in a child process with no display.
#include "machinewords.h"
#include "runcli.h"
#include "strictwarnings.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

namespace {

using attn::test::Run;

Run run(const QStringList &arguments)
{
    return attn::test::runCli(arguments);
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

/// The ids of the lesson files in the source tree's lessons/ folder, sorted.
QStringList sourceLessonIds()
{
    QStringList ids;
    for (const QString &name :
         QDir(QStringLiteral(ATTN_LESSONS_DIR)).entryList({"*.json"}, QDir::Files, QDir::Name))
        ids << QFileInfo(name).completeBaseName();
    return ids;
}

} // namespace

class TestCliLessons : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void lessonsList();
    void lessonsCheckShipped();
    void lessonsCheckReportsProblems();
    void lessonsCheckRefusesBadPredictions();
    void lessonsCheckReportsEveryLanguage();
    void lessonsCheckMissingPath();
    void lessonsCheckOfATranslationFolderPointsToItsLessons();
    void lessonsBadUsage();
    void exportLesson();
    void exportAllLessonsSvg();
    void chineseFiguresDrawNoEnglishWords();
    void exportLessonRejectsBadOptions();
    void exportLessonOfATeachersFolder();
    void windowRejectsABadStep();
    void windowRejectsAnUnknownPresetOrLanguage();
};

void TestCliLessons::lessonsList()
{
    const Run r = run({"lessons", "--list"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.isEmpty(), r.err.constData());
    const QStringList lines = QString::fromUtf8(r.out).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), sourceLessonIds().size());
    QCOMPARE(lines.at(0), QStringLiteral("01-why-attention\tWhy attention"));
    QCOMPARE(lines.at(2), QStringLiteral("03-softmax-mixture\tSoftmax makes a mixture"));
    for (int i = 0; i < lines.size(); ++i) QCOMPARE(lines.at(i).section('\t', 0, 0), sourceLessonIds().at(i));
}

void TestCliLessons::lessonsCheckShipped()
{
    const Run r = run({"lessons", "--check", QStringLiteral(ATTN_LESSONS_DIR)});
    QVERIFY2(r.exitCode == 0, r.out.constData());
    // Every shipped lesson is complete and current in zh_CN (lessons/zh_CN/).
    QCOMPARE(QString::fromUtf8(r.out),
             QStringLiteral("%1 lessons OK, translated into zh_CN\n").arg(sourceLessonIds().size()));
    const Run one = run({"lessons", "--check", QStringLiteral(ATTN_LESSONS_DIR "/03-softmax-mixture.json")});
    QCOMPARE(one.exitCode, 0);
    QCOMPARE(one.out, QByteArray("1 lesson OK, translated into zh_CN\n"));
}

void TestCliLessons::lessonsCheckReportsEveryLanguage()
{
    // A lesson with a German translation that misses a string and one whose English changed.
    QTemporaryDir dir;
    QVERIFY(
        writeFile(dir.filePath("10-good.json"),
                  "{\"format\": \"attention-lab.lesson\", \"version\": 1, \"id\": \"10-good\", "
                  "\"title\": \"Good\", \"steps\": [{\"title\": \"S\", \"text\": \"Now\", \"view\": \"qkv\", "
                  "\"scenario\": {\"Q\": [[1]], \"K\": [[1]], \"V\": [[1]]}}]}"));
    QVERIFY(QDir(dir.path()).mkdir("de"));
    QVERIFY(writeFile(dir.filePath("de/10-good.json"),
                      "{\"format\": \"attention-lab.lesson-translation\", \"version\": 1, \"lesson\": "
                      "\"10-good\", \"language\": \"de\", \"title\": {\"en\": \"Good\", \"de\": \"Gut\"}, "
                      "\"steps\": [{\"text\": {\"en\": \"Before\", \"de\": \"Vorher\"}}]}"));
    const Run r = run({"lessons", "--check", dir.path()});
    QCOMPARE(r.exitCode, 2);
    const QString file = dir.filePath("de/10-good.json");
    QCOMPARE(QString::fromUtf8(r.out),
             file +
                 ": step 1: text: stale: the English text changed after it was translated (its \"en\" is no "
                 "longer the lesson's); translate it again\n" +
                 file + ": step 1: title: missing: no de translation\n");
}

void TestCliLessons::lessonsCheckReportsProblems()
{
    QTemporaryDir dir;
    const QByteArray good = "{\"format\": \"attention-lab.lesson\", \"version\": 1, \"id\": \"10-good\", "
                            "\"title\": \"Good\", \"steps\": ["
                            "{\"title\": \"S\", \"text\": \"t\", \"view\": \"qkv\", \"scenario\": {\"Q\": "
                            "[[1]], \"K\": [[1]], \"V\": [[1]]}}]}";
    QVERIFY(writeFile(dir.filePath("10-good.json"), good));
    QByteArray bad = good;
    bad.replace("10-good", "11-bad")
        .replace("\"qkv\"", "\"heatmap\"")
        .replace("\"V\": [[1]]", "\"V\": [[1, 2], [3]]");
    QVERIFY(writeFile(dir.filePath("11-bad.json"), bad));
    const Run r = run({"lessons", "--check", dir.path()});
    QCOMPARE(r.exitCode, 2);
    const QStringList lines = QString::fromUtf8(r.out).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2);
    const QString file = dir.filePath("11-bad.json");
    QCOMPARE(lines.at(0), file + ": step 1: view: unknown view “heatmap”; expected one of qkv, sentence, "
                                 "scaling, scoring, mask, paths, heads, position, cost, "
                                 "tiling, measuring, interventions, baselines, model, train, seq2seq");
    QVERIFY2(lines.at(1).startsWith(file + ": step 1: scenario.V: row 1 has 1 numbers but row 0 has 2"),
             qPrintable(lines.at(1)));
}

void TestCliLessons::lessonsCheckRefusesBadPredictions()
{
    QTemporaryDir dir;
    const auto step = [](const char *prediction) {
        return QByteArray("{\"title\": \"S\", \"text\": \"t\", \"view\": \"qkv\", \"scenario\": "
                          "{\"key_tokens\": [\"k1\", \"k2\"], \"Q\": [[1, 0]], \"K\": [[1, 0], [0, 1]], "
                          "\"V\": [[2, 0], [0, 4]]}, \"prediction\": {") +
               prediction + "}}";
    };
    QVERIFY(writeFile(
        dir.filePath("12-predict.json"),
        "{\"format\": \"attention-lab.lesson\", \"version\": 1, \"id\": \"12-predict\", \"title\": \"P\", "
        "\"steps\": [" +
            step("\"kind\": \"number\", \"of\": \"weight\", \"question\": \"?\", \"query\": 0, \"key\": "
                 "\"k3\"") +
            ", " + step("\"kind\": \"guess\", \"question\": \"?\", \"query\": 0") + ", " +
            step("\"kind\": \"number\", \"of\": \"output\", \"question\": \"?\", \"query\": 0, \"column\": "
                 "7") +
            "]}"));
    const Run r = run({"lessons", "--check", dir.path()});
    QCOMPARE(r.exitCode, 2);
    const QString file = dir.filePath("12-predict.json");
    QCOMPARE(QString::fromUtf8(r.out),
             file + ": step 1: prediction.key: unknown key “k3”; the keys are k1, k2\n" + file +
                 ": step 2: prediction.kind: unknown kind “guess”; expected one of pick_key, number, "
                 "distribution\n" +
                 file +
                 ": step 3: prediction.column: column 7 is out of range: the output has 2 columns (0…1)\n");

    // A translation must translate the question like the rest of the step's text.
    QTemporaryDir translated;
    QVERIFY(writeFile(translated.filePath("12-predict.json"),
                      "{\"format\": \"attention-lab.lesson\", \"version\": 1, \"id\": \"12-predict\", "
                      "\"title\": \"P\", \"steps\": [" +
                          step("\"kind\": \"pick_key\", \"question\": \"Which key?\", \"query\": 0") + "]}"));
    QVERIFY(QDir(translated.path()).mkdir("de"));
    QVERIFY(writeFile(translated.filePath("de/12-predict.json"),
                      "{\"format\": \"attention-lab.lesson-translation\", \"version\": 1, \"lesson\": "
                      "\"12-predict\", \"language\": \"de\", \"title\": {\"en\": \"P\", \"de\": \"P\"}, "
                      "\"steps\": [{\"title\": {\"en\": \"S\", \"de\": \"S\"}, \"text\": {\"en\": \"t\", "
                      "\"de\": \"t\"}}]}"));
    const Run t = run({"lessons", "--check", translated.path()});
    QCOMPARE(t.exitCode, 2);
    QCOMPARE(QString::fromUtf8(t.out), translated.filePath("de/12-predict.json") +
                                           ": step 1: prediction.question: missing: no de translation\n");
}

void TestCliLessons::lessonsCheckOfATranslationFolderPointsToItsLessons()
{
    // A translator who checks lessons/zh_CN itself gets one line pointing to the folder above,
    // not a line for every translation file read as a lesson.
    const QString folder = QStringLiteral(ATTN_LESSONS_DIR "/zh_CN");
    const Run r = run({"lessons", "--check", folder});
    QCOMPARE(r.exitCode, 2);
    const QStringList lines = QString::fromUtf8(r.err).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 1);
    QVERIFY2(lines[0].contains("holds lesson translations, not lessons") &&
                 lines[0].contains("lessons --check " +
                                   QFileInfo(QStringLiteral(ATTN_LESSONS_DIR)).absoluteFilePath()),
             qPrintable(lines[0]));
}

void TestCliLessons::lessonsCheckMissingPath()
{
    const Run r = run({"lessons", "--check", "/nonexistent/lessons"});
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.out, QByteArray("/nonexistent/lessons: no such file or folder\n"));
    QTemporaryDir empty;
    const Run e = run({"lessons", "--check", empty.path()});
    QCOMPARE(e.exitCode, 2);
    QVERIFY(e.out.contains("no lesson file (*.json) found"));
}

void TestCliLessons::lessonsBadUsage()
{
    for (const QStringList &arguments :
         {QStringList{"lessons"}, QStringList{"lessons", "--list", "--check", "x"},
          QStringList{"lessons", "--list", "extra"}}) {
        const Run r = run(arguments);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY(r.err.startsWith("attention-lab: "));
    }
}

void TestCliLessons::exportLesson()
{
    QTemporaryDir dir;
    const Run r = run({"export", "--lesson", "01-why-attention", "--out", dir.path(), "--size", "640x400"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QStringList written = QString::fromUtf8(r.out).split('\n', Qt::SkipEmptyParts);
    const QStringList expected = {"01-why-attention-step1-arcs.png", "01-why-attention-step2-arcs.png",
                                  "01-why-attention-step3-weights.png", "01-why-attention-step3-bars.png",
                                  "01-why-attention-step4-arcs.png"};
    QCOMPARE(written.size(), expected.size());
    for (int i = 0; i < expected.size(); ++i) {
        QCOMPARE(QFileInfo(written.at(i)).fileName(), expected.at(i));
        const QImage image(written.at(i));
        QCOMPARE(image.size(), QSize(640, 400));
    }
}

void TestCliLessons::exportAllLessonsSvg()
{
    QTemporaryDir dir;
    const Run r = run({"export", "--lesson", "all", "--out", dir.path(), "--format", "svg"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QStringList written = QString::fromUtf8(r.out).split('\n', Qt::SkipEmptyParts);
    QStringList stems;
    for (const QString &path : written) {
        QVERIFY(path.endsWith(".svg"));
        QVERIFY(QFileInfo(path).size() > 1000);
        stems << QFileInfo(path).fileName().section("-step", 0, 0);
    }
    stems.removeDuplicates();
    QCOMPARE(stems, sourceLessonIds());
}

void TestCliLessons::chineseFiguresDrawNoEnglishWords()
{
    // Every figure of every lesson step, exported in zh_CN as SVG: every word of three or more
    // Latin letters drawn in them is a term the glossary keeps in English (symbols, units, method
    // names), a token of a lesson's own sentence, or a name of the engine's options; anything
    // else is an English string that escaped translation.
    QTemporaryDir dir;
    const Run r =
        run({"export", "--lesson", "all", "--out", dir.path(), "--format", "svg", "--language", "zh_CN"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    static const QSet<QString> allowed{
        // symbols, units and mathematics
        "softmax", "logit", "logits", "max", "NaN", "tanh", "elu", "cos", "sin", "exp", "dim", "head_dim",
        "pos", "FLOP", "GFLOP", "KiB", "MiB", "GiB", "TiB", "PiB", "n_q", "n_k", "d_k", "d_v", "d_model",
        "W_q", "W_k", "W_v", "W_o", "pos_q", "pos_k", "pad", "B_r", "B_c", "h_t",
        // methods, models and people
        "RNN", "RoPE", "ALiBi", "MHA", "MQA", "GQA", "FlashAttention", "Dao", "Elman", "Xavier",
        // the engine's option names, as the scenario files spell them
        "key_padding", "zero", "half_split", "naive", "tiled", "windowed", "linear",
        // the measuring lessons' label of the machine (its name's own words are added below)
        "CPU",
        // tokens of the lessons' own sentences (the cross-attention example, the trained coreference head)
        "kucing", "hitam", "she", "bos", "Mei", "promised", "Yan", "that"};
    const QSet<QString> machine = attn::test::cpuModelWords();
    static const QRegularExpression word(QStringLiteral("[A-Za-z_]{3,}"));
    QStringList english;
    int files = 0;
    for (const QString &name : QDir(dir.path()).entryList({"*.svg"}, QDir::Files, QDir::Name)) {
        QFile file(dir.filePath(name));
        QVERIFY(file.open(QIODevice::ReadOnly));
        ++files;
        QXmlStreamReader xml(&file);
        while (!xml.atEnd()) {
            if (xml.readNext() != QXmlStreamReader::StartElement || xml.name() != QLatin1String("text"))
                continue;
            const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            for (auto m = word.globalMatch(text); m.hasNext();) {
                const QString w = m.next().captured(0);
                if (!allowed.contains(w) && !machine.contains(w))
                    english << name + ": " + w + " in “" + text.simplified() + "”";
            }
        }
        QVERIFY2(!xml.hasError(), qPrintable(name + ": " + xml.errorString()));
    }
    QVERIFY(files >= 80);
    english.removeDuplicates();
    QVERIFY2(english.isEmpty(), qPrintable(english.join('\n')));
}

void TestCliLessons::exportLessonRejectsBadOptions()
{
    QTemporaryDir dir;
    Run r = run({"export", "--lesson", "99-nothing", "--out", dir.path()});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("unknown lesson \"99-nothing\"; expected all or one of 01-why-attention"),
             r.err.constData());
    r = run({"export", "--lesson", "01-why-attention", "--preset", "xiaohong", "--out", dir.path()});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains("not both"));
    QVERIFY(QDir(dir.path()).isEmpty());
}

void TestCliLessons::exportLessonOfATeachersFolder()
{
    QTemporaryDir lessons;
    QTemporaryDir out;
    const QByteArray lesson =
        "{\"format\": \"attention-lab.lesson\", \"version\": 1, \"id\": \"20-mine\", "
        "\"title\": \"Mine\", \"steps\": ["
        "{\"title\": \"S\", \"text\": \"t\", \"view\": \"paths\", \"scenario\": {\"Q\": "
        "[[1], [0]], \"K\": [[1], [0]], \"V\": [[1], [2]]}}]}";
    QVERIFY(writeFile(lessons.filePath("20-mine.json"), lesson));
    Run r = run({"export", "--lesson", "20-mine", "--lessons", lessons.path(), "--out", out.path()});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(QString::fromUtf8(r.out).trimmed(), QDir(out.path()).filePath("20-mine-step1-paths.png"));
    QCOMPARE(QImage(QDir(out.path()).filePath("20-mine-step1-paths.png")).size(), QSize(800, 600));
    // A built-in id is not in the teacher's folder; --lessons alone is a usage error.
    r = run({"export", "--lesson", "01-why-attention", "--lessons", lessons.path(), "--out", out.path()});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("unknown lesson \"01-why-attention\"; expected all or one of 20-mine"),
             r.err.constData());
    r = run({"export", "--lessons", lessons.path(), "--out", out.path()});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains("--lessons FOLDER goes with --lesson"));

    // A folder with no lesson, or only broken ones: said as such, not as an unknown id.
    QTemporaryDir none;
    r = run({"export", "--lesson", "all", "--lessons", none.path(), "--out", out.path()});
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(QString::fromUtf8(r.err), "attention-lab: " + none.path() + ": no lesson file (*.json) found\n");
    QVERIFY(writeFile(none.filePath("30-broken.json"), "{"));
    r = run({"export", "--lesson", "all", "--lessons", none.path(), "--out", out.path()});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("30-broken.json: "), r.err.constData());
    QVERIFY2(r.err.endsWith(": no lesson could be read (see above)\n"), r.err.constData());
    QVERIFY2(!r.err.contains("unknown lesson"), r.err.constData());
    QVERIFY(r.out.isEmpty());
}

void TestCliLessons::windowRejectsABadStep()
{
    // Checked before any window opens, so no display is needed.
    const Run r = run({"--lesson", "01-why-attention", "--step", "abc"});
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.err, QByteArray("attention-lab: --step wants a step number from 1, got \"abc\"\n"));
}

void TestCliLessons::windowRejectsAnUnknownPresetOrLanguage()
{
    // Typos are refused before any window opens, with the accepted names (no display needed).
    Run r = run({"--preset", "nope"});
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.err,
             QByteArray("attention-lab: --preset wants one of worked-example, xiaohong, xiaohong-zh, got "
                        "\"nope\"\n"));
    r = run({"--language", "fr"});
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.err, QByteArray("attention-lab: --language wants one of en, zh_CN, got \"fr\"\n"));
    r = run({"--language=xx", "--preset", "xiaohong"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains("got \"xx\""));
    // Unknown options, an option without its value and --step without --lesson are refused too;
    // Qt's own options (-style fusion, --reverse) pass to QApplication.
    r = run({"--bogus"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.startsWith("attention-lab: unknown option \"--bogus\"; the window takes"),
             r.err.constData());
    r = run({"--preset"});
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.err, QByteArray("attention-lab: --preset needs a value; see attention-lab --help\n"));
    r = run({"--step", "3"});
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.err, QByteArray("attention-lab: --step N goes with --lesson ID; see attention-lab --help\n"));
    r = run({"-style", "fusion", "--reverse", "--preset", "xiaohong"});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("no display"), r.err.constData());
    r = run({"--preset", "xiaohong", "--help"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.startsWith("Usage: attention-lab"));
    // Accepted names get as far as the display check.
    for (const char *language : {"en", "zh_CN", "zh-CN", "C"}) {
        r = run({"--language", language, "--preset", "xiaohong-zh"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("no display"), r.err.constData());
    }
}

QTEST_GUILESS_MAIN(TestCliLessons)
#include "tst_clilessons.moc"
