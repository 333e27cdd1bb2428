// The one reader and writer of the scenario file format (design map §2), and of the result JSON.
#pragma once

#include "core/attention.h"

#include <QJsonObject>
#include <QString>

namespace attn::doc {

/// "a number", "an array", …: the JSON type of `v` for "expected …, got …" messages; "nothing"
/// for a missing value (QJsonValue::Undefined). Shared by the scenario and the lesson readers.
QString jsonTypeName(const QJsonValue &v);

/// Parses a scenario object. Throws attn::ScenarioError naming the field and the numbers
/// involved (wrong type, ragged or empty matrix, unknown key or enum value, …) and then runs
/// attn::validate. Matrix entries may be null, read as NaN; "comment" and "expect" are ignored.
Scenario scenarioFromJson(const QJsonObject &object);

/// Reads and parses a scenario file of at most 16 MiB. Throws attn::ScenarioError (field "file"
/// for I/O errors, folders, oversized files and JSON syntax errors with their byte offset).
Scenario readScenarioFile(const QString &path);

/// Parses scenario JSON text (same errors as readScenarioFile).
Scenario scenarioFromJsonText(const QByteArray &text);

/// The scenario as a file object (format, version 1, every non-default field).
QJsonObject scenarioToJson(const Scenario &scenario);

/// The result object: "shapes", "scores" [head][n_q][n_k], "weights", "output" (n_q, H_q·d_v),
/// "fully_masked_rows" [[head, row], …], "kernel", "dtype"; with sinks "sink_weights"
/// [head][n_q]; with a reduced dtype "overflowed_logits" [[head, row, key], …] and
/// "max_abs_error_vs_float64" {"weights", "output"}. NaN and ±Inf are written as null.
QJsonObject traceToJson(const AttentionTrace &trace);

/// traceToJson() plus what depends on the scenario: the projected "Q", "K" and "V" when the
/// scenario has X (core/projection.h), and "projected_output" (output · W_o + b_o, n_q × d_out)
/// when it has W_o. What `attention-lab compute` prints.
QJsonObject resultToJson(const Scenario &scenario, const AttentionTrace &trace);

} // namespace attn::doc
