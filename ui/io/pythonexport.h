// A scenario as a standalone NumPy script: a second implementation, in another language, of every
// number the app shows. QtCore only.
#pragma once

#include "core/attention.h"

#include <QByteArray>
#include <QString>

namespace attn::io {

/// The Python 3 + NumPy script that rebuilds `scenario` step by step (projections, positions, the
/// mask and its policy with prefix and document masks, RoPE and partial rotary, scores, scale and
/// temperature, ALiBi, softcap, the K/V head of each query head, the kernel's weights: softmax with
/// the sinks, or φ = elu + 1 for the linear kernel, outputs, W_o) with a comment
/// naming each step and its shape, and asserts that its weights and outputs equal `trace` (what the
/// app computed for `scenario`) to 1e-9, relative to max(1, |value|); NaN must meet NaN and ±inf the
/// same infinity. Exits with status 1 and the first differing entry on a mismatch; prints one line
/// per checked tensor and "every number agrees" otherwise. Numbers are written with 17 significant
/// digits, so the script starts from the same doubles. With a dtype other than float64 the script
/// simulates it as core/lowprecision.h does (every stored tensor rounded to it, float32 arithmetic
/// in the same order), so it meets the app's numbers exactly. `sourceName` is named in its docstring.
QByteArray pythonScript(const Scenario &scenario, const AttentionTrace &trace, const QString &sourceName);

} // namespace attn::io
