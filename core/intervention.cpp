#include "core/intervention.h"

#include "core/mask.h"
#include "core/score.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace attn {

namespace {

void checkKeyIndex(Index key, Index n_k)
{
    if (key < 0 || key >= n_k) {
        throw ScenarioError("key", "index " + std::to_string(key) + " is outside 0 … " +
                                       std::to_string(n_k - 1) + " (n_k = " + std::to_string(n_k) + ")");
    }
}

/// `m` without row `row`.
template <typename M> M removeRow(const M &m, Index row)
{
    M out(m.rows() - 1, m.cols());
    out.topRows(row) = m.topRows(row);
    out.bottomRows(m.rows() - row - 1) = m.bottomRows(m.rows() - row - 1);
    return out;
}

/// `m` without column `col`.
template <typename M> M removeColumn(const M &m, Index col)
{
    M out(m.rows(), m.cols() - 1);
    out.leftCols(col) = m.leftCols(col);
    out.rightCols(m.cols() - col - 1) = m.rightCols(m.cols() - col - 1);
    return out;
}

template <typename T> void eraseAt(std::vector<T> &v, Index at)
{
    if (!v.empty()) v.erase(v.begin() + at);
}

/// ‖a − b‖₂, NaN when either holds a NaN.
double distance(const Eigen::Ref<const Eigen::RowVectorXd> &a, const Eigen::Ref<const Eigen::RowVectorXd> &b)
{
    return (a - b).norm();
}

InterventionEffect measure(const AttentionTrace &before, const AttentionTrace &after, Index key)
{
    const Index n_q = before.shapes.n_q;
    const int hq = before.shapes.num_query_heads;
    InterventionEffect e;
    e.key = key;
    e.weight.resize(hq, n_q); // (H_q, n_q)
    e.effect.resize(hq, n_q); // (H_q, n_q)
    e.total_effect.resize(n_q);
    for (int h = 0; h < hq; ++h) {
        const HeadTrace &b = before.heads[static_cast<std::size_t>(h)];
        const HeadTrace &a = after.heads[static_cast<std::size_t>(h)];
        for (Index i = 0; i < n_q; ++i) {
            e.weight(h, i) = b.weights(i, key);
            e.effect(h, i) = distance(a.output.row(i), b.output.row(i));
        }
    }
    for (Index i = 0; i < n_q; ++i) e.total_effect(i) = distance(after.output.row(i), before.output.row(i));
    return e;
}

} // namespace

Scenario withoutKey(const Scenario &scenario, Index key)
{
    const Shapes shapes = validate(scenario);
    checkKeyIndex(key, shapes.n_k);
    if (shapes.n_k == 1) {
        throw ScenarioError("key", "cannot delete the only key (n_k = 1): attention needs at least one key");
    }

    Scenario s = scenario;
    // 1. Positions first, while n_k still matches: make them explicit so nobody moves.
    if (usesPositions(scenario)) {
        const Positions positions = resolvePositions(scenario, shapes);
        s.query_positions = positions.query;
        s.key_positions = positions.key;
    }
    eraseAt(s.key_positions, key);
    // 2. Tensors: the key's K and V rows, its column of every score matrix.
    if (s.key.size() > 0) s.key = removeRow(s.key, key);
    s.value = removeRow(s.value, key);
    for (Matrix &m : s.scores) m = removeColumn(m, key);
    // 3. Labels and mask parts that index keys.
    eraseAt(s.key_tokens, key);
    eraseAt(s.mask.key_padding, key);
    for (BoolMatrix &m : s.mask.visible) m = removeColumn(m, key);
    if (!s.mask.document_ids.empty()) {
        // One list for queries and keys needs n_q = n_k: the queries keep theirs, the keys lose one.
        s.mask.query_document_ids = s.mask.document_ids;
        s.mask.key_document_ids = s.mask.document_ids;
        s.mask.document_ids.clear();
    }
    eraseAt(s.mask.key_document_ids, key);
    return s;
}

Scenario restrictToQuery(const Scenario &scenario, int head, Index query)
{
    const Shapes shapes = validate(scenario);
    if (head < 0 || head >= shapes.num_query_heads) {
        throw ScenarioError("head", "query head " + std::to_string(head) + " is outside 0 … " +
                                        std::to_string(shapes.num_query_heads - 1));
    }
    if (query < 0 || query >= shapes.n_q) {
        throw ScenarioError("query", "query row " + std::to_string(query) + " is outside 0 … " +
                                         std::to_string(shapes.n_q - 1) +
                                         " (n_q = " + std::to_string(shapes.n_q) + ")");
    }
    const int kvHead = kvHeadFor(head, shapes.num_query_heads, shapes.num_kv_heads);

    Scenario s = scenario;
    // 1. Positions first, while n_q still matches: the query keeps its place among the keys.
    if (usesPositions(scenario)) {
        const Positions positions = resolvePositions(scenario, shapes);
        s.query_positions = {positions.query[static_cast<std::size_t>(query)]};
        s.key_positions = positions.key;
    } else if (!s.query_positions.empty()) {
        s.query_positions = {s.query_positions[static_cast<std::size_t>(query)]};
    }
    if (s.positional.kind == PositionalKind::Alibi) {
        const std::vector<double> slopes = scenario.positional.alibi_slopes.empty()
                                               ? alibiSlopes(shapes.num_query_heads)
                                               : scenario.positional.alibi_slopes;
        s.positional.alibi_slopes = {slopes[static_cast<std::size_t>(head)]};
    }
    // 2. Tensors: one query row of one head; the K/V head it reads.
    if (s.query.size() > 0) s.query = scenario.query.block(query, Index(head) * shapes.d_k, 1, shapes.d_k);
    if (s.key.size() > 0) s.key = scenario.key.middleCols(Index(kvHead) * shapes.d_k, shapes.d_k);
    s.value = scenario.value.middleCols(Index(kvHead) * shapes.d_v, shapes.d_v);
    if (!s.scores.empty()) {
        const Matrix &m = scenario.scores.size() == 1 ? scenario.scores[0]
                                                      : scenario.scores[static_cast<std::size_t>(head)];
        s.scores = {m.row(query)};
    }
    s.num_query_heads = 1;
    s.num_kv_heads = 1;
    // Learned projections: the cut works on their products Q, K and V (X has every query's row,
    // and W_o every head's), so it keeps the products and drops what made them.
    s.projection.reset();
    s.W_o = Matrix();
    s.b_o = Matrix();
    // One head's sink logit (gpt-oss), for the one head left.
    if (!s.sinks.empty()) s.sinks = {scenario.sinks[static_cast<std::size_t>(head)]};
    // 3. Labels and mask parts that index queries.
    if (!s.query_tokens.empty()) s.query_tokens = {scenario.query_tokens[static_cast<std::size_t>(query)]};
    const auto q = static_cast<std::size_t>(query);
    if (!s.mask.document_ids.empty()) {
        // Shared ids need n_q = n_k: the one query keeps its document, the keys keep theirs.
        s.mask.query_document_ids = {scenario.mask.document_ids[q]};
        s.mask.key_document_ids = scenario.mask.document_ids;
        s.mask.document_ids.clear();
    } else if (!s.mask.query_document_ids.empty()) {
        s.mask.query_document_ids = {scenario.mask.query_document_ids[q]};
    }
    if (!s.mask.visible.empty()) {
        const BoolMatrix &m = scenario.mask.visible.size() == 1
                                  ? scenario.mask.visible[0]
                                  : scenario.mask.visible[static_cast<std::size_t>(head)];
        s.mask.visible = {m.row(query)};
    }
    return s;
}

Scenario withReplacedKey(const Scenario &scenario, Index key, const KeyReplacement &replacement)
{
    const Shapes shapes = validate(scenario);
    checkKeyIndex(key, shapes.n_k);
    Scenario s = scenario;
    if (replacement.key) {
        if (s.key.size() == 0 || !s.scores.empty()) {
            throw ScenarioError("K", "raw score matrices replace Q·Kᵀ in this scenario, so a new key row "
                                     "would change nothing; edit the scores instead");
        }
        if (replacement.key->size() != s.key.cols()) {
            throw ScenarioError("K", "replacement row has " + std::to_string(replacement.key->size()) +
                                         " entries, expected H_kv·d_k = " + std::to_string(s.key.cols()));
        }
        s.key.row(key) = *replacement.key;
    }
    if (replacement.value) {
        if (replacement.value->size() != s.value.cols()) {
            throw ScenarioError("V", "replacement row has " + std::to_string(replacement.value->size()) +
                                         " entries, expected H_kv·d_v = " + std::to_string(s.value.cols()));
        }
        s.value.row(key) = *replacement.value;
    }
    return s;
}

InterventionResult measureDeletion(const Scenario &scenario, Index key)
{
    InterventionResult r;
    r.changed = withoutKey(scenario, key);
    r.original = attend(scenario);
    r.after = attend(r.changed);
    r.effect = measure(r.original, r.after, key);
    return r;
}

InterventionResult measureReplacement(const Scenario &scenario, Index key, const KeyReplacement &replacement)
{
    InterventionResult r;
    r.changed = withReplacedKey(scenario, key, replacement);
    r.original = attend(scenario);
    r.after = attend(r.changed);
    r.effect = measure(r.original, r.after, key);
    return r;
}

RankComparison compareRankings(const Vector &weights, const Vector &effects, const std::vector<Index> &keys,
                               double tolerance)
{
    if (!(tolerance >= 0.0)) throw std::invalid_argument("rank comparison: tolerance must be ≥ 0");
    RankComparison c;
    c.keys = keys;
    std::sort(c.keys.begin(), c.keys.end());
    for (Index j : c.keys) {
        if (j < 0 || j >= weights.size() || j >= effects.size()) {
            throw std::invalid_argument("rank comparison: key " + std::to_string(j) + " is outside the " +
                                        std::to_string(weights.size()) + " weights or " +
                                        std::to_string(effects.size()) + " effects");
        }
    }

    std::vector<bool> disagrees(c.keys.size(), false);
    for (std::size_t x = 0; x < c.keys.size(); ++x) {
        for (std::size_t y = x + 1; y < c.keys.size(); ++y) {
            const Index a = c.keys[x];
            const Index b = c.keys[y];
            const double dw = weights(a) - weights(b);
            const double de = effects(a) - effects(b); // NaN when an effect is NaN
            if (!(std::abs(dw) > tolerance) || !(std::abs(de) > tolerance)) {
                ++c.tied;
            } else if ((dw > 0) == (de > 0)) {
                ++c.concordant;
            } else {
                ++c.discordant;
                c.discordant_pairs.emplace_back(a, b);
                disagrees[x] = disagrees[y] = true;
            }
        }
    }
    const std::int64_t decided = c.concordant + c.discordant;
    c.gamma = decided == 0 ? std::numeric_limits<double>::quiet_NaN()
                           : static_cast<double>(c.concordant - c.discordant) / static_cast<double>(decided);
    for (std::size_t x = 0; x < c.keys.size(); ++x) {
        if (disagrees[x]) c.disagreeing_keys.push_back(c.keys[x]);
    }
    return c;
}

DeletionSweep deletionSweep(const Scenario &scenario, double tolerance)
{
    DeletionSweep sweep;
    sweep.original = attend(scenario);
    const Shapes &shapes = sweep.original.shapes;

    // 1. Delete every key in turn; the original trace is shared by all of them.
    sweep.keys.reserve(static_cast<std::size_t>(shapes.n_k));
    for (Index j = 0; j < shapes.n_k; ++j) {
        const AttentionTrace after = attend(withoutKey(scenario, j));
        sweep.keys.push_back(measure(sweep.original, after, j));
    }

    // 2. Per query of every head: weights and effects of the keys it could see.
    sweep.rankings.reserve(static_cast<std::size_t>(shapes.num_query_heads * shapes.n_q));
    Vector weights(shapes.n_k);
    Vector effects(shapes.n_k);
    for (int h = 0; h < shapes.num_query_heads; ++h) {
        const HeadTrace &head = sweep.original.heads[static_cast<std::size_t>(h)];
        for (Index i = 0; i < shapes.n_q; ++i) {
            std::vector<Index> visibleKeys;
            for (Index j = 0; j < shapes.n_k; ++j) {
                weights(j) = sweep.keys[static_cast<std::size_t>(j)].weight(h, i);
                effects(j) = sweep.keys[static_cast<std::size_t>(j)].effect(h, i);
                if (head.visible(i, j)) visibleKeys.push_back(j);
            }
            RankComparison c = compareRankings(weights, effects, visibleKeys, tolerance);
            c.head = h;
            c.query = i;
            sweep.rankings.push_back(std::move(c));
        }
    }
    return sweep;
}

} // namespace attn
