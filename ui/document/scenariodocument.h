// The document: the scenario being edited, its attention trace, its undo history.
// QtCore and QtGui only. Every edit is a QUndoCommand; views read, they never recompute.
#pragma once

#include "core/attention.h"

#include <QObject>
#include <QString>
#include <QStringList>

class QUndoStack;

namespace attn::doc {

/// One of the three editable tensors of a scenario.
enum class TensorRole {
    Query, ///< Q (n_q, H_q·d_k)
    Key,   ///< K (n_k, H_kv·d_k)
    Value, ///< V (n_k, H_kv·d_v)
};

/// Short name of a tensor: "Q", "K" or "V".
QString tensorName(TensorRole role);

class SetCellCommand;
class ReplaceScenarioCommand;

/// Holds the current attn::Scenario and the attn::AttentionTrace that attn::attend computed
/// from it. Edits go through undo commands on undoStack(); after each one the trace is
/// recomputed at once. When attend throws, the last good trace is kept and lastError() says why.
class ScenarioDocument : public QObject {
    Q_OBJECT

public:
    explicit ScenarioDocument(QObject *parent = nullptr);
    ~ScenarioDocument() override;

    /// Replaces the whole scenario (a preset or a file) and clears the undo history.
    /// The selected query is clamped to the new n_q.
    void load(const Scenario &scenario);

    const Scenario &scenario() const { return m_scenario; }

    /// The trace of the last scenario attend accepted (empty heads before the first success).
    const AttentionTrace &trace() const { return m_trace; }

    /// True when trace() belongs to the current scenario (the last computation succeeded).
    bool traceIsCurrent() const { return m_lastError.isEmpty() && !m_trace.heads.empty(); }

    /// The ScenarioError message of the last failed computation; empty after a success.
    QString lastError() const { return m_lastError; }

    /// The undo history of every edit; owned by the document.
    QUndoStack *undoStack() const { return m_undoStack; }

    /// The tensor playing `role`: Q (n_q, H_q·d_k), K (n_k, H_kv·d_k) or V (n_k, H_kv·d_v).
    const Matrix &tensor(TensorRole role) const;

    /// Heads stored side by side in the tensor's columns: H_q for Q, H_kv for K and V.
    int headCount(TensorRole role) const;

    /// Columns per head block of the tensor: d_k for Q and K, d_v for V (0 if unknown).
    int headWidth(TensorRole role) const;

    /// n_q: rows of Q (or of the raw scores when Q is absent).
    int queryCount() const;
    /// n_k: rows of V (= rows of K).
    int keyCount() const;
    int keyDim() const { return headWidth(TensorRole::Key); }
    int valueDim() const { return headWidth(TensorRole::Value); }

    /// Label of query `row`: its token, or "q<row+1>" when the scenario has no tokens.
    QString queryLabel(int row) const;
    /// Label of key `row`: its token, or "k<row+1>" when the scenario has no tokens.
    QString keyLabel(int row) const;
    /// Label of row `row` of the tensor (query label for Q, key label for K and V).
    QString rowLabel(TensorRole role, int row) const;

    /// Query labels (n_q of trace()) as they were when trace() was computed; they match the
    /// trace's rows even while lastError() is set.
    QStringList traceQueryLabels() const { return m_traceQueryLabels; }
    /// Key labels (n_k of trace()) as they were when trace() was computed.
    QStringList traceKeyLabels() const { return m_traceKeyLabels; }

    /// Sets one entry of Q, K or V through an undo command (edits of the same cell merge).
    /// Returns false, changing nothing, for an index out of range or a non-finite value.
    bool setCell(TensorRole role, int row, int column, double value);

    /// Appends a query row of zeros to Q (and to raw scores and explicit masks/positions).
    /// Returns true (the add functions return false only when there is nothing to extend).
    bool addQuery();
    /// Removes query `row`; refused (returns false) for the last query or a bad index.
    bool removeQuery(int row);
    /// Appends a key: a row of zeros in K and V, a token label "k<n>", visible to every query.
    bool addKey();
    /// Removes key `row` from K, V, the key tokens and every per-key mask part; refuses the last.
    bool removeKey(int row);
    /// Appends a column of zeros to every head block of Q and K (d_k grows by one).
    /// Returns false when the scenario has no Q and K (raw scores replace them).
    bool addKeyDim();
    /// Removes column `dim` (0 ≤ dim < d_k) of every head block of Q and K; refuses d_k = 1.
    bool removeKeyDim(int dim);
    /// Appends a column of zeros to every head block of V (d_v grows by one).
    bool addValueDim();
    /// Removes column `dim` (0 ≤ dim < d_v) of every head block of V; refuses d_v = 1.
    bool removeValueDim(int dim);

    /// The query shown in the plots, 0 ≤ selectedQuery() < n_q.
    int selectedQuery() const { return m_selectedQuery; }
    /// Selects a query (clamped to the valid range).
    void setSelectedQuery(int row);

    /// The query head shown in the plots (head 0 by default), 0 ≤ selectedHead() < H_q.
    int selectedHead() const { return m_selectedHead; }
    /// Selects a query head (clamped to the valid range).
    void setSelectedHead(int head);

signals:
    /// A single entry changed (by an edit, an undo or a redo). Sent before scenarioChanged().
    void cellChanged(attn::doc::TensorRole role, int row, int column);
    /// Sizes or labels are about to change: models should begin a reset.
    void shapeAboutToChange();
    /// Sizes or labels changed (structural edit, undo of one, or load): models end their reset.
    void shapeChanged();
    /// Any part of the scenario changed.
    void scenarioChanged();
    /// The trace was recomputed, or the computation failed (see lastError()).
    void traceChanged();
    /// The selected query changed.
    void selectedQueryChanged(int row);
    /// The selected query head changed.
    void selectedHeadChanged(int head);

private:
    friend class SetCellCommand;
    friend class ReplaceScenarioCommand;

    Matrix &mutableTensor(TensorRole role);
    /// Writes one entry without undo (used by the commands).
    void applyCell(TensorRole role, int row, int column, double value);
    /// Replaces the scenario without undo (used by the commands and load).
    void applyScenario(const Scenario &scenario);
    /// Pushes a structural edit from the current scenario to `edited`.
    void pushEdit(const Scenario &edited, const QString &text);
    void recompute();
    void clampSelection();

    Scenario m_scenario;
    AttentionTrace m_trace;
    QString m_lastError;
    QStringList m_traceQueryLabels;
    QStringList m_traceKeyLabels;
    QUndoStack *m_undoStack = nullptr;
    int m_selectedQuery = 0;
    int m_selectedHead = 0;
};

} // namespace attn::doc
