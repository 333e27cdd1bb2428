// The pieces ui/io/pythonexport.cpp writes a NumPy script from: numbers, matrices and lists as
// Python reads them back exactly, and the per-head part of the script (float64, or the
// simulation of a reduced dtype). Internal to the export. QtCore only.
#pragma once

#include "core/attention.h"

#include <QString>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace attn::io::py {

/// One double as Python reads it back exactly: 17 significant digits, nan and inf by name.
QString num(double x);
/// A matrix as a nested list, one row a line, indented to line up under `indent` spaces.
QString rows(const Matrix &m, int indent);
/// A vector as a Python list.
QString list(const Vector &v);
/// `name = np.array(...)  # comment` for a matrix.
QString matrixLine(const QString &name, const Matrix &m, const QString &comment);
QString boolRows(const BoolMatrix &m, int indent);
QString intList(std::span<const std::int64_t> values);
QString pyString(const std::string &text);
QString tokenList(const std::vector<std::string> &tokens);

/// The helpers of a script for a reduced dtype (rounding to the dtype, float32 sums in order,
/// the C library's exp, tanh, cos and sin, softmax and RoPE as core/lowprecision.h computes them).
const char *dtypeHelpers();

/// Section 4 of the script: the loop over the query heads that fills `weights` (H_q, n_q, n_k),
/// `output` (n_q, H_q·d_v) and, with sinks, `sink_weights` (H_q, n_q), in float64 or as the
/// simulation of s.dtype (the names the earlier sections define: Q, K, V or raw_scores, pos_q,
/// pos_k, visible, policy).
QString headLoop(const Scenario &s, const AttentionTrace &trace);

} // namespace attn::io::py
