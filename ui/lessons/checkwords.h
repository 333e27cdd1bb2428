// The words a task's status line uses for a figure view's values: the learner reads
// "position encoding: RoPE", never the identifier "positional_kind = 1".
#pragma once

#include <QString>
#include <QStringList>

namespace attn::lessons {

/// What the status line calls view value `name` (a FigureView::taskValues() name), in the
/// interface's words: "position encoding", "deleted key", "difference from attention". An
/// unknown name is returned as it is.
QString plainValueName(const QString &name);

/// The value `x` of `name` in words when the number stands for a choice: positional_kind 1 →
/// "RoPE", window −1 → "none", kind 1 → "delete the token", deleted_key 3 → the label of key 3
/// in `keyLabels` (−1 → "none"), a yes/no value 1 → "yes". Empty when `x` is a plain quantity
/// (or a code this list does not know), which the caller then writes as a number.
QString plainValueText(const QString &name, double x, const QStringList &keyLabels);

} // namespace attn::lessons
