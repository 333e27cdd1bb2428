#include "core/kernels/windowed.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace attn::kernels {

namespace {

/// One worker's buffers; they grow to the widest band met.
template <typename Scalar> struct BandBuffers {
    MatrixT<Scalar> s;         // (block, band) logits, then unnormalised weights P
    MatrixT<Scalar> acc;       // (block, d_v) P · V
    std::vector<Index> lo, hi; // (block) each row's own band
    VectorT<Scalar> sum, ref;  // (block) Σ P of the row and the exponent's reference point
    std::vector<char> seen;    // (block) the row has a visible key
    std::size_t peak_bytes = 0;
    KernelStats stats;
    std::vector<Index> masked;
};

template <typename Scalar> class WindowedRunner {
public:
    WindowedRunner(const HeadProblem<Scalar> &p, const WindowedOptions &o, Eigen::Ref<MatrixT<Scalar>> &out,
                   VectorT<Scalar> *lse)
        : m_p(p), m_out(out), m_lse(lse), m_block(std::min(o.query_block, p.nQ())),
          // Inside a row's band causal and window hold by construction when the keys are sorted;
          // otherwise (or with padding / an explicit matrix) every entry is checked.
          m_checkEntries(p.mask.hasElementMasks() || (p.mask.positional() && !p.mask.key_sorted))
    {
    }

    Index blocks() const { return (m_p.nQ() + m_block - 1) / m_block; }

    void block(Index t, BandBuffers<Scalar> &b) const
    {
        const Index i0 = t * m_block;
        const Index rows = std::min(m_block, m_p.nQ() - i0);
        const Scalar inf = std::numeric_limits<Scalar>::infinity();
        b.lo.resize(static_cast<std::size_t>(rows));
        b.hi.resize(static_cast<std::size_t>(rows));
        b.seen.assign(static_cast<std::size_t>(rows), 0);
        b.sum.resize(rows);
        b.ref.resize(rows);
        // 1. Each row's band and their union [L, H).
        Index L = m_p.nK();
        Index H = 0;
        for (Index r = 0; r < rows; ++r) {
            const auto [lo, hi] = m_p.mask.keyBand(i0 + r);
            b.lo[static_cast<std::size_t>(r)] = lo;
            b.hi[static_cast<std::size_t>(r)] = hi;
            if (lo < hi) {
                L = std::min(L, lo);
                H = std::max(H, hi);
            }
        }
        ++b.stats.tiles;
        const Index width = std::max<Index>(0, H - L);
        if (width == 0) {
            ++b.stats.tiles_skipped;
            for (Index r = 0; r < rows; ++r) maskRow(b, i0 + r);
            return;
        }
        if (b.s.rows() < rows || b.s.cols() < width) b.s.resize(m_block, std::max(width, b.s.cols()));
        if (b.acc.rows() < m_block) b.acc.resize(m_block, m_p.dV());
        b.peak_bytes =
            std::max(b.peak_bytes,
                     static_cast<std::size_t>(b.s.size() + b.acc.size()) * sizeof(Scalar) +
                         static_cast<std::size_t>(m_block) * (2 * sizeof(Index) + 2 * sizeof(Scalar) + 1));
        b.stats.pairs += static_cast<std::uint64_t>(rows * width);

        // 2. Logits of the block against the band.
        auto s = b.s.topLeftCorner(rows, width); // (rows, width)
        if (m_p.scores) {
            s = Scalar(m_p.logit.scale) * m_p.scores->block(i0, L, rows, width);
        } else {
            s.noalias() = (Scalar(m_p.logit.scale) * m_p.query.middleRows(i0, rows)) *
                          m_p.key.middleRows(L, width).transpose();
        }
        if (m_p.logit.alibi_slope) addAlibiBias<Scalar>(s, m_p.mask, *m_p.logit.alibi_slope, i0, L);

        // 3. Two-pass softmax of each row over its own band (the row's maximum first, so
        //    every exponent is ≤ 0 and exp cannot overflow).
        for (Index r = 0; r < rows; ++r) {
            const Index a = b.lo[static_cast<std::size_t>(r)] - L;
            const Index e = std::max(a, b.hi[static_cast<std::size_t>(r)] - L);
            auto row = s.row(r);
            Scalar rowMax = -inf;
            bool any = false;
            for (Index c = a; c < e; ++c) {
                if (m_checkEntries && !m_p.mask.visible(i0 + r, L + c)) continue;
                any = true;
                if (row(c) > rowMax) rowMax = row(c); // NaN compares false, as in naiveHead
            }
            if (!any) {
                row.setZero();
                continue;
            }
            b.seen[static_cast<std::size_t>(r)] = 1;
            b.ref(r) = std::isinf(rowMax) ? Scalar(0) : rowMax;
            row.head(a).setZero();
            row.tail(width - e).setZero();
            if (m_checkEntries) {
                for (Index c = a; c < e; ++c)
                    row(c) =
                        m_p.mask.visible(i0 + r, L + c) ? Scalar(std::exp(row(c) - b.ref(r))) : Scalar(0);
            } else {
                expShiftedInPlace(row.data() + a, e - a, b.ref(r)); // vectorised exp
            }
            b.sum(r) = row.sum();
        }

        // 4. Mix the values of the band and divide by the row sums.
        auto acc = b.acc.topRows(rows);
        acc.setZero();
        const auto value = m_p.value.middleRows(L, width); // (width, d_v)
        accumulateWeighted<Scalar>(acc, s, value, value.allFinite());
        for (Index r = 0; r < rows; ++r) {
            const Index i = i0 + r;
            if (!b.seen[static_cast<std::size_t>(r)]) {
                maskRow(b, i);
                continue;
            }
            m_out.row(i) = acc.row(r) / b.sum(r);
            if (m_lse) (*m_lse)(i) = b.ref(r) + std::log(b.sum(r));
        }
    }

private:
    void maskRow(BandBuffers<Scalar> &b, Index i) const
    {
        b.masked.push_back(i);
        m_out.row(i).setZero();
        if (m_lse) (*m_lse)(i) = -std::numeric_limits<Scalar>::infinity();
    }

    const HeadProblem<Scalar> &m_p;
    Eigen::Ref<MatrixT<Scalar>> &m_out;
    VectorT<Scalar> *m_lse;
    Index m_block;
    bool m_checkEntries;
};

} // namespace

template <typename Scalar>
KernelRun windowedHead(const HeadProblem<Scalar> &problem, const WindowedOptions &options,
                       OutputRef<Scalar> output, VectorT<Scalar> *lse)
{
    checkProblem(problem, output.rows(), output.cols());
    if (options.query_block < 1) {
        throw std::invalid_argument("windowed kernel: query block must be ≥ 1, got " +
                                    std::to_string(options.query_block));
    }
    if (lse) lse->resize(problem.nQ());
    const WindowedRunner<Scalar> runner(problem, options, output, lse);
    const Index blocks = runner.blocks();
    const int workers = static_cast<int>(std::clamp<Index>(options.threads, 1, blocks));
    std::vector<BandBuffers<Scalar>> buffers(static_cast<std::size_t>(workers));
    parallelFor(blocks, workers, [&](Index task, int worker) {
        runner.block(task, buffers[static_cast<std::size_t>(worker)]);
    });

    KernelRun run;
    for (const BandBuffers<Scalar> &b : buffers) {
        run.fully_masked_rows.insert(run.fully_masked_rows.end(), b.masked.begin(), b.masked.end());
        run.stats.pairs += b.stats.pairs;
        run.stats.tiles += b.stats.tiles;
        run.stats.tiles_skipped += b.stats.tiles_skipped;
        run.stats.work_bytes += b.peak_bytes;
    }
    std::sort(run.fully_masked_rows.begin(), run.fully_masked_rows.end());
    fillMaskedRows(run.fully_masked_rows, problem.policy, problem.value, output);
    return run;
}

template KernelRun windowedHead<float>(const HeadProblem<float> &, const WindowedOptions &, OutputRef<float>,
                                       VectorT<float> *);
template KernelRun windowedHead<double>(const HeadProblem<double> &, const WindowedOptions &,
                                        OutputRef<double>, VectorT<double> *);

} // namespace attn::kernels
