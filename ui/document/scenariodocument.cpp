#include "ui/document/scenariodocument.h"

#include "ui/document/scenarioedits.h"

#include <QUndoCommand>
#include <QUndoStack>

#include <algorithm>
#include <cmath>
#include <exception>

namespace attn::doc {

namespace {

constexpr int kSetCellCommandId = 1;

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

ScenarioDocument::ScenarioDocument(QObject *parent) : QObject(parent), m_undoStack(new QUndoStack(this)) {}

ScenarioDocument::~ScenarioDocument() = default;

void ScenarioDocument::load(const Scenario &scenario)
{
    m_undoStack->clear();
    applyScenario(scenario);
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
    return const_cast<Matrix &>(tensor(role));
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
    m_undoStack->push(new SetCellCommand(this, role, row, column, value));
    return true;
}

bool ScenarioDocument::addQuery()
{
    Scenario s = m_scenario;
    edits::appendQuery(s);
    pushEdit(s, tr("Add query"));
    return true;
}

bool ScenarioDocument::removeQuery(int row)
{
    if (queryCount() <= 1 || row < 0 || row >= queryCount()) return false;
    Scenario s = m_scenario;
    edits::removeQuery(s, row);
    pushEdit(s, tr("Remove query %1").arg(queryLabel(row)));
    return true;
}

bool ScenarioDocument::addKey()
{
    Scenario s = m_scenario;
    edits::appendKey(s);
    pushEdit(s, tr("Add key"));
    return true;
}

bool ScenarioDocument::removeKey(int row)
{
    if (keyCount() <= 1 || row < 0 || row >= keyCount()) return false;
    Scenario s = m_scenario;
    edits::removeKey(s, row);
    pushEdit(s, tr("Remove key %1").arg(keyLabel(row)));
    return true;
}

bool ScenarioDocument::addKeyDim()
{
    if (m_scenario.query.size() == 0 || m_scenario.key.size() == 0) return false;
    Scenario s = m_scenario;
    edits::appendKeyDim(s);
    pushEdit(s, tr("Add d_k column"));
    return true;
}

bool ScenarioDocument::removeKeyDim(int dim)
{
    if (keyDim() <= 1 || dim < 0 || dim >= keyDim() || m_scenario.query.size() == 0) return false;
    Scenario s = m_scenario;
    edits::removeKeyDim(s, dim);
    pushEdit(s, tr("Remove d_k column %1").arg(dim));
    return true;
}

bool ScenarioDocument::addValueDim()
{
    Scenario s = m_scenario;
    edits::appendValueDim(s);
    pushEdit(s, tr("Add d_v column"));
    return true;
}

bool ScenarioDocument::removeValueDim(int dim)
{
    if (valueDim() <= 1 || dim < 0 || dim >= valueDim()) return false;
    Scenario s = m_scenario;
    edits::removeValueDim(s, dim);
    pushEdit(s, tr("Remove d_v column %1").arg(dim));
    return true;
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
    mutableTensor(role)(row, column) = value;
    recompute();
    emit cellChanged(role, row, column);
    emit scenarioChanged();
    emit traceChanged();
}

void ScenarioDocument::applyScenario(const Scenario &scenario)
{
    emit shapeAboutToChange();
    m_scenario = scenario;
    recompute();
    const int oldQuery = m_selectedQuery;
    const int oldHead = m_selectedHead;
    clampSelection();
    emit shapeChanged();
    emit scenarioChanged();
    emit traceChanged();
    if (m_selectedQuery != oldQuery) emit selectedQueryChanged(m_selectedQuery);
    if (m_selectedHead != oldHead) emit selectedHeadChanged(m_selectedHead);
}

void ScenarioDocument::pushEdit(const Scenario &edited, const QString &text)
{
    m_undoStack->push(new ReplaceScenarioCommand(this, edited, text));
}

void ScenarioDocument::recompute()
{
    try {
        m_trace = attend(m_scenario);
        m_lastError.clear();
        m_traceQueryLabels.clear();
        m_traceKeyLabels.clear();
        for (int i = 0; i < queryCount(); ++i) m_traceQueryLabels << queryLabel(i);
        for (int j = 0; j < keyCount(); ++j) m_traceKeyLabels << keyLabel(j);
    } catch (const ScenarioError &error) {
        m_lastError = QString::fromStdString(error.what());
    } catch (const std::exception &error) {
        // e.g. std::bad_alloc for an impossible size: keep the last good trace.
        m_lastError = tr("Cannot compute attention: %1").arg(QString::fromLocal8Bit(error.what()));
    }
}

void ScenarioDocument::clampSelection()
{
    m_selectedQuery = std::clamp(m_selectedQuery, 0, std::max(0, queryCount() - 1));
    m_selectedHead = std::clamp(m_selectedHead, 0, headCount(TensorRole::Query) - 1);
}

} // namespace attn::doc
