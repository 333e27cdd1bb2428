#include "ui/document/scenariodocument.h"
#include "ui/document/windowbudget.h"

#include "ui/document/scenarioedits.h"
#include "ui/document/traceworker.h"

#include <QLocale>
#include <QUndoCommand>
#include <QUndoStack>

#include <algorithm>
#include <cmath>
#include <exception>

namespace attn::doc {

namespace {

constexpr int kSetCellCommandId = 1;

/// Runs `engine` on `scenario` into *trace; on failure returns false with the reason.
bool compute(const ScenarioDocument::Engine &engine, const Scenario &scenario,
             std::optional<AttentionTrace> *trace, QString *error)
{
    try {
        // What no view can show is refused before the engine runs and before any view builds.
        if (const QString problem = windowSizeProblem(validate(scenario)); !problem.isEmpty()) {
            *error = problem;
            trace->reset();
            return false;
        }
        *trace = engine(scenario);
        return true;
    } catch (const ScenarioError &e) {
        *error = QString::fromStdString(e.what());
    } catch (const std::exception &e) {
        // e.g. std::bad_alloc for an impossible size.
        *error = ScenarioDocument::tr("cannot compute attention: %1").arg(QString::fromLocal8Bit(e.what()));
    }
    trace->reset();
    return false;
}

/// The tensor playing `role` in `s`.
Matrix &tensorOf(Scenario &s, TensorRole role)
{
    switch (role) {
    case TensorRole::Query: return s.query;
    case TensorRole::Key: return s.key;
    case TensorRole::Value: break;
    }
    return s.value;
}

/// An entry named with the indices of the file: "V[2][0]".
QString entryName(const QString &tensor, Index row, Index column)
{
    return QStringLiteral("%1[%2][%3]").arg(tensor).arg(row).arg(column);
}

} // namespace

QString tensorName(TensorRole role)
{
    switch (role) {
    case TensorRole::Query: return QStringLiteral("Q");
    case TensorRole::Key: return QStringLiteral("K");
    case TensorRole::Value: return QStringLiteral("V");
    }
    return {};
}

/// Changes one entry; successive edits of the same entry merge into one step.
class SetCellCommand : public QUndoCommand {
public:
    SetCellCommand(ScenarioDocument *document, TensorRole role, int row, int column, double value)
        : m_document(document), m_role(role), m_row(row), m_column(column),
          m_old(document->tensor(role)(row, column)), m_new(value)
    {
        setText(ScenarioDocument::tr("Edit %1[%2, %3]").arg(tensorName(role)).arg(row).arg(column));
    }
    void redo() override { m_document->applyCell(m_role, m_row, m_column, m_new); }
    void undo() override { m_document->applyCell(m_role, m_row, m_column, m_old); }
    int id() const override { return kSetCellCommandId; }
    bool mergeWith(const QUndoCommand *other) override
    {
        const auto *edit = static_cast<const SetCellCommand *>(other);
        if (edit->m_role != m_role || edit->m_row != m_row || edit->m_column != m_column) return false;
        m_new = edit->m_new;
        setObsolete(m_new == m_old);
        return true;
    }

private:
    ScenarioDocument *m_document;
    TensorRole m_role;
    int m_row;
    int m_column;
    double m_old;
    double m_new;
};

/// A structural edit, kept as the scenario before and after (scenarios are small).
class ReplaceScenarioCommand : public QUndoCommand {
public:
    ReplaceScenarioCommand(ScenarioDocument *document, Scenario after, const QString &text)
        : m_document(document), m_before(document->scenario()), m_after(std::move(after))
    {
        setText(text);
    }
    void redo() override { m_document->applyScenario(m_after); }
    void undo() override { m_document->applyScenario(m_before); }

private:
    ScenarioDocument *m_document;
    Scenario m_before;
    Scenario m_after;
};

ScenarioDocument::ScenarioDocument(QObject *parent)
    : ScenarioDocument(CancellableEngine(attendControlled), parent)
{
}

ScenarioDocument::ScenarioDocument(Engine engine, QObject *parent)
    : ScenarioDocument(CancellableEngine([engine = std::move(engine)](
                                             const Scenario &s, const AttendControl &) { return engine(s); }),
                       parent)
{
}

ScenarioDocument::ScenarioDocument(CancellableEngine engine, QObject *parent)
    : QObject(parent), m_cancellableEngine(std::move(engine)), m_undoStack(new QUndoStack(this))
{
    m_engine = [e = m_cancellableEngine](const Scenario &s) { return e(s, AttendControl{}); };
    m_worker = new TraceWorker(m_cancellableEngine, this);
    connect(m_worker, &TraceWorker::finished, this,
            [this](quint64, std::shared_ptr<AttentionTrace> trace, const QString &error) {
                backgroundFinished(std::move(trace), error);
            });
    connect(m_worker, &TraceWorker::progress, this,
            [this](quint64, int done, int total) { emit computeProgress(done, total); });
}

ScenarioDocument::~ScenarioDocument() = default;

bool ScenarioDocument::load(const Scenario &scenario, QString *error)
{
    QString message;
    if (!compute(m_engine, scenario, &m_pendingTrace, &message)) {
        if (error) *error = message;
        return false;
    }
    dropBackground();
    m_undoStack->clear();
    m_lastRefusal.clear();
    applyScenario(scenario);
    return true;
}

const Matrix &ScenarioDocument::tensor(TensorRole role) const
{
    switch (role) {
    case TensorRole::Query: return m_scenario.query;
    case TensorRole::Key: return m_scenario.key;
    case TensorRole::Value: break;
    }
    return m_scenario.value;
}

Matrix &ScenarioDocument::mutableTensor(TensorRole role)
{
    return tensorOf(m_scenario, role);
}

int ScenarioDocument::headCount(TensorRole role) const
{
    return std::max(1, role == TensorRole::Query ? m_scenario.num_query_heads : m_scenario.num_kv_heads);
}

int ScenarioDocument::headWidth(TensorRole role) const
{
    return static_cast<int>(tensor(role).cols() / headCount(role));
}

int ScenarioDocument::queryCount() const
{
    return edits::queryCount(m_scenario);
}

int ScenarioDocument::keyCount() const
{
    return edits::keyCount(m_scenario);
}

QString ScenarioDocument::queryLabel(int row) const
{
    if (row >= 0 && row < static_cast<int>(m_scenario.query_tokens.size()))
        return QString::fromStdString(m_scenario.query_tokens[row]);
    return QString::fromStdString(edits::defaultQueryLabel(row));
}

QString ScenarioDocument::keyLabel(int row) const
{
    if (row >= 0 && row < static_cast<int>(m_scenario.key_tokens.size()))
        return QString::fromStdString(m_scenario.key_tokens[row]);
    return QString::fromStdString(edits::defaultKeyLabel(row));
}

QString ScenarioDocument::rowLabel(TensorRole role, int row) const
{
    return role == TensorRole::Query ? queryLabel(row) : keyLabel(row);
}

bool ScenarioDocument::setCell(TensorRole role, int row, int column, double value)
{
    const Matrix &m = tensor(role);
    if (row < 0 || column < 0 || row >= m.rows() || column >= m.cols() || !std::isfinite(value)) return false;
    if (m(row, column) == value) return true;
    QString edit = tr("%1[%2, %3] = %4 (%5, column %6)")
                       .arg(tensorName(role))
                       .arg(row)
                       .arg(column)
                       .arg(QString::number(value, 'g', QLocale::FloatingPointShortest), rowLabel(role, row))
                       .arg(column);
    if (role == TensorRole::Query && rowUpdateApplies(column)) {
        // One row of one head: computed at once, refused at once, as for a small scenario.
        try {
            m_pendingRow = queryRowTrace(row, column, value);
        } catch (const std::exception &e) {
            m_lastRefusal =
                tr("%1: refused, the attention cannot be computed (%2). Kept the previous values.")
                    .arg(edit, QString::fromStdString(e.what()));
            emit editRefused(m_lastRefusal);
            return false;
        }
        m_lastRefusal.clear();
        m_undoStack->push(new SetCellCommand(this, role, row, column, value));
        m_pendingRow.reset();
        return true;
    }
    if (!m_scenario.projection && inBackground(m_trace.shapes) &&
        sameShapes(shapesOf(m_scenario), m_trace.shapes)) {
        // Shown at once; its trace follows from the worker (and takes the edit back if refused).
        m_nextBackground = Pending::Edit;
        m_pendingText = edit;
        m_undoStack->push(new SetCellCommand(this, role, row, column, value));
        m_nextBackground = Pending::Restore;
        return true;
    }
    // Compute the edited scenario before anything changes (Q, K and V are small next to the
    // trace, so the copy costs less than the attention itself).
    Scenario candidate = m_scenario;
    tensorOf(candidate, role)(row, column) = value;
    if (candidate.projection) {
        // Q, K and V were products of X and the W matrices: an edit of one of them makes the
        // scenario a plain one (undo brings the projections back).
        detachProjection(candidate, edit);
        return pushEdit(candidate, edit);
    }
    if (!prepare(candidate, edit)) return false;
    m_undoStack->push(new SetCellCommand(this, role, row, column, value));
    m_pendingTrace.reset();
    return true;
}

bool ScenarioDocument::hasQueryAndKey() const
{
    return m_scenario.query.size() > 0 && m_scenario.key.size() > 0;
}

bool ScenarioDocument::addQuery()
{
    Scenario s = m_scenario;
    edits::appendQuery(s);
    QString text = tr("Add query");
    detachProjection(s, text);
    return pushEdit(s, text);
}

bool ScenarioDocument::removeQuery(int row)
{
    if (queryCount() <= 1 || row < 0 || row >= queryCount()) return false;
    Scenario s = m_scenario;
    edits::removeQuery(s, row);
    QString text = tr("Remove query %1").arg(queryLabel(row));
    detachProjection(s, text);
    return pushEdit(s, text);
}

bool ScenarioDocument::addKey()
{
    Scenario s = m_scenario;
    edits::appendKey(s);
    QString text = tr("Add key");
    detachProjection(s, text);
    return pushEdit(s, text);
}

bool ScenarioDocument::removeKey(int row)
{
    if (keyCount() <= 1 || row < 0 || row >= keyCount()) return false;
    Scenario s = m_scenario;
    edits::removeKey(s, row);
    QString text = tr("Remove key %1").arg(keyLabel(row));
    detachProjection(s, text);
    return pushEdit(s, text);
}

bool ScenarioDocument::addKeyDim()
{
    if (!hasQueryAndKey()) return false;
    Scenario s = m_scenario;
    edits::appendKeyDim(s);
    QString text = tr("Add d_k column");
    detachProjection(s, text);
    return pushEdit(s, text);
}

bool ScenarioDocument::removeKeyDim(int dim)
{
    if (keyDim() <= 1 || dim < 0 || dim >= keyDim() || !hasQueryAndKey()) return false;
    Scenario s = m_scenario;
    edits::removeKeyDim(s, dim);
    QString text = tr("Remove d_k column %1").arg(dim);
    detachProjection(s, text);
    return pushEdit(s, text);
}

bool ScenarioDocument::addValueDim()
{
    Scenario s = m_scenario;
    edits::appendValueDim(s);
    QString text = tr("Add d_v column");
    detachProjection(s, text);
    return pushEdit(s, text);
}

bool ScenarioDocument::removeValueDim(int dim)
{
    if (valueDim() <= 1 || dim < 0 || dim >= valueDim()) return false;
    Scenario s = m_scenario;
    edits::removeValueDim(s, dim);
    QString text = tr("Remove d_v column %1").arg(dim);
    detachProjection(s, text);
    return pushEdit(s, text);
}

void ScenarioDocument::detachProjection(Scenario &s, QString &text)
{
    if (!s.projection) return;
    s.projection.reset();
    text += tr(" (Q, K and V are no longer computed from X)");
}

QString ScenarioDocument::nanNote() const
{
    // Each part, with what a NaN in it does to the result.
    QString first;
    qsizetype count = 0;
    const auto scan = [&](const Matrix &m, const QString &name, const auto &describe) {
        for (Index i = 0; i < m.rows(); ++i) {
            for (Index j = 0; j < m.cols(); ++j) {
                if (!std::isnan(m(i, j))) continue;
                if (count++ == 0) first = describe(entryName(name, i, j), i);
            }
        }
    };
    scan(m_scenario.query, QStringLiteral("Q"), [this](const QString &entry, Index i) {
        return tr("%1 (query “%2”) is NaN (null in the file); the scores of that query are NaN")
            .arg(entry, queryLabel(static_cast<int>(i)));
    });
    scan(m_scenario.key, QStringLiteral("K"), [this](const QString &entry, Index j) {
        return tr("%1 (key “%2”) is NaN (null in the file); its scores are NaN wherever it is visible")
            .arg(entry, keyLabel(static_cast<int>(j)));
    });
    scan(m_scenario.value, QStringLiteral("V"), [this](const QString &entry, Index j) {
        return tr("%1 (key “%2”) is NaN (null in the file); rows that attend to it get NaN")
            .arg(entry, keyLabel(static_cast<int>(j)));
    });
    for (std::size_t h = 0; h < m_scenario.scores.size(); ++h) {
        const QString name =
            m_scenario.scores.size() > 1 ? QStringLiteral("scores[%1]").arg(h) : QStringLiteral("scores");
        scan(m_scenario.scores[h], name, [](const QString &entry, Index) {
            return tr("%1 is NaN (null in the file); that score is NaN where it is visible").arg(entry);
        });
    }
    if (count == 0) return {};
    QString note = tr("Note: %1").arg(first);
    if (count > 1) note += tr(" (and %n more NaN entries)", nullptr, static_cast<int>(count - 1));
    return note + tr(". A masked token's NaN never reaches the output.");
}

void ScenarioDocument::setSelectedQuery(int row)
{
    row = std::clamp(row, 0, std::max(0, queryCount() - 1));
    if (row == m_selectedQuery) return;
    m_selectedQuery = row;
    emit selectedQueryChanged(row);
}

void ScenarioDocument::setSelectedHead(int head)
{
    head = std::clamp(head, 0, headCount(TensorRole::Query) - 1);
    if (head == m_selectedHead) return;
    m_selectedHead = head;
    emit selectedHeadChanged(head);
}

void ScenarioDocument::applyCell(TensorRole role, int row, int column, double value)
{
    const quint64 serial = m_traceSerial;
    if (!m_pendingRow && role == TensorRole::Query && rowUpdateApplies(column)) {
        try { // an undo or redo of a Q edit
            m_pendingRow = queryRowTrace(row, column, value);
        } catch (const std::exception &) {
            // computed in the background below, which says what is wrong
        }
    }
    mutableTensor(role)(row, column) = value;
    if (m_pendingRow) {
        applyRowTrace(row, column, *m_pendingRow);
        m_pendingRow.reset();
    } else {
        markDirty(role, column);
        recompute();
    }
    emit cellChanged(role, row, column);
    emit scenarioChanged();
    if (m_traceSerial != serial || !m_lastError.isEmpty()) emit traceChanged(); // else when computed
}

void ScenarioDocument::applyScenario(const Scenario &scenario)
{
    emit shapeAboutToChange();
    m_scenario = scenario;
    markAllDirty();
    const quint64 serial = m_traceSerial;
    recompute();
    const int oldQuery = m_selectedQuery;
    const int oldHead = m_selectedHead;
    clampSelection();
    emit shapeChanged();
    emit scenarioChanged();
    if (m_traceSerial != serial || !m_lastError.isEmpty()) emit traceChanged(); // else when computed
    if (m_selectedQuery != oldQuery) emit selectedQueryChanged(m_selectedQuery);
    if (m_selectedHead != oldHead) emit selectedHeadChanged(m_selectedHead);
}

bool ScenarioDocument::prepare(const Scenario &candidate, const QString &edit)
{
    QString reason;
    if (!compute(m_engine, candidate, &m_pendingTrace, &reason)) {
        m_lastRefusal = tr("%1: refused, the attention cannot be computed (%2). Kept the previous values.")
                            .arg(edit, reason);
        emit editRefused(m_lastRefusal);
        return false;
    }
    m_lastRefusal.clear();
    return true;
}

bool ScenarioDocument::replaceScenario(const Scenario &edited, const QString &text)
{
    return pushEdit(edited, text);
}

bool ScenarioDocument::pushEdit(const Scenario &edited, const QString &text)
{
    if (inBackground(m_trace.shapes) && sameShapes(shapesOf(edited), m_trace.shapes) &&
        sameShapes(shapesOf(m_scenario), m_trace.shapes)) {
        m_nextBackground = Pending::Edit;
        m_pendingText = text;
        m_undoStack->push(new ReplaceScenarioCommand(this, edited, text));
        m_nextBackground = Pending::Restore;
        return true;
    }
    if (!prepare(edited, text)) return false;
    m_undoStack->push(new ReplaceScenarioCommand(this, edited, text));
    m_pendingTrace.reset();
    return true;
}

void ScenarioDocument::recompute()
{
    std::optional<AttentionTrace> trace = std::move(m_pendingTrace);
    m_pendingTrace.reset();
    if (!trace && m_pending == Pending::Load && sameShapes(shapesOf(m_scenario), m_trace.shapes))
        return; // the scenario being loaded replaces this one
    if (!trace && inBackground(m_trace.shapes) && sameShapes(shapesOf(m_scenario), m_trace.shapes)) {
        startBackground(m_nextBackground, m_scenario);
        return;
    }
    if (m_pending != Pending::Load) dropBackground();
    QString error;
    // Undo and redo return to states that computed before, so this only fails if the engine
    // changed its mind (e.g. out of memory): then the last good trace stays and says so.
    if (!trace && !compute(m_engine, m_scenario, &trace, &error)) {
        m_lastError = error;
        return;
    }
    setTrace(std::move(*trace));
}

void ScenarioDocument::setTrace(AttentionTrace trace)
{
    m_trace = std::move(trace);
    ++m_traceSerial;
    m_dirtyHeads.assign(m_trace.heads.size(), false);
    m_lastError.clear();
    m_traceQueryLabels.clear();
    m_traceKeyLabels.clear();
    for (int i = 0; i < queryCount(); ++i) m_traceQueryLabels << queryLabel(i);
    for (int j = 0; j < keyCount(); ++j) m_traceKeyLabels << keyLabel(j);
}

void ScenarioDocument::clampSelection()
{
    m_selectedQuery = std::clamp(m_selectedQuery, 0, std::max(0, queryCount() - 1));
    m_selectedHead = std::clamp(m_selectedHead, 0, headCount(TensorRole::Query) - 1);
}

} // namespace attn::doc
