#include "core/mask.h"

#include <algorithm>

namespace attn {

bool usesPositions(const Scenario &s)
{
    return s.mask.causal || s.mask.window.has_value() || s.positional.kind != PositionalKind::None;
}

Positions resolvePositions(const Scenario &s, const Shapes &shapes)
{
    Positions p;
    p.key.resize(static_cast<std::size_t>(shapes.n_k));
    if (!s.key_positions.empty()) {
        p.key = s.key_positions;
    } else {
        for (Index j = 0; j < shapes.n_k; ++j) p.key[static_cast<std::size_t>(j)] = j;
    }
    p.query.resize(static_cast<std::size_t>(shapes.n_q));
    if (!s.query_positions.empty()) {
        p.query = s.query_positions;
    } else if (s.alignment == Alignment::BottomRight) {
        // The last query meets the last key (the largest key position), the others one step
        // before each: query i at max pos_k − (n_q − 1 − i); i + n_k − n_q for keys 0 … n_k − 1.
        const std::int64_t last = *std::max_element(p.key.begin(), p.key.end());
        for (Index i = 0; i < shapes.n_q; ++i)
            p.query[static_cast<std::size_t>(i)] = last - (shapes.n_q - 1 - i);
    } else {
        // top_left (and no alignment): the first query meets the first key (the smallest key
        // position): query i at min pos_k + i; i for keys 0 … n_k − 1.
        const std::int64_t first = *std::min_element(p.key.begin(), p.key.end());
        for (Index i = 0; i < shapes.n_q; ++i) p.query[static_cast<std::size_t>(i)] = first + i;
    }
    return p;
}

DocumentIds documentIds(const Scenario &s)
{
    if (!s.mask.document_ids.empty()) return {s.mask.document_ids, s.mask.document_ids};
    return {s.mask.query_document_ids, s.mask.key_document_ids};
}

BoolMatrix visibility(const Scenario &s, const Shapes &shapes, const Positions &positions, int head)
{
    BoolMatrix visible = BoolMatrix::Constant(shapes.n_q, shapes.n_k, true); // (n_q, n_k)
    const MaskSpec &mask = s.mask;
    if (!mask.visible.empty()) {
        visible =
            mask.visible.size() == 1 ? mask.visible.front() : mask.visible[static_cast<std::size_t>(head)];
    }
    const DocumentIds documents = documentIds(s);
    for (Index i = 0; i < shapes.n_q; ++i) {
        const std::int64_t pq = positions.query[static_cast<std::size_t>(i)];
        for (Index j = 0; j < shapes.n_k; ++j) {
            const std::int64_t pk = positions.key[static_cast<std::size_t>(j)];
            bool ok = visible(i, j);
            if (mask.causal) ok = ok && (pk <= pq || (mask.prefix_length && pk < *mask.prefix_length));
            if (mask.window) {
                if (mask.window->left) ok = ok && pk >= pq - *mask.window->left;
                if (mask.window->right) ok = ok && pk <= pq + *mask.window->right;
            }
            if (!mask.key_padding.empty()) ok = ok && mask.key_padding[static_cast<std::size_t>(j)];
            if (!documents.query.empty())
                ok = ok && documents.query[static_cast<std::size_t>(i)] ==
                               documents.key[static_cast<std::size_t>(j)];
            visible(i, j) = ok;
        }
    }
    return visible;
}

} // namespace attn
