#include "core/benchkernels.h"

#include "core/kernels/linear.h"
#include "core/kernels/multiheadkernels.h"

namespace attn::bench {

using kernels::MatrixT;

BenchMask::BenchMask(Index n_q, Index n_k, bool causal, std::optional<Index> window)
    : query_positions(static_cast<std::size_t>(n_q)), key_positions(static_cast<std::size_t>(n_k))
{
    for (Index j = 0; j < n_k; ++j) key_positions[static_cast<std::size_t>(j)] = j;
    for (Index i = 0; i < n_q; ++i) query_positions[static_cast<std::size_t>(i)] = i + n_k - n_q;
    rule.query_positions = query_positions;
    rule.key_positions = key_positions;
    rule.causal = causal;
    if (window) rule.window = Window{*window - 1, 0}; // W keys including the current one
    rule.detectOrder();
}

namespace {

/// One head of `in` as a kernel problem: query head h and its K/V head.
template <typename Scalar> kernels::HeadProblem<Scalar> headProblem(const HeadsInput<Scalar> &in, int h)
{
    const int kv = kvHeadFor(h, in.num_query_heads, in.num_kv_heads);
    const Index d = in.head_dim;
    kernels::HeadProblem<Scalar> p(kernels::view(in.query.middleCols(h * d, d)),   // (n_q, d)
                                   kernels::view(in.key.middleCols(kv * d, d)),    // (n_k, d)
                                   kernels::view(in.value.middleCols(kv * d, d))); // (n_k, d)
    p.logit.scale = LogitScale(in.scale, 1.0);
    p.mask = in.mask;
    return p;
}

} // namespace

template <typename Scalar>
std::size_t runHeads(KernelKind kind, const HeadsInput<Scalar> &in, const BenchConfig &config,
                     MatrixT<Scalar> &output)
{
    const kernels::TiledOptions options{config.tile_query, config.tile_key, config.threads};
    const kernels::KernelRun run = kernels::attendHeads(kind, in.query, in.key, in.value, in.num_query_heads,
                                                        in.num_kv_heads, in.mask, in.scale, options, output);
    return run.stats.work_bytes;
}

template <typename Scalar> void linearReferenceHeads(const HeadsInput<Scalar> &in, MatrixT<Scalar> &output)
{
    output.resize(in.query.rows(), in.num_query_heads * in.head_dim);
    for (int h = 0; h < in.num_query_heads; ++h)
        kernels::linearReference(headProblem(in, h), output.middleCols(h * in.head_dim, in.head_dim));
}

template std::size_t runHeads<float>(KernelKind, const HeadsInput<float> &, const BenchConfig &,
                                     MatrixT<float> &);
template std::size_t runHeads<double>(KernelKind, const HeadsInput<double> &, const BenchConfig &,
                                      MatrixT<double> &);
template void linearReferenceHeads<float>(const HeadsInput<float> &, MatrixT<float> &);
template void linearReferenceHeads<double>(const HeadsInput<double> &, MatrixT<double> &);

} // namespace attn::bench
