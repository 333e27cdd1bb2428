#include "ui/lessons/predictionreader.h"

#include "ui/document/jsonproblem.h"
#include "ui/document/scenariojson.h"

#include <QJsonArray>

#include <cmath>

namespace attn::lessons {

namespace {

const QString kField = QStringLiteral("prediction");

QString sub(const char *key)
{
    return kField + QLatin1Char('.') + QLatin1String(key);
}

/// The key with the single largest weight of (head, query), or −1 on a tie or an all-NaN row.
int winningKey(const Matrix &weights, Index query)
{
    int best = -1;
    bool tie = false;
    for (Index j = 0; j < weights.cols(); ++j) {
        const double w = weights(query, j);
        if (std::isnan(w)) continue;
        if (best < 0 || w > weights(query, best)) {
            best = static_cast<int>(j);
            tie = false;
        } else if (w == weights(query, best)) {
            tie = true;
        }
    }
    return tie ? -1 : best;
}

} // namespace

std::optional<StepPrediction> readPrediction(LessonReader &reader, const QJsonValue &v,
                                             const StepContext *context)
{
    if (!v.isObject()) {
        reader.problem(
            kField,
            QStringLiteral("expected an object with a \"kind\", got %1").arg(LessonReader::typeName(v)));
        return std::nullopt;
    }
    const QJsonObject o = v.toObject();
    const QString kindName = o.value(QStringLiteral("kind")).toString();
    const int kindIndex = static_cast<int>(predictionKindNames().indexOf(kindName));
    if (kindIndex < 0) {
        reader.problem(sub("kind"), QStringLiteral("%1; expected one of %2")
                                        .arg(o.contains(QStringLiteral("kind"))
                                                 ? QStringLiteral("unknown kind “%1”").arg(kindName)
                                                 : QStringLiteral("is missing"),
                                             predictionKindNames().join(QStringLiteral(", "))));
        return std::nullopt;
    }
    StepPrediction p;
    p.kind = static_cast<PredictionKind>(kindIndex);
    const std::size_t before = reader.problemCount();
    const auto has = [&o](const char *key) { return o.contains(QLatin1String(key)); };
    switch (p.kind) {
    case PredictionKind::PickKey:
        reader.rejectUnknownKeys(o, kField, {"kind", "question", "explanation", "head", "query", "choices"});
        break;
    case PredictionKind::Number:
        reader.rejectUnknownKeys(o, kField,
                                 {"kind", "question", "explanation", "of", "head", "query", "key", "column"});
        break;
    case PredictionKind::Distribution:
        reader.rejectUnknownKeys(o, kField, {"kind", "question", "explanation", "head", "query"});
        break;
    }
    if (!has("question"))
        reader.problem(sub("question"), QStringLiteral("is missing (the question the learner answers)"));
    else
        p.question = reader.markdown(o.value(QStringLiteral("question")), sub("question"));
    if (has("explanation"))
        p.explanation = reader.markdown(o.value(QStringLiteral("explanation")), sub("explanation"));

    if (p.kind == PredictionKind::Number) {
        const QString of = o.value(QStringLiteral("of")).toString();
        if (of == QLatin1String("output"))
            p.ofOutput = true;
        else if (of != QLatin1String("weight"))
            reader.problem(sub("of"), QStringLiteral("%1; expected \"weight\" (a query's weight on a key) or "
                                                     "\"output\" (one entry of a query's output)")
                                          .arg(has("of") ? QStringLiteral("unknown quantity “%1”").arg(of)
                                                         : QStringLiteral("is missing")));
        if (p.ofOutput && has("key"))
            reader.problem(sub("key"),
                           QStringLiteral("an output entry is named by \"query\" and \"column\""));
        if (!p.ofOutput && has("column"))
            reader.problem(sub("column"), QStringLiteral("a weight is named by \"query\" and \"key\""));
    }

    const QStringList *queries = context ? &context->queryLabels : nullptr;
    const QStringList *keys = context ? &context->keyLabels : nullptr;
    const auto readToken = [&](const char *key, TokenRef *out, const QStringList *labels,
                               const QString &what) {
        if (!has(key)) {
            reader.problem(sub(key), QStringLiteral("is missing (a %1 label or a 0-based index)").arg(what));
            return;
        }
        if (const auto ref = reader.tokenRef(o.value(QLatin1String(key)), sub(key))) {
            *out = *ref;
            if (labels) reader.resolve(*ref, *labels, what, sub(key));
        }
    };
    readToken("query", &p.query, queries, QStringLiteral("query"));
    if (has("head")) {
        const QJsonValue h = o.value(QStringLiteral("head"));
        if (!h.isDouble() || h.toDouble() < 0 || h.toDouble() != std::floor(h.toDouble()) ||
            h.toDouble() > 4096)
            reader.problem(sub("head"), QStringLiteral("expected a 0-based head index, got %1")
                                            .arg(h.isDouble() ? doc::jsonNumberText(h.toDouble())
                                                              : LessonReader::typeName(h)));
        else
            p.head = static_cast<int>(h.toDouble());
        if (context && p.head >= static_cast<int>(context->trace.heads.size()))
            reader.problem(sub("head"),
                           QStringLiteral("head %1 is out of range: the scenario has %2 query heads")
                               .arg(p.head)
                               .arg(context->trace.heads.size()));
    }
    if (p.kind == PredictionKind::Number && !p.ofOutput)
        readToken("key", &p.key, keys, QStringLiteral("key"));
    if (p.kind == PredictionKind::Number && p.ofOutput) {
        const QJsonValue c = o.value(QStringLiteral("column"));
        if (!c.isDouble() || c.toDouble() < 0 || c.toDouble() != std::floor(c.toDouble()) ||
            c.toDouble() > 1e9)
            reader.problem(
                sub("column"),
                QStringLiteral("expected a 0-based column of the query's output, got %1")
                    .arg(c.isDouble() ? doc::jsonNumberText(c.toDouble()) : LessonReader::typeName(c)));
        else
            p.column = static_cast<int>(c.toDouble());
        if (context && c.isDouble() && p.column >= context->trace.output.cols())
            reader.problem(sub("column"),
                           QStringLiteral("column %1 is out of range: the output has %2 columns (0…%3)")
                               .arg(doc::jsonNumberText(c.toDouble()))
                               .arg(context->trace.output.cols())
                               .arg(context->trace.output.cols() - 1));
    }
    if (p.kind == PredictionKind::PickKey && has("choices")) {
        const QJsonValue choices = o.value(QStringLiteral("choices"));
        const QJsonArray array = choices.toArray();
        if (!choices.isArray() || array.size() < 2)
            reader.problem(sub("choices"),
                           QStringLiteral("expected an array of at least two keys, got %1")
                               .arg(choices.isArray() ? QStringLiteral("%1 key(s)").arg(array.size())
                                                      : LessonReader::typeName(choices)));
        for (qsizetype i = 0; i < array.size(); ++i) {
            const QString field = QStringLiteral("%1[%2]").arg(sub("choices")).arg(i);
            if (const auto ref = reader.tokenRef(array.at(i), field)) {
                p.choices.push_back(*ref);
                if (keys) reader.resolve(*ref, *keys, QStringLiteral("key"), field);
            }
        }
    }
    if (reader.problemCount() != before) return std::nullopt;

    // The row the prediction is about must have an answer.
    if (context) {
        const std::optional<int> q = [&]() -> std::optional<int> {
            if (!p.query.token.isEmpty())
                return static_cast<int>(context->queryLabels.indexOf(p.query.token));
            return p.query.index;
        }();
        const HeadTrace &head = context->trace.heads[static_cast<std::size_t>(p.head)];
        const Index row = *q;
        bool anyVisible = false;
        for (Index j = 0; j < head.visible.cols(); ++j) anyVisible = anyVisible || head.visible(row, j);
        if (!anyVisible)
            reader.problem(sub("query"),
                           QStringLiteral("every key of “%1” is masked: there are no weights to "
                                          "predict")
                               .arg(context->queryLabels.value(static_cast<int>(row))));
        if (p.kind == PredictionKind::PickKey && anyVisible) {
            const int winner = winningKey(head.weights, row);
            if (winner < 0) {
                reader.problem(kField, QStringLiteral("the largest weights of “%1” tie: no single key wins")
                                           .arg(context->queryLabels.value(static_cast<int>(row))));
            } else if (!p.choices.empty()) {
                bool offered = false;
                for (const TokenRef &choice : p.choices)
                    offered = offered ||
                              (choice.token.isEmpty() ? choice.index == winner
                                                      : choice.token == context->keyLabels.value(winner));
                if (!offered)
                    reader.problem(sub("choices"),
                                   QStringLiteral("the winning key “%1” is not among the choices")
                                       .arg(context->keyLabels.value(winner)));
            }
        }
    }
    if (reader.problemCount() != before) return std::nullopt;
    return p;
}

} // namespace attn::lessons
