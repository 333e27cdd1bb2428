// The training engine against PyTorch: for every option, the engine's float64 loss, every
// gradient and three clipped AdamW steps are written to a folder, and tests/train/torch_check.py
// recomputes them with PyTorch's autograd and optimiser (Debian's python3-torch, run by
// /usr/bin/python3 or $ATTN_TORCH_PYTHON). Differences must be at most 1e-9. A missing PyTorch
// fails the test with a message saying what to install: it never passes silently.
#include "core/train/adamw.h"
#include "core/train/model.h"
#include "core/train/rng.h"
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
    int layers, heads, headDim, dModel, vocab, seqLen, batch;
    PositionalKind positional;
    bool mlp, layerNorm;
};

const Case kCases[] = {
    {"attention-1x1", 1, 1, 4, 8, 7, 6, 3, PositionalKind::Learned, false, false},
    {"attention-2x4", 2, 4, 4, 12, 9, 7, 3, PositionalKind::Learned, false, false},
    {"rope-2x2", 2, 2, 6, 10, 8, 8, 2, PositionalKind::Rope, false, false},
    {"mlp-1x2", 1, 2, 4, 8, 7, 6, 3, PositionalKind::Learned, true, false},
    {"layernorm-2x2", 2, 2, 4, 8, 7, 6, 3, PositionalKind::Learned, false, true},
    {"all-options-3x2", 3, 2, 4, 8, 7, 6, 3, PositionalKind::Rope, true, true},
    {"default-size-2x4", 2, 4, 16, 64, 32, 32, 4, PositionalKind::Learned, false, false},
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
    // Little-endian float64, as x86 and ARM store them.
    const auto bytes = static_cast<qint64>(values.size() * sizeof(double));
    return f.write(reinterpret_cast<const char *>(values.data()), bytes) == bytes;
}

/// Writes one case: the configuration, the batch, the loss, the parameters, the gradients and
/// the parameters after three clipped AdamW steps. Returns an empty string or an error.
QString writeCase(const Case &k, const QString &folder)
{
    ModelConfig c;
    c.vocab_size = k.vocab;
    c.n_ctx = k.seqLen + 1; // one position more than the batch uses
    c.d_model = k.dModel;
    c.num_layers = k.layers;
    c.num_heads = k.heads;
    c.head_dim = k.headDim;
    c.positional = k.positional;
    c.mlp = k.mlp;
    c.d_mlp = 2 * k.dModel + 3;
    c.layer_norm = k.layerNorm;
    Model<double> m(c);
    m.initialize(17);
    Rng rng(23);
    for (double &p : m.parameters()) p += 0.2 * rng.normal(); // LayerNorm weights ≠ 1, biases ≠ 0
    Batch b = Batch::zeros(k.batch, k.seqLen);
    for (std::size_t i = 0; i < b.tokens.size(); ++i) {
        b.tokens[i] = static_cast<int>(rng.below(static_cast<std::uint64_t>(k.vocab)));
        b.targets[i] = static_cast<int>(rng.below(static_cast<std::uint64_t>(k.vocab)));
        b.loss_mask[i] = rng.below(4) != 0 ? 1 : 0;
    }
    b.loss_mask[0] = 1;
    const double loss = m.forwardBackward(b, 2).loss;

    // Three AdamW steps with the same gradients, clipped to half their norm.
    AdamWConfig opt{0.01, 0.9, 0.98, 1e-8, 0.1};
    std::vector<std::uint8_t> decay(static_cast<std::size_t>(m.parameterCount()), 0);
    for (std::size_t t = 0; t < m.specs().size(); ++t)
        if (m.specs()[t].decay)
            std::fill(decay.begin() + m.offset(t), decay.begin() + m.offset(t) + m.specs()[t].size(), 1);
    std::vector<double> norms = m.gradients();
    const double maxNorm = 0.5 * clipGradientNorm(norms.data(), m.parameterCount(), 0.0);
    AdamW<double> adamw(decay);
    std::vector<double> stepped = m.parameters();
    for (int s = 0; s < 3; ++s) {
        std::vector<double> g = m.gradients();
        clipGradientNorm(g.data(), m.parameterCount(), maxNorm);
        adamw.step(stepped.data(), g.data(), opt, opt.learning_rate);
    }

    QJsonArray tensors;
    for (std::size_t t = 0; t < m.specs().size(); ++t) {
        QJsonArray shape;
        for (Index s : m.specs()[t].shape) shape.append(qint64(s));
        tensors.append(QJsonObject{{"name", QString::fromStdString(m.specs()[t].name)},
                                   {"shape", shape},
                                   {"offset", qint64(m.offset(t))},
                                   {"decay", m.specs()[t].decay}});
    }
    const auto ints = [](const auto &v) {
        QJsonArray a;
        for (auto x : v) a.append(int(x));
        return a;
    };
    const QJsonObject json{
        {"config", QJsonObject{{"vocab_size", c.vocab_size},
                               {"n_ctx", c.n_ctx},
                               {"d_model", c.d_model},
                               {"num_layers", c.num_layers},
                               {"num_heads", c.num_heads},
                               {"head_dim", c.head_dim},
                               {"positional", toString(c.positional)},
                               {"rope_base", c.rope_base},
                               {"mlp", c.mlp},
                               {"d_mlp", c.mlpWidth()},
                               {"layer_norm", c.layer_norm},
                               {"layer_norm_eps", c.layer_norm_eps}}},
        {"batch", QJsonObject{{"batch_size", qint64(b.batch_size)},
                              {"seq_len", qint64(b.seq_len)},
                              {"tokens", ints(b.tokens)},
                              {"targets", ints(b.targets)},
                              {"loss_mask", ints(b.loss_mask)}}},
        {"loss", loss},
        {"tensors", tensors},
        {"adamw", QJsonObject{{"learning_rate", opt.learning_rate},
                              {"beta1", opt.beta1},
                              {"beta2", opt.beta2},
                              {"eps", opt.eps},
                              {"weight_decay", opt.weight_decay},
                              {"max_norm", maxNorm},
                              {"steps", 3}}},
    };
    if (!QDir().mkpath(folder)) return "cannot create " + folder;
    QFile f(folder + "/case.json");
    if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(json).toJson()) < 0)
        return "cannot write case.json";
    if (!writeValues(folder + "/params.f64", m.parameters()) ||
        !writeValues(folder + "/grads.f64", m.gradients()) || !writeValues(folder + "/stepped.f64", stepped))
        return "cannot write the values of " + folder;
    return QString();
}

} // namespace

class TestTrainTorch : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void engineAgreesWithPyTorch();
};

void TestTrainTorch::engineAgreesWithPyTorch()
{
    const QString python = pythonPath();
    const QString script = QStringLiteral(ATTN_SOURCE_DIR "/tests/train/torch_check.py");
    // PyTorch present? Say exactly what is missing instead of passing.
    QProcess probe;
    probe.start(python, {"-c", "import torch, sys; sys.stdout.write(torch.__version__)"});
    const bool started = probe.waitForStarted(attn::test::scaledTimeout(10000));
    if (!started || !probe.waitForFinished(attn::test::scaledTimeout(60000)) || probe.exitCode() != 0) {
        const QStringList lines = QString::fromUtf8(probe.readAllStandardError())
                                      .split('\n', Qt::SkipEmptyParts); // the traceback's last line
        QFAIL(qPrintable(QStringLiteral("PyTorch is missing: %1 cannot import torch (%2). Install Debian's "
                                        "python3-torch (scripts/setup does), or point ATTN_TORCH_PYTHON at a "
                                        "Python with torch; this cross-check cannot be skipped.")
                             .arg(python, !started ? QStringLiteral("no such program")
                                          : lines.isEmpty()
                                              ? QStringLiteral("exit code %1").arg(probe.exitCode())
                                              : lines.last().trimmed())));
    }
    qInfo("torch %s", probe.readAllStandardOutput().constData());

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const Case &k : kCases) {
        const QString error = writeCase(k, dir.filePath(QString::fromLatin1(k.name)));
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }
    QProcess check;
    check.setProcessChannelMode(QProcess::MergedChannels);
    check.start(python, {script, dir.path()});
    QVERIFY2(check.waitForFinished(attn::test::scaledTimeout(100000)), "torch_check.py did not finish");
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
        QVERIFY2(r["adamw_error"].toDouble(1) <= 1e-9, k.name);
        const QJsonObject tensors = r["tensors"].toObject();
        QVERIFY2(tensors.size() >= 6, k.name);
        for (auto it = tensors.begin(); it != tensors.end(); ++it)
            QVERIFY2(it.value().toDouble(1) <= 1e-9,
                     qPrintable(QStringLiteral("%1: %2").arg(k.name, it.key())));
    }
}

QTEST_GUILESS_MAIN(TestTrainTorch)
#include "tst_train_torch.moc"
