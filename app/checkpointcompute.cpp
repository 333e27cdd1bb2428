#include "checkpointcompute.h"

#include "commands.h"
#include "core/attention.h"
#include "core/train/headscenario.h"
#include "ui/document/scenariojson.h"
#include "ui/io/checkpoint.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace attn::app {

namespace {

/// A whole number in [0, count) for option `name`, or the one-line error.
std::optional<QString> index(const QCommandLineParser &p, const char *name, int count, const char *what,
                             int &out)
{
    if (!p.isSet(name)) return QStringLiteral("--checkpoint needs --%1 (the %2, from 0)").arg(name, what);
    bool ok = false;
    out = p.value(name).trimmed().toInt(&ok);
    if (!ok || out < 0 || out >= count)
        return QStringLiteral("--%1 must be a %2 from 0 to %3 (the checkpoint's model has %4), got \"%5\"")
            .arg(name, what)
            .arg(count - 1)
            .arg(count)
            .arg(p.value(name));
    return std::nullopt;
}

} // namespace

int runCheckpointCompute(const QCommandLineParser &p)
{
    const QString path = p.value("checkpoint");
    if (!p.positionalArguments().mid(1).isEmpty()) {
        printError("compute takes either SCENARIO.json or --checkpoint FILE, not both");
        return BadInput;
    }
    if (!p.isSet("probe")) {
        printError("--checkpoint needs --probe \"tokens …\" (the sequence the model reads)");
        return BadInput;
    }
    io::Checkpoint ck;
    try {
        ck = io::readCheckpoint(path);
    } catch (const io::TensorFileError &e) {
        printError(e.message());
        return BadInput;
    }
    const train::ModelConfig &model = ck.config.model;
    int layer = 0, head = 0;
    if (auto e = index(p, "layer", model.num_layers, "layer", layer)) {
        printError(*e);
        return BadInput;
    }
    if (auto e = index(p, "head", model.num_heads, "head", head)) {
        printError(*e);
        return BadInput;
    }

    // The probe: names of the vocabulary, separated by white space.
    const QStringList words = p.value("probe").split(QRegularExpression("\\s+"), Qt::SkipEmptyParts);
    if (words.isEmpty() || words.size() > model.n_ctx) {
        printError(QStringLiteral("--probe must hold 1 to %1 tokens (the model's n_ctx), got %2")
                       .arg(model.n_ctx)
                       .arg(words.size()));
        return BadInput;
    }
    std::vector<int> tokens;
    std::vector<std::string> labels;
    for (const QString &word : words) {
        const std::string name = word.toStdString();
        const auto it = std::find(ck.task.token_names.begin(), ck.task.token_names.end(), name);
        if (it == ck.task.token_names.end()) {
            QStringList some;
            for (std::size_t i = 0; i < ck.task.token_names.size() && i < 8; ++i)
                some << QString::fromStdString(ck.task.token_names[i]);
            printError(
                QStringLiteral("--probe: \"%1\" is not a token of the %2 task's vocabulary (%3 tokens: "
                               "%4 …)")
                    .arg(word.left(40), QString::fromLatin1(train::toString(ck.task.kind)))
                    .arg(ck.task.token_names.size())
                    .arg(some.join(' ')));
            return BadInput;
        }
        tokens.push_back(int(it - ck.task.token_names.begin()));
        labels.push_back(name);
    }

    QByteArray out;
    try {
        train::Model<double> m(model);
        m.importParameters(ck.weights);
        train::Batch b = train::Batch::zeros(1, attn::Index(tokens.size()));
        b.tokens = tokens;
        const train::ProbeTrace trace = m.probe(b, 1).front();
        const std::string title = "Layer " + std::to_string(layer) + ", head " + std::to_string(head) +
                                  " of a " + train::toString(ck.task.kind) + " model after " +
                                  std::to_string(ck.step) + " steps (seed " + std::to_string(ck.config.seed) +
                                  ")";
        const Scenario s = train::headScenario(model, ck.weights, trace, layer, head, labels, title);
        const AttentionTrace t = attend(s);
        QJsonObject result = doc::resultToJson(s, t);
        result.insert("source", QJsonObject{{"checkpoint", QFileInfo(path).fileName()},
                                            {"task", train::toString(ck.task.kind)},
                                            {"step", ck.step},
                                            {"seed", double(ck.config.seed)},
                                            {"layer", layer},
                                            {"head", head},
                                            {"probe", QJsonArray::fromStringList(words)}});
        result.insert("scenario", doc::scenarioToJson(s));
        out = QJsonDocument(result).toJson(QJsonDocument::Indented);
    } catch (const std::invalid_argument &e) {
        printError(QStringLiteral("%1: %2").arg(QFileInfo(path).fileName(), QString::fromUtf8(e.what())));
        return BadInput;
    } catch (const ScenarioError &e) {
        printError(QStringLiteral("%1: %2").arg(QFileInfo(path).fileName(), QString::fromUtf8(e.what())));
        return BadInput;
    }
    const std::size_t n = std::fwrite(out.constData(), 1, std::size_t(out.size()), stdout);
    if (n != std::size_t(out.size()) || std::fflush(stdout) != 0) {
        printError("cannot write the result to standard output");
        return Failure;
    }
    return Ok;
}

} // namespace attn::app
