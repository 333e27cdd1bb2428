#include "core/kernels/multiheadkernels.h"

#include "core/kernels/linear.h"
#include "core/kernels/windowed.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace attn::kernels {

namespace {

struct HeadShapes {
    Index dK, dV;
};

template <typename Scalar>
HeadShapes checkHeads(const MatrixT<Scalar> &Q, const MatrixT<Scalar> &K, const MatrixT<Scalar> &V, int hq,
                      int hkv, const TiledOptions &o)
{
    auto fail = [](const std::string &what) { throw std::invalid_argument("attendHeads: " + what); };
    auto num = [](Index v) { return std::to_string(v); };
    if (hq < 1 || hkv < 1 || hq % hkv != 0)
        fail("query heads " + num(hq) + " must be a positive multiple of K/V heads " + num(hkv));
    if (Q.cols() % hq != 0)
        fail("Q has " + num(Q.cols()) + " columns, not a multiple of " + num(hq) + " heads");
    if (K.cols() % hkv != 0 || V.cols() % hkv != 0)
        fail("K, V have " + num(K.cols()) + ", " + num(V.cols()) + " columns, not multiples of " + num(hkv) +
             " heads");
    const Index dK = Q.cols() / hq;
    if (K.cols() / hkv != dK) fail("K head width " + num(K.cols() / hkv) + " differs from Q's " + num(dK));
    if (K.rows() != V.rows()) fail("K has " + num(K.rows()) + " rows, V " + num(V.rows()));
    if (o.query_tile < 1 || o.key_tile < 1 || o.threads < 1)
        fail("tiles and threads must be ≥ 1, got " + num(o.query_tile) + ", " + num(o.key_tile) + ", " +
             num(o.threads));
    return {dK, V.cols() / hkv};
}

/// The reference a learner would write: full logits, masked softmax per row, one product.
template <typename Scalar>
KernelRun naiveHeads(const MatrixT<Scalar> &Q, const MatrixT<Scalar> &K, const MatrixT<Scalar> &V, int hq,
                     int hkv, const MaskRule &mask, double scale, const TiledOptions &o, HeadShapes sh,
                     MatrixT<Scalar> &O)
{
    const Index nQ = Q.rows();
    const Index nK = K.rows();
    const Index block = std::max<Index>(1, o.query_tile);
    const Index blocks = (nQ + block - 1) / block;
    MatrixT<Scalar> s(nQ, nK); // (n_q, n_k) logits, then weights, of one head
    std::vector<char> seen(static_cast<std::size_t>(nQ));
    // logit = scale · q·k: the scale folded into the query block when it is a normal Scalar (the
    // usual case: n_q·d_k products instead of n_q·n_k), else each q·k scaled in double as
    // LogitScale does (a scale beyond the Scalar's range would otherwise round to 0 or ∞).
    const LogitScale logitScale(scale, 1.0);
    const bool scalarFactor = std::abs(scale) >= double(std::numeric_limits<Scalar>::min()) &&
                              std::abs(scale) <= double(std::numeric_limits<Scalar>::max());
    KernelRun run;
    for (int h = 0; h < hq; ++h) {
        const int g = kvHeadFor(h, hq, hkv);
        const auto q = Q.middleCols(h * sh.dK, sh.dK); // (n_q, d_k)
        const auto k = K.middleCols(g * sh.dK, sh.dK); // (n_k, d_k)
        const auto v = V.middleCols(g * sh.dV, sh.dV); // (n_k, d_v)
        const bool finite = v.allFinite();
        parallelFor(blocks, o.threads, [&](Index t, int) {
            const Index i0 = t * block;
            const Index rows = std::min(block, nQ - i0);
            auto sb = s.middleRows(i0, rows); // (rows, n_k)
            if (scalarFactor) {               // 1. logits
                sb.noalias() = (Scalar(scale) * q.middleRows(i0, rows)) * k.transpose();
            } else {
                sb.noalias() = q.middleRows(i0, rows) * k.transpose();
                for (Index i = 0; i < sb.size(); ++i)
                    sb.data()[i] = Scalar(logitScale.apply(double(sb.data()[i])));
            }
            for (Index r = 0; r < rows; ++r) { // 2. masked softmax
                const Index i = i0 + r;
                Scalar *x = sb.row(r).data();
                Scalar m = -std::numeric_limits<Scalar>::infinity();
                bool any = false;
                for (Index j = 0; j < nK; ++j) {
                    if (!mask.visible(i, j)) {
                        x[j] = -std::numeric_limits<Scalar>::infinity();
                        continue;
                    }
                    any = true;
                    if (x[j] > m) m = x[j];
                }
                seen[static_cast<std::size_t>(i)] = any ? 1 : 0;
                if (!any) {
                    sb.row(r).setZero();
                    continue;
                }
                expShiftedInPlace(x, nK, std::isinf(m) ? Scalar(0) : m); // masked: exp(−∞) = 0
                sb.row(r) /= sb.row(r).sum();
            }
            auto ob = O.block(i0, h * sh.dV, rows, sh.dV); // 3. O_h = P V_h   (rows, d_v)
            ob.setZero();
            accumulateWeighted<Scalar>(ob, sb, v, finite);
            for (Index r = 0; r < rows; ++r)
                if (!seen[static_cast<std::size_t>(i0 + r)]) ob.row(r).setZero();
        });
        if (h == 0)
            for (Index i = 0; i < nQ; ++i)
                if (!seen[static_cast<std::size_t>(i)]) run.fully_masked_rows.push_back(i);
        run.stats.pairs += static_cast<std::uint64_t>(nQ * nK);
        run.stats.tiles += static_cast<std::uint64_t>(blocks);
    }
    run.stats.work_bytes = static_cast<std::size_t>(nQ * nK) * sizeof(Scalar) + static_cast<std::size_t>(nQ);
    return run;
}

} // namespace

template <typename Scalar>
KernelRun attendHeads(KernelKind kind, const MatrixT<Scalar> &Q, const MatrixT<Scalar> &K,
                      const MatrixT<Scalar> &V, int hq, int hkv, const MaskRule &mask, double scale,
                      const TiledOptions &options, MatrixT<Scalar> &O, MaskedRowPolicy policy)
{
    const HeadShapes sh = checkHeads(Q, K, V, hq, hkv, options);
    O.resize(Q.rows(), hq * sh.dV);
    if (kind == KernelKind::Naive) {
        HeadProblem<Scalar> probe(view(Q.leftCols(sh.dK)), view(K.leftCols(sh.dK)), view(V.leftCols(sh.dV)));
        probe.mask = mask;
        checkProblem(probe, Q.rows(), sh.dV);
        KernelRun run = naiveHeads(Q, K, V, hq, hkv, mask, scale, options, sh, O);
        for (int h = 0; h < hq; ++h) {
            const int g = kvHeadFor(h, hq, hkv);
            fillMaskedRows<Scalar>(run.fully_masked_rows, policy, view(V.middleCols(g * sh.dV, sh.dV)),
                                   O.middleCols(h * sh.dV, sh.dV));
        }
        return run;
    }
    KernelRun total;
    if (kind == KernelKind::Tiled) {
        // Every head's query tiles share one parallel loop.
        std::vector<HeadProblem<Scalar>> problems;
        std::vector<OutputRef<Scalar>> outputs;
        problems.reserve(static_cast<std::size_t>(hq));
        outputs.reserve(static_cast<std::size_t>(hq));
        for (int h = 0; h < hq; ++h) {
            const int g = kvHeadFor(h, hq, hkv);
            HeadProblem<Scalar> &p = problems.emplace_back(view(Q.middleCols(h * sh.dK, sh.dK)),
                                                           view(K.middleCols(g * sh.dK, sh.dK)),
                                                           view(V.middleCols(g * sh.dV, sh.dV)));
            p.logit.scale = LogitScale(scale, 1.0);
            p.mask = mask;
            p.policy = policy;
            outputs.emplace_back(O.middleCols(h * sh.dV, sh.dV));
        }
        const std::vector<KernelRun> runs = tiledHeads<Scalar>(problems, options, outputs);
        total.fully_masked_rows = runs.front().fully_masked_rows;
        for (const KernelRun &run : runs) {
            total.stats.pairs += run.stats.pairs;
            total.stats.tiles += run.stats.tiles;
            total.stats.tiles_skipped += run.stats.tiles_skipped;
        }
        total.stats.work_bytes = runs.front().stats.work_bytes; // shared buffers, every head's flags
        return total;
    }
    for (int h = 0; h < hq; ++h) {
        const int g = kvHeadFor(h, hq, hkv);
        HeadProblem<Scalar> p(view(Q.middleCols(h * sh.dK, sh.dK)), view(K.middleCols(g * sh.dK, sh.dK)),
                              view(V.middleCols(g * sh.dV, sh.dV)));
        p.logit.scale = LogitScale(scale, 1.0);
        p.mask = mask;
        p.policy = policy;
        auto out = O.middleCols(h * sh.dV, sh.dV);
        KernelRun run;
        switch (kind) {
        case KernelKind::Tiled: run = tiledHead(p, options, out); break;
        case KernelKind::Windowed:
            // Query blocks of at most 64 rows: a block's band is w + block keys wide, so wider
            // blocks compute more masked pairs.
            run = windowedHead(
                p,
                WindowedOptions{std::min<Index>(options.query_tile, 64), options.threads, options.key_tile},
                out);
            break;
        case KernelKind::Linear:
            run = linearHead(p, LinearOptions{options.query_tile, options.key_tile, options.threads}, out);
            break;
        case KernelKind::Naive: break;
        }
        if (h == 0) total.fully_masked_rows = run.fully_masked_rows;
        total.stats.pairs += run.stats.pairs;
        total.stats.tiles += run.stats.tiles;
        total.stats.tiles_skipped += run.stats.tiles_skipped;
        total.stats.work_bytes = std::max(total.stats.work_bytes, run.stats.work_bytes);
    }
    return total;
}

std::size_t attendHeadsWorkBytes(KernelKind kind, Index nQ, Index nK, Index dK, Index dV,
                                 const TiledOptions &o, std::size_t scalarBytes)
{
    const auto threads = static_cast<std::size_t>(std::max(1, o.threads));
    const auto br = static_cast<std::size_t>(std::max<Index>(1, std::min(o.query_tile, nQ)));
    const auto bc = static_cast<std::size_t>(std::max<Index>(1, std::min(o.key_tile, nK)));
    switch (kind) {
    case KernelKind::Naive:
        return static_cast<std::size_t>(nQ) * static_cast<std::size_t>(nK) * scalarBytes +
               static_cast<std::size_t>(nQ);
    case KernelKind::Tiled: return tiledWorkBytes(nQ, nK, dK, dV, o, scalarBytes);
    case KernelKind::Windowed: // band buffers up to every key (no window) per worker
        return threads *
               (br * (static_cast<std::size_t>(nK) + static_cast<std::size_t>(dV) + 2) * scalarBytes +
                br * 20);
    case KernelKind::Linear:
        return static_cast<std::size_t>(nK) * static_cast<std::size_t>(dK + dV) * scalarBytes +
               threads * br * (static_cast<std::size_t>(dK + dV + 1) + bc) * scalarBytes;
    }
    return 0;
}

std::uint64_t countVisiblePairs(const MaskRule &mask, Index nQ, Index nK)
{
    if (!mask.positional() && !mask.hasElementMasks()) return static_cast<std::uint64_t>(nQ * nK);
    std::uint64_t pairs = 0;
    for (Index i = 0; i < nQ; ++i) {
        const auto [lo, hi] = mask.keyBand(i);
        if (!mask.hasElementMasks() && mask.key_sorted) {
            pairs += static_cast<std::uint64_t>(hi - lo);
            continue;
        }
        for (Index j = lo; j < hi; ++j) pairs += mask.visible(i, j) ? 1 : 0;
    }
    return pairs;
}

template KernelRun attendHeads<float>(KernelKind, const MatrixT<float> &, const MatrixT<float> &,
                                      const MatrixT<float> &, int, int, const MaskRule &, double,
                                      const TiledOptions &, MatrixT<float> &, MaskedRowPolicy);
template KernelRun attendHeads<double>(KernelKind, const MatrixT<double> &, const MatrixT<double> &,
                                       const MatrixT<double> &, int, int, const MaskRule &, double,
                                       const TiledOptions &, MatrixT<double> &, MaskedRowPolicy);

} // namespace attn::kernels
