// Evaluating a task's check on a computed trace: is the task met, and where does it stand?
#pragma once

#include "core/attention.h"
#include "ui/lessons/lesson.h"

#include <QMap>
#include <QStringList>

#include <optional>

namespace attn::lessons {

/// What a check reads: the trace with the labels of its rows and columns, and the query the
/// learner is looking at.
struct CheckContext {
    const AttentionTrace *trace = nullptr;
    QStringList queryLabels; ///< (n_q) labels of the trace's query rows
    QStringList keyLabels;   ///< (n_k) labels of the trace's key columns
    int selectedQuery = 0;
    /// The step's view's FigureView::taskValues() (for "view_value" checks); empty for "qkv".
    QMap<QString, double> viewValues;
    /// Status lines of the conditions of an "all_of" that held when the step opened
    /// (heldStatuses()): while a condition still reads the same it is shown as one to keep
    /// ("– keep: …"), not ticked, since the learner has not done it.
    QStringList untouched;
};

/// The verdict of a check and one line per condition saying where it stands, with the current
/// numbers, e.g. "weight of “she” on “Xiaohong” = 0.549 (needs > 0.6)".
struct CheckResult {
    bool met = false;
    QString status;
};

/// The index `ref` names among `labels`: the first label equal to ref.token, or ref.index when
/// no token is given. Empty when the token is absent or the index out of range.
std::optional<int> resolveToken(const TokenRef &ref, const QStringList &labels);

/// Evaluates `check` on `context`. Never throws: a token that no longer exists, a head out of
/// range, a NaN weight or a missing trace gives met = false and says so in the status.
CheckResult evaluateCheck(const TaskCheck &check, const CheckContext &context);

/// The status lines of the conditions of an "all_of" `check` that hold in `context` (none for
/// another kind): taken when a step opens, they become CheckContext::untouched.
QStringList heldStatuses(const TaskCheck &check, const CheckContext &context);

} // namespace attn::lessons
