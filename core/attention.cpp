#include "core/attention.h"
#include "core/attendcontrol.h"

#include "core/kernels/linear.h"
#include "core/kernels/naive.h"
#include "core/kernels/registry.h"
#include "core/kernels/tiled.h"
#include "core/kernels/windowed.h"
#include "core/lowprecision.h"
#include "core/mask.h"
#include "core/score.h"
#include "core/sysinfo.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>

namespace attn {

namespace {

/// Largest trace attend() builds: beyond this the caller gets a clear refusal, not a bad_alloc.
constexpr std::size_t kMaxTraceBytes = std::size_t{1} << 30; // 1 GiB

/// `bytes` in the largest binary unit that keeps it ≥ 1, one decimal: "512 B", "1.0 GiB", "65.6 GiB".
std::string humanBytes(std::size_t bytes)
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double value = static_cast<double>(bytes);
    int unit = 0;
    while (value >= 1024.0 && unit < 6) {
        value /= 1024.0;
        ++unit;
    }
    char text[32];
    if (unit == 0)
        std::snprintf(text, sizeof text, "%zu B", bytes);
    else
        std::snprintf(text, sizeof text, "%.1f %s", value, units[unit]);
    return text;
}

/// Weight of every entry of a row that sees no key, as naiveHead writes it for `policy`.
double maskedRowWeight(MaskedRowPolicy policy, Index nK)
{
    if (policy == MaskedRowPolicy::NaN) return std::numeric_limits<double>::quiet_NaN();
    if (policy == MaskedRowPolicy::Uniform) return 1.0 / static_cast<double>(nK);
    return 0.0;
}

/// Runs the tiled, windowed or linear kernel on query head `h` and fills head.weights and
/// head.output (head.logits and head.visible are already set). Returns the rows with no
/// visible key. The softmax kernels give each row's maximum m and sum l back (SoftmaxRows):
/// weights_ij = exp(logit_ij − m_i) / l_i on visible entries, the kernels' logits being formed
/// as head.logits are; linear takes the weights from its reference.
std::vector<Index> runFastKernel(const Scenario &s, const Shapes &shapes, const Positions &positions,
                                 double scale, int h, HeadTrace &head)
{
    using namespace kernels;
    const auto value = s.value.middleCols(head.kv_head * shapes.d_v, shapes.d_v); // (n_k, d_v)
    Matrix q, k; // (n_q, d_k), (n_k, d_k): this head's Q and K, rotated by RoPE when used
    if (s.scores.empty()) {
        q = s.query.middleCols(h * shapes.d_k, shapes.d_k);
        k = s.key.middleCols(head.kv_head * shapes.d_k, shapes.d_k);
        if (s.positional.kind == PositionalKind::Rope) {
            q = applyRope(s, shapes, q, positions.query);
            k = applyRope(s, shapes, k, positions.key);
        }
    }
    const Matrix *raw = s.scores.empty()       ? nullptr
                        : s.scores.size() == 1 ? &s.scores.front()
                                               : &s.scores[static_cast<std::size_t>(h)];
    HeadProblem<double> problem = raw ? HeadProblem<double>(view(*raw), view(value))
                                      : HeadProblem<double>(view(q), view(k), view(value));
    problem.logit = logitSpecFor(s, scale, h);
    problem.mask = maskRuleFor(s, positions, h);
    problem.policy = s.mask.all_masked_rows;
    if (!s.sinks.empty()) problem.sink = s.sinks[static_cast<std::size_t>(h)];

    head.output.resize(shapes.n_q, shapes.d_v); // (n_q, d_v)
    if (s.kernel == KernelKind::Linear) {
        const KernelRun run = linearHead(problem, LinearOptions{s.tile.query, s.tile.key, 1}, head.output);
        Matrix referenceOutput(shapes.n_q, shapes.d_v);
        linearReference(problem, referenceOutput, &head.weights);
        return run.fully_masked_rows;
    }
    SoftmaxRows<double> rows; // (n_q) each row's max and sum
    const KernelRun run =
        s.kernel == KernelKind::Tiled
            ? tiledHead(problem, TiledOptions{s.tile.query, s.tile.key, 1}, head.output, &rows)
            : windowedHead(problem, WindowedOptions{s.tile.query, 1}, head.output, &rows);
    head.weights = Matrix::Zero(shapes.n_q, shapes.n_k); // (n_q, n_k)
    for (Index i = 0; i < shapes.n_q; ++i)
        for (Index j = 0; j < shapes.n_k; ++j)
            if (head.visible(i, j)) head.weights(i, j) = rows.weight(i, head.logits(i, j));
    if (problem.sink) {
        // The sink's share, from the same maximum and sum (a row that sees no key gives it all).
        head.sink_weights.resize(shapes.n_q); // (n_q)
        for (Index i = 0; i < shapes.n_q; ++i) head.sink_weights(i) = rows.weight(i, *problem.sink);
        return run.fully_masked_rows;
    }
    for (Index row : run.fully_masked_rows)
        head.weights.row(row).setConstant(maskedRowWeight(s.mask.all_masked_rows, shapes.n_k));
    return run.fully_masked_rows;
}

/// `x` as a message shows it: six significant digits (1e+300, 0.5).
std::string number(double x)
{
    std::ostringstream out;
    out << x;
    return out.str();
}

/// Why the logit of (query i, key j) of head h is not finite although its inputs are, naming
/// the stage that left the double range: RoPE's rotation, the score itself (q·k or the additive
/// score), scale · score / temperature, or the ALiBi bias. LogitScale forms the logit without
/// an avoidable overflow, so only that stage's own advice is given (a higher temperature helps
/// the logit, not q·k or the bias). Called only on the error path: it recomputes what it needs.
std::string overflowStage(const Scenario &s, const Shapes &shapes, const Positions &positions, double scale,
                          int h, int kvHead, Index i, Index j)
{
    const std::size_t qi = static_cast<std::size_t>(i);
    const std::size_t kj = static_cast<std::size_t>(j);
    if (s.positional.kind == PositionalKind::Rope) {
        const Matrix q = applyRope(s, shapes, s.query.row(i).middleCols(h * shapes.d_k, shapes.d_k),
                                   {positions.query[qi]});
        const Matrix k = applyRope(s, shapes, s.key.row(j).middleCols(kvHead * shapes.d_k, shapes.d_k),
                                   {positions.key[kj]});
        if (!q.allFinite() || !k.allFinite()) {
            return std::string("RoPE's rotation of the ") + (q.allFinite() ? "key" : "query") +
                   " is beyond the double range (a rotated entry can reach √2 times the largest entry); "
                   "use smaller Q and K";
        }
    }
    const double score = rawScores(s, shapes, positions, h)(i, j);
    if (!std::isfinite(score)) {
        if (s.score == ScoreKind::Additive) {
            return "the additive score vᵀ tanh(W_q q + W_k k) is beyond the double range before any scale; "
                   "use a smaller v";
        }
        return "the score q·k is beyond the double range before any scale (the products of Q's and K's "
               "entries are too large); use smaller Q and K";
    }
    const double logit = LogitScale(scale, s.temperature).apply(score);
    if (!std::isfinite(logit)) {
        return "scale · score / temperature = " + number(scale) + " · " + number(score) + " / " +
               number(s.temperature) +
               " is beyond the double range; use a smaller scale, smaller scores or "
               "a higher temperature";
    }
    if (s.positional.kind != PositionalKind::Alibi)
        return "the logit of score " + number(score) + " is beyond the double range";
    const double slope = alibiSlopeFor(s, h);
    const std::int64_t distance = std::abs(positions.query[qi] - positions.key[kj]);
    return "the ALiBi bias −slope · |pos_q − pos_k| = −" + number(slope) + " · " + std::to_string(distance) +
           " added to the logit " + number(logit) +
           " is beyond the double range; use a smaller slope or positions closer together";
}

/// Refuses a visible logit that is ±∞ or NaN although every input it comes from is finite: a
/// stage of scale · score / temperature + bias overflowed the double range (overflowStage says
/// which). Left alone, softmax would turn it into NaN weights without a word. NaN inputs stay
/// allowed: they give honest NaN outputs.
void checkLogitsFinite(const Scenario &s, const Shapes &shapes, const Positions &positions, double scale,
                       int h, const HeadTrace &head)
{
    const bool additiveFinite = !s.additive || (s.additive->W_q.allFinite() && s.additive->W_k.allFinite() &&
                                                s.additive->v.allFinite());
    for (Index i = 0; i < shapes.n_q; ++i) {
        for (Index j = 0; j < shapes.n_k; ++j) {
            if (!head.visible(i, j) || std::isfinite(head.logits(i, j))) continue;
            bool inputsFinite = true;
            if (!s.scores.empty()) {
                const Matrix &raw =
                    s.scores.size() == 1 ? s.scores.front() : s.scores[static_cast<std::size_t>(h)];
                inputsFinite = std::isfinite(raw(i, j));
            } else {
                inputsFinite = s.query.row(i).middleCols(h * shapes.d_k, shapes.d_k).allFinite() &&
                               s.key.row(j).middleCols(head.kv_head * shapes.d_k, shapes.d_k).allFinite() &&
                               additiveFinite;
            }
            if (!inputsFinite) continue;
            const double logit = head.logits(i, j);
            throw ScenarioError("logits",
                                "head " + std::to_string(h) + ", query " + std::to_string(i) + ", key " +
                                    std::to_string(j) + ": the logit overflowed to " +
                                    (std::isnan(logit) ? std::string("NaN")
                                     : logit > 0       ? std::string("+inf")
                                                       : std::string("-inf")) +
                                    ": " + overflowStage(s, shapes, positions, scale, h, head.kv_head, i, j));
        }
    }
}

} // namespace

std::size_t traceBytes(const Shapes &shapes)
{
    const auto nq = static_cast<std::size_t>(shapes.n_q);
    const auto nk = static_cast<std::size_t>(shapes.n_k);
    const auto hq = static_cast<std::size_t>(shapes.num_query_heads);
    const auto dv = static_cast<std::size_t>(shapes.d_v);
    // logits + weights (double) and visibility (bool) per head, outputs twice (per head, concatenated).
    // Computed in double first: a file may ask for sizes whose product overflows 64 bits.
    const double estimate = double(hq) * (double(nq) * double(nk) * (2 * sizeof(double) + sizeof(bool)) +
                                          2.0 * double(nq) * double(dv) * sizeof(double));
    if (estimate >= double(std::numeric_limits<std::size_t>::max()))
        return std::numeric_limits<std::size_t>::max();
    return hq * (nq * nk * (2 * sizeof(double) + sizeof(bool)) + 2 * nq * dv * sizeof(double));
}

AttentionTrace attend(const Scenario &scenario)
{
    return attendControlled(scenario, AttendControl{});
}

AttentionTrace attendControlled(const Scenario &scenario, const AttendControl &control)
{
    AttentionTrace trace;
    trace.shapes = validate(scenario);
    const Shapes &shapes = trace.shapes;
    // A reduced dtype keeps the float64 trace beside its own: twice the bytes.
    const std::size_t single = traceBytes(shapes);
    const std::size_t bytes =
        scenario.dtype == Precision::Float64 || single > std::numeric_limits<std::size_t>::max() / 2
            ? single
            : 2 * single;
    // Refused before allocating: at most 1 GiB, and at most 3/4 of the memory available now.
    const std::size_t available = bench::availableMemoryBytes(); // 0 = unknown
    const std::size_t limit = available > 0 ? std::min(kMaxTraceBytes, available / 4 * 3) : kMaxTraceBytes;
    if (bytes > limit) {
        std::string message = "n_q = " + std::to_string(shapes.n_q) +
                              ", n_k = " + std::to_string(shapes.n_k) + ", " +
                              std::to_string(shapes.num_query_heads) + " heads need " + humanBytes(bytes) +
                              " for the full trace (logits, weights and mask of every head); the most a "
                              "trace may use is " +
                              humanBytes(limit);
        if (available > 0) message += " (this machine has " + humanBytes(available) + " available)";
        throw ScenarioError("shapes", message + "; use fewer tokens or heads");
    }
    if (const auto refusal = kernels::kernelRefusal(scenario)) throw ScenarioError("kernel", *refusal);
    if (scenario.dtype != Precision::Float64) {
        // The float64 trace first (it refuses what float64 refuses), then the simulation beside it.
        Scenario exact = scenario;
        exact.dtype = Precision::Float64;
        return attendInDType(scenario, attend(exact));
    }
    trace.kernel = scenario.kernel;
    trace.scale = effectiveScale(scenario, shapes);
    const Positions positions = resolvePositions(scenario, shapes);
    trace.query_positions = positions.query;
    trace.key_positions = positions.key;

    const int hq = shapes.num_query_heads;
    trace.output.resize(shapes.n_q, hq * shapes.d_v); // (n_q, H_q·d_v)
    trace.heads.resize(static_cast<std::size_t>(hq));
    if (!control.heads.empty() && control.heads.size() != static_cast<std::size_t>(hq))
        throw std::invalid_argument("attendControlled: control.heads must name every query head");
    if (!control.heads.empty()) trace.output.setZero();
    for (int h = 0; h < hq; ++h) {
        if (control.progress) control.progress(h, hq);
        if (control.cancelled && control.cancelled()) throw AttendCancelled();
        if (!control.heads.empty() && !control.heads[static_cast<std::size_t>(h)]) {
            trace.heads[static_cast<std::size_t>(h)].kv_head = kvHeadFor(h, hq, shapes.num_kv_heads);
            continue;
        }
        HeadTrace &head = trace.heads[static_cast<std::size_t>(h)];
        head.kv_head = kvHeadFor(h, hq, shapes.num_kv_heads);
        head.logits = computeLogits(scenario, shapes, positions, trace.scale, h); // (n_q, n_k)
        head.visible = visibility(scenario, shapes, positions, h);                // (n_q, n_k)
        // Linear attention does not use these logits (its weights come from φ(q)·φ(k)), so
        // their overflow is no reason to refuse it.
        if (scenario.kernel != KernelKind::Linear)
            checkLogitsFinite(scenario, shapes, positions, trace.scale, h, head);
        const auto value = scenario.value.middleCols(head.kv_head * shapes.d_v, shapes.d_v); // (n_k, d_v)
        const std::optional<double> sink = scenario.sinks.empty()
                                               ? std::nullopt
                                               : std::optional(scenario.sinks[static_cast<std::size_t>(h)]);
        const std::vector<Index> masked =
            scenario.kernel == KernelKind::Naive
                ? kernels::naiveHead(head.logits, head.visible, value, scenario.mask.all_masked_rows,
                                     head.weights, head.output, sink, &head.sink_weights)
                : runFastKernel(scenario, shapes, positions, trace.scale, h, head);
        for (Index row : masked) {
            // With a sink the row is defined (its weight all on the sink): no policy, no error.
            if (scenario.mask.all_masked_rows == MaskedRowPolicy::Error && !sink) {
                throw ScenarioError("mask", "query row " + std::to_string(row) + " of head " +
                                                std::to_string(h) +
                                                " sees no key (all_masked_rows = \"error\")");
            }
            trace.fully_masked_rows.emplace_back(h, row);
        }
        trace.output.middleCols(h * shapes.d_v, shapes.d_v) = head.output;
    }
    if (control.progress) control.progress(hq, hq);
    return trace;
}

} // namespace attn
