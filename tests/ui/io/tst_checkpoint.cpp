// Training checkpoints (ui/io/checkpoint.h): a trained model written and read back bit for bit with
// its configuration, task, step and seed; a model rebuilt from the file gives the same held-out
// loss; the metadata a PyTorch user reads; and every kind of refusal with its one line.
#include "core/train/trainer.h"
#include "readablemessage.h"
#include "strictwarnings.h"
#include "ui/io/checkpoint.h"
#include "ui/io/tensorfile.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>

using namespace attn::train;

namespace {

/// A small induction run: 2 layers × 2 heads, 12 steps, seed 7.
TrainConfig smallConfig()
{
    TrainConfig c = defaultTrainConfig(TaskKind::Induction);
    c.task.seq_len = 16;
    c.model.d_model = 16;
    c.model.num_heads = 2;
    c.model.head_dim = 8;
    c.batch_size = 4;
    c.steps = 12;
    c.seed = 7;
    c.heldout_size = 8;
    c.probe_count = 2;
    c.log_every = 6;
    c.optimizer.learning_rate = 0.01;
    c.threads = 2;
    return c;
}

quint64 bitsOf(double value)
{
    quint64 bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
}

/// readCheckpoint's one-line error for `path`, or "no error".
QString refusal(const QString &path)
{
    try {
        attn::io::readCheckpoint(path);
    } catch (const attn::io::TensorFileError &e) {
        return e.message();
    }
    return QStringLiteral("no error");
}

} // namespace

class TestCheckpoint : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void roundTripIsBitExact_data();
    void roundTripIsBitExact();
    void metadataForPyTorch();
    void refusals();

private:
    QTemporaryDir m_dir;
};

void TestCheckpoint::roundTripIsBitExact_data()
{
    QTest::addColumn<bool>("rope");
    QTest::addColumn<bool>("mlpAndLayerNorm");
    QTest::addRow("attention-only") << false << false;
    QTest::addRow("rope-mlp-layernorm") << true << true;
}

void TestCheckpoint::roundTripIsBitExact()
{
    QFETCH(bool, rope);
    QFETCH(bool, mlpAndLayerNorm);
    TrainConfig c = smallConfig();
    if (rope) c.model.positional = PositionalKind::Rope;
    c.model.mlp = c.model.layer_norm = mlpAndLayerNorm;
    c.optimizer.weight_decay = 0.05;
    c.grad_clip = 0.5;
    Trainer trainer(c);
    trainer.run();
    const QString path = m_dir.filePath(QStringLiteral("model.safetensors"));
    QString error;
    QVERIFY2(attn::io::writeCheckpoint(path, trainer, &error), qPrintable(error));

    const attn::io::Checkpoint ck = attn::io::readCheckpoint(path);
    QCOMPARE(ck.step, 12);
    QCOMPARE(ck.config.seed, std::uint64_t{7});
    QCOMPARE(ck.config.task.kind, TaskKind::Induction);
    QCOMPARE(ck.task.seq_len, 16);
    QCOMPARE(ck.task.symbols, trainer.task().symbols);
    QCOMPARE(ck.task.token_names, trainer.task().token_names);
    const ModelConfig &a = ck.config.model;
    const ModelConfig &b = trainer.config().model;
    QCOMPARE(a.vocab_size, b.vocab_size);
    QCOMPARE(a.n_ctx, 16);
    QCOMPARE(a.d_model, 16);
    QCOMPARE(a.num_layers, 2);
    QCOMPARE(a.num_heads, 2);
    QCOMPARE(a.head_dim, 8);
    QCOMPARE(a.positional, b.positional);
    QCOMPARE(a.rope_base, b.rope_base);
    QCOMPARE(a.mlp, b.mlp);
    QCOMPARE(a.mlpWidth(), b.mlpWidth());
    QCOMPARE(a.layer_norm, b.layer_norm);
    QCOMPARE(a.layer_norm_eps, b.layer_norm_eps);
    QCOMPARE(ck.config.batch_size, 4);
    QCOMPARE(ck.config.steps, 12);
    QCOMPARE(ck.config.optimizer.learning_rate, 0.01);
    QCOMPARE(ck.config.optimizer.weight_decay, 0.05);
    QCOMPARE(ck.config.optimizer.beta2, c.optimizer.beta2);
    QCOMPARE(ck.config.optimizer.eps, c.optimizer.eps);
    QCOMPARE(ck.config.grad_clip, 0.5);
    QCOMPARE(ck.config.cosine_decay, true);
    QCOMPARE(ck.config.log_every, 6);
    QCOMPARE(ck.config.heldout_size, 8);
    QCOMPARE(ck.config.probe_count, 2);

    // Every tensor, bit for bit, in the model's order and dtype.
    const std::vector<NamedTensor> weights = trainer.weights();
    QCOMPARE(ck.weights.size(), weights.size());
    for (std::size_t t = 0; t < weights.size(); ++t) {
        QCOMPARE(ck.weights[t].name, weights[t].name);
        QCOMPARE(ck.weights[t].shape, weights[t].shape);
        QCOMPARE(ck.weights[t].dtype, DType::Float32);
        QCOMPARE(ck.weights[t].data.size(), weights[t].data.size());
        for (std::size_t i = 0; i < weights[t].data.size(); ++i)
            QVERIFY2(
                bitsOf(ck.weights[t].data[i]) == bitsOf(weights[t].data[i]),
                qPrintable(QStringLiteral("%1[%2]").arg(QString::fromStdString(weights[t].name)).arg(i)));
    }

    // A trainer rebuilt from the file measures exactly what the trained one does.
    Trainer rebuilt(ck.config);
    rebuilt.setWeights(ck.weights);
    const LogPoint before = trainer.measure();
    const LogPoint after = rebuilt.measure();
    QCOMPARE(bitsOf(after.heldout_loss), bitsOf(before.heldout_loss));
    QCOMPARE(after.heldout_accuracy, before.heldout_accuracy);
    QVERIFY(before.heldout_loss > 0.1); // a real loss, not an untouched zero
}

void TestCheckpoint::metadataForPyTorch()
{
    Trainer trainer(smallConfig());
    trainer.run(3);
    const QString path = m_dir.filePath(QStringLiteral("meta.safetensors"));
    QVERIFY(attn::io::writeCheckpoint(path, trainer));
    const attn::io::TensorFile file = attn::io::readTensorFile(path);
    QCOMPARE(file.format, QStringLiteral("safetensors"));
    QCOMPARE(file.metadata.value("format"), QStringLiteral("attention-lab.checkpoint"));
    QCOMPARE(file.metadata.value("version"), QStringLiteral("1"));
    QCOMPARE(file.metadata.value("task"), QStringLiteral("induction"));
    QCOMPARE(file.metadata.value("step"), QStringLiteral("3"));
    QCOMPARE(file.metadata.value("seed"), QStringLiteral("7"));
    const QJsonObject model = QJsonDocument::fromJson(file.metadata.value("model").toUtf8()).object();
    QCOMPARE(model.value("num_heads").toInt(), 2);
    QCOMPARE(model.value("d_model").toInt(), 16);
    QCOMPARE(model.value("positional").toString(), QStringLiteral("learned"));
    const QJsonArray names = QJsonDocument::fromJson(file.metadata.value("token_names").toUtf8()).array();
    QCOMPARE(names.size(), trainer.task().vocab_size);
    QCOMPARE(names.at(0).toString(), QString::fromStdString(trainer.task().token_names[0]));
    const attn::io::NamedTensor *wq = file.find("layers.1.attn.W_q");
    QVERIFY(wq);
    QCOMPARE(wq->shape, (std::vector<qint64>{16, 16}));
    QCOMPARE(wq->dtype, attn::io::DType::Float32);
    QCOMPARE(int(file.tensors.size()), int(trainer.model().specs().size()));
}

void TestCheckpoint::refusals()
{
    Trainer trainer(smallConfig());
    const std::vector<NamedTensor> weights = trainer.weights();
    const auto write = [&](const QString &name, std::vector<NamedTensor> w, TrainConfig c) {
        const QString path = m_dir.filePath(name);
        QString error;
        if (!attn::io::writeCheckpoint(path, c, trainer.task(), 0, w, &error))
            qWarning("%s", qPrintable(error));
        return path;
    };
    const auto expect = [](const QString &path, const QStringList &fragments) {
        const QString message = refusal(path);
        attn::test::verifyReadable(message);
        for (const QString &fragment : fragments)
            QVERIFY2(message.contains(fragment), qPrintable(message + QStringLiteral(" lacks ") + fragment));
    };

    // A tensor missing, one of another shape, one too many.
    std::vector<NamedTensor> missing = weights;
    missing.erase(missing.begin() + 1);
    expect(write("missing.safetensors", missing, trainer.config()),
           {"missing.safetensors", "\"pos_embed.weight\"", "missing"});
    std::vector<NamedTensor> reshaped = weights;
    reshaped.back().shape = {reshaped.back().shape[1], reshaped.back().shape[0]};
    expect(write("shape.safetensors", reshaped, trainer.config()),
           {"\"unembed.weight\"", "shape [", "needs ["});
    std::vector<NamedTensor> extra = weights;
    extra.push_back({"layers.7.attn.W_q", {1}, {0.0}, DType::Float32});
    expect(write("extra.safetensors", extra, trainer.config()), {"\"layers.7.attn.W_q\"", "not a parameter"});

    // A configuration the model refuses, and one that does not fit its task.
    TrainConfig five = trainer.config();
    five.model.num_layers = 5;
    expect(write("layers.safetensors", weights, five), {"layers.safetensors", "num_layers", "5"});
    TrainConfig vocab = trainer.config();
    vocab.model.vocab_size += 1;
    expect(write("vocab.safetensors", weights, vocab), {"token ids", "induction"});

    // A .safetensors file that is no checkpoint, and a file that is not .safetensors at all.
    const QString plain = m_dir.filePath("plain.safetensors");
    QVERIFY(attn::io::writeSafetensors(plain, {{"W_q", {1}, {1.0}, attn::io::DType::Float64}}));
    expect(plain, {"plain.safetensors", "not a training checkpoint"});
    const QString npy = m_dir.filePath("W_q.npy");
    QVERIFY(attn::io::writeNpy(npy, {"W_q", {1}, {1.0}, attn::io::DType::Float64}));
    expect(npy, {"W_q.npy", "safetensors", "npy"});
}

QTEST_GUILESS_MAIN(TestCheckpoint)
#include "tst_checkpoint.moc"
