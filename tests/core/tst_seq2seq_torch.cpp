// The RNN encoder–decoder against PyTorch: for every score, local-p, the bidirectional encoder and
// the no-attention baseline, the engine's float64 loss and every gradient are written to a
// folder, and tests/train/seq2seq_torch_check.py recomputes them with torch.nn.GRUCell loaded
// with the same weights and autograd (Debian's python3-torch, run by /usr/bin/python3 or
// $ATTN_TORCH_PYTHON). Differences must be at most 1e-9. Without PyTorch the test is skipped,
// saying what to install.
#include "core/train/rng.h"
#include "core/train/seq2seq.h"
#include "strictwarnings.h"
#include "timeouts.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using attn::Index;
using namespace attn::train;

namespace {

struct Case {
    const char *name;
    ScoreKind score;
    int window;
    bool bidirectional, attention;
};

const Case kCases[] = {
    {"additive", ScoreKind::Additive, 0, false, true},
    {"dot", ScoreKind::Dot, 0, false, true},
    {"general", ScoreKind::General, 0, false, true},
    {"additive-local-2", ScoreKind::Additive, 2, false, true},
    {"dot-local-1", ScoreKind::Dot, 1, false, true},
    {"general-local-2", ScoreKind::General, 2, false, true},
    {"bidirectional-additive", ScoreKind::Additive, 0, true, true},
    {"bidirectional-general-local-1", ScoreKind::General, 1, true, true},
    {"no-attention", ScoreKind::Additive, 0, false, false},
    {"no-attention-bidirectional", ScoreKind::Additive, 0, true, false},
};

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

QString writeCase(const Case &k, const QString &folder)
{
    Seq2SeqConfig c;
    c.vocab_size = 9;
    c.embed_dim = 4;
    c.hidden = 5;
    c.bidirectional = k.bidirectional;
    c.attention = k.attention;
    c.score = k.score;
    c.local_window = k.window;
    c.bos_token = 8;
    Seq2Seq<double> m(c);
    m.initialize(17);
    Rng rng(23);
    for (double &p : m.parameters()) p += 0.2 * rng.normal(); // biases ≠ 0
    std::vector<Seq2SeqExample> batch;
    for (const auto [S, n] : {std::pair{6, 5}, std::pair{2, 3}, std::pair{9, 7}, std::pair{4, 1}}) {
        Seq2SeqExample ex;
        for (int j = 0; j < S; ++j) ex.source.push_back(static_cast<int>(rng.below(8)));
        for (int t = 0; t < n; ++t) ex.target.push_back(static_cast<int>(rng.below(8)));
        batch.push_back(ex);
    }
    const double loss = m.forwardBackward(batch, 2).loss;

    QJsonArray tensors;
    for (std::size_t t = 0; t < m.specs().size(); ++t) {
        QJsonArray shape;
        for (Index s : m.specs()[t].shape) shape.append(qint64(s));
        tensors.append(QJsonObject{{"name", QString::fromStdString(m.specs()[t].name)},
                                   {"shape", shape},
                                   {"offset", qint64(m.offset(t))}});
    }
    const auto ints = [](const std::vector<int> &v) {
        QJsonArray a;
        for (int x : v) a.append(x);
        return a;
    };
    QJsonArray examples;
    for (const Seq2SeqExample &ex : batch)
        examples.append(QJsonObject{{"source", ints(ex.source)}, {"target", ints(ex.target)}});
    const QJsonObject json{
        {"config", QJsonObject{{"vocab_size", c.vocab_size},
                               {"embed_dim", c.embed_dim},
                               {"hidden", c.hidden},
                               {"bidirectional", c.bidirectional},
                               {"attention", c.attention},
                               {"score", toString(c.score)},
                               {"local_window", c.local_window},
                               {"bos_token", c.bos_token}}},
        {"examples", examples},
        {"loss", loss},
        {"tensors", tensors},
    };
    if (!QDir().mkpath(folder)) return "cannot create " + folder;
    QFile f(folder + "/case.json");
    if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(json).toJson()) < 0)
        return "cannot write case.json";
    if (!writeValues(folder + "/params.f64", m.parameters()) ||
        !writeValues(folder + "/grads.f64", m.gradients()))
        return "cannot write the values of " + folder;
    return QString();
}

} // namespace

class TestSeq2SeqTorch : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void engineAgreesWithPyTorch();
};

void TestSeq2SeqTorch::engineAgreesWithPyTorch()
{
    const QString python = pythonPath();
    QProcess probe;
    probe.start(python, {"-c", "import torch, sys; sys.stdout.write(torch.__version__)"});
    const bool started = probe.waitForStarted(attn::test::scaledTimeout(10000));
    if (!started || !probe.waitForFinished(attn::test::scaledTimeout(60000)) || probe.exitCode() != 0)
        QSKIP(qPrintable(QStringLiteral("PyTorch is missing: %1 cannot import torch. Install Debian's "
                                        "python3-torch, or point ATTN_TORCH_PYTHON at a Python with torch.")
                             .arg(python)));
    qInfo("torch %s", probe.readAllStandardOutput().constData());

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const Case &k : kCases) {
        const QString error = writeCase(k, dir.filePath(QString::fromLatin1(k.name)));
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }
    QProcess check;
    check.setProcessChannelMode(QProcess::MergedChannels);
    check.start(python, {QStringLiteral(ATTN_SOURCE_DIR "/tests/train/seq2seq_torch_check.py"), dir.path()});
    QVERIFY2(check.waitForFinished(attn::test::scaledTimeout(100000)),
             "seq2seq_torch_check.py did not finish");
    const QByteArray output = check.readAll();
    qInfo("%s", output.trimmed().constData());
    QVERIFY2(check.exitStatus() == QProcess::NormalExit && check.exitCode() == 0, output.constData());

    // The script's numbers, checked here as well.
    QFile f(dir.filePath("result.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject results = QJsonDocument::fromJson(f.readAll()).object();
    QCOMPARE(results.size(), int(std::size(kCases)));
    for (const Case &k : kCases) {
        const QJsonObject r = results[QString::fromLatin1(k.name)].toObject();
        QVERIFY2(r["loss_error"].toDouble(1) <= 1e-9, k.name);
        const QJsonObject tensors = r["tensors"].toObject();
        QVERIFY2(tensors.size() >= 12, k.name);
        for (auto it = tensors.begin(); it != tensors.end(); ++it)
            QVERIFY2(it.value().toDouble(1) <= 1e-9,
                     qPrintable(QStringLiteral("%1: %2").arg(k.name, it.key())));
    }
}

QTEST_GUILESS_MAIN(TestSeq2SeqTorch)
#include "tst_seq2seq_torch.moc"
