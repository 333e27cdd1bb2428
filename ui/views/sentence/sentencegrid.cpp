// SentenceArcsView as a CellGrid: what the keyboard walk, the screen reader and the table twin
// read. Rows are the queries, columns the keys, values the weights of the selected head; the
// figure shows the row of the selected query, so the cursor's row is that query.
#include "ui/views/sentence/sentencearcsview.h"

#include "ui/base/numbertext.h"
#include "ui/document/scenariodocument.h"

#include <algorithm>

namespace attn::ui {

int SentenceArcsView::gridRows() const
{
    const AttentionTrace &trace = m_document->trace();
    return trace.heads.empty() ? 0 : static_cast<int>(trace.shapes.n_q);
}

int SentenceArcsView::gridColumns() const
{
    const AttentionTrace &trace = m_document->trace();
    return trace.heads.empty() ? 0 : static_cast<int>(trace.shapes.n_k);
}

QString SentenceArcsView::gridRowHeader(int row) const
{
    return row >= 0 && row < gridRows() ? m_document->traceQueryLabels().value(row) : QString();
}

QString SentenceArcsView::gridColumnHeader(int column) const
{
    return column >= 0 && column < gridColumns() ? m_document->traceKeyLabels().value(column) : QString();
}

QString SentenceArcsView::gridCellValue(int row, int column) const
{
    const AttentionTrace &trace = m_document->trace();
    const int head = m_document->selectedHead();
    if (row < 0 || column < 0 || row >= gridRows() || column >= gridColumns() ||
        head >= static_cast<int>(trace.heads.size()))
        return {};
    return weightNumber(trace.heads[static_cast<std::size_t>(head)].weights(row, column));
}

bool SentenceArcsView::gridCellMasked(int row, int column) const
{
    const AttentionTrace &trace = m_document->trace();
    const int head = m_document->selectedHead();
    if (row < 0 || column < 0 || row >= gridRows() || column >= gridColumns() ||
        head >= static_cast<int>(trace.heads.size()))
        return false;
    return !trace.heads[static_cast<std::size_t>(head)].visible(row, column);
}

QRect SentenceArcsView::gridCellRect(int row, int column) const
{
    if (row < 0 || row >= gridRows()) return {};
    return tokenRect(column).toAlignedRect(); // the key's box: the figure draws one query at a time
}

QString SentenceArcsView::gridCaption() const
{
    return title();
}

int SentenceArcsView::gridCurrentRow() const
{
    return gridRows() > 0 ? std::clamp(m_document->selectedQuery(), 0, gridRows() - 1) : -1;
}

int SentenceArcsView::gridCurrentColumn() const
{
    return gridColumns() > 0 ? std::clamp(m_keyCursor, 0, gridColumns() - 1) : -1;
}

void SentenceArcsView::gridSetCurrentCell(int row, int column)
{
    if (gridRows() == 0 || gridColumns() == 0) return;
    m_keyCursor = std::clamp(column, 0, gridColumns() - 1);
    const int query = std::clamp(row, 0, gridRows() - 1);
    if (query != m_document->selectedQuery()) m_document->setSelectedQuery(query);
    gridCurrentCellChanged();
}

bool SentenceArcsView::gridActivateCell(int, int column)
{
    // In self-attention the keys are the queries: Enter makes the key the query, as a click does.
    if (isCrossAttention() || column < 0 || column >= m_document->queryCount()) return false;
    m_document->setSelectedQuery(column);
    return true;
}

} // namespace attn::ui
