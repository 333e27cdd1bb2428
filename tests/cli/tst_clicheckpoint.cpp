// Checkpoints as a user meets them: `attention-lab train --checkpoint` writes one, the engine
// reads it back and continues exactly where an in-process run is, PyTorch (Debian's
// python3-torch) rebuilds the model from the file alone and agrees on the loss and every
// gradient to 1e-9 in float64, and `compute --checkpoint --probe` prints one head as a scenario.
#include "core/train/model.h"
#include "core/train/trainer.h"
#include "runcli.h"
#include "strictwarnings.h"
#include "ui/io/checkpoint.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cstring>

using attn::test::Run;
using namespace attn::train;

namespace {

/// A small induction model: 2 layers × 2 heads × 8, d_model 16, 12-token sequences, 30 steps.
QStringList small(const QString &checkpoint)
{
    return {"train",      "--task",  "induction",    "--layers",    "2",         "--heads", "2",
            "--head-dim", "8",       "--d-model",    "16",          "--seq-len", "12",      "--batch",
            "8",          "--steps", "30",           "--log-every", "10",        "--seed",  "3",
            "--threads",  "2",       "--checkpoint", checkpoint};
}

quint64 bitsOf(double value)
{
    quint64 bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
}

QString pythonPath()
{
    const QByteArray env = qgetenv("ATTN_TORCH_PYTHON");
    return env.isEmpty() ? QStringLiteral("/usr/bin/python3") : QString::fromLocal8Bit(env);
}

bool writeValues(const QString &path, const std::vector<double> &values)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) return false;
    const auto bytes = static_cast<qint64>(values.size() * sizeof(double)); // little-endian float64
    return f.write(reinterpret_cast<const char *>(values.data()), bytes) == bytes;
}

QJsonArray ints(const auto &values)
{
    QJsonArray a;
    for (auto x : values) a.append(int(x));
    return a;
}

} // namespace

class TestCliCheckpoint : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void checkpointMatchesInProcessRun();
    void checkpointLoadsInPyTorch();
    void checkpointRejectsBadTargets();
    void checkpointComputePrintsOneHead();
    void checkpointComputeRejectsBadOptions_data();
    void checkpointComputeRejectsBadOptions();

private:
    /// Trains the small model into dir/model.safetensors once per test.
    QString trainedCheckpoint(const QTemporaryDir &dir);
};

QString TestCliCheckpoint::trainedCheckpoint(const QTemporaryDir &dir)
{
    const QString path = dir.filePath("model.safetensors");
    const Run r = attn::test::runCli(small(path));
    if (r.exitCode != 0) qWarning("train: %s", r.err.constData());
    return r.exitCode == 0 ? path : QString();
}

void TestCliCheckpoint::checkpointMatchesInProcessRun()
{
    QTemporaryDir dir;
    const QString path = trainedCheckpoint(dir);
    QVERIFY(!path.isEmpty());
    const attn::io::Checkpoint ck = attn::io::readCheckpoint(path);
    QCOMPARE(ck.step, 30);
    QCOMPARE(ck.config.seed, std::uint64_t{3});
    QCOMPARE(ck.config.model.num_layers, 2);
    QCOMPARE(ck.task.seq_len, 12);

    // The same configuration trained here gives the same weights, bit for bit.
    Trainer trainer(ck.config);
    QCOMPARE(trainer.run(), 30);
    const std::vector<NamedTensor> weights = trainer.weights();
    QCOMPARE(weights.size(), ck.weights.size());
    for (std::size_t t = 0; t < weights.size(); ++t) {
        QCOMPARE(ck.weights[t].name, weights[t].name);
        QCOMPARE(ck.weights[t].data.size(), weights[t].data.size());
        for (std::size_t i = 0; i < weights[t].data.size(); ++i)
            QVERIFY2(bitsOf(ck.weights[t].data[i]) == bitsOf(weights[t].data[i]), weights[t].name.c_str());
    }
}

void TestCliCheckpoint::checkpointLoadsInPyTorch()
{
    const QString python = pythonPath();
    QProcess probe;
    probe.start(python, {"-c", "import torch"});
    const bool started = probe.waitForStarted(attn::test::scaledTimeout(10000));
    if (!started || !probe.waitForFinished(attn::test::scaledTimeout(60000)) || probe.exitCode() != 0)
        QFAIL(qPrintable(QStringLiteral("PyTorch is missing: %1 cannot import torch. Install Debian's "
                                        "python3-torch (scripts/setup does), or point ATTN_TORCH_PYTHON at a "
                                        "Python with torch; this cross-check cannot be skipped.")
                             .arg(python)));

    QTemporaryDir dir;
    const QString folder = dir.filePath("checkpoint-2x2");
    QVERIFY(QDir().mkpath(folder));
    const Run r = attn::test::runCli(small(folder + "/model.safetensors"));
    QVERIFY2(r.exitCode == 0, r.err.constData());

    // The engine in float64 on the checkpoint's weights: the loss and every gradient on a
    // held-out batch.
    const attn::io::Checkpoint ck = attn::io::readCheckpoint(folder + "/model.safetensors");
    Model<double> model(ck.config.model);
    model.importParameters(ck.weights);
    const Batch b = makeBatch(ck.task, Split::HeldOut, ck.config.seed, 0, 5);
    const double loss = model.forwardBackward(b, 2).loss;
    QVERIFY(loss > 0.01);

    QJsonArray tensors;
    for (std::size_t t = 0; t < model.specs().size(); ++t) {
        QJsonArray shape;
        for (attn::Index s : model.specs()[t].shape) shape.append(qint64(s));
        tensors.append(QJsonObject{{"name", QString::fromStdString(model.specs()[t].name)},
                                   {"shape", shape},
                                   {"offset", qint64(model.offset(t))},
                                   {"decay", model.specs()[t].decay}});
    }
    const QJsonObject json{
        {"checkpoint", "model.safetensors"},
        {"config", QJsonObject{}}, // the script takes the configuration from the file's metadata
        {"batch", QJsonObject{{"batch_size", qint64(b.batch_size)},
                              {"seq_len", qint64(b.seq_len)},
                              {"tokens", ints(b.tokens)},
                              {"targets", ints(b.targets)},
                              {"loss_mask", ints(b.loss_mask)}}},
        {"loss", loss},
        {"tensors", tensors},
    };
    QFile f(folder + "/case.json");
    QVERIFY(f.open(QIODevice::WriteOnly) && f.write(QJsonDocument(json).toJson()) > 0);
    f.close();
    QVERIFY(writeValues(folder + "/grads.f64", model.gradients()));

    QProcess check;
    check.setProcessChannelMode(QProcess::MergedChannels);
    check.start(python, {QStringLiteral(ATTN_SOURCE_DIR "/tests/train/torch_check.py"), dir.path()});
    QVERIFY2(check.waitForFinished(attn::test::scaledTimeout(100000)), "torch_check.py did not finish");
    const QByteArray output = check.readAll();
    qInfo("%s", output.trimmed().constData());
    QVERIFY2(check.exitStatus() == QProcess::NormalExit && check.exitCode() == 0, output.constData());
    QFile resultFile(dir.filePath("result.json"));
    QVERIFY(resultFile.open(QIODevice::ReadOnly));
    const QJsonObject result =
        QJsonDocument::fromJson(resultFile.readAll()).object()["checkpoint-2x2"].toObject();
    QVERIFY2(result["loss_error"].toDouble(1) <= 1e-9, output.constData());
    const QJsonObject grads = result["tensors"].toObject();
    QCOMPARE(grads.size(), int(model.specs().size())); // embed, pos_embed, 2 × 4 attention, unembed
    for (auto it = grads.begin(); it != grads.end(); ++it)
        QVERIFY2(it.value().toDouble(1) <= 1e-9, qPrintable(it.key()));
}

void TestCliCheckpoint::checkpointRejectsBadTargets()
{
    QTemporaryDir dir;
    // A folder, and the same file as --json: exit 2, one line, nothing trained.
    Run r = attn::test::runCli(small(dir.path()));
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("--checkpoint") && r.err.contains("not a regular file"), r.err.constData());
    QCOMPARE(r.err.count('\n'), 1);
    const QString same = dir.filePath("both");
    r = attn::test::runCli(small(same) << "--json" << same);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("the same file"), r.err.constData());
    QCOMPARE(r.err.count('\n'), 1);
    QVERIFY(!QFile::exists(same));

    // compute: --probe without a checkpoint, and a file that is no checkpoint.
    r = attn::test::runCli({"compute", "--probe", "a b", "--layer", "0", "--head", "0"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("--probe needs --checkpoint"), r.err.constData());
    const QString text = dir.filePath("notes.safetensors");
    QFile f(text);
    QVERIFY(f.open(QIODevice::WriteOnly) && f.write("{\"format\": \"attention-lab.scenario\"}\n") > 0);
    f.close();
    r = attn::test::runCli({"compute", "--checkpoint", text, "--probe", "a", "--layer", "0", "--head", "0"});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("notes.safetensors"), r.err.constData());
    QCOMPARE(r.err.count('\n'), 1);
}

void TestCliCheckpoint::checkpointComputePrintsOneHead()
{
    QTemporaryDir dir;
    const QString path = trainedCheckpoint(dir);
    QVERIFY(!path.isEmpty());
    const Run r = attn::test::runCli(
        {"compute", "--checkpoint", path, "--probe", "a b c d e a b c d e", "--layer", "1", "--head", "0"});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(o["source"].toObject()["step"].toInt(), 30);
    QCOMPARE(o["source"].toObject()["layer"].toInt(), 1);
    const QJsonObject scenario = o["scenario"].toObject();
    QCOMPARE(scenario["query_tokens"].toArray().size(), 10);
    QCOMPARE(scenario["X"].toArray().size(), 10); // (T, d_model)
    QCOMPARE(scenario["X"].toArray()[0].toArray().size(), 16);
    QCOMPARE(scenario["W_q"].toArray()[0].toArray().size(), 8);        // (d_model, head_dim)
    QCOMPARE(o["projected_output"].toArray()[0].toArray().size(), 16); // the head's write, d_model wide
    const QJsonArray weights = o["weights"].toArray();
    QCOMPARE(weights.size(), 1);

    // The printed weights are the model's own: layer 1, head 0 of the same probe, in-process.
    const attn::io::Checkpoint ck = attn::io::readCheckpoint(path);
    Model<double> model(ck.config.model);
    model.importParameters(ck.weights);
    Batch b = Batch::zeros(1, 10);
    b.tokens = {0, 1, 2, 3, 4, 0, 1, 2, 3, 4}; // a … e
    const attn::Matrix expected = model.probe(b, 1).front().weights[2];
    double worst = 0;
    for (int i = 0; i < 10; ++i)
        for (int j = 0; j < 10; ++j)
            worst =
                std::max(worst, std::abs(weights[0].toArray()[i].toArray()[j].toDouble() - expected(i, j)));
    QVERIFY2(worst <= 1e-12, qPrintable(QString::number(worst)));
    QCOMPARE(weights[0].toArray()[0].toArray()[1].toDouble(), 0.0); // causal
}

void TestCliCheckpoint::checkpointComputeRejectsBadOptions_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("fragment");
    const QStringList ok{"--probe", "a b c", "--layer", "0", "--head", "1"};
    QTest::addRow("no probe") << QStringList{"--layer", "0", "--head", "0"} << "--probe";
    QTest::addRow("no layer") << QStringList{"--probe", "a b", "--head", "0"} << "--layer";
    QTest::addRow("layer out of range")
        << QStringList{"--probe", "a", "--layer", "2", "--head", "0"} << "from 0 to 1";
    QTest::addRow("head out of range")
        << QStringList{"--probe", "a", "--layer", "0", "--head", "-1"} << "--head must be";
    QTest::addRow("unknown token") << QStringList{"--probe", "a she b", "--layer", "0", "--head", "0"}
                                   << "\"she\" is not a token";
    QTest::addRow("too many tokens") << QStringList{"--probe", "a b c d e f g h i j k l m",
                                                    "--layer", "0",
                                                    "--head",  "0"}
                                     << "1 to 12 tokens";
    QTest::addRow("empty probe") << QStringList{"--probe", "  ", "--layer", "0", "--head", "0"} << "got 0";
    QTest::addRow("and a scenario") << (QStringList{"scenario.json"} + ok) << "not both";
}

void TestCliCheckpoint::checkpointComputeRejectsBadOptions()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, fragment);
    static QTemporaryDir dir;
    static const QString path = trainedCheckpoint(dir);
    QVERIFY(!path.isEmpty());
    const Run r = attn::test::runCli(QStringList{"compute", "--checkpoint", path} + arguments);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(QString::fromUtf8(r.err).contains(fragment), r.err.constData());
    QCOMPARE(r.err.count('\n'), 1);
    QVERIFY(r.out.isEmpty());
}

QTEST_GUILESS_MAIN(TestCliCheckpoint)
#include "tst_clicheckpoint.moc"
