// `attention-lab train --model seq2seq`: trains the RNN encoder–decoder with (or without)
// attention on a toy translation task and reports its accuracy, alignment and speed.
#pragma once

#include <QStringList>

namespace attn::app {

/// Whether `arguments` (of `attention-lab train …`) ask for --model seq2seq.
bool wantsSeq2Seq(const QStringList &arguments);

/// `attention-lab train --model seq2seq --task reverse|dates [--score additive|dot|general]
/// [--local D] [--no-attention] [--bidirectional] [--length L] [--symbols N] [--hidden H]
/// [--embed E] [--steps N] [--batch B] [--lr X] [--seed S] [--threads T] [--log-every K]
/// [--json OUT.json]`.
/// Progress on stderr; on stdout a summary: held-out loss, teacher-forced and greedy token
/// accuracy, how often the largest alignment weight sits on the reference source position, wall
/// time and steps/s, and the alignment of one held-out example. The JSON file (written
/// atomically) holds the configuration, the curves, every logged measurement and the alignments
/// of the probe examples.
/// Exit codes: 0 done, 1 the JSON or stdout could not be written, 2 bad options (one line on stderr
/// naming the option and the value).
int runSeq2SeqTrainCommand(const QStringList &arguments);

} // namespace attn::app
