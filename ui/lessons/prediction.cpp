#include "ui/lessons/prediction.h"

#include "ui/base/numbertext.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace attn::lessons {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("attn::lessons::prediction", text);
}

QString num(double x)
{
    return ui::compactNumber(x);
}

/// The column of key `label` among `labels`, or −1.
int keyColumn(const QString &label, const QStringList &labels)
{
    return static_cast<int>(labels.indexOf(label));
}

/// The largest visible logit of `row`, or NaN when every key is masked.
double rowMaxLogit(const HeadTrace &head, Index row)
{
    double best = std::nan("");
    for (Index j = 0; j < head.logits.cols(); ++j)
        if (head.visible(row, j) && (std::isnan(best) || head.logits(row, j) > best))
            best = head.logits(row, j);
    return best;
}

void revealPick(const StepPrediction &p, const PredictionRecord &guess, const CheckContext &c, Index row,
                PredictionOutcome *out)
{
    const HeadTrace &head = c.trace->heads[static_cast<std::size_t>(p.head)];
    int winner = -1;
    for (Index j = 0; j < head.weights.cols(); ++j)
        if (!std::isnan(head.weights(row, j)) &&
            (winner < 0 || head.weights(row, j) > head.weights(row, winner)))
            winner = static_cast<int>(j);
    if (winner < 0) {
        out->scored = false;
        out->answer = tr("Every weight of this query is NaN: nothing to compare with.");
        return;
    }
    const QString query = c.queryLabels.value(static_cast<int>(row));
    const QString won = c.keyLabels.value(winner);
    const double best = head.weights(row, winner);
    out->winner = winner;
    for (Index j = 0; j < head.weights.cols(); ++j) out->truth.push_back(head.weights(row, j));
    out->answer = tr("“%1” wins: its weight from “%2” is %3.").arg(won, query, num(best));
    const int picked = keyColumn(guess.key, c.keyLabels);
    out->right = picked == winner;
    out->score = out->right ? 1.0 : 0.0;
    out->scoreText = out->right ? tr("Right (score 1).") : tr("Not this time (score 0).");
    if (picked < 0) {
        out->gap = tr("The key you picked, “%1”, is no longer in the scenario.").arg(guess.key);
    } else if (!head.visible(row, picked)) {
        out->gap =
            tr("The mask hides “%1” from “%2”: its weight is 0 whatever its score.").arg(guess.key, query);
    } else if (out->right) {
        int second = -1;
        for (Index j = 0; j < head.weights.cols(); ++j)
            if (j != winner && head.visible(row, j) &&
                (second < 0 || head.weights(row, j) > head.weights(row, second)))
                second = static_cast<int>(j);
        if (second < 0) {
            out->gap = tr("It is the only key this query can see, so it takes all the weight.");
        } else {
            const double d = head.logits(row, winner) - head.logits(row, second);
            out->gap = tr("The runner-up “%1” has %2: its logit is %3 lower, and softmax turns that into "
                          "e^−%3 = %4 times the winner's weight.")
                           .arg(c.keyLabels.value(second), num(head.weights(row, second)), num(d),
                                num(std::exp(-d)));
        }
    } else {
        const double d = head.logits(row, winner) - head.logits(row, picked);
        out->gap =
            tr("“%1” gets %2: its logit is %3 below that of “%4”, so softmax gives it e^−%3 = %5 times "
               "the winner's weight.")
                .arg(guess.key, num(head.weights(row, picked)), num(d), won, num(std::exp(-d)));
    }
}

void revealDistribution(const StepPrediction &p, const PredictionRecord &guess, const CheckContext &c,
                        Index row, PredictionOutcome *out)
{
    const HeadTrace &head = c.trace->heads[static_cast<std::size_t>(p.head)];
    const Index n_k = head.weights.cols();
    for (Index j = 0; j < n_k; ++j) out->truth.push_back(head.weights(row, j));
    QStringList truthText;
    for (double w : out->truth) truthText << num(w);
    out->answer = tr("The weights of “%1”: [%2].")
                      .arg(c.queryLabels.value(static_cast<int>(row)), truthText.join(QStringLiteral(", ")));
    if (static_cast<Index>(guess.distribution.size()) != n_k) {
        out->scored = false;
        out->gap = tr("Your bars were for %1 keys; the scenario has %2 now.")
                       .arg(guess.distribution.size())
                       .arg(n_k);
        return;
    }
    out->score = distributionScore(guess.distribution, out->truth);
    double sum = 0.0;
    int worst = 0;
    QStringList terms;
    for (Index j = 0; j < n_k; ++j) {
        const double d = std::abs(guess.distribution[j] - out->truth[j]);
        sum += d;
        terms << num(d);
        if (d > std::abs(guess.distribution[worst] - out->truth[worst])) worst = static_cast<int>(j);
    }
    // Up to eight keys the formula lists every |Δ|; beyond, their sum.
    const QString numerator =
        n_k <= 8 ? QStringLiteral("(%1)").arg(terms.join(QStringLiteral(" + "))) : num(sum);
    out->scoreText =
        tr("score = 1 − mean |Δ| = 1 − %1 / %2 = %3").arg(numerator).arg(n_k).arg(num(out->score));
    const double worstGap = std::abs(guess.distribution[worst] - out->truth[worst]);
    if (worstGap <= 0.05)
        out->gap = tr("Close everywhere: no bar is off by more than %1.").arg(num(worstGap));
    else if (!head.visible(row, worst))
        out->gap =
            tr("The largest gap is at “%1”: you gave it %2, but the mask hides it from this query (0).")
                .arg(c.keyLabels.value(worst), num(guess.distribution[worst]));
    else
        out->gap = tr("The largest gap is at “%1”: you gave it %2, attention gives it %3.")
                       .arg(c.keyLabels.value(worst), num(guess.distribution[worst]), num(out->truth[worst]));
}

void revealNumber(const StepPrediction &p, const PredictionRecord &guess, const CheckContext &c, Index row,
                  PredictionOutcome *out)
{
    const QString query = c.queryLabels.value(static_cast<int>(row));
    if (p.ofOutput) {
        if (p.column >= c.trace->output.cols()) {
            out->scored = false;
            out->answer = tr("The output has no column %1 now.").arg(p.column);
            return;
        }
        out->truthNumber = c.trace->output(row, p.column);
        out->answer =
            tr("Entry %1 of the output of “%2” is %3.").arg(p.column).arg(query, num(out->truthNumber));
        // The block of the column's head: which key weighs most in that mix.
        const Index d_v = std::max<Index>(1, c.trace->shapes.d_v);
        const std::size_t h = std::min(c.trace->heads.size() - 1, static_cast<std::size_t>(p.column / d_v));
        const HeadTrace &head = c.trace->heads[h];
        Index best = 0;
        for (Index j = 1; j < head.weights.cols(); ++j)
            if (head.weights(row, j) > head.weights(row, best)) best = j;
        out->gap =
            tr("The output mixes the values with the weights (Σ_j w_j · v_j); the largest weight, %1, is "
               "on “%2”, so its value counts most.")
                .arg(num(head.weights(row, best)), c.keyLabels.value(static_cast<int>(best)));
    } else {
        const std::optional<int> key = resolveToken(p.key, c.keyLabels);
        if (!key) {
            out->scored = false;
            out->answer = tr("The key %1 is no longer in the scenario.").arg(p.key.describe());
            return;
        }
        const HeadTrace &head = c.trace->heads[static_cast<std::size_t>(p.head)];
        out->truthNumber = head.weights(row, *key);
        const QString keyLabel = c.keyLabels.value(*key);
        out->answer = tr("The weight of “%1” on “%2” is %3.").arg(query, keyLabel, num(out->truthNumber));
        const double m = rowMaxLogit(head, row);
        if (!head.visible(row, *key)) {
            out->gap =
                tr("The mask hides “%1” from “%2”: its weight is 0 whatever its score.").arg(keyLabel, query);
        } else {
            double sum = 0.0;
            for (Index j = 0; j < head.logits.cols(); ++j)
                if (head.visible(row, j)) sum += std::exp(head.logits(row, j) - m);
            const double own = std::exp(head.logits(row, *key) - m);
            out->gap = tr("softmax gives it e^(logit − max) / Σ = %1 / %2 = %3 (its logit %4, the row's "
                          "largest %5).")
                           .arg(num(own), num(sum), num(own / sum), num(head.logits(row, *key)), num(m));
        }
    }
    out->score = std::abs(guess.number - out->truthNumber);
    out->scoreText =
        tr("off by |%1 − %2| = %3").arg(num(guess.number), num(out->truthNumber), num(out->score));
    if (std::isnan(out->score)) out->scored = false;
}

} // namespace

double distributionScore(const std::vector<double> &guess, const std::vector<double> &truth)
{
    if (guess.empty() || guess.size() != truth.size()) return std::nan("");
    double sum = 0.0;
    for (std::size_t j = 0; j < guess.size(); ++j) sum += std::abs(guess[j] - truth[j]);
    return 1.0 - sum / static_cast<double>(guess.size());
}

std::vector<double> renormalised(std::vector<double> values)
{
    double sum = 0.0;
    for (double &v : values) {
        if (!(v > 0.0) || !std::isfinite(v)) v = 0.0;
        sum += v;
    }
    for (double &v : values) v = sum > 0.0 ? v / sum : 1.0 / static_cast<double>(values.size());
    return values;
}

std::optional<int> predictionQuery(const StepPrediction &prediction, const CheckContext &context)
{
    if (!context.trace || prediction.head < 0 ||
        prediction.head >= static_cast<int>(context.trace->heads.size()))
        return std::nullopt;
    return resolveToken(prediction.query, context.queryLabels);
}

PredictionOutcome scorePrediction(const StepPrediction &prediction, const PredictionRecord &guess,
                                  const CheckContext &context)
{
    PredictionOutcome out;
    const std::optional<int> row = predictionQuery(prediction, context);
    if (!row) {
        out.answer = tr("The query %1 is no longer in the scenario.").arg(prediction.query.describe());
        return out;
    }
    out.scored = true;
    switch (prediction.kind) {
    case PredictionKind::PickKey: revealPick(prediction, guess, context, *row, &out); break;
    case PredictionKind::Distribution: revealDistribution(prediction, guess, context, *row, &out); break;
    case PredictionKind::Number: revealNumber(prediction, guess, context, *row, &out); break;
    }
    return out;
}

QJsonObject predictionRecordToJson(const PredictionRecord &record)
{
    QJsonObject o{{QStringLiteral("kind"), predictionKindNames().value(static_cast<int>(record.kind))},
                  {QStringLiteral("score"), record.score}};
    switch (record.kind) {
    case PredictionKind::PickKey: o.insert(QStringLiteral("key"), record.key); break;
    case PredictionKind::Number: o.insert(QStringLiteral("value"), record.number); break;
    case PredictionKind::Distribution: {
        QJsonArray weights;
        for (double w : record.distribution) weights.append(w);
        o.insert(QStringLiteral("weights"), weights);
        break;
    }
    }
    return o;
}

std::optional<PredictionRecord> predictionRecordFromJson(const QJsonObject &object, QString *error)
{
    const auto fail = [error](const QString &why) -> std::optional<PredictionRecord> {
        if (error) *error = why;
        return std::nullopt;
    };
    PredictionRecord record;
    const int kind =
        static_cast<int>(predictionKindNames().indexOf(object.value(QStringLiteral("kind")).toString()));
    if (kind < 0)
        return fail(
            QStringLiteral("“kind” must be one of %1").arg(predictionKindNames().join(QStringLiteral(", "))));
    record.kind = static_cast<PredictionKind>(kind);
    const QJsonValue score = object.value(QStringLiteral("score"));
    if (!score.isDouble() || !std::isfinite(score.toDouble()))
        return fail(QStringLiteral("“score” must be a number"));
    record.score = score.toDouble();
    QStringList known{QStringLiteral("kind"), QStringLiteral("score")};
    switch (record.kind) {
    case PredictionKind::PickKey:
        known << QStringLiteral("key");
        if (!object.value(QStringLiteral("key")).isString() ||
            object.value(QStringLiteral("key")).toString().isEmpty())
            return fail(QStringLiteral("“key” must name the key picked"));
        record.key = object.value(QStringLiteral("key")).toString();
        break;
    case PredictionKind::Number: {
        known << QStringLiteral("value");
        const QJsonValue v = object.value(QStringLiteral("value"));
        if (!v.isDouble() || !std::isfinite(v.toDouble()))
            return fail(QStringLiteral("“value” must be a number"));
        record.number = v.toDouble();
        break;
    }
    case PredictionKind::Distribution: {
        known << QStringLiteral("weights");
        const QJsonValue v = object.value(QStringLiteral("weights"));
        if (!v.isArray() || v.toArray().isEmpty() || v.toArray().size() > 1 << 16)
            return fail(QStringLiteral("“weights” must be a non-empty array of numbers"));
        for (const QJsonValue &w : v.toArray()) {
            if (!w.isDouble() || !(w.toDouble() >= 0.0) || !(w.toDouble() <= 1.0))
                return fail(QStringLiteral("“weights” must hold numbers between 0 and 1"));
            record.distribution.push_back(w.toDouble());
        }
        break;
    }
    }
    for (auto it = object.begin(); it != object.end(); ++it)
        if (!known.contains(it.key()))
            return fail(QStringLiteral("unknown key “%1” (known here: %2)")
                            .arg(it.key(), known.join(QStringLiteral(", "))));
    return record;
}

} // namespace attn::lessons
