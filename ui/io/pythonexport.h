// A scenario as a standalone NumPy script: a second implementation, in another language, of every
// number the app shows. QtCore only.
#pragma once

#include "core/attention.h"

#include <QByteArray>
#include <QString>

#include <optional>
#include <string>

namespace attn::io {

/// The Python 3 + NumPy script that rebuilds `scenario` step by step (projections, positions, the
/// mask and its policy, RoPE, scores, scale and temperature, ALiBi, the K/V head of each query head,
/// the kernel's weights: softmax, or φ = elu + 1 for the linear kernel, outputs, W_o) with a comment
/// naming each step and its shape, and asserts that its weights and outputs equal `trace` (what the
/// app computed for `scenario`) to 1e-9, relative to max(1, |value|); NaN must meet NaN and ±inf the
/// same infinity. Exits with status 1 and the first differing entry on a mismatch; prints one line
/// per checked tensor and "every number agrees" otherwise. Numbers are written with 17 significant
/// digits, so the script starts from the same doubles. `sourceName` is named in its docstring.
QByteArray pythonScript(const Scenario &scenario, const AttentionTrace &trace, const QString &sourceName);

/// The scenario field the NumPy script does not reproduce yet, with why, or empty: softcap,
/// sinks, positional.rotary_dim below d_k, document ids, mask.prefix_length and a dtype other than
/// float64 are computed by the app but not by the script, which would then disagree.
struct PythonExportGap {
    std::string field;
    std::string message;
};
std::optional<PythonExportGap> pythonExportGap(const Scenario &scenario);

} // namespace attn::io
