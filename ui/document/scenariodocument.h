// The document: the scenario being edited, its attention trace, its undo history.
// QtCore and QtGui only. Every edit is a QUndoCommand; views read, they never recompute.
// An edit whose result the engine cannot compute is refused before it reaches the stack.
#pragma once

#include "core/attendcontrol.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

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
class TraceWorker;

/// Holds the current attn::Scenario and the attn::AttentionTrace computed from it. Every edit
/// and every load is computed first: when the engine throws (attn::ScenarioError, e.g. an
/// overflowing logit or a row with no visible key under the "error" policy), the edit is
/// refused, nothing changes and editRefused() says why. So the tables, the plots and the
/// output always show one and the same scenario, and every state on the undo stack computes.
class ScenarioDocument : public QObject {
    Q_OBJECT

public:
    /// Computes a trace; throws attn::ScenarioError (or std::exception) when it cannot.
    using Engine = std::function<AttentionTrace(const Scenario &)>;

    /// Computes a trace, asking `control` before each head whether to go on (see attn::attend).
    using CancellableEngine = std::function<AttentionTrace(const Scenario &, const AttendControl &)>;

    /// A document computed by attn::attend.
    explicit ScenarioDocument(QObject *parent = nullptr);
    /// A document computed by `engine` (tests use it to stand in for engine refusals).
    explicit ScenarioDocument(Engine engine, QObject *parent = nullptr);
    /// A document computed by `engine`, which a newer edit can stop between heads.
    explicit ScenarioDocument(CancellableEngine engine, QObject *parent = nullptr);
    ~ScenarioDocument() override;

    /// Scenarios with at least this many (query head, query, key) triples are computed off the
    /// interface thread: 1024 tokens × 1 head and more (computing them takes 50 ms or more).
    static constexpr qint64 kBackgroundTriples = qint64{1} << 20;
    /// Computes scenarios of at least `triples` in the background (tests use 0: every one).
    void setBackgroundThreshold(qint64 triples) { m_backgroundTriples = triples; }

    /// Like load(), but a scenario of kBackgroundTriples or more is computed off the interface
    /// thread: returns at once (true) while scenario() and trace() stay as they were, and the
    /// scenario replaces them when its trace is ready (traceChanged()); loadRefused() says why it
    /// could not be computed. What the window cannot show at all is refused at once (false).
    bool loadInBackground(const Scenario &scenario, QString *error = nullptr);

    /// True while a trace is computed in the background: for loadInBackground(), or after a cell
    /// edit, a same-shape scenario edit, or an undo or redo of one, of a large scenario. Then
    /// scenario() is already edited and trace() is the previous one until traceChanged(). An edit
    /// the engine refuses is taken back (and removed from the undo history) when its result comes;
    /// a newer edit cancels the computation of an older one, whose result is never shown.
    bool computing() const;

    /// Stops the background computation: a pending load is dropped, a pending edit is taken back
    /// (removed from the undo history, editRefused() says so), and after an undo or redo the
    /// previous trace stays with lastError() saying it is not current.
    void cancelComputation();

    /// Replaces the whole scenario (a preset or a file) and clears the undo history; the
    /// selected query is clamped to the new n_q. Returns false, changing nothing, when the
    /// scenario cannot be computed; *error (if given) receives the engine's message.
    bool load(const Scenario &scenario, QString *error = nullptr);

    const Scenario &scenario() const { return m_scenario; }

    /// The trace of scenario() (empty heads before the first successful load).
    const AttentionTrace &trace() const { return m_trace; }

    /// True when trace() belongs to the current scenario (or, while computing(), to the one just
    /// before it). Always true after a successful load, unless an undo or redo step could not be
    /// recomputed (then lastError() says why).
    bool traceIsCurrent() const { return m_lastError.isEmpty() && !m_trace.heads.empty(); }

    /// Why the current scenario has no current trace; empty when traceIsCurrent().
    QString lastError() const { return m_lastError; }

    /// The message of the last refused edit (see editRefused()); cleared by the next change.
    QString lastRefusal() const { return m_lastRefusal; }

    /// A one-line note when Q, K, V or the raw scores hold NaN (null in the file), naming the
    /// first such entry and its effect, e.g. "Note: V[2][0] (key “Ming”) is NaN (null in the
    /// file); rows that attend to it get NaN." Empty when every entry is a number.
    QString nanNote() const;

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
    /// Returns false, changing nothing, for an index out of range, a non-finite value, or a
    /// value the engine cannot compute (then editRefused() is sent).
    bool setCell(TensorRole role, int row, int column, double value);

    /// True when the scenario has Q and K (not raw scores), so d_k can change.
    bool hasQueryAndKey() const;

    /// Appends a query row of zeros to Q (and to raw scores and explicit masks/positions).
    /// Every structural edit below returns false, changing nothing, when the result cannot be
    /// computed (editRefused() is sent) or when its own condition is not met.
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

    /// Replaces the scenario by `edited` through one undoable command named `text` (e.g.
    /// "Set temperature 0.5"): for the changes the edits above do not cover (score kind, scale,
    /// temperature, masks, positions, tokens). Returns false, changing nothing, when `edited`
    /// cannot be computed (editRefused() is sent, naming `text` and the engine's reason).
    bool replaceScenario(const Scenario &edited, const QString &text);

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
    /// An edit was refused because the engine cannot compute its result; nothing changed.
    /// `message` names the edit and gives the engine's reason, in one or two sentences.
    void editRefused(const QString &message);
    /// computing() changed.
    void computingChanged(bool computing);
    /// `done` of `total` query heads of the background computation are computed.
    void computeProgress(int done, int total);
    /// A loadInBackground() replaced the scenario (sent after its traceChanged()).
    void loaded();
    /// A loadInBackground() could not be computed; `message` gives the engine's reason. Nothing
    /// changed.
    void loadRefused(const QString &message);

private:
    friend class SetCellCommand;
    friend class ReplaceScenarioCommand;

    Matrix &mutableTensor(TensorRole role);
    /// Writes one entry without undo (used by the commands).
    void applyCell(TensorRole role, int row, int column, double value);
    /// Replaces the scenario without undo (used by the commands and load).
    void applyScenario(const Scenario &scenario);
    /// Computes `candidate` into m_pendingTrace, for the command about to apply it. On failure
    /// sends editRefused() for the edit described by `edit` and returns false.
    bool prepare(const Scenario &candidate, const QString &edit);
    /// Pushes a structural edit from the current scenario to `edited`, if it computes.
    bool pushEdit(const Scenario &edited, const QString &text);
    /// Takes m_pendingTrace, or runs the engine on m_scenario (undo and redo).
    void recompute();
    /// Drops the projections of `s` (core/projection.h), keeping Q, K and V as they are, and says
    /// so in the edit's `text`: an edit of Q, K or V themselves, or of their shapes.
    static void detachProjection(Scenario &s, QString &text);
    void clampSelection();

    /// What the background computation is for.
    enum class Pending {
        None,
        Load,    ///< a loadInBackground(): m_loadCandidate replaces the scenario when done
        Edit,    ///< the edit on top of the undo stack: taken back if it cannot be computed
        Restore, ///< an undo or redo: lastError() if it cannot be computed
    };
    /// True when `shapes` are computed in the background.
    bool inBackground(const Shapes &shapes) const;
    /// The shapes of `s`, or none when it is not a valid scenario.
    static std::optional<Shapes> shapesOf(const Scenario &s);
    /// True when `a` is valid and has the sizes of `b` (so a trace of `b` can stand in for it).
    static bool sameShapes(const std::optional<Shapes> &a, const Shapes &b);
    /// Starts the background computation of m_scenario (or m_loadCandidate for a load).
    void startBackground(Pending kind, const Scenario &scenario);
    /// Cancels a background computation without touching the scenario.
    void dropBackground();
    /// Receives the worker's result.
    void backgroundFinished(std::shared_ptr<AttentionTrace> trace, const QString &error);
    /// Takes back the edit on top of the undo stack (and removes it from the history).
    void takeBackTopEdit(const QString &message);
    /// Stores `trace` as the trace of m_scenario and records the labels it was computed with.
    void setTrace(AttentionTrace trace);
    /// Marks the query heads an edit of entry (row, column) of `role` changes (see m_dirtyHeads).
    void markDirty(TensorRole role, int column);
    /// Marks every head changed (an edit of anything but one entry of Q, K or V).
    void markAllDirty() { m_dirtyHeads.clear(); }
    /// Takes the background result: the heads of m_jobHeads replace those of m_trace.
    void mergeTrace(AttentionTrace partial);
    /// True when an edit of Q column `column` can be computed as one row of its head at once:
    /// a large scenario whose trace is current for that head and nothing computes.
    bool rowUpdateApplies(int column) const;
    /// The one-row trace of query `row` of the head owning Q column `column`, with Q(row, column)
    /// = `value` (core's restrictToQuery: exactly that row of the full trace). Throws what the
    /// engine throws.
    AttentionTrace queryRowTrace(int row, int column, double value) const;
    /// Writes `one` (from queryRowTrace) into row `row` of the head owning Q column `column`.
    void applyRowTrace(int row, int column, const AttentionTrace &one);

    Engine m_engine;
    CancellableEngine m_cancellableEngine;
    TraceWorker *m_worker = nullptr;
    Pending m_pending = Pending::None;
    Pending m_nextBackground = Pending::Restore; // what recompute() starts when it computes in the background
    QString m_pendingText;                       // the pending edit's description, for its refusal
    std::optional<Scenario> m_loadCandidate;
    qint64 m_backgroundTriples = kBackgroundTriples;
    quint64 m_traceSerial = 0; // counts setTrace()
    // (H_q) the query heads whose part of m_trace is out of date since it was last current: the
    // background computation recomputes only these and keeps the others. Empty: every head.
    std::vector<bool> m_dirtyHeads;
    std::vector<bool> m_jobHeads; // the heads the background computation recomputes (empty: all)
    std::optional<AttentionTrace> m_pendingRow; // queryRowTrace() of the Q edit being pushed
    Scenario m_scenario;
    AttentionTrace m_trace;
    std::optional<AttentionTrace> m_pendingTrace; // computed for the command being pushed
    QString m_lastError;
    QString m_lastRefusal;
    QStringList m_traceQueryLabels;
    QStringList m_traceKeyLabels;
    QUndoStack *m_undoStack = nullptr;
    int m_selectedQuery = 0;
    int m_selectedHead = 0;
};

} // namespace attn::doc
