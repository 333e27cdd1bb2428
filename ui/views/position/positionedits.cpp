#include "ui/views/position/positionedits.h"

#include "core/attention.h"
#include "core/score.h"

#include <algorithm>

namespace attn::ui {

Vector scoreByDistance(const Scenario &scenario, int head, int query, int key, int maxDistance,
                       PositionalKind kind)
{
    if (scenario.query.size() == 0 || scenario.key.size() == 0)
        throw ScenarioError("scores", "raw scores have no query and key to place at a distance");
    const Index n = maxDistance + 1;
    Scenario c = scenario;
    c.title.clear();
    c.query_tokens.clear();
    c.key_tokens.clear();
    c.scores.clear();
    c.query = scenario.query.row(query);               // (1, H_q·d_k)
    c.key = scenario.key.row(key).replicate(n, 1);     // (n, H_kv·d_k)
    c.value = scenario.value.row(key).replicate(n, 1); // (n, H_kv·d_v)
    c.mask = MaskSpec();
    c.kernel = KernelKind::Naive;
    c.alignment = Alignment::Unspecified;
    c.query_positions = {maxDistance};
    c.key_positions.clear();
    for (Index j = 0; j < n; ++j) c.key_positions.push_back(maxDistance - j); // key j at distance j
    c.positional.kind = kind;
    if (kind != PositionalKind::Rope) c.positional.rotary_dim.reset(); // partial rotary is RoPE's
    return attend(c).heads[static_cast<std::size_t>(head)].logits.row(0).transpose(); // (n)
}

Scenario withKeysReversed(const Scenario &scenario)
{
    Scenario r = scenario;
    r.key = scenario.key.colwise().reverse();
    r.value = scenario.value.colwise().reverse();
    std::reverse(r.key_tokens.begin(), r.key_tokens.end());
    std::reverse(r.mask.key_padding.begin(), r.mask.key_padding.end());
    for (Matrix &m : r.scores) m = m.rowwise().reverse().eval();
    for (BoolMatrix &m : r.mask.visible) m = m.rowwise().reverse().eval();
    return r;
}

double effectiveAlibiSlope(const Scenario &s, int head)
{
    if (head < 0 || head >= s.num_query_heads) return 0;
    return s.positional.alibi_slopes.empty() ? alibiSlopes(s.num_query_heads)[static_cast<std::size_t>(head)]
                                             : s.positional.alibi_slopes[static_cast<std::size_t>(head)];
}

Scenario withAlibiSlope(const Scenario &scenario, int head, double slope)
{
    Scenario s = scenario;
    if (s.positional.alibi_slopes.empty()) s.positional.alibi_slopes = alibiSlopes(s.num_query_heads);
    if (head >= 0 && head < static_cast<int>(s.positional.alibi_slopes.size()))
        s.positional.alibi_slopes[static_cast<std::size_t>(head)] = slope;
    return s;
}

int windowReach(const Scenario &scenario)
{
    const std::optional<Window> &w = scenario.mask.window;
    return !w ? -1 : w->left ? static_cast<int>(*w->left) : w->right ? static_cast<int>(*w->right) : -1;
}

Scenario withWindowReach(const Scenario &scenario, int reach, int n_q, int n_k)
{
    Scenario s = scenario;
    const std::optional<Window> old = s.mask.window;
    if (reach < 0) {
        s.mask.window.reset();
        return s;
    }
    const bool backOnly = old && old->right && *old->right == 0;
    s.mask.window = Window{reach, backOnly ? 0 : reach};
    if (s.alignment == Alignment::Unspecified && s.query_positions.empty() && n_q != n_k)
        s.alignment = Alignment::BottomRight;
    return s;
}

} // namespace attn::ui
