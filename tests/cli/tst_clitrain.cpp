// The training command, run as a user would: `attention-lab train` in a child process (its
// summary, its JSON, reproducibility, and the options it refuses).
#include "runcli.h"
#include "strictwarnings.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

namespace {

using attn::test::Run;

Run run(const QStringList &arguments)
{
    return attn::test::runCli(arguments);
}

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

/// A small, fast induction model: 1 layer × 2 heads × 8, d_model 16, 12-token sequences.
QStringList small()
{
    return {"train", "--task",      "induction", "--layers",  "1",  "--heads",   "2", "--head-dim",
            "8",     "--d-model",   "16",        "--seq-len", "12", "--batch",   "8", "--steps",
            "30",    "--log-every", "10",        "--seed",    "3",  "--threads", "2"};
}

} // namespace

class TestCliTrain : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void trainWritesSummaryAndJson();
    void trainIsReproducible();
    void trainEveryTaskAndOption_data();
    void trainEveryTaskAndOption();
    void trainRejectsBadOptions_data();
    void trainRejectsBadOptions();
    void trainHelp();
};

void TestCliTrain::trainWritesSummaryAndJson()
{
    QTemporaryDir dir;
    const QString json = dir.filePath("train.json");
    const Run r = run(small() << "--json" << json);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    // Progress on stderr: steps 0, 10, 20, 30.
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.contains("train: step 0/30") && err.contains("train: step 30/30"), r.err.constData());
    // The summary on stdout: the final numbers and one row per head.
    const QString out = QString::fromUtf8(r.out);
    QVERIFY2(
        out.contains("# attention-lab train: induction, 1 layer(s) × 2 head(s) × head_dim 8, d_model 16"),
        r.out.constData());
    QVERIFY2(out.contains("step 30: held-out loss"), r.out.constData());
    QVERIFY2(out.contains("layer head previous duplicate induction first entropy target"), r.out.constData());
    QCOMPARE(out.count(QRegularExpression("^ +0 +[01] ", QRegularExpression::MultilineOption)), 2);

    const QJsonObject o = readJson(json);
    QCOMPARE(o["format"].toString(), QStringLiteral("attention-lab.train"));
    const QJsonObject c = o["config"].toObject();
    QCOMPARE(c["task"].toString(), QStringLiteral("induction"));
    QCOMPARE(c["layers"].toInt(), 1);
    QCOMPARE(c["heads"].toInt(), 2);
    QCOMPARE(c["head_dim"].toInt(), 8);
    QCOMPARE(c["d_model"].toInt(), 16);
    QCOMPARE(c["seq_len"].toInt(), 12);
    QCOMPARE(c["vocab_size"].toInt(), 32);
    QCOMPARE(c["steps"].toInt(), 30);
    QCOMPARE(c["seed"].toInt(), 3);
    QCOMPARE(c["threads"].toInt(), 2);
    QCOMPARE(c["learning_rate"].toDouble(), 0.003);
    QCOMPARE(c["positional"].toString(), QStringLiteral("learned"));
    // 32·16 + 12·16 + 4·16·16 + 16·32 parameters, named as the engine names them.
    QCOMPARE(o["parameter_count"].toInt(), 512 + 192 + 1024 + 512);
    QCOMPARE(o["parameters"].toArray()[2].toObject()["name"].toString(), QStringLiteral("layers.0.attn.W_q"));
    QCOMPARE(o["token_names"].toArray().size(), 32);
    // Every step's loss; a log point every 10 steps with both heads' roles.
    const QJsonObject curves = o["curves"].toObject();
    QCOMPARE(curves["step"].toArray().size(), 30);
    QCOMPARE(curves["train_loss"].toArray().size(), 30);
    const QJsonArray log = o["log"].toArray();
    QCOMPARE(log.size(), 4);
    for (int i = 0; i < 4; ++i) {
        const QJsonObject p = log[i].toObject();
        QCOMPARE(p["step"].toInt(), 10 * i);
        QVERIFY(p["heldout_loss"].toDouble() > 0);
        const double acc = p["heldout_accuracy"].toDouble(-1);
        QVERIFY(acc >= 0 && acc <= 1);
        const QJsonArray roles = p["roles"].toArray();
        QCOMPARE(roles.size(), 2);
        for (const QJsonValue &v : roles) {
            const QJsonObject h = v.toObject();
            for (const char *key :
                 {"previous_token", "duplicate_token", "induction", "first_token", "entropy"})
                QVERIFY2(h[key].isDouble(), key);
            QVERIFY(h["induction"].toDouble() >= 0 && h["induction"].toDouble() <= 1);
        }
    }
    QCOMPARE(o["final"].toObject()["step"].toInt(), 30);
    QVERIFY(o["wall_seconds"].toDouble() > 0);
    QVERIFY(o["steps_per_second"].toDouble() > 0);
}

void TestCliTrain::trainIsReproducible()
{
    QTemporaryDir dir;
    const Run a = run(small() << "--json" << dir.filePath("a.json"));
    QStringList oneThread = small(); // each option is given once (a repeated one is refused)
    oneThread[oneThread.indexOf("--threads") + 1] = "1";
    const Run b = run(oneThread << "--json" << dir.filePath("b.json"));
    QVERIFY2(a.exitCode == 0 && b.exitCode == 0, a.err + b.err);
    const QJsonArray la = readJson(dir.filePath("a.json"))["curves"].toObject()["train_loss"].toArray();
    const QJsonArray lb = readJson(dir.filePath("b.json"))["curves"].toObject()["train_loss"].toArray();
    QCOMPARE(la.size(), 30);
    QCOMPARE(la, lb); // the same seed: the same curve, on 2 threads or 1
    const Run c = run(QStringList(small()).replaceInStrings(QRegularExpression("^3$"), "4")
                      << "--json" << dir.filePath("c.json"));
    QVERIFY2(c.exitCode == 0, c.err.constData());
    QVERIFY(readJson(dir.filePath("c.json"))["curves"].toObject()["train_loss"].toArray() != la);
}

void TestCliTrain::trainEveryTaskAndOption_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("summary");
    const QStringList tiny{"--layers", "1", "--heads", "2", "--d-model", "16", "--head-dim", "4",
                           "--steps",  "3", "--batch", "4", "--threads", "1"};
    QTest::addRow("previous-token") << (QStringList{"train", "--task", "previous-token"} + tiny)
                                    << "previous-token";
    QTest::addRow("copy with RoPE") << (QStringList{"train", "--task", "copy", "--rope"} + tiny) << "copy";
    QTest::addRow("reverse with MLP and LayerNorm")
        << (QStringList{"train", "--task", "reverse", "--mlp", "--layer-norm"} + tiny) << "reverse";
    QTest::addRow("coreference") << (QStringList{"train", "--task", "coreference"} + tiny) << "coreference";
}

void TestCliTrain::trainEveryTaskAndOption()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, summary);
    QTemporaryDir dir;
    const Run r = run(arguments << "--json" << dir.filePath("t.json"));
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(QString::fromUtf8(r.out).contains("# attention-lab train: " + summary), r.out.constData());
    const QJsonObject c = readJson(dir.filePath("t.json"))["config"].toObject();
    QCOMPARE(c["task"].toString(), summary);
    QCOMPARE(c["positional"].toString(),
             arguments.contains("--rope") ? QStringLiteral("rope") : QStringLiteral("learned"));
    QCOMPARE(c["mlp"].toBool(), arguments.contains("--mlp"));
    QCOMPARE(c["layer_norm"].toBool(), arguments.contains("--layer-norm"));
}

void TestCliTrain::trainRejectsBadOptions_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::addRow("unknown task")
        << QStringList{"train", "--task", "translation"}
        << "--task must be induction, previous-token, copy, reverse or coreference, got "
           "\"translation\"";
    QTest::addRow("too many layers") << QStringList{"train", "--layers", "5"}
                                     << "--layers must be an integer from 1 to 4, got \"5\"";
    QTest::addRow("zero heads") << QStringList{"train", "--heads", "0"}
                                << "--heads must be an integer from 1 to 64, got \"0\"";
    QTest::addRow("negative steps") << QStringList{"train", "--steps", "-1"}
                                    << "--steps must be an integer from 0 to 100000000, got \"-1\"";
    QTest::addRow("learning rate not a number")
        << QStringList{"train", "--lr", "fast"} << "--lr must be a learning rate in (0, 10], got \"fast\"";
    QTest::addRow("zero learning rate")
        << QStringList{"train", "--lr", "0"} << "--lr must be a learning rate in (0, 10], got \"0\"";
    QTest::addRow("seed not a number") << QStringList{"train", "--seed", "x"}
                                       << "--seed must be an integer from 0 to 9007199254740991, got \"x\"";
    QTest::addRow("zero threads") << QStringList{"train", "--threads", "0"}
                                  << "--threads must be an integer from 1 to 1024, got \"0\"";
    QTest::addRow("odd head_dim with RoPE")
        << QStringList{"train", "--rope", "--head-dim", "5"}
        << "train: head_dim must be even with RoPE (features turn in pairs), got 5";
    QTest::addRow("odd copy length")
        << QStringList{"train", "--task", "copy", "--seq-len", "9"}
        << "train: seq_len must be even for copy (n tokens, a separator, n tokens), got 9";
    QTest::addRow("unknown option") << QStringList{"train", "--fast"} << "Unknown option 'fast'.";
    QTest::addRow("missing value") << QStringList{"train", "--steps"} << "Missing value after '--steps'.";
    QTest::addRow("stray argument") << QStringList{"train", "stray"}
                                    << "train takes no arguments besides its options, got \"stray\"";
    QTest::addRow("json is a folder")
        << QStringList{"train", "--json", "/tmp"}
        << "--json: \"/tmp\" is not a regular file; give the path of a .json file to "
           "write";
    QTest::addRow("json in a missing folder") << QStringList{"train", "--json", "/nonexistent/dir/t.json"}
                                              << "--json: cannot write \"/nonexistent/dir/t.json\"";
}

void TestCliTrain::trainRejectsBadOptions()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const Run r = run(arguments);
    QCOMPARE(r.exitCode, 2);
    const QString err = QString::fromUtf8(r.err);
    QCOMPARE(err.count('\n'), 1); // one line
    QVERIFY2(err.startsWith("attention-lab: " + message), r.err.constData());
    QVERIFY(r.out.isEmpty()); // refused before training
}

void TestCliTrain::trainHelp()
{
    const Run r = run({"train", "--help"});
    QCOMPARE(r.exitCode, 0);
    const QString out = QString::fromUtf8(r.out);
    for (const char *option : {"--task", "--layers", "--heads", "--d-model", "--steps", "--lr", "--seed",
                               "--threads", "--json", "--rope", "--mlp", "--layer-norm"})
        QVERIFY2(out.contains(option), option);
    const Run usage = run({"--help"});
    QVERIFY2(QString::fromUtf8(usage.out).contains("attention-lab train --task TASK"), usage.out.constData());
}

QTEST_GUILESS_MAIN(TestCliTrain)
#include "tst_clitrain.moc"
