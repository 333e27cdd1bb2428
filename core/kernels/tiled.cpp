#include "core/kernels/tiled.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace attn::kernels {

namespace {

/// One worker's buffers: everything the kernel allocates besides the per-head flags.
template <typename Scalar> struct TileBuffers {
    MatrixT<Scalar> query;     // (B_r, d_k) the query tile times the scale
    MatrixT<Scalar> s;         // (B_r, B_c) logits, then unnormalised weights P
    MatrixT<Scalar> acc;       // (B_r, d_v) running unnormalised output A
    VectorT<Scalar> m;         // (B_r) running row maximum (−∞: nothing seen yet)
    VectorT<Scalar> l;         // (B_r) running Σ exp(logit − m)
    std::vector<char> visible; // (B_r·B_c) element visibility of a partial tile
    std::vector<char> seen;    // (B_r) the row has met a visible key
    KernelStats stats;
    std::vector<Index> masked; // rows that see no key
};

template <typename Scalar> class TiledRunner {
public:
    TiledRunner(const HeadProblem<Scalar> &p, const TiledOptions &o, Eigen::Ref<MatrixT<Scalar>> &out,
                VectorT<Scalar> *lse)
        : m_p(p), m_out(out), m_lse(lse), m_br(std::min(o.query_tile, p.nQ())),
          m_bc(std::min(o.key_tile, p.nK()))
    {
        // Per key tile: are its values all finite? Then P·V may run as one GEMM, since a zero
        // weight times a finite value adds exactly nothing.
        const Index tiles = (p.nK() + m_bc - 1) / m_bc;
        m_finiteValues.resize(static_cast<std::size_t>(tiles));
        for (Index u = 0; u < tiles; ++u) {
            const Index j0 = u * m_bc;
            m_finiteValues[static_cast<std::size_t>(u)] =
                p.value.middleRows(j0, std::min(m_bc, p.nK() - j0)).allFinite();
        }
    }

    Index queryTiles() const { return (m_p.nQ() + m_br - 1) / m_br; }
    Index br() const { return m_br; }
    Index bc() const { return m_bc; }

    void allocate(TileBuffers<Scalar> &b) const
    {
        b.query.resize(m_p.scores ? 0 : m_br, m_p.dK());
        b.s.resize(m_br, m_bc);
        b.acc.resize(m_br, m_p.dV());
        b.m.resize(m_br);
        b.l.resize(m_br);
        b.visible.assign(static_cast<std::size_t>(m_br * m_bc), 0);
        b.seen.assign(static_cast<std::size_t>(m_br), 0);
    }

    /// Processes query tile `t`: rows [i0, i0 + br).
    void queryTile(Index t, TileBuffers<Scalar> &b) const
    {
        const Index i0 = t * m_br;
        const Index br = std::min(m_br, m_p.nQ() - i0);
        const Scalar inf = std::numeric_limits<Scalar>::infinity();
        b.acc.topRows(br).setZero();
        b.m.head(br).setConstant(-inf);
        b.l.head(br).setZero();
        std::fill(b.seen.begin(), b.seen.begin() + br, 0);
        if (!m_p.scores)
            b.query.topRows(br) = Scalar(m_p.logit.scale) * m_p.query.middleRows(i0, br); // (br, d_k)

        for (Index j0 = 0; j0 < m_p.nK(); j0 += m_bc) {
            const Index bc = std::min(m_bc, m_p.nK() - j0);
            ++b.stats.tiles;
            const TileClass cls = m_p.mask.classify(i0, i0 + br, j0, j0 + bc);
            if (cls == TileClass::AllMasked) {
                ++b.stats.tiles_skipped;
                continue;
            }
            b.stats.pairs += static_cast<std::uint64_t>(br * bc);
            auto s = b.s.topLeftCorner(br, bc); // (br, bc)
            // 1. Logits of the tile.
            if (m_p.scores) {
                s = Scalar(m_p.logit.scale) * m_p.scores->block(i0, j0, br, bc);
            } else {
                s.noalias() = b.query.topRows(br) * m_p.key.middleRows(j0, bc).transpose();
            }
            if (m_p.logit.alibi_slope) addAlibiBias<Scalar>(s, m_p.mask, *m_p.logit.alibi_slope, i0, j0);
            // 2–4. Online softmax update, row by row.
            const bool partial = cls == TileClass::Partial;
            if (partial) markVisible(b, i0, j0, br, bc);
            for (Index r = 0; r < br; ++r) updateRow(b, r, bc, partial);
            mixValues(b, j0, br, bc);
        }
        // Final division by the running sum; rows that met no visible key get the policy.
        for (Index r = 0; r < br; ++r) {
            const Index i = i0 + r;
            if (!b.seen[static_cast<std::size_t>(r)]) {
                b.masked.push_back(i);
                m_out.row(i).setZero();
                if (m_lse) (*m_lse)(i) = -inf;
                continue;
            }
            m_out.row(i) = b.acc.row(r) / b.l(r);
            if (m_lse) (*m_lse)(i) = reference(b.m(r)) + std::log(b.l(r));
        }
    }

private:
    /// The exponent's reference point: the running maximum, or 0 while it is infinite (every
    /// visible logit so far is −∞, or one is +∞), as in naiveHead.
    static Scalar reference(Scalar m) { return std::isinf(m) ? Scalar(0) : m; }

    void markVisible(TileBuffers<Scalar> &b, Index i0, Index j0, Index br, Index bc) const
    {
        for (Index r = 0; r < br; ++r)
            for (Index c = 0; c < bc; ++c)
                b.visible[static_cast<std::size_t>(r * m_bc + c)] = m_p.mask.visible(i0 + r, j0 + c) ? 1 : 0;
    }

    /// Steps 2–3 for row r of the tile: new maximum, rescale, P = exp(S − m) (0 where masked).
    void updateRow(TileBuffers<Scalar> &b, Index r, Index bc, bool partial) const
    {
        auto row = b.s.row(r).head(bc); // (bc)
        const char *vis = b.visible.data() + r * m_bc;
        Scalar tileMax = -std::numeric_limits<Scalar>::infinity();
        bool any = !partial;
        if (partial) {
            for (Index c = 0; c < bc; ++c) {
                if (!vis[c]) continue;
                any = true;
                if (row(c) > tileMax) tileMax = row(c); // NaN compares false, as in naiveHead
            }
            if (!any) {
                row.setZero();
                return;
            }
        } else {
            tileMax = row.maxCoeff();
        }
        b.seen[static_cast<std::size_t>(r)] = 1;
        if (tileMax > b.m(r)) {
            // Rescale what was accumulated against the old maximum: e^(m_old − m_new) ≤ 1.
            // (Nothing was accumulated while m_old = −∞.)
            const Scalar alpha = b.m(r) == -std::numeric_limits<Scalar>::infinity()
                                     ? Scalar(0)
                                     : Scalar(std::exp(reference(b.m(r)) - reference(tileMax)));
            b.m(r) = tileMax;
            b.acc.row(r) *= alpha;
            b.l(r) *= alpha;
        }
        // Subtracting the running maximum keeps every exponent ≤ 0: exp cannot overflow.
        const Scalar ref = reference(b.m(r));
        if (partial) {
            for (Index c = 0; c < bc; ++c) row(c) = vis[c] ? Scalar(std::exp(row(c) - ref)) : Scalar(0);
        } else {
            expShiftedInPlace(row.data(), bc, ref); // vectorised exp over the tile row
        }
        b.l(r) += row.sum();
    }

    /// Step 4: A += P · V_u (one GEMM unless the value tile holds a NaN or Inf).
    void mixValues(TileBuffers<Scalar> &b, Index j0, Index br, Index bc) const
    {
        accumulateWeighted<Scalar>(b.acc.topRows(br), b.s.topLeftCorner(br, bc), m_p.value.middleRows(j0, bc),
                                   m_finiteValues[static_cast<std::size_t>(j0 / m_bc)] != 0);
    }

    const HeadProblem<Scalar> &m_p;
    Eigen::Ref<MatrixT<Scalar>> &m_out;
    VectorT<Scalar> *m_lse;
    Index m_br;
    Index m_bc;
    std::vector<char> m_finiteValues; // (⌈n_k / B_c⌉)
};

} // namespace

std::size_t tiledWorkBytes(Index nQ, Index nK, Index dK, Index dV, const TiledOptions &o,
                           std::size_t scalarBytes)
{
    const auto br = static_cast<std::size_t>(std::max<Index>(1, std::min(o.query_tile, nQ)));
    const auto bc = static_cast<std::size_t>(std::max<Index>(1, std::min(o.key_tile, nK)));
    const auto dk = static_cast<std::size_t>(dK);
    const auto dv = static_cast<std::size_t>(dV);
    const std::size_t tiles = (static_cast<std::size_t>(nQ) + br - 1) / br;
    const auto workers = std::max<std::size_t>(
        1, std::min<std::size_t>(static_cast<std::size_t>(std::max(1, o.threads)), tiles));
    // Per worker: query tile, S/P tile, A, m, l; Eigen's GEMM packs one operand block of each
    // product (estimate: Q_t and K_u for S, P and V_u for A); visibility and seen flags.
    const std::size_t scalars = br * dk + br * bc + br * dv + 2 * br + (br + bc) * dk + br * bc + bc * dv;
    const std::size_t perWorker = scalars * scalarBytes + br * bc + br;
    const std::size_t flags = (static_cast<std::size_t>(nK) + bc - 1) / bc;
    return workers * perWorker + flags;
}

template <typename Scalar>
KernelRun tiledHead(const HeadProblem<Scalar> &problem, const TiledOptions &options, OutputRef<Scalar> output,
                    VectorT<Scalar> *lse)
{
    checkProblem(problem, output.rows(), output.cols());
    if (options.query_tile < 1 || options.key_tile < 1) {
        throw std::invalid_argument("tiled kernel: tile sizes must be ≥ 1, got query " +
                                    std::to_string(options.query_tile) + ", key " +
                                    std::to_string(options.key_tile));
    }
    KernelRun run;
    if (lse) lse->resize(problem.nQ());
    const TiledRunner<Scalar> runner(problem, options, output, lse);
    const Index tiles = runner.queryTiles();
    const int workers = static_cast<int>(std::clamp<Index>(options.threads, 1, tiles));
    std::vector<TileBuffers<Scalar>> buffers(static_cast<std::size_t>(workers));
    for (TileBuffers<Scalar> &b : buffers) runner.allocate(b);
    // Largest tiles first (under a causal mask the last query tiles see the most keys).
    parallelFor(tiles, workers, [&](Index task, int worker) {
        runner.queryTile(tiles - 1 - task, buffers[static_cast<std::size_t>(worker)]);
    });

    for (const TileBuffers<Scalar> &b : buffers) {
        run.fully_masked_rows.insert(run.fully_masked_rows.end(), b.masked.begin(), b.masked.end());
        run.stats.pairs += b.stats.pairs;
        run.stats.tiles += b.stats.tiles;
        run.stats.tiles_skipped += b.stats.tiles_skipped;
    }
    std::sort(run.fully_masked_rows.begin(), run.fully_masked_rows.end());
    fillMaskedRows(run.fully_masked_rows, problem.policy, problem.value, output);
    TiledOptions used = options;
    used.threads = workers;
    run.stats.work_bytes =
        tiledWorkBytes(problem.nQ(), problem.nK(), problem.dK(), problem.dV(), used, sizeof(Scalar));
    return run;
}

template KernelRun tiledHead<float>(const HeadProblem<float> &, const TiledOptions &, OutputRef<float>,
                                    VectorT<float> *);
template KernelRun tiledHead<double>(const HeadProblem<double> &, const TiledOptions &, OutputRef<double>,
                                     VectorT<double> *);

} // namespace attn::kernels
