// Reading a step's "prediction" object (lessons/README.md, "Predictions") and checking it
// against the step's computed scenario. Used by lessonloader.cpp; QtCore only.
#pragma once

#include "ui/lessons/lessonreader.h"

#include <optional>

namespace attn::lessons {

/// Parses the prediction `v` of a step; problems go to `reader` under field "prediction…".
/// With a `context` the query, key, choices, head and output column are resolved against the
/// step's scenario, and a row that cannot be scored (every key masked, a tie at the top for
/// "pick_key", the winner left out of "choices") is refused. Empty when any problem was found.
std::optional<StepPrediction> readPrediction(LessonReader &reader, const QJsonValue &v,
                                             const StepContext *context);

} // namespace attn::lessons
