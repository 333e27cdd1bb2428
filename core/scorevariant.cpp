#include "core/scorevariant.h"

#include "core/attention.h"

#include <stdexcept>
#include <string>

namespace attn {

ScoreRow scoreRowWith(const Scenario &scenario, ScoreKind kind, int head, Index query,
                      const std::optional<AdditiveParams> &additive)
{
    if (scenario.query.size() == 0 || scenario.key.size() == 0)
        throw ScenarioError("scores", "raw scores have no query and key to score");
    Scenario s = scenario;
    s.score = kind;
    s.scale.reset();
    s.kernel = KernelKind::Naive; // the kernel that materialises the softmax weights
    if (kind == ScoreKind::Additive && additive) s.additive = additive;
    const AttentionTrace trace = attend(s);
    if (head < 0 || head >= static_cast<int>(trace.heads.size()) || query < 0 || query >= trace.shapes.n_q)
        throw std::out_of_range("scoreRowWith: head " + std::to_string(head) + ", query " +
                                std::to_string(query) + " out of range");
    const HeadTrace &h = trace.heads[static_cast<std::size_t>(head)];
    return {h.logits.row(query).transpose(), h.weights.row(query).transpose()};
}

} // namespace attn
