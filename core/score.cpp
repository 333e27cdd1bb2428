#include "core/score.h"

#include <cmath>

namespace attn {

Matrix applyRope(const Matrix &x, const std::vector<std::int64_t> &positions, double base, RopeLayout layout,
                 Index rotaryDim)
{
    const Index n = x.rows();
    const Index r = rotaryDim > 0 ? rotaryDim : x.cols();
    const Index half = r / 2;
    Matrix out = x; // (n, d): features r … d − 1 pass unchanged
    for (Index i = 0; i < n; ++i) {
        const double pos = static_cast<double>(positions[static_cast<std::size_t>(i)]);
        for (Index p = 0; p < half; ++p) {
            const double theta = pos * std::pow(base, -2.0 * static_cast<double>(p) / static_cast<double>(r));
            const double c = std::cos(theta);
            const double sn = std::sin(theta);
            const Index a = layout == RopeLayout::HalfSplit ? p : 2 * p;
            const Index b = layout == RopeLayout::HalfSplit ? p + half : 2 * p + 1;
            out(i, a) = x(i, a) * c - x(i, b) * sn;
            out(i, b) = x(i, a) * sn + x(i, b) * c;
        }
    }
    return out;
}

Matrix applyRope(const Scenario &s, const Shapes &shapes, const Matrix &x,
                 const std::vector<std::int64_t> &positions)
{
    return applyRope(x, positions, s.positional.rope_base, s.positional.rope_layout, rotaryDimFor(s, shapes));
}

std::vector<double> alibiSlopes(int numHeads)
{
    auto powerOfTwoSlopes = [](int n) {
        std::vector<double> slopes;
        const double start = std::pow(2.0, -8.0 / n);
        for (int h = 0; h < n; ++h) slopes.push_back(std::pow(start, h + 1));
        return slopes;
    };
    int lower = 1;
    while (lower * 2 <= numHeads) lower *= 2;
    std::vector<double> slopes = powerOfTwoSlopes(lower);
    if (lower != numHeads) {
        const std::vector<double> twice = powerOfTwoSlopes(2 * lower);
        for (int h = 0; static_cast<int>(slopes.size()) < numHeads; h += 2) slopes.push_back(twice[h]);
    }
    return slopes;
}

Matrix rawScores(const Scenario &s, const Shapes &shapes, const Positions &positions, int head)
{
    if (!s.scores.empty())
        return s.scores.size() == 1 ? s.scores.front() : s.scores[static_cast<std::size_t>(head)];
    const int kvHead = kvHeadFor(head, shapes.num_query_heads, shapes.num_kv_heads);
    Matrix q = s.query.middleCols(head * shapes.d_k, shapes.d_k); // (n_q, d_k)
    Matrix k = s.key.middleCols(kvHead * shapes.d_k, shapes.d_k); // (n_k, d_k)
    if (s.positional.kind == PositionalKind::Rope) {
        q = applyRope(s, shapes, q, positions.query);
        k = applyRope(s, shapes, k, positions.key);
    }
    if (s.score != ScoreKind::Additive) return q * k.transpose(); // (n_q, n_k)
    const AdditiveParams &a = *s.additive;
    const Matrix wq = q * a.W_q.transpose(); // (n_q, h)
    const Matrix wk = k * a.W_k.transpose(); // (n_k, h)
    Matrix scores(shapes.n_q, shapes.n_k);   // (n_q, n_k)
    for (Index i = 0; i < shapes.n_q; ++i)
        for (Index j = 0; j < shapes.n_k; ++j)
            scores(i, j) = ((wq.row(i) + wk.row(j)).array().tanh().matrix() * a.v)(0);
    return scores;
}

double alibiSlopeFor(const Scenario &s, int head)
{
    return s.positional.alibi_slopes.empty() ? alibiSlopes(s.num_query_heads)[static_cast<std::size_t>(head)]
                                             : s.positional.alibi_slopes[static_cast<std::size_t>(head)];
}

Matrix computeLogits(const Scenario &s, const Shapes &shapes, const Positions &positions, double scale,
                     int head)
{
    Matrix logits = rawScores(s, shapes, positions, head); // (n_q, n_k)
    LogitScale(scale, s.temperature).applyInPlace(logits);
    if (s.positional.kind == PositionalKind::Alibi) {
        const double slope = alibiSlopeFor(s, head);
        for (Index i = 0; i < shapes.n_q; ++i) {
            for (Index j = 0; j < shapes.n_k; ++j) {
                const auto distance = std::abs(positions.query[static_cast<std::size_t>(i)] -
                                               positions.key[static_cast<std::size_t>(j)]);
                logits(i, j) -= slope * static_cast<double>(distance);
            }
        }
    }
    if (s.softcap) logits = logits.unaryExpr([cap = *s.softcap](double x) { return softcapped(x, cap); });
    return logits;
}

} // namespace attn
