#include "ui/io/checkpoint.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <map>
#include <stdexcept>

namespace attn::io {

namespace {

const QString kFormat = QStringLiteral("attention-lab.checkpoint");

QString compact(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

QJsonObject modelJson(const train::ModelConfig &m)
{
    return QJsonObject{{"vocab_size", m.vocab_size},
                       {"n_ctx", m.n_ctx},
                       {"d_model", m.d_model},
                       {"num_layers", m.num_layers},
                       {"num_heads", m.num_heads},
                       {"head_dim", m.head_dim},
                       {"positional", train::toString(m.positional)},
                       {"rope_base", m.rope_base},
                       {"mlp", m.mlp},
                       {"d_mlp", m.mlpWidth()},
                       {"layer_norm", m.layer_norm},
                       {"layer_norm_eps", m.layer_norm_eps}};
}

QJsonObject trainingJson(const train::TrainConfig &c)
{
    return QJsonObject{{"batch_size", c.batch_size},
                       {"steps", c.steps},
                       {"learning_rate", c.optimizer.learning_rate},
                       {"beta1", c.optimizer.beta1},
                       {"beta2", c.optimizer.beta2},
                       {"eps", c.optimizer.eps},
                       {"weight_decay", c.optimizer.weight_decay},
                       {"warmup_steps", c.warmup_steps},
                       {"cosine_decay", c.cosine_decay},
                       {"grad_clip", c.grad_clip},
                       {"log_every", c.log_every},
                       {"heldout_size", c.heldout_size},
                       {"probe_count", c.probe_count}};
}

/// Reads the metadata of one file; every failure names the file and the key.
class MetadataReader {
public:
    MetadataReader(const QString &fileName, const QMap<QString, QString> &metadata)
        : m_fileName(fileName), m_metadata(metadata)
    {
    }

    [[noreturn]] void fail(const QString &clause) const
    {
        throw TensorFileError(QStringLiteral("%1: %2").arg(m_fileName, clause));
    }

    QString text(const QString &key) const
    {
        if (!m_metadata.contains(key))
            fail(QStringLiteral("the checkpoint's metadata has no \"%1\"").arg(key));
        return m_metadata.value(key);
    }

    /// A whole number in [lo, hi] written as decimal digits.
    qint64 integer(const QString &key, qint64 lo, qint64 hi) const
    {
        const QString value = text(key);
        bool ok = false;
        const qint64 n = value.toLongLong(&ok);
        if (!ok || n < lo || n > hi)
            fail(QStringLiteral("metadata \"%1\" must be a whole number from %2 to %3, got \"%4\"")
                     .arg(key)
                     .arg(lo)
                     .arg(hi)
                     .arg(value.left(40)));
        return n;
    }

    QJsonObject object(const QString &key) const
    {
        QJsonParseError error;
        const QJsonDocument json = QJsonDocument::fromJson(text(key).toUtf8(), &error);
        if (!json.isObject()) fail(QStringLiteral("metadata \"%1\" is not a JSON object").arg(key));
        return json.object();
    }

    /// Field `field` of the JSON object `key`: a number (whole when `whole`).
    double number(const QJsonObject &object, const QString &key, const char *field, bool whole = true) const
    {
        const QJsonValue v = object.value(QLatin1String(field));
        const double x = v.toDouble(NAN);
        if (!v.isDouble() || !std::isfinite(x) || (whole && (x != std::floor(x) || std::abs(x) > 1e9)))
            fail(QStringLiteral("metadata \"%1\": \"%2\" must be %3")
                     .arg(key, field, whole ? "a whole number" : "a finite number"));
        return x;
    }

    bool flag(const QJsonObject &object, const QString &key, const char *field) const
    {
        const QJsonValue v = object.value(QLatin1String(field));
        if (!v.isBool())
            fail(QStringLiteral("metadata \"%1\": \"%2\" must be true or false").arg(key, field));
        return v.toBool();
    }

private:
    QString m_fileName;
    const QMap<QString, QString> &m_metadata;
};

train::TrainConfig readConfig(const MetadataReader &r)
{
    train::TrainConfig c;
    const QString taskName = r.text("task");
    const std::optional<train::TaskKind> task = train::taskFromName(taskName.toStdString());
    if (!task) r.fail(QStringLiteral("metadata \"task\" names no task: \"%1\"").arg(taskName.left(40)));
    c.task.kind = *task;
    c.seed = static_cast<std::uint64_t>(r.integer("seed", 0, 9007199254740991LL));

    const QJsonObject m = r.object("model");
    const QString mk = QStringLiteral("model");
    c.model.vocab_size = int(r.number(m, mk, "vocab_size"));
    c.model.n_ctx = int(r.number(m, mk, "n_ctx"));
    c.model.d_model = int(r.number(m, mk, "d_model"));
    c.model.num_layers = int(r.number(m, mk, "num_layers"));
    c.model.num_heads = int(r.number(m, mk, "num_heads"));
    c.model.head_dim = int(r.number(m, mk, "head_dim"));
    const QString positional = m.value("positional").toString();
    if (positional == QLatin1String("rope"))
        c.model.positional = train::PositionalKind::Rope;
    else if (positional != QLatin1String("learned"))
        r.fail(QStringLiteral("metadata \"model\": \"positional\" must be \"learned\" or \"rope\""));
    c.model.rope_base = r.number(m, mk, "rope_base", false);
    c.model.mlp = r.flag(m, mk, "mlp");
    c.model.d_mlp = int(r.number(m, mk, "d_mlp"));
    c.model.layer_norm = r.flag(m, mk, "layer_norm");
    c.model.layer_norm_eps = r.number(m, mk, "layer_norm_eps", false);

    const QJsonObject t = r.object("task_config");
    const QString tk = QStringLiteral("task_config");
    c.task.symbols = int(r.number(t, tk, "symbols"));
    c.task.seq_len = int(r.number(t, tk, "seq_len"));

    const QJsonObject o = r.object("training");
    const QString ok = QStringLiteral("training");
    c.batch_size = int(r.number(o, ok, "batch_size"));
    c.steps = int(r.number(o, ok, "steps"));
    c.optimizer.learning_rate = r.number(o, ok, "learning_rate", false);
    c.optimizer.beta1 = r.number(o, ok, "beta1", false);
    c.optimizer.beta2 = r.number(o, ok, "beta2", false);
    c.optimizer.eps = r.number(o, ok, "eps", false);
    c.optimizer.weight_decay = r.number(o, ok, "weight_decay", false);
    c.warmup_steps = int(r.number(o, ok, "warmup_steps"));
    c.cosine_decay = r.flag(o, ok, "cosine_decay");
    c.grad_clip = r.number(o, ok, "grad_clip", false);
    c.log_every = int(r.number(o, ok, "log_every"));
    c.heldout_size = int(r.number(o, ok, "heldout_size"));
    c.probe_count = int(r.number(o, ok, "probe_count"));
    return c;
}

} // namespace

bool writeCheckpoint(const QString &path, const train::TrainConfig &config, const train::TaskInfo &task,
                     int step, const std::vector<train::NamedTensor> &weights, QString *error)
{
    QMap<QString, QString> metadata;
    metadata.insert("format", kFormat);
    metadata.insert("version", "1");
    metadata.insert("task", QString::fromLatin1(train::toString(config.task.kind)));
    metadata.insert("step", QString::number(step));
    metadata.insert("seed", QString::number(config.seed));
    metadata.insert("model", compact(modelJson(config.model)));
    metadata.insert("task_config",
                    compact(QJsonObject{{"symbols", task.symbols}, {"seq_len", task.seq_len}}));
    metadata.insert("training", compact(trainingJson(config)));
    QJsonArray names;
    for (const std::string &name : task.token_names) names.append(QString::fromStdString(name));
    metadata.insert("token_names", QString::fromUtf8(QJsonDocument(names).toJson(QJsonDocument::Compact)));

    std::vector<NamedTensor> tensors;
    tensors.reserve(weights.size());
    for (const train::NamedTensor &w : weights) {
        NamedTensor t;
        t.name = QString::fromStdString(w.name);
        t.shape.assign(w.shape.begin(), w.shape.end());
        t.data = w.data;
        t.dtype = w.dtype == train::DType::Float32 ? DType::Float32 : DType::Float64;
        tensors.push_back(std::move(t));
    }
    return writeSafetensors(path, tensors, metadata, error);
}

bool writeCheckpoint(const QString &path, const train::Trainer &trainer, QString *error)
{
    return writeCheckpoint(path, trainer.config(), trainer.task(), trainer.stepsDone(), trainer.weights(),
                           error);
}

Checkpoint readCheckpoint(const QString &path)
{
    const TensorFile file = readTensorFile(path);
    const QString fileName = QFileInfo(path).fileName();
    const MetadataReader r(fileName, file.metadata);
    if (file.format != QLatin1String("safetensors"))
        r.fail(QStringLiteral("a checkpoint is a .safetensors file; this is %1").arg(file.format));
    if (file.metadata.value("format") != kFormat)
        r.fail(QStringLiteral("not a training checkpoint (its metadata has no \"format\": \"%1\")")
                   .arg(kFormat));
    if (file.metadata.value("version") != QLatin1String("1"))
        r.fail(QStringLiteral("checkpoint version \"%1\" is not read; version 1 is")
                   .arg(file.metadata.value("version").left(20)));

    Checkpoint ck;
    ck.config = readConfig(r);
    ck.step = int(r.integer("step", 0, 100000000));
    try {
        ck.task = train::describeTask(ck.config.task);
        train::validate(ck.config.model);
    } catch (const std::invalid_argument &e) {
        r.fail(
            QStringLiteral("the checkpoint's configuration is refused: %1").arg(QString::fromUtf8(e.what())));
    }
    if (ck.config.model.vocab_size != ck.task.vocab_size || ck.config.model.n_ctx != ck.task.seq_len)
        r.fail(QStringLiteral("the model reads %1 token ids and %2 positions, but task %3 has %4 and %5")
                   .arg(ck.config.model.vocab_size)
                   .arg(ck.config.model.n_ctx)
                   .arg(train::toString(ck.task.kind))
                   .arg(ck.task.vocab_size)
                   .arg(ck.task.seq_len));

    // Every parameter of the configuration, by name and shape; nothing else.
    std::map<std::string, const NamedTensor *> byName;
    for (const NamedTensor &t : file.tensors) byName[t.name.toStdString()] = &t;
    for (const train::ParameterSpec &spec : train::parameterSpecs(ck.config.model)) {
        const auto it = byName.find(spec.name);
        if (it == byName.end())
            r.fail(QStringLiteral("tensor \"%1\" is missing").arg(QString::fromStdString(spec.name)));
        const NamedTensor &t = *it->second;
        const std::vector<qint64> want(spec.shape.begin(), spec.shape.end());
        if (t.shape != want)
            r.fail(QStringLiteral("tensor \"%1\" has shape %2; the configuration needs %3")
                       .arg(t.name, shapeText(t.shape), shapeText(want)));
        train::NamedTensor w;
        w.name = spec.name;
        w.shape = spec.shape;
        w.data = t.data;
        w.dtype = t.dtype == DType::Float32 ? train::DType::Float32 : train::DType::Float64;
        ck.weights.push_back(std::move(w));
        byName.erase(it);
    }
    if (!byName.empty())
        r.fail(QStringLiteral("tensor \"%1\" is not a parameter of this model")
                   .arg(QString::fromStdString(byName.begin()->first)));
    return ck;
}

} // namespace attn::io
