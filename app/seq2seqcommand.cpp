#include "seq2seqcommand.h"

#include "commands.h"
#include "core/sysinfo.h"
#include "core/train/seq2seqtrainer.h"
#include "ui/base/savefile.h"

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

/// Writes `out` to the file `json`, atomically; false (and one line) when it cannot be written.
bool writeJson(const QString &json, const QJsonObject &out)
{
    QString reason;
    if (attn::ui::saveFileAtomically(json, QJsonDocument(out).toJson(QJsonDocument::Indented), &reason))
        return true;
    printError(QStringLiteral("cannot write %1: %2").arg(json, reason));
    return false;
}

/// Ok, or Failure (and one line) when the summary could not be written to standard output.
int summaryStatus(bool written)
{
    if (written && !std::ferror(stdout)) return Ok;
    printError("cannot write the summary to standard output");
    return Failure;
}

using namespace attn::train;

QJsonValue number(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue();
}

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
std::optional<QString> parse(const QCommandLineParser &p, Seq2SeqTrainConfig &c, QString &json,
                             std::vector<int> &lengths)
{
    const QString modelName = p.value("model");
    if (modelName != QLatin1String("seq2seq"))
        return QStringLiteral("--model must be transformer or seq2seq, got \"%1\"").arg(modelName);
    const QString taskName = p.isSet("task") ? p.value("task") : QStringLiteral("reverse");
    const std::optional<Seq2SeqTaskKind> task = seq2seqTaskFromName(taskName.toStdString());
    if (!task)
        return QStringLiteral("--task must be reverse or dates for --model seq2seq, got \"%1\"")
            .arg(taskName);
    c = Seq2SeqTrainConfig();
    c.task.kind = *task;
    c.threads = std::min(bench::availableThreads(), 8);
    const QString scoreName = p.value("score");
    const std::optional<ScoreKind> score = scoreFromName(scoreName.toStdString());
    if (!score) return QStringLiteral("--score must be additive, dot or general, got \"%1\"").arg(scoreName);
    c.model.score = *score;
    c.model.attention = !p.isSet("no-attention");
    c.model.bidirectional = p.isSet("bidirectional");
    long long v = 0;
    const auto intOption = [&](const char *option, long long lo, long long hi,
                               auto &field) -> std::optional<QString> {
        if (!p.isSet(option)) return std::nullopt;
        if (auto e = parseInt(p, option, lo, hi, v)) return e;
        field = static_cast<std::remove_reference_t<decltype(field)>>(v);
        return std::nullopt;
    };
    if (auto e = intOption("local", 1, 4096, c.model.local_window)) return e;
    if (c.model.local_window > 0 && !c.model.attention)
        return QStringLiteral("--local needs attention: drop --no-attention");
    if (auto e = intOption("length", 1, 1024, c.task.length)) return e;
    if (auto e = intOption("symbols", 2, 4096, c.task.symbols)) return e;
    if (auto e = intOption("hidden", 1, 4096, c.model.hidden)) return e;
    if (auto e = intOption("embed", 1, 4096, c.model.embed_dim)) return e;
    if (auto e = intOption("steps", 0, 100000000, c.steps)) return e;
    if (auto e = intOption("batch", 1, 65536, c.batch_size)) return e;
    if (auto e = intOption("seed", 0, 9007199254740991LL, c.seed)) return e;
    if (auto e = intOption("threads", 1, 1024, c.threads)) return e;
    if (auto e = intOption("log-every", 1, 100000000, c.log_every)) return e;
    if (p.isSet("lr")) {
        bool ok = false;
        const double lr = p.value("lr").trimmed().toDouble(&ok);
        if (!ok || !(lr > 0 && lr <= 10))
            return QStringLiteral("--lr must be a learning rate in (0, 10], got \"%1\"").arg(p.value("lr"));
        c.optimizer.learning_rate = lr;
    }
    if (p.isSet("lengths")) {
        if (c.task.kind != Seq2SeqTaskKind::Reverse || p.isSet("length"))
            return QStringLiteral("--lengths needs --task reverse and no --length");
        for (const QString &part : p.value("lengths").split(',')) {
            bool ok = false;
            const int length = part.trimmed().toInt(&ok);
            if (!ok || length < 1 || length > 1024)
                return QStringLiteral(
                           "--lengths must be integers from 1 to 1024 separated by commas, got \"%1\"")
                    .arg(p.value("lengths"));
            lengths.push_back(length);
        }
    }
    if (p.isSet("json")) {
        json = p.value("json");
        const QFileInfo target(json);
        if (json.isEmpty() || json == QLatin1String("-") || (target.exists() && !target.isFile()))
            return QStringLiteral(
                       "--json: \"%1\" is not a regular file; give the path of a .json file to write")
                .arg(json);
        QSaveFile probe(json);
        if (!probe.open(QIODevice::WriteOnly))
            return QStringLiteral("--json: cannot write \"%1\": %2").arg(json, probe.errorString());
        probe.cancelWriting();
    }
    return std::nullopt;
}

QJsonObject configJson(const Seq2SeqTrainer &t)
{
    const Seq2SeqTrainConfig &c = t.config();
    return QJsonObject{
        {"model", "seq2seq"},
        {"task", toString(c.task.kind)},
        {"length", t.task().kind == Seq2SeqTaskKind::Reverse ? QJsonValue(t.task().length) : QJsonValue()},
        {"symbols", t.task().kind == Seq2SeqTaskKind::Reverse ? QJsonValue(t.task().symbols) : QJsonValue()},
        {"vocab_size", c.model.vocab_size},
        {"embed_dim", c.model.embed_dim},
        {"hidden", c.model.hidden},
        {"bidirectional", c.model.bidirectional},
        {"attention", c.model.attention},
        {"score", c.model.attention ? QJsonValue(toString(c.model.score)) : QJsonValue()},
        {"local_window", c.model.local_window},
        {"decoder", c.model.bahdanauDecoder() ? "bahdanau" : "luong"},
        {"batch_size", c.batch_size},
        {"steps", c.steps},
        {"learning_rate", c.optimizer.learning_rate},
        {"weight_decay", c.optimizer.weight_decay},
        {"cosine_decay", c.cosine_decay},
        {"grad_clip", c.grad_clip},
        {"seed", static_cast<double>(c.seed)},
        {"threads", c.threads},
        {"log_every", c.log_every},
        {"heldout_size", c.heldout_size},
        {"dtype", "float32"}};
}

/// A matrix as an array of rows.
QJsonArray matrixJson(const Matrix &m)
{
    QJsonArray rows;
    for (Index r = 0; r < m.rows(); ++r) {
        QJsonArray row;
        for (Index c = 0; c < m.cols(); ++c) row.append(m(r, c));
        rows.append(row);
    }
    return rows;
}

QJsonObject logJson(const Seq2SeqLogPoint &p)
{
    return QJsonObject{{"step", p.step},
                       {"probe_alignment", p.probe_alignments.empty()
                                               ? QJsonValue()
                                               : QJsonValue(matrixJson(p.probe_alignments[0]))},
                       {"train_loss", number(p.train_loss)},
                       {"train_accuracy", number(p.train_accuracy)},
                       {"heldout_loss", number(p.heldout_loss)},
                       {"heldout_accuracy", number(p.heldout_accuracy)},
                       {"greedy_accuracy", number(p.greedy_accuracy)},
                       {"alignment_accuracy", number(p.alignment_accuracy)},
                       {"alignment_after", number(p.alignment_after)},
                       {"train_seconds", p.seconds}};
}

QJsonArray intsJson(const std::vector<int> &v)
{
    QJsonArray a;
    for (int x : v) a.append(x);
    return a;
}

bool print(const QString &line)
{
    const QByteArray bytes = line.toUtf8() + '\n';
    return std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), stdout) ==
               static_cast<std::size_t>(bytes.size()) &&
           std::fflush(stdout) == 0;
}

QString tokensText(const Seq2SeqTaskInfo &task, const std::vector<int> &tokens)
{
    QStringList words;
    for (int t : tokens) words << QString::fromStdString(task.token_names[static_cast<std::size_t>(t)]);
    return words.join(' ');
}

/// `--lengths`: one run per length, a table on stdout and, with --json, the points.
int runLengthSweep(const Seq2SeqTrainConfig &config, const std::vector<int> &lengths, const QString &json)
{
    QElapsedTimer wall;
    wall.start();
    std::vector<LengthPoint> points;
    try {
        points = accuracyAgainstLength(config, lengths);
    } catch (const std::invalid_argument &e) {
        printError(QStringLiteral("train: %1").arg(QString::fromUtf8(e.what())));
        return BadInput;
    }
    bool ok =
        print(QStringLiteral("# attention-lab train: seq2seq, %1, reverse, accuracy against length, %2 steps "
                             "each, seed %3")
                  .arg(QString::fromStdString(describe(config.model)))
                  .arg(config.steps)
                  .arg(config.seed));
    ok = ok && print(QStringLiteral("length greedy teacher-forced alignment one-after seconds"));
    QJsonArray rows;
    const auto share = [&](double v) {
        return config.model.attention ? QString::number(v, 'f', 3) : QStringLiteral("–");
    };
    for (const LengthPoint &p : points) {
        ok = ok && print(QStringLiteral("%1 %2 %3 %4 %5 %6")
                             .arg(p.length, 6)
                             .arg(p.final.greedy_accuracy, 6, 'f', 3)
                             .arg(p.final.heldout_accuracy, 14, 'f', 3)
                             .arg(share(p.final.alignment_accuracy), 9)
                             .arg(share(p.final.alignment_after), 9)
                             .arg(p.final.seconds, 7, 'f', 2));
        rows.append(QJsonObject{{"length", p.length},
                                {"parameter_count", p.parameter_count},
                                {"greedy_accuracy", number(p.final.greedy_accuracy)},
                                {"heldout_accuracy", number(p.final.heldout_accuracy)},
                                {"alignment_accuracy", number(p.final.alignment_accuracy)},
                                {"alignment_after", number(p.final.alignment_after)},
                                {"train_seconds", p.final.seconds}});
    }
    if (!json.isEmpty()) {
        Seq2SeqTrainer first(config); // the configuration as the runs had it (length aside)
        QJsonObject c = configJson(first);
        c.remove("length");
        const QJsonObject out{{"format", "attention-lab.train"},
                              {"version", 1},
                              {"config", c},
                              {"lengths", rows},
                              {"wall_seconds", static_cast<double>(wall.nsecsElapsed()) * 1e-9}};
        if (!writeJson(json, out)) return Failure;
    }
    return summaryStatus(ok);
}

} // namespace

bool wantsSeq2Seq(const QStringList &arguments)
{
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        if (arguments[i] == QLatin1String("--model=seq2seq")) return true;
        if (arguments[i] == QLatin1String("--model") && i + 1 < arguments.size() &&
            arguments[i + 1] == QLatin1String("seq2seq"))
            return true;
    }
    return false;
}

int runSeq2SeqTrainCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Trains an RNN encoder–decoder (GRU encoder, optionally bidirectional; GRU decoder) with Bahdanau "
        "(additive) or Luong (dot, general; global or local-p) attention, or without attention, on a toy "
        "translation task, with the engine's hand-written back-propagation through time. Reports held-out "
        "accuracy (teacher-forced and greedy), how often the alignment's largest weight is on the right "
        "source position, and speed. Defaults: additive score, hidden 32, embedding 16, batch 32, AdamW lr "
        "0.01 with cosine decay, 600 steps. Progress on stderr, a summary on stdout.");
    parser.addHelpOption();
    parser.addPositionalArgument("train", "The command.");
    parser.addOptions({
        {"model", "transformer (the default train command) or seq2seq.", "MODEL", "seq2seq"},
        {"task", "reverse or dates (default reverse).", "TASK"},
        {"score", "additive (Bahdanau), dot or general (Luong) (default additive).", "SCORE", "additive"},
        {"local", "Luong's local-p attention with a window of half width D (default: global).", "D"},
        {"no-attention", "The baseline without attention: the decoder sees only the last encoder state."},
        {"bidirectional", "A bidirectional encoder (Bahdanau et al. 2015, §3.2)."},
        {"length", "reverse: tokens per sequence (default 12).", "L"},
        {"lengths", "reverse: one run per length (e.g. 6,12,18,24), a table of accuracy against length.",
         "LIST"},
        {"symbols", "reverse: distinct symbols (default 8).", "N"},
        {"hidden", "Encoder state per direction (default 32).", "H"},
        {"embed", "Width of the token embeddings (default 16).", "E"},
        {"steps", "Training steps (default 600).", "N"},
        {"batch", "Examples per step (default 32).", "B"},
        {"lr", "AdamW learning rate (default 0.01).", "X"},
        {"seed", "Seed of the initial weights and of the data (default 0).", "S"},
        {"threads",
         "Threads (default: the cores this process may use, at most 8). Results are the same "
         "for every thread count up to 8.",
         "T"},
        {"log-every", "Held-out evaluation every K steps (default 50).", "K"},
        {"json", "Also write the configuration, curves and alignments to FILE (written atomically).", "FILE"},
    });
    if (const std::optional<int> stop = parseCommand(parser, arguments, QStringLiteral("train")))
        return *stop;
    Seq2SeqTrainConfig config;
    QString json;
    std::vector<int> lengths;
    if (const auto error = parse(parser, config, json, lengths)) {
        printError(*error);
        return BadInput;
    }
    if (!lengths.empty()) return runLengthSweep(config, lengths, json);
    std::unique_ptr<Seq2SeqTrainer> trainer;
    try {
        trainer = std::make_unique<Seq2SeqTrainer>(config);
    } catch (const std::invalid_argument &e) {
        printError(QStringLiteral("train: %1").arg(QString::fromUtf8(e.what())));
        return BadInput;
    }
    Seq2SeqTrainer &t = *trainer;
    const bool tty = isatty(fileno(stderr)) != 0;
    QElapsedTimer wall;
    wall.start();
    const auto report = [&](const Seq2SeqLogPoint &p) {
        std::fprintf(stderr, "%strain: step %d/%d  loss %.4f  held-out loss %.4f accuracy %.3f greedy %.3f%s",
                     tty ? "\r\033[K" : "", p.step, t.config().steps, p.train_loss, p.heldout_loss,
                     p.heldout_accuracy, p.greedy_accuracy, tty ? "" : "\n");
        std::fflush(stderr);
    };
    report(t.log().front());
    for (int s = 0; s < t.config().steps; ++s) {
        const std::size_t logged = t.log().size();
        if (s + 1 == t.config().steps)
            t.run(1); // the last step is always logged
        else
            t.step();
        if (t.log().size() > logged) report(t.log().back());
    }
    if (tty) std::fputs("\n", stderr);
    const double wallSeconds = static_cast<double>(wall.nsecsElapsed()) * 1e-9;
    const Seq2SeqLogPoint &last = t.log().back();
    const double stepsPerSecond = t.trainSeconds() > 0 ? t.stepsDone() / t.trainSeconds() : 0.0;

    const std::vector<Seq2SeqTrace> probes = t.traceProbes();
    bool ok = print(
        QStringLiteral("# attention-lab train: seq2seq, %1, %2%3, %4 parameters, seed %5, %6 thread(s)")
            .arg(QString::fromStdString(describe(t.config().model)), toString(t.config().task.kind))
            .arg(t.task().kind == Seq2SeqTaskKind::Reverse ? QStringLiteral(" length %1").arg(t.task().length)
                                                           : QString())
            .arg(t.model().parameterCount())
            .arg(t.config().seed)
            .arg(t.config().threads));
    ok = ok && print(QStringLiteral(
                         "step %1: held-out loss %2, accuracy %3 (teacher-forced), %4 (greedy), "
                         "alignment on the reference position %5 (one after it %6); %7 s wall, %8 steps/s")
                         .arg(last.step)
                         .arg(last.heldout_loss, 0, 'f', 4)
                         .arg(last.heldout_accuracy, 0, 'f', 3)
                         .arg(last.greedy_accuracy, 0, 'f', 3)
                         .arg(t.config().model.attention ? QString::number(last.alignment_accuracy, 'f', 3)
                                                         : QStringLiteral("–"))
                         .arg(t.config().model.attention ? QString::number(last.alignment_after, 'f', 3)
                                                         : QStringLiteral("–"))
                         .arg(wallSeconds, 0, 'f', 2)
                         .arg(stepsPerSecond, 0, 'f', 1));
    // One probe's alignment: a row per decoder step, the source position of its largest weight.
    const Seq2SeqExample &ex = t.heldOut().front();
    ok = ok && print(QStringLiteral("source: %1").arg(tokensText(t.task(), ex.source)));
    ok = ok && print(QStringLiteral("output: %1").arg(tokensText(t.task(), probes.front().output)));
    if (t.config().model.attention) {
        QStringList argmax;
        for (Index r = 0; r < probes.front().weights.rows(); ++r) {
            Index best = 0;
            probes.front().weights.row(r).maxCoeff(&best);
            argmax << QString::number(best);
        }
        ok = ok && print(QStringLiteral("largest weight at source position: %1").arg(argmax.join(' ')));
    }

    if (!json.isEmpty()) {
        QJsonArray steps, losses, accuracies, logs, parameters, tokens, alignments;
        for (const StepStats &s : t.history()) {
            steps.append(s.step);
            losses.append(number(s.loss));
            accuracies.append(number(s.accuracy));
        }
        for (const Seq2SeqLogPoint &p : t.log()) logs.append(logJson(p));
        for (const ParameterSpec &s : t.model().specs()) {
            QJsonArray shape;
            for (Index n : s.shape) shape.append(static_cast<qint64>(n));
            parameters.append(QJsonObject{{"name", QString::fromStdString(s.name)}, {"shape", shape}});
        }
        for (const std::string &name : t.task().token_names) tokens.append(QString::fromStdString(name));
        for (std::size_t e = 0; e < probes.size(); ++e) {
            QJsonArray positions;
            const QJsonArray weights = matrixJson(probes[e].weights);
            for (double p : probes[e].positions) positions.append(p);
            alignments.append(QJsonObject{{"source", intsJson(t.heldOut()[e].source)},
                                          {"target", intsJson(t.heldOut()[e].target)},
                                          {"output", intsJson(probes[e].output)},
                                          {"weights", weights},
                                          {"positions", positions}});
        }
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
                                  {"heldout_accuracy", number(last.heldout_accuracy)},
                                  {"greedy_accuracy", number(last.greedy_accuracy)},
                                  {"alignment_accuracy", number(last.alignment_accuracy)},
                                  {"alignment_after", number(last.alignment_after)}}},
            {"alignments", alignments},
            {"wall_seconds", wallSeconds},
            {"train_seconds", t.trainSeconds()},
            {"steps_per_second", stepsPerSecond},
        };
        if (!writeJson(json, out)) return Failure;
    }
    return summaryStatus(ok);
}

} // namespace attn::app
