// One matrix of a document (Q, K, V or the scores S) as a whole, for copy, paste and CSV files.
// QtCore only: every rule here is tested without widgets.
#pragma once

#include "core/tensor.h"

#include <QString>
#include <QStringList>

namespace attn::doc {

class ScenarioDocument;

/// The four matrices a learner can edit in the Q/K/V editor.
enum class MatrixKind {
    Query,  ///< Q (n_q, H_q·d_k)
    Key,    ///< K (n_k, H_kv·d_k)
    Value,  ///< V (n_k, H_kv·d_v)
    Scores, ///< S (n_q, n_k) of the selected query head: raw scores, or else the computed logits
};

/// "Q", "K", "V" or "S".
QString matrixName(MatrixKind kind);

/// The numbers of `kind` as the tables show them: Q, K or V; for S the raw scores read by the
/// selected head when the scenario gives raw scores, else that head's logits (empty before the
/// first computation).
Matrix matrixValues(const ScenarioDocument &document, MatrixKind kind);

/// Labels of the columns for a CSV header: "K:0", "K:h1·0" (several heads), "S:<key token>".
QStringList matrixColumnLabels(const ScenarioDocument &document, MatrixKind kind);

/// True when `kind` can be written: Q, K and V always; S only when the scenario gives raw
/// scores (otherwise *why says that S is computed from Q and K).
bool isMatrixWritable(const ScenarioDocument &document, MatrixKind kind, QString *why = nullptr);

/// Writes `block` (rows × cols) into `kind` with its top-left entry at (row, column), as ONE
/// undoable edit named `text`. Returns false, changing nothing, with *error set (one sentence)
/// when the matrix is not writable, when the block does not fit ("a 2×3 block at row 1,
/// column 2 does not fit K, which is 2×2"), when it holds NaN or ±Inf, or when the document
/// refuses the result (its lastRefusal()). Writing the values already there pushes nothing.
bool writeMatrixBlock(ScenarioDocument &document, MatrixKind kind, int row, int column, const Matrix &block,
                      const QString &text, QString *error = nullptr);

/// Pastes `block` at (row, column) as one edit named "Paste 2×3 into K" (see writeMatrixBlock).
bool pasteMatrixBlock(ScenarioDocument &document, MatrixKind kind, int row, int column, const Matrix &block,
                      QString *error = nullptr);

/// Replaces all of `kind` by `values` as one edit named "Import K from CSV". `values` must have
/// the current shape; otherwise false with *error giving both shapes, nothing changed.
bool importMatrix(ScenarioDocument &document, MatrixKind kind, const Matrix &values,
                  QString *error = nullptr);

} // namespace attn::doc
