// `attention-lab train --model seq2seq`, run as a user would: its summary, its JSON (curves,
// alignments), reproducibility across thread counts, every score and option, and the options
// it refuses.
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

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

/// A small, fast reversal run: 6 tokens, hidden 8, embedding 4, 20 steps.
QStringList small()
{
    return {"train",    "--model",     "seq2seq", "--task", "reverse", "--length",  "6",
            "--hidden", "8",           "--embed", "4",      "--batch", "8",         "--steps",
            "20",       "--log-every", "10",      "--seed", "3",       "--threads", "2"};
}

} // namespace

class TestCliSeq2Seq : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void seq2seqWritesSummaryAndJson();
    void seq2seqIsReproducible();
    void seq2seqEveryScoreAndOption_data();
    void seq2seqEveryScoreAndOption();
    void seq2seqAccuracyAgainstLength();
    void seq2seqRejectsBadOptions_data();
    void seq2seqRejectsBadOptions();
    void seq2seqRefusesRunsTooLargeForMemory();
};

void TestCliSeq2Seq::seq2seqWritesSummaryAndJson()
{
    QTemporaryDir dir;
    const QString json = dir.filePath("s.json");
    const Run r = attn::test::runCli(small() << "--json" << json);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.contains("train: step 0/20") && err.contains("train: step 20/20"), r.err.constData());
    const QString out = QString::fromUtf8(r.out);
    QVERIFY2(out.contains("# attention-lab train: seq2seq, GRU, additive, global, reverse length 6"),
             r.out.constData());
    QVERIFY2(out.contains("step 20: held-out loss"), r.out.constData());
    QVERIFY2(out.contains("largest weight at source position: "), r.out.constData());

    const QJsonObject o = readJson(json);
    QCOMPARE(o["format"].toString(), QStringLiteral("attention-lab.train"));
    const QJsonObject c = o["config"].toObject();
    QCOMPARE(c["model"].toString(), QStringLiteral("seq2seq"));
    QCOMPARE(c["task"].toString(), QStringLiteral("reverse"));
    QCOMPARE(c["length"].toInt(), 6);
    QCOMPARE(c["vocab_size"].toInt(), 9); // 8 symbols and <bos>
    QCOMPARE(c["score"].toString(), QStringLiteral("additive"));
    QCOMPARE(c["decoder"].toString(), QStringLiteral("bahdanau"));
    QCOMPARE(c["hidden"].toInt(), 8);
    // 2·9·4 + (24·4 + 24·8 + 48) + (64 + 8) + (24·12 + 24·8 + 48) + (64 + 64 + 8) + (9·16 + 9)
    QCOMPARE(o["parameter_count"].toInt(), 72 + 336 + 72 + 528 + 136 + 153);
    const QJsonArray log = o["log"].toArray();
    QCOMPARE(log.size(), 3); // steps 0, 10, 20
    for (int i = 0; i < 3; ++i) {
        const QJsonObject p = log[i].toObject();
        QCOMPARE(p["step"].toInt(), 10 * i);
        for (const char *key :
             {"heldout_accuracy", "greedy_accuracy", "alignment_accuracy", "alignment_after"})
            QVERIFY2(p[key].toDouble(-1) >= 0 && p[key].toDouble(2) <= 1, key);
        // The first probe's alignment at this step: the picture forming, (6, 6).
        QCOMPARE(p["probe_alignment"].toArray().size(), 6);
        QCOMPARE(p["probe_alignment"].toArray()[5].toArray().size(), 6);
    }
    QCOMPARE(o["curves"].toObject()["train_loss"].toArray().size(), 20);
    // The probes' alignments: (6 decoder steps, 6 source tokens), rows summing to 1.
    const QJsonArray alignments = o["alignments"].toArray();
    QCOMPARE(alignments.size(), 8);
    const QJsonObject a = alignments[0].toObject();
    QCOMPARE(a["source"].toArray().size(), 6);
    const QJsonArray weights = a["weights"].toArray();
    QCOMPARE(weights.size(), 6);
    for (const QJsonValue &row : weights) {
        double sum = 0;
        for (const QJsonValue &w : row.toArray()) sum += w.toDouble();
        QVERIFY(std::abs(sum - 1.0) < 1e-5);
    }
}

void TestCliSeq2Seq::seq2seqIsReproducible()
{
    QTemporaryDir dir;
    const Run a = attn::test::runCli(small() << "--json" << dir.filePath("a.json"));
    QStringList oneThread = small();
    oneThread[oneThread.indexOf("--threads") + 1] = "1";
    const Run b = attn::test::runCli(oneThread << "--json" << dir.filePath("b.json"));
    QVERIFY2(a.exitCode == 0 && b.exitCode == 0, a.err + b.err);
    const QJsonArray la = readJson(dir.filePath("a.json"))["curves"].toObject()["train_loss"].toArray();
    QCOMPARE(la.size(), 20);
    QCOMPARE(la, readJson(dir.filePath("b.json"))["curves"].toObject()["train_loss"].toArray());
}

void TestCliSeq2Seq::seq2seqEveryScoreAndOption_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("summary");
    const QStringList tiny{"train", "--model", "seq2seq", "--hidden",  "4", "--embed",  "3", "--steps",
                           "2",     "--batch", "4",       "--threads", "1", "--length", "5"};
    QTest::addRow("dot") << (tiny + QStringList{"--score", "dot"}) << "GRU, dot, global, reverse";
    QTest::addRow("general, local-p")
        << (tiny + QStringList{"--score", "general", "--local", "2"}) << "GRU, general, local-p D=2, reverse";
    QTest::addRow("bidirectional additive")
        << (tiny + QStringList{"--bidirectional"}) << "bidirectional GRU, additive, global, reverse";
    QTest::addRow("no attention") << (tiny + QStringList{"--no-attention"}) << "GRU, no attention, reverse";
    QTest::addRow("dates") << (tiny + QStringList{"--task", "dates"}) << "GRU, additive, global, dates";
}

void TestCliSeq2Seq::seq2seqEveryScoreAndOption()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, summary);
    QTemporaryDir dir;
    const Run r = attn::test::runCli(arguments << "--json" << dir.filePath("t.json"));
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(QString::fromUtf8(r.out).contains("# attention-lab train: seq2seq, " + summary),
             r.out.constData());
    const QJsonObject c = readJson(dir.filePath("t.json"))["config"].toObject();
    QCOMPARE(c["attention"].toBool(), !arguments.contains("--no-attention"));
    QCOMPARE(c["bidirectional"].toBool(), arguments.contains("--bidirectional"));
    QCOMPARE(c["local_window"].toInt(), arguments.contains("--local") ? 2 : 0);
    QCOMPARE(c["decoder"].toString(), arguments.contains("dot") || arguments.contains("general")
                                          ? QStringLiteral("luong")
                                          : QStringLiteral("bahdanau"));
}

void TestCliSeq2Seq::seq2seqAccuracyAgainstLength()
{
    QTemporaryDir dir;
    const QString json = dir.filePath("l.json");
    const Run r =
        attn::test::runCli({"train", "--model", "seq2seq", "--lengths", "3,5", "--hidden", "4", "--embed",
                            "3", "--steps", "3", "--batch", "4", "--threads", "1", "--json", json});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QString out = QString::fromUtf8(r.out);
    QVERIFY2(out.contains("accuracy against length, 3 steps each"), r.out.constData());
    QCOMPARE(out.count(QRegularExpression("^ +[35] +[01]\\.\\d{3} ", QRegularExpression::MultilineOption)),
             2);
    const QJsonArray rows = readJson(json)["lengths"].toArray();
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[0].toObject()["length"].toInt(), 3);
    QCOMPARE(rows[1].toObject()["length"].toInt(), 5);
    for (const QJsonValue &v : rows) {
        const double acc = v.toObject()["greedy_accuracy"].toDouble(-1);
        QVERIFY(acc >= 0 && acc <= 1);
    }
    // The same model at every length: its parameters do not depend on L.
    QCOMPARE(rows[0].toObject()["parameter_count"].toInt(), rows[1].toObject()["parameter_count"].toInt());
}

void TestCliSeq2Seq::seq2seqRejectsBadOptions_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    const QStringList s{"train", "--model", "seq2seq"};
    QTest::addRow("unknown model") << QStringList{"train", "--model", "lstm"}
                                   << "--model must be transformer or seq2seq, got \"lstm\"";
    QTest::addRow("transformer task")
        << (s + QStringList{"--task", "induction"})
        << "--task must be reverse or dates for --model seq2seq, got \"induction\"";
    QTest::addRow("unknown score") << (s + QStringList{"--score", "cosine"})
                                   << "--score must be additive, dot or general, got \"cosine\"";
    QTest::addRow("zero window") << (s + QStringList{"--local", "0"})
                                 << "--local must be an integer from 1 to 4096, got \"0\"";
    QTest::addRow("local without attention") << (s + QStringList{"--local", "2", "--no-attention"})
                                             << "--local needs attention: drop --no-attention";
    QTest::addRow("zero length") << (s + QStringList{"--length", "0"})
                                 << "--length must be an integer from 1 to 1024, got \"0\"";
    QTest::addRow("bad lengths")
        << (s + QStringList{"--lengths", "6,x"})
        << "--lengths must be integers from 1 to 1024 separated by commas, got \"6,x\"";
    QTest::addRow("lengths of dates") << (s + QStringList{"--lengths", "6", "--task", "dates"})
                                      << "--lengths needs --task reverse and no --length";
    QTest::addRow("transformer option") << (s + QStringList{"--heads", "2"}) << "Unknown option 'heads'.";
}

void TestCliSeq2Seq::seq2seqRejectsBadOptions()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const Run r = attn::test::runCli(arguments);
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(QString::fromUtf8(r.err).trimmed(), "attention-lab: " + message);
    QVERIFY(r.out.isEmpty());
}

void TestCliSeq2Seq::seq2seqRefusesRunsTooLargeForMemory()
{
    // Each option is inside its own range, but together they would need gigabytes (about 10 GiB
    // for a bidirectional 4096-wide GRU): refused at once, before anything is allocated.
    const QStringList s{"train", "--model", "seq2seq", "--steps", "1"};
    for (const QStringList &extra : {QStringList{"--hidden", "4096", "--bidirectional"},
                                     QStringList{"--batch", "65536", "--length", "1024"}}) {
        const Run r = attn::test::runCli(s + extra);
        QCOMPARE(r.exitCode, 2);
        const QString err = QString::fromUtf8(r.err);
        QVERIFY2(err.startsWith("attention-lab: train: the run could need up to about ") &&
                     err.contains("the limit is 2 GiB"),
                 qPrintable(err));
        QVERIFY(r.out.isEmpty());
    }
}

QTEST_GUILESS_MAIN(TestCliSeq2Seq)
#include "tst_cliseq2seq.moc"
