#include "core/lowprecision.h"

#include "core/mask.h"
#include "core/score.h"

#include <cmath>
#include <limits>

namespace attn {

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

/// x as a float32, rounded once (roundToFloat32 never converts an out-of-range double itself).
float f32(double x)
{
    return static_cast<float>(roundToFloat32(x));
}

/// float32 exp and tanh: double's result rounded to float32.
float exp32(float x)
{
    return f32(std::exp(static_cast<double>(x)));
}

float tanh32(float x)
{
    return f32(std::tanh(static_cast<double>(x)));
}

Matrix rounded(const Matrix &m, Precision dtype)
{
    return m.unaryExpr([dtype](double x) { return roundTo(dtype, x); });
}

/// RoPE on rows of `x` (values of the dtype) in float32: each rotated pair is a·cos − b·sin and
/// a·sin + b·cos in float32, rounded to the dtype. Pairs as applyRope() forms them.
Matrix rotate(const Scenario &s, const Shapes &shapes, const Matrix &x,
              const std::vector<std::int64_t> &positions)
{
    const Index r = rotaryDimFor(s, shapes);
    const Index half = r / 2;
    Matrix out = x; // (n, d_k)
    for (Index i = 0; i < x.rows(); ++i) {
        const double pos = static_cast<double>(positions[static_cast<std::size_t>(i)]);
        for (Index p = 0; p < half; ++p) {
            const double theta = pos * std::pow(s.positional.rope_base,
                                                -2.0 * static_cast<double>(p) / static_cast<double>(r));
            const float c = f32(std::cos(theta));
            const float sn = f32(std::sin(theta));
            const bool split = s.positional.rope_layout == RopeLayout::HalfSplit;
            const Index a = split ? p : 2 * p;
            const Index b = split ? p + half : 2 * p + 1;
            const auto xa = static_cast<float>(x(i, a));
            const auto xb = static_cast<float>(x(i, b));
            out(i, a) = roundTo(s.dtype, xa * c - xb * sn);
            out(i, b) = roundTo(s.dtype, xa * sn + xb * c);
        }
    }
    return out;
}

/// The scores of head h in float32 from the rounded inputs, (n_q, n_k) as doubles holding floats.
Matrix scores32(const Scenario &s, const Shapes &shapes, const Positions &positions, int h, int kvHead)
{
    if (!s.scores.empty()) {
        const Matrix &raw = s.scores.size() == 1 ? s.scores.front() : s.scores[static_cast<std::size_t>(h)];
        return rounded(raw, s.dtype);
    }
    Matrix q = rounded(s.query.middleCols(h * shapes.d_k, shapes.d_k), s.dtype);    // (n_q, d_k)
    Matrix k = rounded(s.key.middleCols(kvHead * shapes.d_k, shapes.d_k), s.dtype); // (n_k, d_k)
    if (s.positional.kind == PositionalKind::Rope) {
        q = rotate(s, shapes, q, positions.query);
        k = rotate(s, shapes, k, positions.key);
    }
    Matrix out(shapes.n_q, shapes.n_k); // (n_q, n_k)
    if (s.score != ScoreKind::Additive) {
        for (Index i = 0; i < shapes.n_q; ++i) {
            for (Index j = 0; j < shapes.n_k; ++j) {
                float sum = 0.0f;
                for (Index t = 0; t < shapes.d_k; ++t)
                    sum += static_cast<float>(q(i, t)) * static_cast<float>(k(j, t));
                out(i, j) = sum;
            }
        }
        return out;
    }
    // vᵀ tanh(W_q q + W_k k): each projection summed in float32, tanh in float32.
    const Matrix wq = rounded(s.additive->W_q, s.dtype);                    // (units, d_k)
    const Matrix wk = rounded(s.additive->W_k, s.dtype);                    // (units, d_k)
    const Matrix v = rounded(Matrix(s.additive->v.transpose()), s.dtype);   // (1, units)
    const auto project = [&](const Matrix &w, const Matrix &x, Index row) { // (units) of one row
        Eigen::VectorXf y(w.rows());
        for (Index u = 0; u < w.rows(); ++u) {
            float sum = 0.0f;
            for (Index t = 0; t < w.cols(); ++t)
                sum += static_cast<float>(w(u, t)) * static_cast<float>(x(row, t));
            y(u) = sum;
        }
        return y;
    };
    for (Index i = 0; i < shapes.n_q; ++i) {
        const Eigen::VectorXf a = project(wq, q, i);
        for (Index j = 0; j < shapes.n_k; ++j) {
            const Eigen::VectorXf b = project(wk, k, j);
            float sum = 0.0f;
            for (Index u = 0; u < v.cols(); ++u) sum += static_cast<float>(v(0, u)) * tanh32(a(u) + b(u));
            out(i, j) = sum;
        }
    }
    return out;
}

/// |a − b| for the error against float64: 0 where both are NaN or equal (±∞ included), NaN
/// where only one is NaN.
double difference(double a, double b)
{
    if ((std::isnan(a) && std::isnan(b)) || a == b) return 0.0;
    return std::abs(a - b);
}

/// The larger of a running maximum and d; a NaN sticks.
double maxSticky(double max, double d)
{
    return std::isnan(max) || std::isnan(d) ? std::numeric_limits<double>::quiet_NaN() : std::max(max, d);
}

} // namespace

AttentionTrace attendInDType(const Scenario &s, const AttentionTrace &reference)
{
    AttentionTrace trace = reference;
    trace.dtype = s.dtype;
    const Shapes &shapes = trace.shapes;
    const Positions positions{reference.query_positions, reference.key_positions};
    const Precision dtype = s.dtype;
    const float factor = f32(reference.scale / s.temperature);
    PrecisionError error;
    for (int h = 0; h < shapes.num_query_heads; ++h) {
        HeadTrace &head = trace.heads[static_cast<std::size_t>(h)];
        const Matrix value =
            rounded(s.value.middleCols(head.kv_head * shapes.d_v, shapes.d_v), dtype); // (n_k, d_v)

        // 1–2. Logits: float32 arithmetic on rounded inputs, stored in the dtype.
        const Matrix score = scores32(s, shapes, positions, h, head.kv_head); // (n_q, n_k)
        const float slope = s.positional.kind == PositionalKind::Alibi ? f32(alibiSlopeFor(s, h)) : 0.0f;
        const float cap = s.softcap ? f32(*s.softcap) : 0.0f;
        for (Index i = 0; i < shapes.n_q; ++i) {
            for (Index j = 0; j < shapes.n_k; ++j) {
                float logit = static_cast<float>(score(i, j)) * factor;
                if (s.positional.kind == PositionalKind::Alibi) {
                    const auto distance = std::abs(positions.query[static_cast<std::size_t>(i)] -
                                                   positions.key[static_cast<std::size_t>(j)]);
                    logit = logit - slope * f32(static_cast<double>(distance));
                }
                if (s.softcap) logit = cap * tanh32(logit / cap);
                head.logits(i, j) = roundTo(dtype, logit);
                if (!std::isfinite(head.logits(i, j)) &&
                    std::isfinite(reference.heads[std::size_t(h)].logits(i, j)))
                    trace.overflowed_logits.push_back({h, i, j});
            }
        }

        // 3–4. Softmax in float32 over the rounded logits; weights stored in the dtype; output
        //      summed in float32 and stored in the dtype.
        const bool sink = !s.sinks.empty();
        const auto sinkLogit =
            sink ? static_cast<float>(roundTo(dtype, s.sinks[static_cast<std::size_t>(h)])) : 0.0f;
        head.weights.setZero();
        head.output.setZero();
        if (sink) head.sink_weights.setZero(shapes.n_q);
        std::vector<float> e(static_cast<std::size_t>(shapes.n_k));
        for (Index i = 0; i < shapes.n_q; ++i) {
            float max = -kInf;
            bool any = false;
            for (Index j = 0; j < shapes.n_k; ++j) {
                if (!head.visible(i, j)) continue;
                any = true;
                if (static_cast<float>(head.logits(i, j)) > max) max = static_cast<float>(head.logits(i, j));
            }
            if (!any && sink) {
                head.sink_weights(i) = 1.0;
                continue;
            }
            if (!any) {
                // The policy's row (the error policy never gets here: the reference refused it).
                if (s.mask.all_masked_rows == MaskedRowPolicy::NaN) {
                    head.weights.row(i).setConstant(std::numeric_limits<double>::quiet_NaN());
                    head.output.row(i).setConstant(std::numeric_limits<double>::quiet_NaN());
                } else if (s.mask.all_masked_rows == MaskedRowPolicy::Uniform) {
                    head.weights.row(i).setConstant(roundTo(dtype, 1.0f / static_cast<float>(shapes.n_k)));
                }
            } else {
                if (sink && !(max >= sinkLogit)) max = sinkLogit;
                float sum = 0.0f;
                for (Index j = 0; j < shapes.n_k; ++j) {
                    if (!head.visible(i, j)) continue;
                    e[static_cast<std::size_t>(j)] = exp32(static_cast<float>(head.logits(i, j)) - max);
                    sum += e[static_cast<std::size_t>(j)];
                }
                const float sinkTerm = sink ? exp32(sinkLogit - max) : 0.0f;
                if (sink) sum += sinkTerm;
                for (Index j = 0; j < shapes.n_k; ++j)
                    if (head.visible(i, j))
                        head.weights(i, j) = roundTo(dtype, e[static_cast<std::size_t>(j)] / sum);
                if (sink) head.sink_weights(i) = roundTo(dtype, sinkTerm / sum);
            }
            if (!any && s.mask.all_masked_rows != MaskedRowPolicy::Uniform) continue;
            for (Index c = 0; c < shapes.d_v; ++c) {
                float acc = 0.0f;
                for (Index j = 0; j < shapes.n_k; ++j) {
                    const auto w = static_cast<float>(head.weights(i, j));
                    if ((any && !head.visible(i, j)) || w == 0.0f) continue; // a zero weight never multiplies
                    acc += w * static_cast<float>(value(j, c));
                }
                head.output(i, c) = roundTo(dtype, acc);
            }
        }
        trace.output.middleCols(h * shapes.d_v, shapes.d_v) = head.output;
        const Matrix &exact = reference.heads[static_cast<std::size_t>(h)].weights;
        for (Index i = 0; i < shapes.n_q; ++i)
            for (Index j = 0; j < shapes.n_k; ++j)
                error.weights = maxSticky(error.weights, difference(head.weights(i, j), exact(i, j)));
    }
    for (Index i = 0; i < trace.output.rows(); ++i)
        for (Index c = 0; c < trace.output.cols(); ++c)
            error.output = maxSticky(error.output, difference(trace.output(i, c), reference.output(i, c)));
    trace.error_vs_float64 = error;
    return trace;
}

} // namespace attn
