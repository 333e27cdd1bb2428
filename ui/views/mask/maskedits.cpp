#include "ui/views/mask/maskedits.h"

#include <cmath>
#include <exception>

namespace attn::ui {

namespace {

/// The explicit matrix that decides `head`: the shared one or the head's own.
BoolMatrix &matrixFor(MaskSpec &mask, int head)
{
    return mask.visible.size() == 1 ? mask.visible.front() : mask.visible[static_cast<std::size_t>(head)];
}

/// Makes sure `mask` has an explicit visible matrix (one shared all-ones (n_q, n_k) when absent).
void ensureExplicit(MaskSpec &mask, const Shapes &shapes)
{
    if (mask.visible.empty()) mask.visible.push_back(BoolMatrix::Constant(shapes.n_q, shapes.n_k, true));
}

/// Removes the explicit matrices when none of them hides anything.
void dropIfAllVisible(MaskSpec &mask)
{
    for (const BoolMatrix &m : mask.visible)
        if (!m.all()) return;
    mask.visible.clear();
}

/// Places the queries when the mask now depends on positions and n_q ≠ n_k.
void alignIfNeeded(Scenario &s, const Shapes &shapes, Alignment alignment)
{
    if (shapes.n_q != shapes.n_k && s.query_positions.empty() && alignment != Alignment::Unspecified)
        s.alignment = alignment;
}

} // namespace

MaskReasons maskReasons(const Scenario &s, const Positions &positions, int head, Index query, Index key)
{
    MaskReasons r;
    const std::int64_t pq = positions.query[static_cast<std::size_t>(query)];
    const std::int64_t pk = positions.key[static_cast<std::size_t>(key)];
    const MaskSpec &mask = s.mask;
    r.causal = mask.causal && pk > pq && !(mask.prefix_length && pk < *mask.prefix_length);
    if (mask.window) {
        const bool tooFarLeft = mask.window->left && pk < pq - *mask.window->left;
        const bool tooFarRight = mask.window->right && pk > pq + *mask.window->right;
        r.window = tooFarLeft || tooFarRight;
    }
    r.padding = !mask.key_padding.empty() && !mask.key_padding[static_cast<std::size_t>(key)];
    if (!mask.visible.empty()) {
        const BoolMatrix &m =
            mask.visible.size() == 1 ? mask.visible.front() : mask.visible[static_cast<std::size_t>(head)];
        r.custom = !m(query, key);
    }
    const DocumentIds docs = documentIds(s);
    if (!docs.query.empty() && !docs.key.empty())
        r.document = docs.query[static_cast<std::size_t>(query)] != docs.key[static_cast<std::size_t>(key)];
    return r;
}

Scenario withCellVisible(const Scenario &s, int head, Index query, Index key, bool show)
{
    const Shapes shapes = validate(s);
    const Positions positions = resolvePositions(s, shapes);
    Scenario e = s;
    MaskSpec &mask = e.mask;
    if (!show) {
        ensureExplicit(mask, shapes);
        matrixFor(mask, head)(query, key) = false;
        return e;
    }
    const MaskReasons why = maskReasons(s, positions, head, query, key);
    if (why.causal || why.window || why.document) {
        // Copy the pattern of the flags that hide the cell into `visible`, then drop them: the
        // other cells they hid stay hidden, and the flags that do not hide it stay as they are.
        Scenario flags = s;
        flags.mask = MaskSpec{};
        flags.mask.causal = why.causal;
        if (why.causal) flags.mask.prefix_length = s.mask.prefix_length;
        if (why.window) flags.mask.window = s.mask.window;
        if (why.document) {
            flags.mask.document_ids = s.mask.document_ids;
            flags.mask.query_document_ids = s.mask.query_document_ids;
            flags.mask.key_document_ids = s.mask.key_document_ids;
        }
        const BoolMatrix pattern = visibility(flags, shapes, positions, head); // (n_q, n_k)
        ensureExplicit(mask, shapes);
        for (BoolMatrix &m : mask.visible) m = (m.array() && pattern.array()).matrix();
        if (why.causal) {
            mask.causal = false;
            mask.prefix_length.reset(); // a prefix exempts keys from causal only
        }
        if (why.window) mask.window.reset();
        if (why.document) {
            mask.document_ids.clear();
            mask.query_document_ids.clear();
            mask.key_document_ids.clear();
        }
    }
    if (why.padding) {
        // The key becomes real for this query only: the other queries still skip it.
        ensureExplicit(mask, shapes);
        for (BoolMatrix &m : mask.visible) m.col(key).setConstant(false);
        mask.key_padding[static_cast<std::size_t>(key)] = true;
        bool anyPadding = false;
        for (bool real : mask.key_padding) anyPadding = anyPadding || !real;
        if (!anyPadding) mask.key_padding.clear();
    }
    if (!mask.visible.empty()) matrixFor(mask, head)(query, key) = true;
    dropIfAllVisible(mask);
    return e;
}

Scenario withCausal(const Scenario &s, Alignment alignment)
{
    const Shapes shapes = validate(s);
    Scenario e = s;
    e.mask.causal = true;
    // Mask parts combine with AND: the cells the learner hid stay hidden.
    dropIfAllVisible(e.mask);
    alignIfNeeded(e, shapes, alignment);
    return e;
}

Scenario withWindow(const Scenario &s, std::optional<std::int64_t> left, std::optional<std::int64_t> right,
                    Alignment alignment)
{
    const Shapes shapes = validate(s);
    Scenario e = s;
    if (left || right)
        e.mask.window = Window{left, right};
    else
        e.mask.window.reset();
    dropIfAllVisible(e.mask); // AND with the hidden cells, as for causal
    if (e.mask.window) alignIfNeeded(e, shapes, alignment);
    return e;
}

Scenario withKeyPadding(const Scenario &s, Index key, bool padding)
{
    const Shapes shapes = validate(s);
    Scenario e = s;
    std::vector<bool> &real = e.mask.key_padding;
    if (real.empty()) real.assign(static_cast<std::size_t>(shapes.n_k), true);
    real[static_cast<std::size_t>(key)] = !padding;
    bool anyPadding = false;
    for (bool r : real) anyPadding = anyPadding || !r;
    if (!anyPadding) real.clear();
    return e;
}

Scenario withClearedMask(const Scenario &s)
{
    Scenario e = s;
    const MaskedRowPolicy policy = s.mask.all_masked_rows;
    e.mask = MaskSpec{};
    e.mask.all_masked_rows = policy;
    return e;
}

Scenario withDocumentIds(const Scenario &s, const std::vector<std::int64_t> &queryIds,
                         const std::vector<std::int64_t> &keyIds)
{
    Scenario e = s;
    MaskSpec &mask = e.mask;
    mask.document_ids.clear();
    mask.query_document_ids.clear();
    mask.key_document_ids.clear();
    if (queryIds.empty() && keyIds.empty()) return e;
    if (queryIds == keyIds) {
        mask.document_ids = keyIds;
    } else {
        mask.query_document_ids = queryIds;
        mask.key_document_ids = keyIds;
    }
    return e;
}

Scenario withPrefixLength(const Scenario &s, std::optional<std::int64_t> prefix)
{
    Scenario e = s;
    e.mask.prefix_length = prefix;
    if (prefix) e.mask.causal = true;
    return e;
}

Scenario withMaskedRowPolicy(const Scenario &s, MaskedRowPolicy policy)
{
    Scenario e = s;
    e.mask.all_masked_rows = policy;
    return e;
}

MaskedValueCheck checkMaskedValues(const Scenario &s, const AttentionTrace &trace, int head, Index query)
{
    MaskedValueCheck result;
    const HeadTrace &h = trace.heads[static_cast<std::size_t>(head)];
    Scenario perturbed = s;
    for (Index j = 0; j < h.visible.cols(); ++j) {
        if (h.visible(query, j)) continue;
        ++result.maskedKeys;
        for (Index c = 0; c < perturbed.value.cols(); ++c) {
            const double v = perturbed.value(j, c);
            perturbed.value(j, c) = std::isfinite(v) ? v + 1000.0 : 1000.0;
        }
    }
    if (result.maskedKeys == 0) {
        result.computed = true;
        return result;
    }
    try {
        const AttentionTrace changed = attend(perturbed);
        const auto before = h.output.row(query);                                            // (d_v)
        const auto after = changed.heads[static_cast<std::size_t>(head)].output.row(query); // (d_v)
        for (Index c = 0; c < before.size(); ++c) {
            const bool nanBefore = std::isnan(before(c));
            const bool nanAfter = std::isnan(after(c));
            double delta = 0.0;
            if (nanBefore && nanAfter)
                result.bothNaN = true;
            else if (nanBefore || nanAfter)
                delta = std::numeric_limits<double>::infinity();
            else if (before(c) != after(c))
                delta = std::abs(after(c) - before(c));
            result.maxDelta = std::max(result.maxDelta, delta);
        }
        result.computed = true;
    } catch (const std::exception &error) {
        result.error = error.what();
    }
    return result;
}

} // namespace attn::ui
