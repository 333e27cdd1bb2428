// The engine shared by the tiled and the windowed kernel: one query tile of one head against
// one or more key ranges, with the online-softmax state of FlashAttention-2 and two paths per
// key range (fast float micro-kernels, generic Eigen + std::exp). Internal to core/kernels.
#pragma once

#include "core/kernels/kernel.h"
#include "core/kernels/microkernels.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

namespace attn::kernels::detail {

/// Largest |logit| bound (scale · max‖q‖ · max‖k‖, Cauchy–Schwarz) for which the fast path is
/// taken: far below the float range, so no logit, product or partial sum can overflow.
inline constexpr double kFastLogitBound = 1e30;

inline constexpr double kLog2e = 1.4426950408889634; // exp(x) = 2^(x·log2 e)

/// Query rows of a tile rounded up to whole micro-tile lanes.
template <typename Scalar> Index paddedLanes(Index rows)
{
    constexpr Index lanes = micro::Geometry<Scalar>::kLanes;
    return (rows + lanes - 1) / lanes * lanes;
}

/// One worker's buffers, allocated once (at the largest sizes of the call) so that their
/// strides, and with them every rounding, do not depend on which worker runs which task.
/// The running state of a query tile is kept "queries as lanes": column r of at (d_v, B_r') is
/// the unnormalised output row of query i0 + r, so that the per-query factors of the online
/// softmax act on whole packets. B_r' = B_r rounded up to the lanes.
template <typename Scalar> struct TileBuffers {
    MatrixT<Scalar> qt;     // (d_k, B_r') scale·Q_tᵀ, padding columns zero (fast path)
    MatrixT<Scalar> st;     // (B_c, B_r') Sᵀ logits, then unnormalised weights Pᵀ (fast path)
    MatrixT<Scalar> vt;     // (B_c, d_v + pad) the value tile, copied with a padded stride (fast path)
    MatrixT<Scalar> at;     // (d_v, B_r') running unnormalised output Aᵀ (both paths)
    VectorT<Scalar> m;      // (B_r') running row maximum, natural units (−∞: nothing seen yet)
    VectorT<Scalar> l;      // (B_r') running Σ exp(logit − m)
    VectorT<Scalar> lo, hi; // (B_r') visible key band of each query inside a partial tile
    std::vector<Index> bandLo, bandHi; // (B_r) each query's key band [lo, hi) (MaskRule::keyBand)
    MatrixT<Scalar> s;                 // (B_r, B_c) logits, then weights (generic path)
    MatrixT<Scalar> mix;               // (B_r, d_v) P·V of one generic tile
    std::vector<char> visible;         // (B_r·B_c) element visibility of a partial generic tile
    std::vector<char> seen;            // (B_r') the row has met a visible key
    // The current query tile (set by TileRunner::begin): rows [i0, i0 + rows), rows rounded up
    // to `lanes`, and max ‖scale·q‖ over it (+∞ when not finite or not on the fast path).
    Index i0 = 0, rows = 0, lanes = 0;
    double queryNorm = 0;
    KernelStats stats;
};

/// What the fast path needs to know about a range of keys.
struct KeyFacts {
    bool finiteValues = true; ///< V rows all finite: P·V may run as one product
    double maxKeyNorm = 0;    ///< max ‖k_j‖; +∞ when a key holds NaN or ±∞
};

template <typename Scalar> class TileRunner {
public:
    /// `keyTile` is B_c for the tiled kernel (fixed key tiles, facts cached per tile) or the
    /// widest band for the windowed kernel (ranges anywhere, facts computed per range).
    TileRunner(const HeadProblem<Scalar> &p, Index queryTile, Index keyTile, bool fixedKeyTiles,
               Eigen::Ref<MatrixT<Scalar>> &out, SoftmaxRows<Scalar> *rows)
        : m_p(p), m_out(out), m_rows(rows), m_br(std::max<Index>(1, std::min(queryTile, p.nQ()))),
          m_bc(std::max<Index>(1, std::min(keyTile, p.nK())))
    {
        // scale / temperature as one Scalar factor when it is one (finite and normal, in Scalar
        // too); otherwise every logit is formed by LogitScale::apply in double.
        const double factor = p.logit.scale.factor();
        m_scalarFactor = p.logit.scale.combined() && std::abs(factor) >= std::numeric_limits<Scalar>::min() &&
                         std::abs(factor) <= std::numeric_limits<Scalar>::max();
        m_factor = m_scalarFactor ? Scalar(factor) : Scalar(1);
        // The fast path: float, logits from Q·Kᵀ (no raw scores, ALiBi bias or softcap), a scale factor
        // that is a normal float (it is folded into the query tile), and at least one packet of
        // queries. With fewer (decode: one query against a long cache) most lanes of a
        // micro-tile would be padding and the key-norm pass would read K once more: the generic
        // path (Eigen's matrix-vector products) measured 2–4× faster at n_q = 1, n_k = 4096 and
        // 16384, heads 8:8 and 8:1.
        m_fast = micro::kFastPathProfitable && std::is_same_v<Scalar, float> && !p.scores &&
                 !p.logit.alibi_slope && !p.logit.softcap && m_scalarFactor && p.dK() > 0 &&
                 p.nQ() >= micro::Geometry<Scalar>::kWidth;
        m_bandMaskable = !p.mask.hasElementMasks() && p.mask.key_sorted;
        const Index nK = p.nK();
        // A value row is "bad" when its squared norm is not finite: a NaN or ±∞ entry (or, to be
        // safe, a norm that overflows: such rows merely take the generic path).
        const VectorT<Scalar> valueNorms = p.value.rowwise().squaredNorm(); // (n_k)
        m_badValuesBefore.assign(static_cast<std::size_t>(nK + 1), 0);
        for (Index j = 0; j < nK; ++j)
            m_badValuesBefore[static_cast<std::size_t>(j + 1)] =
                m_badValuesBefore[static_cast<std::size_t>(j)] + (std::isfinite(valueNorms(j)) ? 0 : 1);
        if (m_fast) {
            // ‖k_j‖ in float: a NaN or ±∞ entry, or an overflow, gives NaN or +∞, turned into +∞.
            const VectorT<Scalar> keyNorms = p.key.rowwise().squaredNorm(); // (n_k)
            m_keyNorm.resize(static_cast<std::size_t>(nK));
            for (Index j = 0; j < nK; ++j) {
                const float n = std::sqrt(float(keyNorms(j)));
                m_keyNorm[static_cast<std::size_t>(j)] =
                    n <= std::numeric_limits<float>::max() ? n : std::numeric_limits<float>::infinity();
            }
        }
        if (fixedKeyTiles) {
            for (Index j0 = 0; j0 < nK; j0 += m_bc)
                m_tileFacts.push_back(computeFacts(j0, std::min(m_bc, nK - j0)));
        }
    }

    Index br() const { return m_br; }
    Index bc() const { return m_bc; }
    Index queryTiles() const { return (m_p.nQ() + m_br - 1) / m_br; }

    /// Bytes this runner holds beyond the worker buffers (per-key facts).
    std::size_t ownBytes() const
    {
        return m_badValuesBefore.size() * sizeof(Index) + m_keyNorm.size() * sizeof(float) +
               m_tileFacts.size() * sizeof(KeyFacts);
    }

    /// Grows `b` to this runner's sizes (call for every runner before any task runs).
    void allocate(TileBuffers<Scalar> &b) const
    {
        const Index brp = paddedLanes<Scalar>(m_br);
        auto grow = [](MatrixT<Scalar> &x, Index rows, Index cols) {
            if (x.rows() < rows || x.cols() < cols)
                x.resize(std::max(rows, x.rows()), std::max(cols, x.cols()));
        };
        auto growV = [](VectorT<Scalar> &x, Index n) {
            if (x.size() < n) x.resize(n);
        };
        // Leading dimensions one packet wider than the lanes: rows 2^k bytes apart would all
        // fall into a few L1 sets when a micro-kernel walks down a column of them.
        const Index ld = brp + micro::Geometry<Scalar>::kWidth;
        if (m_fast) {
            grow(b.qt, m_p.dK(), ld);
            grow(b.st, m_bc, ld);
            grow(b.vt, m_bc, m_p.dV() + micro::Geometry<Scalar>::kWidth);
            growV(b.lo, brp);
            growV(b.hi, brp);
            if (b.bandLo.size() < static_cast<std::size_t>(m_br)) {
                b.bandLo.resize(static_cast<std::size_t>(m_br));
                b.bandHi.resize(static_cast<std::size_t>(m_br));
            }
        }
        grow(b.at, m_p.dV(), ld);
        growV(b.m, brp);
        growV(b.l, brp);
        grow(b.s, m_br, m_bc);
        grow(b.mix, m_br, m_p.dV());
        const auto cells = static_cast<std::size_t>(b.s.rows() * b.s.cols());
        if (b.visible.size() < cells) b.visible.resize(cells);
        if (b.seen.size() < static_cast<std::size_t>(brp)) b.seen.resize(static_cast<std::size_t>(brp));
    }

    /// Starts query tile `t`: rows [i0, i0 + br) with i0 = t·B_r. Returns br.
    Index begin(Index t, TileBuffers<Scalar> &b) const
    {
        b.i0 = t * m_br;
        b.rows = std::min(m_br, m_p.nQ() - b.i0);
        b.lanes = paddedLanes<Scalar>(b.rows);
        b.at.topLeftCorner(m_p.dV(), b.lanes).setZero();
        b.m.head(b.lanes).setConstant(-std::numeric_limits<Scalar>::infinity());
        b.l.head(b.lanes).setZero();
        std::fill(b.seen.begin(), b.seen.begin() + b.lanes, 0);
        b.queryNorm = std::numeric_limits<double>::infinity();
        if (m_fast) {
            // max ‖factor·q‖ from Q's contiguous rows; +∞ (generic path) for a NaN, ±∞ or
            // overflow, and for a bound beyond kFastLogitBound (factor·q itself could overflow).
            const VectorT<Scalar> norms =
                m_p.query.middleRows(b.i0, b.rows).rowwise().squaredNorm(); // (rows)
            if (norms.allFinite()) {
                const double norm = std::abs(double(m_factor)) * std::sqrt(double(norms.maxCoeff()));
                if (norm <= kFastLogitBound) b.queryNorm = norm;
            }
            // Qᵀ of the tile times the scale factor, as lanes; padding lanes stay zero.
            auto qt = b.qt.topLeftCorner(m_p.dK(), b.lanes);
            qt.leftCols(b.rows) = m_factor * m_p.query.middleRows(b.i0, b.rows).transpose();
            qt.rightCols(b.lanes - b.rows).setZero();
            // Each query's key band, once per tile, for the partial tiles of the fast path.
            if (m_bandMaskable && m_p.mask.positional())
                m_p.mask.keyBands(b.i0, b.rows, b.bandLo.data(), b.bandHi.data());
        }
        return b.rows;
    }

    /// Folds keys [j0, j0 + bc) (bc ≤ B_c) into the current query tile: skipped when the mask
    /// hides them all, else one fast or generic step of the online softmax.
    void keys(Index j0, Index bc, TileBuffers<Scalar> &b) const
    {
        ++b.stats.tiles;
        const TileClass cls = m_p.mask.classify(b.i0, b.i0 + b.rows, j0, j0 + bc);
        if (cls == TileClass::AllMasked) {
            ++b.stats.tiles_skipped;
            return;
        }
        b.stats.pairs += static_cast<std::uint64_t>(b.rows * bc);
        const KeyFacts facts = keyFacts(j0, bc);
        if constexpr (std::is_same_v<Scalar, float>) {
            if (m_fast && facts.finiteValues && b.queryNorm * facts.maxKeyNorm <= kFastLogitBound &&
                (cls == TileClass::AllVisible || m_bandMaskable)) {
                fastStep(b, j0, bc, cls == TileClass::Partial);
                return;
            }
        }
        genericStep(b, j0, bc, cls, facts.finiteValues);
    }

    /// Ends the current query tile: O = A / l; rows that met no visible key are appended to
    /// `masked` and zeroed (the policy is applied by the caller, but not with a sink); each
    /// row's m and l if asked for. A sink s joins last, as one more key without a value:
    /// m' = max(m, s), l' = l · e^(ref(m) − ref(m')) + e^(s − ref(m')), O = A · e^(ref(m) − ref(m')) / l'.
    void end(TileBuffers<Scalar> &b, std::vector<Index> &masked) const
    {
        for (Index r = 0; r < b.rows; ++r) {
            const Index i = b.i0 + r;
            if (!b.seen[static_cast<std::size_t>(r)]) {
                masked.push_back(i);
                m_out.row(i).setZero();
                if (m_rows) {
                    // Only the sink: its weight e^(s − s) / 1 = 1.
                    m_rows->max(i) = m_p.sink ? Scalar(*m_p.sink) : -std::numeric_limits<Scalar>::infinity();
                    m_rows->sum(i) = Scalar(m_p.sink ? 1 : 0);
                }
                continue;
            }
            if (!m_p.sink) {
                m_out.row(i) = b.at.col(r).head(m_p.dV()).transpose() / b.l(r);
                if (m_rows) {
                    m_rows->max(i) = b.m(r);
                    m_rows->sum(i) = b.l(r);
                }
                continue;
            }
            // The sink joins as one more logit without a value. max ≥ the sink unless max is
            // below it (or NaN: the row is NaN already). Nothing was accumulated while
            // max = −∞ (every visible logit −∞): then no rescaling, and no ∞ · 0.
            const auto sink = Scalar(*m_p.sink);
            const Scalar max = b.m(r);
            const Scalar joined = sink > max ? sink : max;
            const Scalar alpha = max == -std::numeric_limits<Scalar>::infinity()
                                     ? Scalar(0)
                                     : Scalar(std::exp(reference(max) - reference(joined)));
            const Scalar sum = b.l(r) * alpha + Scalar(std::exp(sink - reference(joined)));
            m_out.row(i) = b.at.col(r).head(m_p.dV()).transpose() * (alpha / sum);
            if (m_rows) {
                m_rows->max(i) = joined;
                m_rows->sum(i) = sum;
            }
        }
    }

private:
    /// The exponent's reference point: the running maximum, or 0 while it is infinite (every
    /// visible logit so far is −∞, or one is +∞), as in naiveHead.
    static Scalar reference(Scalar m) { return std::isinf(m) ? Scalar(0) : m; }

    KeyFacts computeFacts(Index j0, Index bc) const
    {
        KeyFacts f;
        f.finiteValues = m_badValuesBefore[static_cast<std::size_t>(j0 + bc)] ==
                         m_badValuesBefore[static_cast<std::size_t>(j0)];
        if (m_fast) {
            const auto first = m_keyNorm.begin() + j0;
            f.maxKeyNorm = *std::max_element(first, first + bc);
        }
        return f;
    }

    KeyFacts keyFacts(Index j0, Index bc) const
    {
        if (!m_tileFacts.empty()) return m_tileFacts[static_cast<std::size_t>(j0 / m_bc)];
        return computeFacts(j0, bc);
    }

    // ---- fast path (float): packet micro-kernels, queries as lanes --------------------------

    /// One key range on the fast path: every logit is finite (finite inputs and the
    /// Cauchy–Schwarz bound), values are finite, and the mask is all-visible or causal/window
    /// bands over sorted keys.
    ///   1. Sᵀ = K_u · (scale·Q_t)ᵀ                       (bc, B_r')  micro-kernel GEMM
    ///   2. partial tile: entries outside each query's band [lo, hi) ← −∞
    ///   3. per query lane: m_new = max(m, max_j Sᵀ_j); α = exp(m − m_new); l ← α·l;
    ///      Pᵀ = exp(Sᵀ − m_new) (masked −∞ → exactly 0); l ← l + Σ_j Pᵀ_j
    ///   4. Aᵀ ← α·Aᵀ + V_uᵀ · Pᵀ                         (d_v, B_r') micro-kernel GEMM
    /// exp(x − m) is computed as 2^((x − m)·log2 e): x − m is exact near the maximum (where
    /// the weights matter), and the state m is the generic path's, in natural units.
    void fastStep(TileBuffers<Scalar> &b, Index j0, Index bc, bool partial) const
    {
        using G = micro::Geometry<Scalar>;
        using Packet = typename G::Packet;
        namespace ei = Eigen::internal;
        constexpr int W = G::kWidth;
        const Index brp = b.lanes;
        const Index lds = b.st.cols();
        const Index lda = b.at.cols();
        Scalar *st = b.st.data();

        // 1. Logits, keys as rows and queries as lanes.
        micro::gemmLanes<false>(bc, brp, m_p.dK(), m_p.key.data() + j0 * m_p.key.outerStride(),
                                m_p.key.outerStride(), Index(1), b.qt.data(), b.qt.cols(), st, lds);

        // 2. Band mask of a partial tile (keys sorted, causal and window only).
        if (partial) {
            for (Index r = 0; r < brp; ++r) {
                Index lo = 0, hi = 0;
                if (r < b.rows) {
                    lo = std::clamp<Index>(b.bandLo[static_cast<std::size_t>(r)] - j0, 0, bc);
                    hi = std::clamp<Index>(b.bandHi[static_cast<std::size_t>(r)] - j0, lo, bc);
                    if (hi > lo) b.seen[static_cast<std::size_t>(r)] = 1;
                }
                b.lo(r) = Scalar(lo);
                b.hi(r) = Scalar(hi);
            }
            const Packet minusInf = ei::pset1<Packet>(-std::numeric_limits<Scalar>::infinity());
            for (Index j = 0; j < bc; ++j) {
                const Packet jj = ei::pset1<Packet>(Scalar(j));
                Scalar *row = st + j * lds;
                for (Index r = 0; r < brp; r += W) {
                    const Packet visible = ei::pand(ei::pcmp_le(ei::ploadu<Packet>(b.lo.data() + r), jj),
                                                    ei::pcmp_lt(jj, ei::ploadu<Packet>(b.hi.data() + r)));
                    ei::pstoreu(row + r, ei::pselect(visible, ei::ploadu<Packet>(row + r), minusInf));
                }
            }
        } else {
            std::fill(b.seen.begin(), b.seen.begin() + b.rows, 1);
        }

        // 3. Online softmax, one packet of queries at a time.
        const Packet log2e = ei::pset1<Packet>(Scalar(kLog2e));
        const Packet zero = ei::pset1<Packet>(Scalar(0));
        const Packet one = ei::pset1<Packet>(Scalar(1));
        const Packet inf = ei::pset1<Packet>(std::numeric_limits<Scalar>::infinity());
        for (Index r = 0; r < brp; r += W) {
            Packet tileMax = ei::pnegate(inf);
            for (Index j = 0; j < bc; ++j) tileMax = ei::pmax(tileMax, ei::ploadu<Packet>(st + j * lds + r));
            const Packet mOld = ei::ploadu<Packet>(b.m.data() + r);
            const Packet mNew = ei::pmax(mOld, tileMax);
            // reference(m): 0 while m is ±∞, so that no ∞ − ∞ appears.
            const Packet ref = ei::pselect(ei::pcmp_eq(ei::pabs(mNew), inf), zero, mNew);
            const Packet refOld = ei::pselect(ei::pcmp_eq(ei::pabs(mOld), inf), zero, mOld);
            // α = exp(m_old − m_new); exactly 0 while nothing was accumulated (m_old = −∞).
            const Packet from = ei::pselect(ei::pcmp_eq(mOld, ei::pnegate(inf)), ei::pnegate(inf), refOld);
            const Packet alpha = micro::pexp2NonPositive(ei::pmul(ei::psub(from, ref), log2e));
            Packet sum = zero;
            for (Index j = 0; j < bc; ++j) {
                Scalar *x = st + j * lds + r;
                const Packet p =
                    micro::pexp2NonPositive(ei::pmul(ei::psub(ei::ploadu<Packet>(x), ref), log2e));
                ei::pstoreu(x, p);
                sum = ei::padd(sum, p);
            }
            ei::pstoreu(b.m.data() + r, mNew);
            ei::pstoreu(b.l.data() + r, ei::pmadd(alpha, ei::ploadu<Packet>(b.l.data() + r), sum));
            // 4a. Rescale what was accumulated against the old maximum (α ≤ 1); skipped when
            //     no α of the packet is below 1 (the maximum did not move: the usual case).
            if (ei::predux_any(ei::pcmp_lt(alpha, one))) {
                for (Index c = 0; c < m_p.dV(); ++c) {
                    Scalar *a = b.at.data() + c * lda + r;
                    ei::pstoreu(a, ei::pmul(alpha, ei::ploadu<Packet>(a)));
                }
            }
        }
        // 4b. Aᵀ += V_uᵀ · Pᵀ: value columns as rows, keys as the depth, queries as lanes. The
        //     kernel walks down columns of V_u; a copy with a padded stride keeps that walk in L1
        //     (V's own stride, H·d_v, is often a power of two).
        b.vt.topLeftCorner(bc, m_p.dV()) = m_p.value.middleRows(j0, bc);
        micro::gemmLanes<true>(m_p.dV(), brp, bc, b.vt.data(), Index(1), b.vt.cols(), st, lds, b.at.data(),
                               lda);
    }

    // ---- generic path: any scalar, raw scores, ALiBi, element masks, non-finite inputs ------

    void genericStep(TileBuffers<Scalar> &b, Index j0, Index bc, TileClass cls, bool finiteValues) const
    {
        const Index br = b.rows;
        auto s = b.s.topLeftCorner(br, bc); // (br, bc)
        // 1. Logits of the tile, formed as computeLogits forms them: the score (q·k or the raw
        //    one), then scale and temperature by LogitScale, then the ALiBi bias and the softcap.
        if (m_p.scores) {
            s = m_p.scores->block(b.i0, j0, br, bc);
        } else {
            s.noalias() = m_p.query.middleRows(b.i0, br) * m_p.key.middleRows(j0, bc).transpose();
        }
        applyScale(s);
        if (m_p.logit.alibi_slope) addAlibiBias<Scalar>(s, m_p.mask, *m_p.logit.alibi_slope, b.i0, j0);
        if (m_p.logit.softcap) {
            const auto cap = Scalar(*m_p.logit.softcap);
            s = s.unaryExpr([cap](Scalar x) { return Scalar(cap * std::tanh(x / cap)); });
        }
        // 2–3. Online softmax update, row by row.
        const bool partial = cls == TileClass::Partial;
        if (partial) {
            for (Index r = 0; r < br; ++r)
                for (Index c = 0; c < bc; ++c)
                    b.visible[static_cast<std::size_t>(r * bc + c)] =
                        m_p.mask.visible(b.i0 + r, j0 + c) ? 1 : 0;
        }
        for (Index r = 0; r < br; ++r) updateRow(b, r, bc, partial);
        // 4. A += P · V_u (one GEMM unless the value tile holds a NaN or Inf).
        auto mix = b.mix.topRows(br);
        mix.setZero();
        accumulateWeighted<Scalar>(mix, s, m_p.value.middleRows(j0, bc), finiteValues);
        b.at.topLeftCorner(m_p.dV(), br) += mix.transpose();
    }

    /// logit = scale.apply(score) for every entry of `s`: one vectorised product by the factor
    /// when it is a normal Scalar, else entry by entry in double (LogitScale's split form).
    void applyScale(Eigen::Ref<MatrixT<Scalar>> s) const
    {
        if (m_scalarFactor) {
            if (m_factor != Scalar(1)) s *= m_factor;
            return;
        }
        for (Index r = 0; r < s.rows(); ++r)
            for (Index c = 0; c < s.cols(); ++c) s(r, c) = Scalar(m_p.logit.scale.apply(double(s(r, c))));
    }

    /// Steps 2–3 for row r of a generic tile: new maximum, rescale, P = exp(S − m) (0 where masked).
    void updateRow(TileBuffers<Scalar> &b, Index r, Index bc, bool partial) const
    {
        auto row = b.s.row(r).head(bc); // (bc)
        const char *vis = b.visible.data() + r * bc;
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
            b.at.col(r).head(m_p.dV()) *= alpha;
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

    const HeadProblem<Scalar> &m_p;
    Eigen::Ref<MatrixT<Scalar>> &m_out;
    SoftmaxRows<Scalar> *m_rows;
    Index m_br;
    Index m_bc;
    bool m_scalarFactor = false; // scale / temperature is a normal Scalar, m_factor
    Scalar m_factor = 1;
    bool m_fast = false;
    bool m_bandMaskable = false;
    std::vector<Index> m_badValuesBefore; // (n_k + 1) value rows holding NaN/±∞ before key j
    std::vector<float> m_keyNorm;         // (n_k) ‖k_j‖, +∞ when not finite (fast path only)
    std::vector<KeyFacts> m_tileFacts;    // (⌈n_k / B_c⌉) with fixed key tiles
};

} // namespace attn::kernels::detail
