// Randomized attention scenarios and the glue that runs one head of them through a kernel or
// through its reference; shared by tst_kernels.cpp. Test code only.
#pragma once

#include "core/kernels/linear.h"
#include "core/kernels/naive.h"
#include "core/kernels/tiled.h"
#include "core/kernels/windowed.h"
#include "core/score.h"

#include <QString>

#include <algorithm>
#include <cmath>
#include <random>

// Inside attn::kernels so the engine's names need no using-directive here.
namespace attn::kernels::cases {

constexpr std::int64_t kNone = -1; // an unbounded window side
constexpr int kNoWindow = -2;

/// One randomized scenario: sizes, heads, masks and kernel options (−2 = no window).
struct Config {
    const char *name;
    unsigned seed;
    Index nQ, nK, dK, dV;
    int hQ, hKv;
    bool causal;
    Alignment alignment;
    std::int64_t left, right; // window sides; left = kNoWindow: no window; kNone: unbounded
    double padding;           // fraction of padded keys
    double hidden;            // fraction of entries hidden by an explicit per-head visible matrix
    MaskedRowPolicy policy;
    Index tileQ, tileK;
    PositionalKind positional;
    bool rawScores, shuffled;
    int threads;
};

using A = Alignment;
using P = MaskedRowPolicy;
using K = PositionalKind;
// name, seed, n_q, n_k, d_k, d_v, H_q, H_kv,
//     causal, alignment, window left/right, padding, hidden, policy, tiles, positional,
//     raw scores, shuffled positions, threads
// clang-format off
inline const Config kConfigs[] = {
    {"square, 1x1 tiles", 1, 5, 5, 4, 3, 1, 1,
        false, A::Unspecified, kNoWindow, 0, 0, 0, P::Zero, 1, 1, K::None, false, false, 1},
    {"n_q<n_k causal top_left, 3x7 tiles", 2, 9, 17, 5, 2, 1, 1,
        true, A::TopLeft, kNoWindow, 0, 0, 0, P::Zero, 3, 7, K::None, false, false, 1},
    {"n_q>n_k causal bottom_right, zero", 3, 12, 7, 4, 4, 2, 1,
        true, A::BottomRight, kNoWindow, 0, 0, 0, P::Zero, 3, 3, K::None, false, false, 1},
    {"n_q>n_k causal bottom_right, nan", 3, 12, 7, 4, 4, 2, 1,
        true, A::BottomRight, kNoWindow, 0, 0, 0, P::NaN, 3, 3, K::None, false, false, 1},
    {"n_q>n_k causal bottom_right, uniform", 3, 12, 7, 4, 4, 2, 1,
        true, A::BottomRight, kNoWindow, 0, 0, 0, P::Uniform, 7, 1, K::None, false, false, 1},
    {"n_q>n_k causal bottom_right, error", 3, 12, 7, 4, 4, 2, 1,
        true, A::BottomRight, kNoWindow, 0, 0, 0, P::Error, 64, 64, K::None, false, false, 1},
    {"window 5/2, 7x3 tiles", 4, 40, 40, 8, 8, 1, 1,
        false, A::Unspecified, 5, 2, 0, 0, P::Zero, 7, 3, K::None, false, false, 1},
    {"window unbounded/0, 7x7 tiles", 5, 33, 33, 6, 3, 2, 2,
        false, A::Unspecified, kNone, 0, 0, 0, P::Zero, 7, 7, K::None, false, false, 1},
    {"window 8/unbounded, 64 tiles", 6, 70, 70, 16, 16, 1, 1,
        false, A::Unspecified, 8, kNone, 0, 0, P::Zero, 64, 64, K::None, false, false, 1},
    {"causal window 7 bottom_right n_q<n_k", 7, 20, 50, 8, 5, 3, 1,
        true, A::BottomRight, 7, kNone, 0, 0, P::Zero, 7, 3, K::None, false, false, 1},
    {"causal + padding, 8 heads", 8, 30, 30, 4, 4, 8, 8,
        true, A::Unspecified, kNoWindow, 0, 0.3, 0, P::Zero, 3, 7, K::None, false, false, 1},
    {"GQA 8:2, explicit visible, nan", 9, 19, 23, 5, 3, 8, 2,
        false, A::Unspecified, kNoWindow, 0, 0, 0.6, P::NaN, 7, 3, K::None, false, false, 1},
    {"explicit visible + padding, uniform", 10, 16, 16, 3, 2, 4, 4,
        false, A::Unspecified, kNoWindow, 0, 0.4, 0.8, P::Uniform, 3, 3, K::None, false, false, 1},
    {"MQA 6:1 ALiBi causal", 11, 24, 24, 4, 4, 6, 1,
        true, A::Unspecified, kNoWindow, 0, 0, 0, P::Zero, 7, 7, K::Alibi, false, false, 1},
    {"RoPE causal window 4/1", 12, 25, 25, 8, 4, 2, 2,
        true, A::Unspecified, 4, 1, 0, 0, P::Zero, 3, 7, K::Rope, false, false, 1},
    {"raw scores, padding", 13, 11, 14, 0, 3, 2, 1,
        false, A::Unspecified, kNoWindow, 0, 0.3, 0, P::Zero, 3, 7, K::None, true, false, 1},
    {"shuffled positions, causal window 4/4", 14, 21, 27, 4, 3, 1, 1,
        true, A::Unspecified, 4, 4, 0, 0, P::Zero, 3, 7, K::None, false, true, 1},
    {"d=64, n=150, causal, 2 threads", 15, 150, 150, 64, 64, 2, 1,
        true, A::Unspecified, kNoWindow, 0, 0, 0, P::Zero, 64, 64, K::None, false, false, 2},
    {"decode n_q=1, bottom_right causal", 16, 1, 200, 16, 8, 4, 2,
        true, A::BottomRight, kNoWindow, 0, 0, 0, P::Zero, 64, 64, K::None, false, false, 1},
    {"window 16/0, 2 threads, padding", 17, 90, 90, 8, 8, 2, 1,
        false, A::Unspecified, 16, 0, 0.2, 0, P::Zero, 7, 64, K::None, false, false, 2},
};
// clang-format on

inline Matrix randomMatrix(Index rows, Index cols, std::mt19937 &rng)
{
    std::normal_distribution<double> normal(0.0, 1.0);
    Matrix m(rows, cols);
    for (Index i = 0; i < m.size(); ++i) m.data()[i] = normal(rng);
    return m;
}

inline Scenario scenarioFor(const Config &c)
{
    std::mt19937 rng(c.seed);
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    Scenario s;
    if (c.rawScores) {
        s.scores = {2.0 * randomMatrix(c.nQ, c.nK, rng)};
    } else {
        s.query = randomMatrix(c.nQ, c.hQ * c.dK, rng);
        s.key = randomMatrix(c.nK, c.hKv * c.dK, rng);
    }
    s.value = randomMatrix(c.nK, c.hKv * c.dV, rng);
    s.num_query_heads = c.hQ;
    s.num_kv_heads = c.hKv;
    s.alignment = c.alignment;
    s.mask.causal = c.causal;
    if (c.left != kNoWindow) {
        s.mask.window = Window{};
        if (c.left != kNone) s.mask.window->left = c.left;
        if (c.right != kNone) s.mask.window->right = c.right;
    }
    if (c.padding > 0) {
        for (Index j = 0; j < c.nK; ++j) s.mask.key_padding.push_back(uniform(rng) >= c.padding);
    }
    for (int h = 0; c.hidden > 0 && h < c.hQ; ++h) {
        BoolMatrix visible(c.nQ, c.nK);
        for (Index i = 0; i < visible.size(); ++i) visible.data()[i] = uniform(rng) >= c.hidden;
        s.mask.visible.push_back(visible);
    }
    if (c.shuffled) {
        std::vector<std::int64_t> keys(static_cast<std::size_t>(c.nK));
        for (Index j = 0; j < c.nK; ++j) keys[static_cast<std::size_t>(j)] = 3 * j;
        std::shuffle(keys.begin(), keys.end(), rng);
        s.key_positions = keys;
        std::uniform_int_distribution<std::int64_t> anywhere(0, 3 * c.nK);
        for (Index i = 0; i < c.nQ; ++i) s.query_positions.push_back(anywhere(rng));
    }
    s.positional.kind = c.positional;
    s.mask.all_masked_rows = c.policy;
    s.tile = {c.tileQ, c.tileK};
    return s;
}

/// The poison test's scenario: 12 tokens, key 3 padded; variant 0 adds causal, a window
/// {6, 0} and an explicit matrix hiding key 5 from query 7 only; 1 is causal; 2 padding only.
inline Scenario poisonScenario(int variant)
{
    std::mt19937 rng(21);
    Scenario s;
    const Index n = 12;
    s.query = randomMatrix(n, 4, rng);
    s.key = randomMatrix(n, 4, rng);
    s.value = randomMatrix(n, 3, rng);
    s.mask.key_padding.assign(n, true);
    s.mask.key_padding[3] = false;
    s.mask.causal = variant <= 1;
    if (variant == 0) {
        s.mask.window = Window{6, 0};
        BoolMatrix visible = BoolMatrix::Constant(n, n, true);
        visible(7, 5) = false;
        s.mask.visible = {visible};
    }
    s.tile = {3, 3};
    return s;
}

/// `s` with every number rounded to float, so a float kernel and the double reference see the same inputs.
inline Scenario roundedToFloat(Scenario s)
{
    auto round = [](Matrix &m) { m = m.cast<float>().cast<double>(); };
    round(s.query);
    round(s.key);
    round(s.value);
    for (Matrix &m : s.scores) round(m);
    return s;
}

/// One head's inputs in `Scalar`, with RoPE already applied (the caller's job).
template <typename Scalar> struct HeadInputs {
    MatrixT<Scalar> q, k, v, scores;
};

template <typename Scalar>
inline HeadInputs<Scalar> headInputs(const Scenario &s, const Shapes &sh, const Positions &pos, int h)
{
    HeadInputs<Scalar> in;
    const int kv = kvHeadFor(h, sh.num_query_heads, sh.num_kv_heads);
    in.v = s.value.middleCols(kv * sh.d_v, sh.d_v).cast<Scalar>();
    if (!s.scores.empty()) {
        in.scores =
            (s.scores.size() == 1 ? s.scores.front() : s.scores[static_cast<std::size_t>(h)]).cast<Scalar>();
        return in;
    }
    Matrix q = s.query.middleCols(h * sh.d_k, sh.d_k);
    Matrix k = s.key.middleCols(kv * sh.d_k, sh.d_k);
    if (s.positional.kind == PositionalKind::Rope) {
        q = applyRope(s, sh, q, pos.query);
        k = applyRope(s, sh, k, pos.key);
    }
    in.q = q.cast<Scalar>();
    in.k = k.cast<Scalar>();
    return in;
}

template <typename Scalar>
inline HeadProblem<Scalar> problemFor(const HeadInputs<Scalar> &in, const Scenario &s, const Shapes &sh,
                                      const Positions &pos, int h)
{
    HeadProblem<Scalar> p = in.scores.size() > 0 ? HeadProblem<Scalar>(view(in.scores), view(in.v))
                                                 : HeadProblem<Scalar>(view(in.q), view(in.k), view(in.v));
    p.logit = logitSpecFor(s, effectiveScale(s, sh), h);
    p.mask = maskRuleFor(s, pos, h);
    p.policy = s.mask.all_masked_rows;
    if (!s.sinks.empty()) p.sink = s.sinks[static_cast<std::size_t>(h)];
    return p;
}

/// Row-wise comparison: |got − ref| ≤ tol · max(1, max |ref row|); NaN only where ref is NaN.
inline bool close(const Matrix &ref, const Matrix &got, double tol, QString *why)
{
    if (ref.rows() != got.rows() || ref.cols() != got.cols()) return *why = "shape", false;
    for (Index i = 0; i < ref.rows(); ++i) {
        const double scale = std::max(1.0, ref.row(i).cwiseAbs().maxCoeff());
        for (Index j = 0; j < ref.cols(); ++j) {
            const bool bothNaN = std::isnan(ref(i, j)) && std::isnan(got(i, j));
            if (!bothNaN && !(std::abs(ref(i, j) - got(i, j)) <= tol * scale)) {
                *why = QString("(%1,%2): ref %3, got %4")
                           .arg(i)
                           .arg(j)
                           .arg(ref(i, j), 0, 'g', 17)
                           .arg(got(i, j), 0, 'g', 17);
                return false;
            }
        }
    }
    return true;
}

enum class Which { Tiled, Windowed, Linear };

/// Runs kernel `which` on head `h` in `Scalar`; returns the output in double.
template <typename Scalar>
inline Matrix runKernel(Which which, const Scenario &s, int h, std::vector<Index> *masked = nullptr,
                        KernelStats *stats = nullptr, int threads = 1)
{
    const Shapes sh = validate(s);
    const Positions pos = resolvePositions(s, sh);
    const HeadInputs<Scalar> in = headInputs<Scalar>(s, sh, pos, h);
    const HeadProblem<Scalar> p = problemFor(in, s, sh, pos, h);
    MatrixT<Scalar> out(sh.n_q, sh.d_v);
    KernelRun run;
    if (which == Which::Tiled) run = tiledHead(p, TiledOptions{s.tile.query, s.tile.key, threads}, out);
    if (which == Which::Windowed) run = windowedHead(p, WindowedOptions{s.tile.query, threads}, out);
    if (which == Which::Linear) run = linearHead(p, LinearOptions{s.tile.query, s.tile.key, threads}, out);
    if (masked) *masked = run.fully_masked_rows;
    if (stats) *stats = run.stats;
    return out.template cast<double>();
}

/// The naive reference for head `h`: output (n_q, d_v) and the rows that see no key.
inline Matrix naiveOutput(const Scenario &s, int h, std::vector<Index> *masked, Matrix *weights = nullptr)
{
    const Shapes sh = validate(s);
    const Positions pos = resolvePositions(s, sh);
    const Matrix logits = computeLogits(s, sh, pos, effectiveScale(s, sh), h);
    const int kv = kvHeadFor(h, sh.num_query_heads, sh.num_kv_heads);
    Matrix w, out;
    const std::optional<double> sink =
        s.sinks.empty() ? std::nullopt : std::optional(s.sinks[static_cast<std::size_t>(h)]);
    *masked = naiveHead(logits, visibility(s, sh, pos, h), s.value.middleCols(kv * sh.d_v, sh.d_v),
                        s.mask.all_masked_rows, w, out, sink);
    if (weights) *weights = w;
    return out;
}

inline Matrix linearRefOutput(const Scenario &s, int h, std::vector<Index> *masked, Matrix *weights = nullptr)
{
    const Shapes sh = validate(s);
    const Positions pos = resolvePositions(s, sh);
    const HeadInputs<double> in = headInputs<double>(s, sh, pos, h);
    Matrix out(sh.n_q, sh.d_v);
    *masked = linearReference(problemFor(in, s, sh, pos, h), out, weights);
    return out;
}

} // namespace attn::kernels::cases
