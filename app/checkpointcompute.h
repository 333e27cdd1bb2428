// `attention-lab compute --checkpoint FILE --probe "tokens …" --layer i --head h`: one head of a
// trained model, on a probe sequence, printed as a scenario result.
#pragma once

class QCommandLineParser;

namespace attn::app {

/// Runs the checkpoint form of compute with the options `parser` has parsed: reads the
/// checkpoint (ui/io/checkpoint.h), runs the model on the probe's tokens (names of the task's
/// vocabulary, separated by spaces, 1 … n_ctx of them), and prints the result JSON of the head's
/// scenario (core/train/headscenario.h: X = the residual stream entering the layer, the head's
/// W_q, W_k, W_v and W_o slices, causal) with the scenario itself under "scenario" and where it
/// came from under "source". Exit codes: 0, 1 (stdout refused), 2 (one line: a bad or missing
/// option, an unreadable checkpoint, an unknown token, a layer or head out of range).
int runCheckpointCompute(const QCommandLineParser &parser);

} // namespace attn::app
