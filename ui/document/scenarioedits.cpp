#include "ui/document/scenarioedits.h"

#include <algorithm>

namespace attn::doc::edits {

namespace {

bool isPresent(const Matrix &m)
{
    return m.size() > 0;
}

/// Appends a row filled with `fill` to a (rows, cols) matrix; shape (rows + 1, cols).
template <typename M> void appendRow(M &m, typename M::Scalar fill)
{
    const Index rows = m.rows();
    m.conservativeResize(rows + 1, m.cols());
    m.row(rows).setConstant(fill);
}

/// Appends a column filled with `fill`; shape (rows, cols + 1).
template <typename M> void appendColumn(M &m, typename M::Scalar fill)
{
    const Index cols = m.cols();
    m.conservativeResize(m.rows(), cols + 1);
    m.col(cols).setConstant(fill);
}

/// Removes row `r`; shape (rows − 1, cols).
template <typename M> void removeRowAt(M &m, Index r)
{
    M out(m.rows() - 1, m.cols());
    out.topRows(r) = m.topRows(r);
    out.bottomRows(m.rows() - r - 1) = m.bottomRows(m.rows() - r - 1);
    m = std::move(out);
}

/// Removes column `c`; shape (rows, cols − 1).
template <typename M> void removeColumnAt(M &m, Index c)
{
    M out(m.rows(), m.cols() - 1);
    out.leftCols(c) = m.leftCols(c);
    out.rightCols(m.cols() - c - 1) = m.rightCols(m.cols() - c - 1);
    m = std::move(out);
}

/// Appends a zero column at the end of each of `blocks` head blocks:
/// (rows, blocks·w) → (rows, blocks·(w + 1)).
void appendColumnPerBlock(Matrix &m, int blocks)
{
    const Index width = m.cols() / blocks;
    Matrix out = Matrix::Zero(m.rows(), blocks * (width + 1));
    for (int b = 0; b < blocks; ++b) out.middleCols(b * (width + 1), width) = m.middleCols(b * width, width);
    m = std::move(out);
}

/// Removes column `dim` of each of `blocks` head blocks: (rows, blocks·w) → (rows, blocks·(w − 1)).
void removeColumnPerBlock(Matrix &m, int blocks, Index dim)
{
    const Index width = m.cols() / blocks;
    for (int b = blocks - 1; b >= 0; --b) removeColumnAt(m, b * width + dim);
}

/// "prefix<n>", with n increased until the label is not in `tokens`.
std::string uniqueLabel(const char *prefix, std::size_t n, const std::vector<std::string> &tokens)
{
    for (;; ++n) {
        std::string label = prefix + std::to_string(n);
        if (std::find(tokens.begin(), tokens.end(), label) == tokens.end()) return label;
    }
}

/// Gives every token its default label ("q1", "k1", …) when the scenario has none, so that a
/// structural edit keeps each remaining token's name.
void nameTokens(std::vector<std::string> &tokens, const char *prefix, int count)
{
    if (!tokens.empty()) return;
    for (int i = 0; i < count; ++i) tokens.push_back(prefix + std::to_string(i + 1));
}

template <typename T> void eraseAt(std::vector<T> &v, int i)
{
    if (i >= 0 && i < static_cast<int>(v.size())) v.erase(v.begin() + i);
}

} // namespace

std::string defaultQueryLabel(int row)
{
    return "q" + std::to_string(row + 1);
}

std::string defaultKeyLabel(int row)
{
    return "k" + std::to_string(row + 1);
}

int queryCount(const Scenario &s)
{
    if (isPresent(s.query) || s.scores.empty()) return static_cast<int>(s.query.rows());
    return static_cast<int>(s.scores.front().rows());
}

int keyCount(const Scenario &s)
{
    return static_cast<int>(s.value.rows());
}

namespace {

/// Document ids as two lists (query, key) while a token is added or removed; joined again into
/// mask.document_ids by joinDocumentIds when they end up equal.
void splitDocumentIds(MaskSpec &m)
{
    if (m.document_ids.empty()) return;
    m.query_document_ids = m.document_ids;
    m.key_document_ids = std::move(m.document_ids);
    m.document_ids.clear();
}

void joinDocumentIds(MaskSpec &m)
{
    if (m.query_document_ids.empty() || m.query_document_ids != m.key_document_ids) return;
    m.document_ids = std::move(m.key_document_ids);
    m.key_document_ids.clear();
    m.query_document_ids.clear();
}

/// A new token continues the last document.
void appendDocumentId(std::vector<std::int64_t> &ids)
{
    if (!ids.empty()) ids.push_back(ids.back());
}

} // namespace

void appendQuery(Scenario &s)
{
    const int n = queryCount(s);
    nameTokens(s.query_tokens, "q", n);
    if (isPresent(s.query)) appendRow(s.query, 0.0);
    for (Matrix &scores : s.scores) appendRow(scores, 0.0);
    for (BoolMatrix &visible : s.mask.visible) appendRow(visible, true);
    s.query_tokens.push_back(uniqueLabel("q", n + 1, s.query_tokens));
    if (!s.query_positions.empty()) s.query_positions.push_back(s.query_positions.back() + 1);
    splitDocumentIds(s.mask);
    appendDocumentId(s.mask.query_document_ids);
    joinDocumentIds(s.mask);
}

void removeQuery(Scenario &s, int row)
{
    nameTokens(s.query_tokens, "q", queryCount(s));
    if (isPresent(s.query)) removeRowAt(s.query, row);
    for (Matrix &scores : s.scores) removeRowAt(scores, row);
    for (BoolMatrix &visible : s.mask.visible) removeRowAt(visible, row);
    eraseAt(s.query_tokens, row);
    eraseAt(s.query_positions, row);
    splitDocumentIds(s.mask);
    eraseAt(s.mask.query_document_ids, row);
    joinDocumentIds(s.mask);
}

void appendKey(Scenario &s)
{
    const int n = keyCount(s);
    nameTokens(s.key_tokens, "k", n);
    if (isPresent(s.key)) appendRow(s.key, 0.0);
    appendRow(s.value, 0.0);
    for (Matrix &scores : s.scores) appendColumn(scores, 0.0);
    for (BoolMatrix &visible : s.mask.visible) appendColumn(visible, true);
    if (!s.mask.key_padding.empty()) s.mask.key_padding.push_back(true);
    s.key_tokens.push_back(uniqueLabel("k", n + 1, s.key_tokens));
    if (!s.key_positions.empty()) s.key_positions.push_back(s.key_positions.back() + 1);
    splitDocumentIds(s.mask);
    appendDocumentId(s.mask.key_document_ids);
    joinDocumentIds(s.mask);
}

void removeKey(Scenario &s, int row)
{
    nameTokens(s.key_tokens, "k", keyCount(s));
    if (isPresent(s.key)) removeRowAt(s.key, row);
    removeRowAt(s.value, row);
    for (Matrix &scores : s.scores) removeColumnAt(scores, row);
    for (BoolMatrix &visible : s.mask.visible) removeColumnAt(visible, row);
    std::vector<bool> &padding = s.mask.key_padding;
    if (row < static_cast<int>(padding.size())) padding.erase(padding.begin() + row);
    eraseAt(s.key_tokens, row);
    eraseAt(s.key_positions, row);
    splitDocumentIds(s.mask);
    eraseAt(s.mask.key_document_ids, row);
    joinDocumentIds(s.mask);
}

void appendKeyDim(Scenario &s)
{
    appendColumnPerBlock(s.query, std::max(1, s.num_query_heads));
    appendColumnPerBlock(s.key, std::max(1, s.num_kv_heads));
    if (s.additive) {
        appendColumn(s.additive->W_q, 0.0);
        appendColumn(s.additive->W_k, 0.0);
    }
}

void removeKeyDim(Scenario &s, int dim)
{
    removeColumnPerBlock(s.query, std::max(1, s.num_query_heads), dim);
    removeColumnPerBlock(s.key, std::max(1, s.num_kv_heads), dim);
    if (s.additive && dim < s.additive->W_q.cols() && dim < s.additive->W_k.cols()) {
        removeColumnAt(s.additive->W_q, dim);
        removeColumnAt(s.additive->W_k, dim);
    }
    // Partial rotary keeps to the features left: the largest even r ≤ d_k, or all of them.
    const Index dk = s.query.cols() / std::max(1, s.num_query_heads);
    if (s.positional.rotary_dim && *s.positional.rotary_dim > dk) {
        const Index r = dk - dk % 2;
        s.positional.rotary_dim = r >= 2 && r < dk ? std::optional<Index>(r) : std::nullopt;
    }
}

void appendValueDim(Scenario &s)
{
    appendColumnPerBlock(s.value, std::max(1, s.num_kv_heads));
}

void removeValueDim(Scenario &s, int dim)
{
    removeColumnPerBlock(s.value, std::max(1, s.num_kv_heads), dim);
}

} // namespace attn::doc::edits
