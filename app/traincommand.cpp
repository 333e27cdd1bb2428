#include "traincommand.h"

#include "commands.h"
#include "core/sysinfo.h"
#include "core/train/trainer.h"
#include "seq2seqcommand.h"
#include "ui/base/savefile.h"
#include "ui/io/checkpoint.h"

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <unistd.h>

namespace attn::app {

namespace {

using namespace attn::train;

/// A JSON number, or null for NaN (a head-role score with no qualifying query).
QJsonValue number(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue();
}

/// An integer option in [lo, hi], or the error naming the option and the value.
std::optional<QString> parseInt(const QCommandLineParser &p, const char *option, long long lo, long long hi,
                                long long &out)
{
    const QString text = p.value(option);
    bool ok = false;
    out = text.trimmed().toLongLong(&ok);
    if (!ok || out < lo || out > hi)
        return QStringLiteral("--%1 must be an integer from %2 to %3, got \"%4\"")
            .arg(option)
            .arg(lo)
            .arg(hi)
            .arg(text);
    return std::nullopt;
}

/// The configuration the options select, or the one-line error of the first bad option.
/// Why `path`, the value of --`option`, cannot be replaced by a file, or nothing: only a regular file
/// (or a new one) is replaced, atomically, and the folder is tried now so that a run never ends with
/// its results lost.
std::optional<QString> unwritable(const char *option, const QString &path, const char *kind)
{
    const QFileInfo target(path);
    if (path.isEmpty() || path == QLatin1String("-") || (target.exists() && !target.isFile()))
        return QStringLiteral("--%1: \"%2\" is not a regular file; give the path of a %3 file to write")
            .arg(option, path, kind);
    QSaveFile probe(path);
    if (!probe.open(QIODevice::WriteOnly))
        return QStringLiteral("--%1: cannot write \"%2\": %3").arg(option, path, probe.errorString());
    probe.cancelWriting();
    return std::nullopt;
}

std::optional<QString> parse(const QCommandLineParser &p, TrainConfig &c, QString &json, QString &checkpoint)
{
    if (p.value("model") != QLatin1String("transformer"))
        return QStringLiteral("--model must be transformer or seq2seq, got \"%1\"").arg(p.value("model"));
    const QString taskName = p.value("task");
    const std::optional<TaskKind> task = taskFromName(taskName.toStdString());
    if (!task)
        return QStringLiteral(
                   "--task must be induction, previous-token, copy, reverse or coreference, got \"%1\"")
            .arg(taskName);
    c = defaultTrainConfig(*task);
    c.threads = bench::availableThreads();
    long long v = 0;
    const auto intOption = [&](const char *option, long long lo, long long hi,
                               auto &field) -> std::optional<QString> {
        if (!p.isSet(option)) return std::nullopt;
        if (auto e = parseInt(p, option, lo, hi, v)) return e;
        field = static_cast<std::remove_reference_t<decltype(field)>>(v);
        return std::nullopt;
    };
    if (auto e = intOption("layers", 1, 4, c.model.num_layers)) return e;
    if (auto e = intOption("heads", 1, 64, c.model.num_heads)) return e;
    if (auto e = intOption("head-dim", 1, 1024, c.model.head_dim)) return e;
    if (auto e = intOption("d-model", 1, 4096, c.model.d_model)) return e;
    if (auto e = intOption("steps", 0, 100000000, c.steps)) return e;
    if (auto e = intOption("batch", 1, 65536, c.batch_size)) return e;
    if (auto e = intOption("seed", 0, 9007199254740991LL, c.seed)) return e; // every integer a double holds
    if (auto e = intOption("threads", 1, 1024, c.threads)) return e;
    if (auto e = intOption("log-every", 1, 100000000, c.log_every)) return e;
    if (auto e = intOption("seq-len", 4, 1024, c.task.seq_len)) return e;
    if (p.isSet("lr")) {
        bool ok = false;
        const double lr = p.value("lr").trimmed().toDouble(&ok);
        if (!ok || !(lr > 0 && lr <= 10))
            return QStringLiteral("--lr must be a learning rate in (0, 10], got \"%1\"").arg(p.value("lr"));
        c.optimizer.learning_rate = lr;
    }
    if (p.isSet("rope")) c.model.positional = PositionalKind::Rope;
    c.model.mlp = p.isSet("mlp");
    c.model.layer_norm = p.isSet("layer-norm");
    if (p.isSet("json")) {
        json = p.value("json");
        if (auto e = unwritable("json", json, ".json")) return e;
    }
    if (p.isSet("checkpoint")) {
        checkpoint = p.value("checkpoint");
        if (auto e = unwritable("checkpoint", checkpoint, ".safetensors")) return e;
        if (!json.isEmpty() && QFileInfo(json).absoluteFilePath() == QFileInfo(checkpoint).absoluteFilePath())
            return QStringLiteral("--json and --checkpoint name the same file \"%1\"").arg(json);
    }
    return std::nullopt;
}

QJsonObject configJson(const Trainer &t)
{
    const TrainConfig &c = t.config();
    return QJsonObject{{"task", toString(c.task.kind)},
                       {"seq_len", t.task().seq_len},
                       {"symbols", t.task().symbols},
                       {"vocab_size", c.model.vocab_size},
                       {"layers", c.model.num_layers},
                       {"heads", c.model.num_heads},
                       {"head_dim", c.model.head_dim},
                       {"d_model", c.model.d_model},
                       {"positional", toString(c.model.positional)},
                       {"mlp", c.model.mlp},
                       {"d_mlp", c.model.mlp ? QJsonValue(c.model.mlpWidth()) : QJsonValue()},
                       {"layer_norm", c.model.layer_norm},
                       {"batch_size", c.batch_size},
                       {"steps", c.steps},
                       {"learning_rate", c.optimizer.learning_rate},
                       {"weight_decay", c.optimizer.weight_decay},
                       {"beta1", c.optimizer.beta1},
                       {"beta2", c.optimizer.beta2},
                       {"eps", c.optimizer.eps},
                       {"warmup_steps", c.warmup_steps},
                       {"cosine_decay", c.cosine_decay},
                       {"grad_clip", c.grad_clip},
                       {"seed", static_cast<double>(c.seed)},
                       {"threads", c.threads},
                       {"log_every", c.log_every},
                       {"heldout_size", c.heldout_size},
                       {"probe_count", c.probe_count},
                       {"dtype", "float32"}};
}

QJsonArray rolesJson(const std::vector<HeadRoles> &roles, int heads)
{
    QJsonArray out;
    for (std::size_t i = 0; i < roles.size(); ++i) {
        const HeadRoles &r = roles[i];
        out.append(QJsonObject{{"layer", static_cast<int>(i) / heads},
                               {"head", static_cast<int>(i) % heads},
                               {"previous_token", number(r.previous_token)},
                               {"duplicate_token", number(r.duplicate_token)},
                               {"induction", number(r.induction)},
                               {"first_token", number(r.first_token)},
                               {"entropy", number(r.entropy)},
                               {"target_token", number(r.target_token)}});
    }
    return out;
}

QJsonObject logJson(const LogPoint &p, int heads)
{
    return QJsonObject{{"step", p.step},
                       {"train_loss", number(p.train_loss)},
                       {"train_accuracy", number(p.train_accuracy)},
                       {"heldout_loss", number(p.heldout_loss)},
                       {"heldout_accuracy", number(p.heldout_accuracy)},
                       {"train_seconds", p.seconds},
                       {"roles", rolesJson(p.roles, heads)}};
}

/// A score with two decimals, or "–" for NaN.
QString cell(double v)
{
    return std::isfinite(v) ? QString::number(v, 'f', 2) : QStringLiteral("–");
}

bool print(const QString &line)
{
    const QByteArray bytes = line.toUtf8() + '\n';
    return std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), stdout) ==
               static_cast<std::size_t>(bytes.size()) &&
           std::fflush(stdout) == 0;
}

} // namespace

int runTrainCommand(const QStringList &arguments)
{
    if (wantsSeq2Seq(arguments)) return runSeq2SeqTrainCommand(arguments);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Trains a small decoder-only transformer (attention-only by default, as in Elhage et al. 2021) on a "
        "task with the engine's hand-written backward pass, and reports the loss and accuracy curves, "
        "held-out accuracy, head-role scores (previous-token, duplicate-token, induction, first-token, "
        "entropy) and training speed. Defaults: 2 layers × 4 heads × head_dim 16, d_model 64, batch 32, "
        "AdamW lr 3e-3 with weight decay 0.1 and cosine decay, 1000 steps (1500 for coreference). "
        "Progress on stderr, a summary on stdout.");
    parser.addHelpOption();
    parser.addPositionalArgument("train", "The command.");
    parser.addOptions({
        {"model",
         "transformer (default), or seq2seq: an RNN encoder–decoder with attention (see train --model "
         "seq2seq --help).",
         "MODEL", "transformer"},
        {"task", "induction, previous-token, copy, reverse or coreference (default induction).", "TASK",
         "induction"},
        {"layers", "Layers L, 1 … 4 (default 2).", "L"},
        {"heads", "Heads per layer H (default 4).", "H"},
        {"head-dim", "Width of every head (default 16).", "D"},
        {"d-model", "Width of the residual stream (default 64).", "D"},
        {"steps", "Training steps (default 1000; 1500 for coreference).", "N"},
        {"batch", "Sequences per step (default 32).", "B"},
        {"lr", "AdamW learning rate (default 0.003).", "X"},
        {"seed", "Seed of the initial weights and of the data (default 0).", "S"},
        {"threads",
         "Threads (default: every core this process may use). Results are the same for every "
         "thread count up to 8.",
         "T"},
        {"log-every", "Held-out evaluation and head roles every K steps (default 50).", "K"},
        {"seq-len", "Tokens per sequence (default: the task's, 32 for induction, 16 for the others).", "T"},
        {"rope", "Rotary position embeddings instead of learned absolute positions."},
        {"mlp", "An MLP after each attention layer (d_mlp = 4 · d_model)."},
        {"layer-norm", "Pre-LayerNorm before attention, MLP and unembedding."},
        {"json", "Also write the configuration, curves and head roles to FILE (written atomically).", "FILE"},
        {"checkpoint",
         "Also write the trained weights to FILE as .safetensors, with the configuration, task, step and "
         "seed in its metadata (written atomically; loads in PyTorch).",
         "FILE"},
    });
    if (const std::optional<int> stop = parseCommand(parser, arguments, QStringLiteral("train")))
        return *stop;
    TrainConfig config;
    QString json, checkpoint;
    if (const auto error = parse(parser, config, json, checkpoint)) {
        printError(*error);
        return BadInput;
    }
    std::unique_ptr<Trainer> trainer;
    try {
        trainer = std::make_unique<Trainer>(config);
    } catch (const std::invalid_argument &e) {
        printError(QStringLiteral("train: %1").arg(QString::fromUtf8(e.what())));
        return BadInput;
    }
    Trainer &t = *trainer;
    const int heads = t.config().model.num_heads;
    const bool tty = isatty(fileno(stderr)) != 0;
    QElapsedTimer wall;
    wall.start();
    const auto report = [&](const LogPoint &p, double stepsPerSecond) {
        const QString speed =
            p.step > 0 ? QStringLiteral("  %1 steps/s").arg(stepsPerSecond, 0, 'f', 0) : QString();
        std::fprintf(stderr, "%strain: step %d/%d  loss %.4f  held-out loss %.4f accuracy %.3f%s%s",
                     tty ? "\r\033[K" : "", p.step, t.config().steps, p.train_loss, p.heldout_loss,
                     p.heldout_accuracy, qPrintable(speed), tty ? "" : "\n");
        std::fflush(stderr);
    };
    report(t.log().front(), 0.0);
    t.run(-1, [&](const TrainProgress &p) {
        if (p.logged) report(*p.logged, p.steps_per_second);
    });
    if (tty) std::fputs("\n", stderr);
    const double wallSeconds = static_cast<double>(wall.nsecsElapsed()) * 1e-9;
    const LogPoint &last = t.log().back();

    // The summary on stdout: the final numbers and every head's roles.
    bool ok =
        print(QStringLiteral("# attention-lab train: %1, %2 layer(s) × %3 head(s) × head_dim %4, d_model %5, "
                             "%6 parameters, seed %7, %8 thread(s)")
                  .arg(toString(t.config().task.kind))
                  .arg(t.config().model.num_layers)
                  .arg(heads)
                  .arg(t.config().model.head_dim)
                  .arg(t.config().model.d_model)
                  .arg(t.model().parameterCount())
                  .arg(t.config().seed)
                  .arg(t.config().threads));
    ok = ok && print(QStringLiteral("step %1: held-out loss %2, held-out accuracy %3; %4 s wall, %5 steps/s")
                         .arg(last.step)
                         .arg(last.heldout_loss, 0, 'f', 4)
                         .arg(last.heldout_accuracy, 0, 'f', 3)
                         .arg(wallSeconds, 0, 'f', 2)
                         .arg(t.stepsPerSecond(), 0, 'f', 1));
    ok = ok && print(QStringLiteral("layer head previous duplicate induction first entropy target"));
    for (std::size_t i = 0; i < last.roles.size(); ++i) {
        const HeadRoles &r = last.roles[i];
        ok = ok && print(QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8")
                             .arg(static_cast<int>(i) / heads, 5)
                             .arg(static_cast<int>(i) % heads, 4)
                             .arg(cell(r.previous_token), 8)
                             .arg(cell(r.duplicate_token), 9)
                             .arg(cell(r.induction), 9)
                             .arg(cell(r.first_token), 5)
                             .arg(cell(r.entropy), 7)
                             .arg(cell(r.target_token), 6));
    }

    if (!json.isEmpty()) {
        QJsonArray steps, losses, accuracies, logs, parameters;
        for (const StepStats &s : t.history()) {
            steps.append(s.step);
            losses.append(number(s.loss));
            accuracies.append(number(s.accuracy));
        }
        for (const LogPoint &p : t.log()) logs.append(logJson(p, heads));
        for (const ParameterSpec &s : t.model().specs()) {
            QJsonArray shape;
            for (Index n : s.shape) shape.append(static_cast<qint64>(n));
            parameters.append(QJsonObject{{"name", QString::fromStdString(s.name)}, {"shape", shape}});
        }
        QJsonArray tokens;
        for (const std::string &name : t.task().token_names) tokens.append(QString::fromStdString(name));
        const QJsonObject out{
            {"format", "attention-lab.train"},
            {"version", 1},
            {"config", configJson(t)},
            {"parameter_count", static_cast<qint64>(t.model().parameterCount())},
            {"parameters", parameters},
            {"token_names", tokens},
            {"curves", QJsonObject{{"step", steps}, {"train_loss", losses}, {"train_accuracy", accuracies}}},
            {"log", logs},
            {"final", QJsonObject{{"step", last.step},
                                  {"heldout_loss", number(last.heldout_loss)},
                                  {"heldout_accuracy", number(last.heldout_accuracy)}}},
            {"wall_seconds", wallSeconds},
            {"train_seconds", t.trainSeconds()},
            {"train_cpu_seconds", t.trainCpuSeconds()},
            {"steps_per_second", t.stepsPerSecond()},
        };
        QString reason;
        if (!attn::ui::saveFileAtomically(json, QJsonDocument(out).toJson(QJsonDocument::Indented),
                                          &reason)) {
            printError(QStringLiteral("cannot write %1: %2").arg(json, reason));
            return Failure;
        }
    }
    if (!checkpoint.isEmpty()) {
        QString reason;
        if (!attn::io::writeCheckpoint(checkpoint, t, &reason)) {
            printError(reason);
            return Failure;
        }
    }
    if (!ok || std::ferror(stdout)) {
        printError("cannot write the summary to standard output");
        return Failure;
    }
    return Ok;
}

} // namespace attn::app
