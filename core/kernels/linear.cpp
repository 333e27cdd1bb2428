#include "core/kernels/linear.h"

#include "core/kernels/linearlogspace.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <type_traits>

namespace attn::kernels {

namespace {

using namespace linearlog; // plainRange, logFeatures, scaledQuery, logRow, …

template <typename Scalar> void checkLinear(const HeadProblem<Scalar> &p, Index outRows, Index outCols)
{
    if (p.scores)
        throw std::invalid_argument("linear kernel: needs Q and K; raw scores have no feature map φ");
    if (p.sink || p.logit.softcap)
        throw std::invalid_argument("linear kernel: has no softmax logits for a sink or a softcap");
    checkProblem(p, outRows, outCols);
}

bool isReal(const MaskRule &mask, Index j)
{
    return mask.key_padding == nullptr || mask.key_padding->empty() ||
           (*mask.key_padding)[static_cast<std::size_t>(j)];
}

/// Indices 0 … n − 1 ordered by position (stable: equal positions keep their order).
std::vector<Index> positionOrder(std::span<const std::int64_t> positions)
{
    std::vector<Index> order(positions.size());
    std::iota(order.begin(), order.end(), Index(0));
    std::stable_sort(order.begin(), order.end(), [&](Index a, Index b) {
        return positions[static_cast<std::size_t>(a)] < positions[static_cast<std::size_t>(b)];
    });
    return order;
}

/// Summary path: every query sees the same (real) keys. output (n_q, d_v).
template <typename Scalar>
KernelRun summaryPath(const HeadProblem<Scalar> &p, const LinearOptions &o,
                      Eigen::Ref<MatrixT<Scalar>> &output)
{
    KernelRun run;
    std::vector<Index> real;
    for (Index j = 0; j < p.nK(); ++j)
        if (isReal(p.mask, j)) real.push_back(j);
    if (real.empty()) {
        run.fully_masked_rows.resize(static_cast<std::size_t>(p.nQ()));
        std::iota(run.fully_masked_rows.begin(), run.fully_masked_rows.end(), Index(0));
        output.setZero();
        return run;
    }
    // 1. Summaries over the real keys only: S = Σ φ(k_j) v_jᵀ, z = Σ φ(k_j).
    const auto nReal = static_cast<Index>(real.size());
    MatrixT<Scalar> phiK(nReal, p.dK()); // (n_real, d_k)
    MatrixT<Scalar> v(nReal, p.dV());    // (n_real, d_v)
    for (Index r = 0; r < nReal; ++r) {
        phiK.row(r) = p.key.row(real[static_cast<std::size_t>(r)]);
        v.row(r) = p.value.row(real[static_cast<std::size_t>(r)]);
    }
    // Plain φ when every key feature is in range; else φ̃(k)_t = exp(log φ(k_t) − shift_t)
    // with shift_t the largest log φ of feature t over the real keys (0 in the plain form).
    const bool plainKeys = plainRange<Scalar>(phiK);
    VectorT<Scalar> shift = VectorT<Scalar>::Zero(p.dK()); // (d_k)
    if (plainKeys) {
        phiK = eluFeatures<Scalar>(view(phiK));
    } else {
        phiK = logFeatures<Scalar>(phiK);
        for (Index c = 0; c < p.dK(); ++c) {
            shift(c) = -std::numeric_limits<Scalar>::infinity();
            for (Index r = 0; r < nReal; ++r)
                if (phiK(r, c) > shift(c) || std::isnan(phiK(r, c))) shift(c) = phiK(r, c);
            for (Index r = 0; r < nReal; ++r) phiK(r, c) = expShift(phiK(r, c), shift(c));
        }
    }
    const MatrixT<Scalar> s = phiK.transpose() * v;             // (d_k, d_v)
    const VectorT<Scalar> z = phiK.colwise().sum().transpose(); // (d_k)
    // 2. Each query block reads the summaries: O(block · d_k · d_v).
    const Index block = o.query_block;
    const Index blocks = (p.nQ() + block - 1) / block;
    parallelFor(blocks, o.threads, [&](Index t, int) {
        const Index i0 = t * block;
        const Index rows = std::min(block, p.nQ() - i0);
        const auto q = p.query.middleRows(i0, rows); // (rows, d_k)
        MatrixT<Scalar> phiQ;                        // (rows, d_k) φ(q), or ψ in log space
        if (plainKeys && plainRange<Scalar>(q)) {
            phiQ = eluFeatures<Scalar>(view(q));
        } else {
            phiQ = logFeatures<Scalar>(q);
            for (Index r = 0; r < rows; ++r)
                phiQ.row(r) = scaledQuery<Scalar>(phiQ.row(r).transpose(), shift);
        }
        const VectorT<Scalar> den = phiQ * z;             // (rows)
        output.middleRows(i0, rows).noalias() = phiQ * s; // (rows, d_v)
        for (Index r = 0; r < rows; ++r) output.row(i0 + r) /= den(r);
    });
    const auto workers = static_cast<std::size_t>(std::clamp<Index>(o.threads, 1, blocks));
    run.stats.work_bytes = (static_cast<std::size_t>(nReal * (p.dK() + p.dV()) + p.dK() * (p.dV() + 1)) +
                            workers * static_cast<std::size_t>(std::min(block, p.nQ()) * (p.dK() + 1))) *
                               sizeof(Scalar) +
                           real.size() * sizeof(Index);
    run.stats.pairs = static_cast<std::uint64_t>(p.nQ() * nReal);
    return run;
}

/// Prefix path: causal, in position order. S and z only ever grow, by keys already visible.
/// Plain when every real key and every query is in the plain range; otherwise in log space
/// with running per-feature shifts (the largest log φ(k_t) so far; S's row t and z_t are
/// rescaled when it grows, as the online softmax rescales its sum).
template <typename Scalar>
KernelRun prefixPath(const HeadProblem<Scalar> &p, Eigen::Ref<MatrixT<Scalar>> &output)
{
    KernelRun run;
    const std::vector<Index> keys = positionOrder(p.mask.key_positions);
    const std::vector<Index> queries = positionOrder(p.mask.query_positions);
    bool plain = plainRange<Scalar>(p.query);
    for (Index j = 0; plain && j < p.nK(); ++j)
        if (isReal(p.mask, j)) plain = plainRange<Scalar>(p.key.row(j));
    MatrixT<Scalar> s = MatrixT<Scalar>::Zero(p.dK(), p.dV()); // (d_k, d_v) Σ φ(k_j) v_jᵀ so far
    VectorT<Scalar> z = VectorT<Scalar>::Zero(p.dK());         // (d_k) Σ φ(k_j) so far
    VectorT<Scalar> shift =
        VectorT<Scalar>::Constant(p.dK(), plain ? Scalar(0) : -std::numeric_limits<Scalar>::infinity());
    std::size_t next = 0;
    Index added = 0;
    for (Index i : queries) {
        const std::int64_t pq = p.mask.query_positions[static_cast<std::size_t>(i)];
        for (; next < keys.size() && p.mask.key_positions[static_cast<std::size_t>(keys[next])] <= pq;
             ++next) {
            const Index j = keys[next];
            if (!isReal(p.mask, j)) continue;
            VectorT<Scalar> phiK; // (d_k) φ(k_j), or φ̃(k_j) against the running shifts
            if (plain) {
                phiK = eluFeatures<Scalar>(view(p.key.row(j))).transpose();
            } else {
                phiK = logFeatures<Scalar>(p.key.row(j)).transpose();
                for (Index t = 0; t < p.dK(); ++t) {
                    if (phiK(t) > shift(t)) { // a larger feature: what was summed shrinks by e^(old − new)
                        const Scalar alpha = expShift(shift(t), phiK(t));
                        s.row(t) *= alpha;
                        z(t) *= alpha;
                        shift(t) = phiK(t);
                    }
                    phiK(t) = expShift(phiK(t), shift(t));
                }
            }
            s.noalias() += phiK * p.value.row(j); // (d_k, d_v)
            z += phiK;
            ++added;
        }
        if (added == 0) {
            run.fully_masked_rows.push_back(i);
            output.row(i).setZero();
            continue;
        }
        const VectorT<Scalar> phiQ =
            plain ? VectorT<Scalar>(eluFeatures<Scalar>(view(p.query.row(i))).transpose())
                  : scaledQuery<Scalar>(logFeatures<Scalar>(p.query.row(i)).transpose(), shift); // (d_k)
        output.row(i).noalias() = phiQ.transpose() * s;                                          // (d_v)
        output.row(i) /= phiQ.dot(z);
        run.stats.pairs += static_cast<std::uint64_t>(added);
    }
    std::sort(run.fully_masked_rows.begin(), run.fully_masked_rows.end());
    run.stats.work_bytes = static_cast<std::size_t>(p.dK() * (p.dV() + 3)) * sizeof(Scalar) +
                           (keys.size() + queries.size()) * sizeof(Index);
    return run;
}

/// The explicit path when some feature is outside the plain range: each query's weights in log
/// space over its own visible keys (logRow), so that neither the range of the other queries'
/// keys nor a masked key's value can affect them. O(n_q · n_k · d_k) with an exp per term: for
/// inputs at the extremes only.
template <typename Scalar>
KernelRun explicitLogPath(const HeadProblem<Scalar> &p, const LinearOptions &o,
                          Eigen::Ref<MatrixT<Scalar>> &output)
{
    KernelRun run;
    const MatrixT<Scalar> lk = logFeatures<Scalar>(p.key);   // (n_k, d_k)
    const MatrixT<Scalar> lq = logFeatures<Scalar>(p.query); // (n_q, d_k)
    const Index blocks = (p.nQ() + o.query_block - 1) / o.query_block;
    const auto workers = static_cast<std::size_t>(std::clamp<Index>(o.threads, 1, blocks));
    std::vector<std::vector<Index>> masked(workers);
    parallelFor(blocks, o.threads, [&](Index t, int worker) {
        for (Index i = t * o.query_block; i < std::min(p.nQ(), (t + 1) * o.query_block); ++i) {
            const std::pair<Index, Index> band =
                p.mask.keyBand(i); // not a structured binding: the lambda reads it
            const auto visible = [&](Index j) {
                return j >= band.first && j < band.second && p.mask.visible(i, j);
            };
            if (!logRow<Scalar>(lq.row(i).data(), lk, p.value, visible, nullptr, output.row(i))) {
                masked[static_cast<std::size_t>(worker)].push_back(i);
                output.row(i).setZero();
            }
        }
    });
    for (const std::vector<Index> &rows : masked)
        run.fully_masked_rows.insert(run.fully_masked_rows.end(), rows.begin(), rows.end());
    std::sort(run.fully_masked_rows.begin(), run.fully_masked_rows.end());
    run.stats.pairs = static_cast<std::uint64_t>(p.nQ() * p.nK());
    run.stats.work_bytes =
        static_cast<std::size_t>(lk.size() + lq.size() + workers * p.nK()) * sizeof(Scalar);
    return run;
}

/// Explicit path: weights of each tile from φ(Q_b) φ(K_u)ᵀ, masked entries set to zero.
template <typename Scalar>
KernelRun explicitPath(const HeadProblem<Scalar> &p, const LinearOptions &o,
                       Eigen::Ref<MatrixT<Scalar>> &output)
{
    if (!plainRange<Scalar>(p.query) || !plainRange<Scalar>(p.key)) return explicitLogPath(p, o, output);
    KernelRun run;
    const MatrixT<Scalar> phiK = eluFeatures<Scalar>(p.key); // (n_k, d_k)
    const Index br = std::min(o.query_block, p.nQ());
    const Index bc = std::min(o.key_tile, p.nK());
    const Index blocks = (p.nQ() + br - 1) / br;
    const auto workers = static_cast<std::size_t>(std::clamp<Index>(o.threads, 1, blocks));
    std::vector<KernelRun> parts(workers);
    parallelFor(blocks, o.threads, [&](Index t, int worker) {
        KernelRun &part = parts[static_cast<std::size_t>(worker)];
        const Index i0 = t * br;
        const Index rows = std::min(br, p.nQ() - i0);
        const MatrixT<Scalar> phiQ = eluFeatures<Scalar>(view(p.query.middleRows(i0, rows))); // (rows, d_k)
        MatrixT<Scalar> acc = MatrixT<Scalar>::Zero(rows, p.dV()); // (rows, d_v) Σ w_ij v_j
        VectorT<Scalar> den = VectorT<Scalar>::Zero(rows);         // (rows) Σ w_ij
        std::vector<char> seen(static_cast<std::size_t>(rows), 0);
        MatrixT<Scalar> w(rows, bc); // (rows, bc)
        for (Index j0 = 0; j0 < p.nK(); j0 += bc) {
            const Index cols = std::min(bc, p.nK() - j0);
            ++part.stats.tiles;
            const TileClass cls = p.mask.classify(i0, i0 + rows, j0, j0 + cols);
            if (cls == TileClass::AllMasked) {
                ++part.stats.tiles_skipped;
                continue;
            }
            part.stats.pairs += static_cast<std::uint64_t>(rows * cols);
            auto tile = w.leftCols(cols);
            tile.noalias() = phiQ * phiK.middleRows(j0, cols).transpose(); // (rows, cols)
            for (Index r = 0; r < rows; ++r) {
                for (Index c = 0; c < cols; ++c) {
                    if (cls == TileClass::Partial && !p.mask.visible(i0 + r, j0 + c)) {
                        tile(r, c) = Scalar(0);
                        continue;
                    }
                    seen[static_cast<std::size_t>(r)] = 1;
                }
            }
            den += tile.rowwise().sum();
            const auto v = p.value.middleRows(j0, cols); // (cols, d_v)
            accumulateWeighted<Scalar>(acc, tile, v, v.allFinite());
        }
        for (Index r = 0; r < rows; ++r) {
            if (!seen[static_cast<std::size_t>(r)]) {
                part.fully_masked_rows.push_back(i0 + r);
                output.row(i0 + r).setZero();
            } else {
                output.row(i0 + r) = acc.row(r) / den(r);
            }
        }
    });
    for (const KernelRun &part : parts) {
        run.fully_masked_rows.insert(run.fully_masked_rows.end(), part.fully_masked_rows.begin(),
                                     part.fully_masked_rows.end());
        run.stats.pairs += part.stats.pairs;
        run.stats.tiles += part.stats.tiles;
        run.stats.tiles_skipped += part.stats.tiles_skipped;
    }
    std::sort(run.fully_masked_rows.begin(), run.fully_masked_rows.end());
    run.stats.work_bytes =
        static_cast<std::size_t>(phiK.size()) * sizeof(Scalar) +
        workers * (static_cast<std::size_t>(br * (p.dK() + p.dV() + 1 + bc)) * sizeof(Scalar) +
                   static_cast<std::size_t>(br));
    return run;
}

} // namespace

LinearPath linearPathFor(const MaskRule &mask)
{
    if (mask.window || mask.explicit_visible != nullptr || !mask.query_documents.empty() ||
        (mask.causal && mask.prefix_length))
        return LinearPath::Explicit;
    return mask.causal ? LinearPath::Prefix : LinearPath::Summary;
}

template <typename Scalar> MatrixT<Scalar> eluFeatures(const ConstView<Scalar> &x)
{
    const auto a = x.array();
    return (a > Scalar(0)).select(a + Scalar(1), a.exp()).matrix(); // (n, d)
}

template <typename Scalar>
KernelRun linearHead(const HeadProblem<Scalar> &problem, const LinearOptions &options,
                     OutputRef<Scalar> output)
{
    checkLinear(problem, output.rows(), output.cols());
    if (options.query_block < 1 || options.key_tile < 1) {
        throw std::invalid_argument("linear kernel: block sizes must be ≥ 1, got query " +
                                    std::to_string(options.query_block) + ", key " +
                                    std::to_string(options.key_tile));
    }
    KernelRun run;
    switch (linearPathFor(problem.mask)) {
    case LinearPath::Summary: run = summaryPath(problem, options, output); break;
    case LinearPath::Prefix: run = prefixPath(problem, output); break;
    case LinearPath::Explicit: run = explicitPath(problem, options, output); break;
    }
    fillMaskedRows(run.fully_masked_rows, problem.policy, problem.value, output);
    return run;
}

template <typename Scalar>
std::vector<Index> linearReference(const HeadProblem<Scalar> &p, OutputRef<Scalar> output,
                                   MatrixT<Scalar> *weights)
{
    checkLinear(p, output.rows(), output.cols());
    MatrixT<Scalar> w = MatrixT<Scalar>::Zero(p.nQ(), p.nK()); // (n_q, n_k)
    std::vector<Index> masked;
    output.setZero();
    const auto fillMasked = [&](Index i) {
        masked.push_back(i);
        const Scalar fill = p.policy == MaskedRowPolicy::NaN       ? std::numeric_limits<Scalar>::quiet_NaN()
                            : p.policy == MaskedRowPolicy::Uniform ? Scalar(1) / Scalar(p.nK())
                                                                   : Scalar(0);
        w.row(i).setConstant(fill);
    };
    if (!plainRange<Scalar>(p.query) || !plainRange<Scalar>(p.key)) {
        // Features beyond the plain range: every weight in log space (logRow), row by row.
        const MatrixT<Scalar> lq = logFeatures<Scalar>(p.query); // (n_q, d_k)
        const MatrixT<Scalar> lk = logFeatures<Scalar>(p.key);   // (n_k, d_k)
        for (Index i = 0; i < p.nQ(); ++i) {
            const auto visible = [&](Index j) { return p.mask.visible(i, j); };
            if (!logRow<Scalar>(lq.row(i).data(), lk, p.value, visible, w.row(i).data(), output.row(i)))
                fillMasked(i);
        }
        fillMaskedRows(masked, p.policy, p.value, output);
        if (weights) *weights = std::move(w);
        return masked;
    }
    const MatrixT<Scalar> phiQ = eluFeatures<Scalar>(p.query); // (n_q, d_k)
    const MatrixT<Scalar> phiK = eluFeatures<Scalar>(p.key);   // (n_k, d_k)
    for (Index i = 0; i < p.nQ(); ++i) {
        // Pass 1: unnormalised weights φ(q_i)·φ(k_j) of the visible keys and their sum.
        Scalar den = 0;
        bool any = false;
        for (Index j = 0; j < p.nK(); ++j) {
            if (!p.mask.visible(i, j)) continue;
            any = true;
            w(i, j) = phiQ.row(i).dot(phiK.row(j));
            den += w(i, j);
        }
        if (!any) {
            fillMasked(i);
            continue;
        }
        // Pass 2: normalise and mix; a zero weight never multiplies a value.
        for (Index j = 0; j < p.nK(); ++j) {
            if (!p.mask.visible(i, j)) continue;
            w(i, j) /= den;
            if (w(i, j) != Scalar(0)) output.row(i) += w(i, j) * p.value.row(j); // (d_v)
        }
    }
    fillMaskedRows(masked, p.policy, p.value, output);
    if (weights) *weights = std::move(w);
    return masked;
}

template MatrixT<float> eluFeatures<float>(const ConstView<float> &);
template MatrixT<double> eluFeatures<double>(const ConstView<double> &);
template KernelRun linearHead<float>(const HeadProblem<float> &, const LinearOptions &, OutputRef<float>);
template KernelRun linearHead<double>(const HeadProblem<double> &, const LinearOptions &, OutputRef<double>);
template std::vector<Index> linearReference<float>(const HeadProblem<float> &, OutputRef<float>,
                                                   MatrixT<float> *);
template std::vector<Index> linearReference<double>(const HeadProblem<double> &, OutputRef<double>,
                                                    MatrixT<double> *);

} // namespace attn::kernels
