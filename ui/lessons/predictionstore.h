// Where predictions live between runs: with the lesson progress in QSettings
// ("lessons/predictions/<lesson id>/<step, from 1>", the record as compact JSON).
#pragma once

#include "ui/lessons/prediction.h"

#include <map>
#include <optional>

class QSettings;

namespace attn::lessons {

/// The prediction kept for step `step` (0-based) of lesson `id`, or empty (none, or unreadable).
std::optional<PredictionRecord> storedPrediction(const QSettings &settings, const QString &id, int step);
/// Keeps `record` for step `step` of lesson `id`, replacing an earlier one.
void storePrediction(QSettings &settings, const QString &id, int step, const PredictionRecord &record);
/// Forgets the prediction of step `step` of lesson `id`.
void forgetPrediction(QSettings &settings, const QString &id, int step);
/// Every prediction kept for the first `stepCount` steps of lesson `id`, by 0-based step.
std::map<int, PredictionRecord> storedPredictions(const QSettings &settings, const QString &id,
                                                  int stepCount);

} // namespace attn::lessons
