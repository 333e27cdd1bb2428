#include "core/attention.h"

#include "core/kernels/naive.h"
#include "core/mask.h"
#include "core/score.h"

namespace attn {

namespace {

/// Largest trace attend() builds: beyond this the caller gets a clear refusal, not a bad_alloc.
constexpr std::size_t kMaxTraceBytes = std::size_t{4} << 30; // 4 GiB

} // namespace

std::size_t traceBytes(const Shapes &shapes)
{
    const auto nq = static_cast<std::size_t>(shapes.n_q);
    const auto nk = static_cast<std::size_t>(shapes.n_k);
    const auto hq = static_cast<std::size_t>(shapes.num_query_heads);
    const auto dv = static_cast<std::size_t>(shapes.d_v);
    // logits + weights (double) and visibility (bool) per head, outputs twice (per head, concatenated).
    return hq * (nq * nk * (2 * sizeof(double) + sizeof(bool)) + 2 * nq * dv * sizeof(double));
}

AttentionTrace attend(const Scenario &scenario)
{
    AttentionTrace trace;
    trace.shapes = validate(scenario);
    const Shapes &shapes = trace.shapes;
    const std::size_t bytes = traceBytes(shapes);
    if (bytes > kMaxTraceBytes) {
        throw ScenarioError("shapes",
                            "n_q = " + std::to_string(shapes.n_q) + ", n_k = " + std::to_string(shapes.n_k) +
                                ", " + std::to_string(shapes.num_query_heads) + " heads need " +
                                std::to_string(bytes >> 20) + " MiB for the full trace; the limit is " +
                                std::to_string(kMaxTraceBytes >> 20) + " MiB");
    }
    if (scenario.kernel != KernelKind::Naive) {
        throw ScenarioError("kernel", std::string("\"") + toString(scenario.kernel) +
                                          "\" is not available in this build; use \"naive\"");
    }
    trace.kernel = scenario.kernel;
    trace.scale = effectiveScale(scenario, shapes);
    const Positions positions = resolvePositions(scenario, shapes);
    trace.query_positions = positions.query;
    trace.key_positions = positions.key;

    const int hq = shapes.num_query_heads;
    trace.output.resize(shapes.n_q, hq * shapes.d_v); // (n_q, H_q·d_v)
    trace.heads.resize(static_cast<std::size_t>(hq));
    for (int h = 0; h < hq; ++h) {
        HeadTrace &head = trace.heads[static_cast<std::size_t>(h)];
        head.kv_head = kvHeadFor(h, hq, shapes.num_kv_heads);
        head.logits = computeLogits(scenario, shapes, positions, trace.scale, h);            // (n_q, n_k)
        head.visible = visibility(scenario, shapes, positions, h);                           // (n_q, n_k)
        const auto value = scenario.value.middleCols(head.kv_head * shapes.d_v, shapes.d_v); // (n_k, d_v)
        const std::vector<Index> masked = kernels::naiveHead(
            head.logits, head.visible, value, scenario.mask.all_masked_rows, head.weights, head.output);
        for (Index row : masked) {
            if (scenario.mask.all_masked_rows == MaskedRowPolicy::Error) {
                throw ScenarioError("mask", "query row " + std::to_string(row) + " of head " +
                                                std::to_string(h) +
                                                " sees no key (all_masked_rows = \"error\")");
            }
            trace.fully_masked_rows.emplace_back(h, row);
        }
        trace.output.middleCols(h * shapes.d_v, shapes.d_v) = head.output;
    }
    return trace;
}

} // namespace attn
