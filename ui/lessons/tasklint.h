// What the lesson checker refuses about a step's task beyond its format: a check that can never
// hold, one that tests what the step cannot change, and one that already holds when the step
// opens (the learner would have nothing to do).
#pragma once

#include "ui/lessons/lesson.h"
#include "ui/lessons/lessonreader.h"

#include <QString>

#include <vector>

namespace attn::lessons {

/// One problem of a task, in the terms of LessonProblem (the field is "task.check").
struct TaskProblem {
    QString field;
    QString message;
};

/// The problems of `check`, the task of `step`, in this order, stopping at the first of the
/// last two kinds:
/// - its view_value bounds exclude each other ("above 5" with "below 3", two targets for one
///   value in an all_of);
/// - its weight checks cannot hold together (bounds on one weight that exclude each other, lower
///   bounds on one query's weights adding up to 1 or more, two argmax keys for one query, an argmax
///   key outweighed by a key held above 1/2);
/// - it reads weights, outputs or shapes on a figure view that never edits the scenario;
/// - it already holds when the step opens (computed on `context`; view values are read from the
///   step's view, built offscreen, only when `probeViews` and a QApplication exist);
/// - it tests weights in the Q/K/V editor or sentence view but the step unlocks nothing that
///   moves them (Q, K, "score" or "S").
/// `context` may be null (the scenario could not be computed): then only the first two apply.
std::vector<TaskProblem> lintTask(const LessonStep &step, const TaskCheck &check, const StepContext *context,
                                  bool probeViews);

} // namespace attn::lessons
