// `attention-lab train`: trains a small transformer on a task with the core training engine and
// reports its curves, head-role scores and speed.
#pragma once

#include <QStringList>

namespace attn::app {

/// `attention-lab train --task induction|previous-token|copy|reverse|coreference [--layers L]
/// [--heads H] [--head-dim D] [--d-model D] [--steps N] [--batch B] [--lr X] [--seed S]
/// [--threads T] [--log-every K] [--rope] [--mlp] [--layer-norm] [--json OUT.json]`.
/// Progress on stderr, a summary (final held-out loss and accuracy, the head-role table, wall
/// time and steps/s) on stdout, everything (configuration, per-step and logged curves, head
/// roles at every logged step) in the JSON file, written atomically.
/// Exit codes: 0 done, 1 the JSON or stdout could not be written, 2 bad options (one line on
/// stderr naming the option and the value).
int runTrainCommand(const QStringList &arguments);

} // namespace attn::app
