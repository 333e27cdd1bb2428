// The command line, run as a user would: the real executable in a child process (compute,
// export, help; the bench command is in tst_clibench.cpp).
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
    void exportMakesAPrivateRuntimeFolder();
    void computeEscapesNewlinesInFileNames();
    void computeInvalidScenario_data();
    void computeInvalidScenario();
    void computeMissingFile();
    void computeMalformedJson();
    void exportPngWithoutDisplay();
    void exportSvgAndPdf();
    void exportRejectsBadOptions_data();
    void exportRejectsBadOptions();
    void exportInChinese();
    void exportPngAtDpi_data();
    void exportPngAtDpi();
    void exportRejectsBadDpi_data();
    void exportRejectsBadDpi();
    void exportColorMap();
    void unknownCommand();
    void helpListsEveryCommand();
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
        // With sinks each row's sink weight; with a reduced dtype the overflowed logits and the
        // distance from float64.
        if (expect.contains("sink_weights")) {
            compare3(QJsonArray{o["sink_weights"]}, QJsonArray{expect["sink_weights"]},
                     name + " sink_weights");
        } else {
            QVERIFY2(!o.contains("sink_weights"), qPrintable(name + " prints sink_weights"));
        }
        QCOMPARE(o["overflowed_logits"], expect["overflowed_logits"]);
        if (expect.contains("max_abs_error_vs_float64")) {
            const QJsonObject got = o["max_abs_error_vs_float64"].toObject();
            const QJsonObject want = expect["max_abs_error_vs_float64"].toObject();
            QVERIFY2(near(got["weights"], want["weights"]) && near(got["output"], want["output"]),
                     qPrintable(name + " max_abs_error_vs_float64"));
        } else {
            QVERIFY2(!o.contains("max_abs_error_vs_float64"), qPrintable(name + " prints the error"));
        }
        // With X the projected Q, K and V are printed; with W_o the projected output.
        for (const char *key : {"Q", "K", "V", "projected_output"}) {
            if (expect.contains(key)) {
                compare3(QJsonArray{o[key]}, QJsonArray{expect[key]}, name + " " + key);
            } else {
                QVERIFY2(!o.contains(key), qPrintable(name + " prints " + key));
            }
        }
        ++checked;
    }
    QCOMPARE(checked, 30);
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
    QVERIFY2(r.err.contains("18009000 numbers (scores and weights 2 × H_q 1 × n_q 3000 × n_k 3000"),
             r.err.constData());
}

void TestCli::computeReportsWriteFailure()
{
    QProcess p;
    p.setProcessEnvironment(attn::test::isolatedEnvironment());
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
    QProcessEnvironment env = attn::test::isolatedEnvironment();
    env.insert("DISPLAY", ":77");
    env.insert("QT_QPA_PLATFORM", "xcb");
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(ATTN_EXECUTABLE), {"export", "--out", dir.path(), "--preset", "worked-example"});
    QVERIFY(p.waitForFinished(attn::test::scaledTimeout(60000)));
    QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
             p.readAllStandardError().constData());
    QVERIFY(QFileInfo::exists(dir.filePath("worked-example-weights.png")));
}

void TestCli::exportMakesAPrivateRuntimeFolder()
{
    // Before, with XDG_RUNTIME_DIR unset, the runtime folder was TMPDIR/attention-lab-runtime-$USER:
    // anyone could make it first, or point it elsewhere with a symbolic link, and the program
    // used it (making the target private to itself). Now it is new, random and 0700.
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString elsewhere = tmp.filePath("elsewhere");
    QVERIFY(QDir().mkdir(elsewhere));
    QVERIFY(QFile::setPermissions(elsewhere, QFileDevice::Permissions(0x7777)));
    QVERIFY(QFile::link(elsewhere, tmp.filePath("attention-lab-runtime-tester")));
    const QFileDevice::Permissions before = QFileInfo(elsewhere).permissions();
    QTemporaryDir out;
    QProcess p;
    QProcessEnvironment env = attn::test::isolatedEnvironment();
    env.remove("XDG_RUNTIME_DIR");
    env.insert("TMPDIR", tmp.path());
    env.insert("USER", "tester");
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(ATTN_EXECUTABLE), {"export", "--out", out.path(), "--preset", "worked-example"});
    QVERIFY(p.waitForFinished(attn::test::scaledTimeout(60000)));
    const QByteArray err = p.readAllStandardError();
    QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0, err.constData());
    QVERIFY2(!err.contains("XDG_RUNTIME_DIR") && !err.contains("runtime directory"), err.constData());
    QCOMPARE(QFileInfo(elsewhere).permissions(), before); // the link's target was not touched
    QVERIFY(QDir(elsewhere).isEmpty());
    // The run's own folder is gone after it: only what the test made is left.
    QCOMPARE(QDir(tmp.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System),
             (QStringList{"attention-lab-runtime-tester", "elsewhere"}));
}

void TestCli::computeEscapesNewlinesInFileNames()
{
    // A newline in a file name would split the one-line message (before: two lines).
    QTemporaryDir dir;
    const QString path = dir.filePath("two\nlines.json");
    const Run r = attn::test::runCli({"compute", path});
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.err.count('\n'), 1);
    QVERIFY2(r.err.contains("two\\nlines.json: file: cannot read ") &&
                 r.err.contains("two\\nlines.json: there is no such file"),
             r.err.constData());
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
    QTest::addRow("unknown language") << QStringList{"export", "--out", "x", "--language", "fr"}
                                      << "--language must be one of en, zh_CN, got \"fr\"";
}

void TestCli::exportRejectsBadOptions()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, mentions);
    const Run r = run(arguments);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(QString::fromUtf8(r.err).contains(mentions), r.err.constData());
}

void TestCli::exportInChinese()
{
    // The heatmap's colour bar says "权重" (weight) and its axes "键" / "查询" under --language zh_CN, and
    // the SVG names a CJK font for them; without the option the same figure is English.
    QTemporaryDir dir;
    for (const QString &language : {QStringLiteral("zh_CN"), QStringLiteral("en")}) {
        const Run r = run({"export", "--out", dir.filePath(language), "--format", "svg", "--preset",
                           "xiaohong-zh", "--language", language});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QFile f(dir.filePath(language + QStringLiteral("/xiaohong-zh-weights.svg")));
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
        const QString svg = QString::fromUtf8(f.readAll());
        QCOMPARE(svg.contains(QStringLiteral(">权重<")), language == QLatin1String("zh_CN"));
        QCOMPARE(svg.contains(QStringLiteral(">weight<")), language == QLatin1String("en"));
        QVERIFY(svg.contains(QStringLiteral("'Noto Sans CJK SC'")));
    }
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

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
