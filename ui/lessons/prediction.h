// Scoring a learner's prediction against the computed trace, and the record of it that is kept
// with the lesson progress and in workspaces. QtCore only.
#pragma once

#include "ui/lessons/lesson.h"
#include "ui/lessons/lessoncheck.h"

#include <QJsonObject>
#include <QString>

#include <optional>
#include <vector>

namespace attn::lessons {

/// What the learner predicted for one step, and how well it scored.
struct PredictionRecord {
    PredictionKind kind = PredictionKind::PickKey;
    QString key;                      ///< PickKey: the label of the key picked
    double number = 0.0;              ///< Number: the value typed
    std::vector<double> distribution; ///< Distribution: (n_k) the bars, renormalised to sum to 1
    double score = 0.0;               ///< PredictionOutcome::score when it was revealed

    bool operator==(const PredictionRecord &) const = default;
};

/// The revealed answer and how the guess compares with it.
struct PredictionOutcome {
    bool scored = false; ///< false: the trace has no answer now (a token removed, NaN weights)
    /// Distribution: 1 − mean |Δ| (0…1, 1 = exact); PickKey: 1 right, 0 wrong; Number: |guess − truth|.
    double score = 0.0;
    bool right = false;        ///< PickKey: the pick is the winning key
    int winner = -1;           ///< PickKey: the winning key's column
    double truthNumber = 0.0;  ///< Number: the true weight or output entry
    std::vector<double> truth; ///< PickKey, Distribution: (n_k) the true row of weights
    QString answer;            ///< one line: the true answer ("“Xiaohong” wins with weight 0.549")
    QString scoreText;         ///< the score with its formula
    QString gap;               ///< one line explaining the gap between guess and truth
};

/// 1 − mean_j |guess_j − truth_j| over a row (Σ|Δ| ≤ 2, so the score is ≥ 1 − 2/n_k). Both
/// (n_k); NaN when the sizes differ or either is empty.
double distributionScore(const std::vector<double> &guess, const std::vector<double> &truth);

/// `values` scaled to sum to 1 (negative entries count as 0); uniform when they sum to 0.
std::vector<double> renormalised(std::vector<double> values);

/// The row `prediction` is about in `context`: its query row, or empty when the query no longer
/// exists or the head is out of range.
std::optional<int> predictionQuery(const StepPrediction &prediction, const CheckContext &context);

/// Reveals the answer of `prediction` on `context`'s trace and scores `guess` against it.
PredictionOutcome scorePrediction(const StepPrediction &prediction, const PredictionRecord &guess,
                                  const CheckContext &context);

/// {"kind": "pick_key", "key": "Xiaohong", "score": 1} / {"kind": "number", "value": 0.3, …} /
/// {"kind": "distribution", "weights": [0.5, 0.5], …}: the form kept in settings and workspaces.
QJsonObject predictionRecordToJson(const PredictionRecord &record);

/// Reads predictionRecordToJson()'s form back; empty (and *error says why) on an unknown kind,
/// a missing or non-finite number, or an unknown key.
std::optional<PredictionRecord> predictionRecordFromJson(const QJsonObject &object, QString *error = nullptr);

} // namespace attn::lessons
