// ScenarioDocument: large scenarios computed off the interface thread (see computing()).
#include "ui/document/scenariodocument.h"

#include "core/intervention.h"
#include "ui/document/traceworker.h"
#include "ui/document/windowbudget.h"

#include <QUndoCommand>
#include <QUndoStack>

#include <algorithm>

namespace attn::doc {

bool ScenarioDocument::inBackground(const Shapes &shapes) const
{
    const double triples = double(shapes.num_query_heads) * double(shapes.n_q) * double(shapes.n_k);
    return shapes.n_q > 0 && triples >= double(m_backgroundTriples);
}

std::optional<Shapes> ScenarioDocument::shapesOf(const Scenario &s)
{
    try {
        return validate(s);
    } catch (const std::exception &) {
        return std::nullopt;
    }
}

bool ScenarioDocument::sameShapes(const std::optional<Shapes> &a, const Shapes &b)
{
    return a && a->n_q == b.n_q && a->n_k == b.n_k && a->d_k == b.d_k && a->d_v == b.d_v &&
           a->num_query_heads == b.num_query_heads && a->num_kv_heads == b.num_kv_heads;
}

bool ScenarioDocument::computing() const
{
    return m_pending != Pending::None;
}

bool ScenarioDocument::loadInBackground(const Scenario &scenario, QString *error)
{
    const std::optional<Shapes> shapes = shapesOf(scenario);
    if (!shapes || !inBackground(*shapes)) return load(scenario, error);
    // What no view can show is refused before anything is computed, as load() does.
    if (const QString problem = windowSizeProblem(*shapes); !problem.isEmpty()) {
        if (error) *error = problem;
        return false;
    }
    m_loadCandidate = scenario;
    startBackground(Pending::Load, scenario);
    return true;
}

void ScenarioDocument::markDirty(TensorRole role, int column)
{
    const int hq = m_trace.shapes.num_query_heads;
    const int hkv = m_trace.shapes.num_kv_heads;
    if (m_dirtyHeads.size() != static_cast<std::size_t>(hq) || hq < 1) {
        markAllDirty();
        return;
    }
    const int width = headWidth(role);
    if (width < 1) {
        markAllDirty();
        return;
    }
    const int block = column / width; // the query head (Q) or the K/V head (K, V) of the column
    for (int h = 0; h < hq; ++h)
        if (role == TensorRole::Query ? h == block : kvHeadFor(h, hq, hkv) == block)
            m_dirtyHeads[static_cast<std::size_t>(h)] = true;
}

void ScenarioDocument::startBackground(Pending kind, const Scenario &scenario)
{
    // A newer load or edit wins: whatever was pending before is cancelled and never shown. An
    // edit after a pending load applies to the scenario shown, which the load then replaces.
    if (kind != Pending::Load) m_loadCandidate.reset();
    const bool was = computing();
    m_pending = kind;
    // Only the heads changed since m_trace was current (every edit since then, since each one
    // cancels the computation before it); a load computes every head.
    m_jobHeads = kind == Pending::Load ? std::vector<bool>() : m_dirtyHeads;
    m_worker->start(scenario, m_jobHeads);
    if (!was) emit computingChanged(true);
}

void ScenarioDocument::mergeTrace(AttentionTrace partial)
{
    if (m_jobHeads.empty()) {
        setTrace(std::move(partial));
        return;
    }
    const Index dv = m_trace.shapes.d_v;
    std::erase_if(m_trace.fully_masked_rows,
                  [this](const auto &entry) { return m_jobHeads[static_cast<std::size_t>(entry.first)]; });
    for (std::size_t h = 0; h < m_jobHeads.size(); ++h) {
        if (!m_jobHeads[h]) continue;
        m_trace.heads[h] = std::move(partial.heads[h]);
        m_trace.output.middleCols(Index(h) * dv, dv) = partial.output.middleCols(Index(h) * dv, dv);
    }
    for (const auto &entry : partial.fully_masked_rows) m_trace.fully_masked_rows.push_back(entry);
    std::sort(m_trace.fully_masked_rows.begin(), m_trace.fully_masked_rows.end());
    setTrace(std::move(m_trace));
}

void ScenarioDocument::dropBackground()
{
    if (!computing()) return;
    m_worker->cancel();
    m_pending = Pending::None;
    m_loadCandidate.reset();
    emit computingChanged(false);
}

void ScenarioDocument::cancelComputation()
{
    const Pending kind = m_pending;
    if (kind == Pending::None) return;
    if (kind == Pending::Edit) {
        takeBackTopEdit(tr("%1: cancelled while computing; kept the previous values.").arg(m_pendingText));
        return;
    }
    dropBackground();
    if (kind == Pending::Restore) {
        m_lastError =
            tr("the computation was cancelled: the pictures show the values before the last undo or "
               "redo");
        emit traceChanged();
    }
}

void ScenarioDocument::takeBackTopEdit(const QString &message)
{
    dropBackground();
    m_lastRefusal = message;
    const int index = m_undoStack->index();
    if (index > 0) {
        // Undo it, then drop it: a command marked obsolete is deleted by redo() without being redone.
        auto *command = const_cast<QUndoCommand *>(m_undoStack->command(index - 1));
        m_nextBackground = Pending::Edit; // the state below was edited too, maybe not yet computed
        m_undoStack->undo();
        m_nextBackground = Pending::Restore;
        command->setObsolete(true);
        m_undoStack->redo();
    }
    emit editRefused(m_lastRefusal);
}

void ScenarioDocument::backgroundFinished(std::shared_ptr<AttentionTrace> trace, const QString &error)
{
    const Pending kind = m_pending;
    m_pending = Pending::None;
    if (kind == Pending::Load) {
        Scenario scenario = std::move(*m_loadCandidate);
        m_loadCandidate.reset();
        if (!trace) {
            emit computingChanged(false);
            emit loadRefused(error);
            return;
        }
        m_pendingTrace = std::move(*trace);
        m_undoStack->clear();
        m_lastRefusal.clear();
        applyScenario(scenario);
        emit computingChanged(false);
        emit loaded();
        return;
    }
    if (trace) {
        mergeTrace(std::move(*trace));
        emit traceChanged();
        emit computingChanged(false);
        return;
    }
    if (kind == Pending::Edit) {
        m_pending = kind; // takeBackTopEdit() ends it
        takeBackTopEdit(tr("%1: refused, the attention cannot be computed (%2). Kept the previous values.")
                            .arg(m_pendingText, error));
        return;
    }
    m_lastError = error;
    emit traceChanged();
    emit computingChanged(false);
}

bool ScenarioDocument::rowUpdateApplies(int column) const
{
    const Shapes &shapes = m_trace.shapes;
    if (!inBackground(shapes) || computing() || !m_lastError.isEmpty() || shapes.d_k < 1) return false;
    if (m_scenario.projection || m_scenario.query.cols() != shapes.num_query_heads * shapes.d_k) return false;
    const auto head = static_cast<std::size_t>(column / shapes.d_k);
    return m_dirtyHeads.size() == m_trace.heads.size() && head < m_dirtyHeads.size() && !m_dirtyHeads[head];
}

AttentionTrace ScenarioDocument::queryRowTrace(int row, int column, double value) const
{
    const int head = column / static_cast<int>(m_trace.shapes.d_k);
    Scenario one = restrictToQuery(m_scenario, head, row); // (1, d_k) of Q: this head's slice of the row
    one.query(0, column - head * m_trace.shapes.d_k) = value;
    return m_engine(one);
}

void ScenarioDocument::applyRowTrace(int row, int column, const AttentionTrace &one)
{
    const int head = column / static_cast<int>(m_trace.shapes.d_k);
    const Index dv = m_trace.shapes.d_v;
    HeadTrace &target = m_trace.heads[static_cast<std::size_t>(head)];
    const HeadTrace &source = one.heads.front();
    target.logits.row(row) = source.logits.row(0);
    target.visible.row(row) = source.visible.row(0);
    target.weights.row(row) = source.weights.row(0);
    target.output.row(row) = source.output.row(0);
    m_trace.output.block(row, head * dv, 1, dv) = source.output.row(0);
    auto &masked = m_trace.fully_masked_rows;
    std::erase(masked, std::pair<int, Index>(head, row));
    if (!one.fully_masked_rows.empty()) {
        masked.emplace_back(head, row);
        std::sort(masked.begin(), masked.end());
    }
    ++m_traceSerial;
}

} // namespace attn::doc
