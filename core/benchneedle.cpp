// The needle check: does a kernel still retrieve one planted key/value pair?
#include "core/bench.h"

#include "core/benchkernels.h"

#include <cmath>
#include <random>

namespace attn::bench {

namespace {

template <typename Scalar> NeedleResult needle(const NeedleConfig &c)
{
    using Matrix = kernels::MatrixT<Scalar>;
    if (c.n_k < 1 || c.head_dim < 1 || !(c.depth >= 0.0 && c.depth <= 1.0) || (c.window && *c.window < 1))
        throw std::invalid_argument(
            "needle check: n_k and head_dim must be ≥ 1, depth in [0, 1], window ≥ 1");
    NeedleResult r;
    r.config = c;
    r.needle_position = static_cast<Index>(std::llround(c.depth * double(c.n_k - 1)));

    // Haystack: one query (1, d), keys and values (n_k, d), all N(0, 1).
    std::mt19937_64 random(c.seed);
    std::normal_distribution<double> normal(0.0, 1.0);
    const auto fill = [&](Matrix &m, Index rows) {
        m.resize(rows, c.head_dim);
        for (Index i = 0; i < m.size(); ++i) m.data()[i] = Scalar(normal(random));
    };
    Matrix query, key, value;
    fill(query, 1);
    fill(key, c.n_k);
    fill(value, c.n_k);
    // The needle: a key along the query, k = α·q, its value the random row already there. The
    // other logits q·k/√d are ≈ N(0, 1), so Σ_j e^(logit_j) ≈ n_k·e^½; α puts the needle's logit
    // α·|q|²/√d at ln(n_k) + ½ + 8, where an exact softmax gives it a weight of 1/(1 + e^−8)
    // ≈ 0.9997 whatever n_k and d (a fixed k = 2q would drown in long sequences at small d).
    const double scale = 1.0 / std::sqrt(double(c.head_dim));
    const double queryNorm2 = double(query.row(0).template cast<double>().squaredNorm());
    const double target = std::log(double(c.n_k)) + 0.5 + 8.0;
    const double alpha = queryNorm2 > 0 ? target / (scale * queryNorm2) : 1.0;
    key.row(r.needle_position) = Scalar(alpha) * query.row(0);

    BenchConfig run;
    run.kernel = c.kernel;
    run.n_q = 1;
    run.n_k = c.n_k;
    run.head_dim = c.head_dim;
    run.num_query_heads = run.num_kv_heads = 1;
    run.causal = true;
    run.window = c.window;
    run.threads = c.threads;
    const BenchMask mask(1, c.n_k, true, c.window); // the query is the last token
    const HeadsInput<Scalar> in{query, key, value, 1, 1, c.head_dim, scale, mask.rule};
    Matrix output;
    runHeads(c.kernel, in, run, output); // (1, d)

    const Eigen::VectorXd o = output.row(0).transpose().template cast<double>();
    const Eigen::VectorXd v = value.row(r.needle_position).transpose().template cast<double>();
    const double norms = o.norm() * v.norm();
    r.cosine = norms > 0 ? o.dot(v) / norms : 0.0;
    r.retrieved = r.cosine >= 0.9;
    return r;
}

} // namespace

NeedleResult runNeedle(const NeedleConfig &config)
{
    return config.dtype == DType::F64 ? needle<double>(config) : needle<float>(config);
}

} // namespace attn::bench
