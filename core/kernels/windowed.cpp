#include "core/kernels/windowed.h"

#include "core/kernels/tilerunner.h"

#include <algorithm>
#include <stdexcept>

namespace attn::kernels {

namespace {

/// The union [L, H) of the key bands of queries [i0, i0 + rows); empty (L ≥ H) when none sees
/// any key.
std::pair<Index, Index> blockBand(const MaskRule &mask, Index nK, Index i0, Index rows,
                                  std::vector<Index> &lo, std::vector<Index> &hi)
{
    lo.resize(static_cast<std::size_t>(rows));
    hi.resize(static_cast<std::size_t>(rows));
    mask.keyBands(i0, rows, lo.data(), hi.data());
    Index L = nK;
    Index H = 0;
    for (Index r = 0; r < rows; ++r) {
        const auto u = static_cast<std::size_t>(r);
        if (lo[u] < hi[u]) {
            L = std::min(L, lo[u]);
            H = std::max(H, hi[u]);
        }
    }
    return {L, H};
}

} // namespace

template <typename Scalar>
KernelRun windowedHead(const HeadProblem<Scalar> &problem, const WindowedOptions &options,
                       OutputRef<Scalar> output, SoftmaxRows<Scalar> *rows)
{
    checkProblem(problem, output.rows(), output.cols());
    if (options.query_block < 1 || options.key_chunk < 1) {
        throw std::invalid_argument("windowed kernel: query block and key chunk must be ≥ 1, got " +
                                    std::to_string(options.query_block) + ", " +
                                    std::to_string(options.key_chunk));
    }
    if (rows) {
        rows->max.resize(problem.nQ());
        rows->sum.resize(problem.nQ());
    }
    const Index nQ = problem.nQ();
    const Index nK = problem.nK();
    const Index block = std::min(options.query_block, nQ);
    const Index blocks = (nQ + block - 1) / block;
    // 1. Each block's band, and the widest one: the size of the band buffers.
    std::vector<std::pair<Index, Index>> bands(static_cast<std::size_t>(blocks));
    Index widest = 1;
    std::vector<Index> lo, hi;
    for (Index t = 0; t < blocks; ++t) {
        const auto band = blockBand(problem.mask, nK, t * block, std::min(block, nQ - t * block), lo, hi);
        bands[static_cast<std::size_t>(t)] = band;
        widest = std::max(widest, band.second - band.first);
    }
    // The band is folded in chunks of at most key_chunk keys: a chunk's logits stay in L1, and
    // chunks inside every row's band are all visible (no per-entry mask).
    const Index chunk = std::max<Index>(1, std::min(options.key_chunk, widest));
    const detail::TileRunner<Scalar> runner(problem, block, chunk, false, output, rows);
    const int workers = static_cast<int>(std::clamp<Index>(options.threads, 1, blocks));
    std::vector<detail::TileBuffers<Scalar>> buffers(static_cast<std::size_t>(workers));
    for (detail::TileBuffers<Scalar> &b : buffers) runner.allocate(b);
    std::vector<std::vector<Index>> masked(static_cast<std::size_t>(blocks));
    std::vector<KernelStats> stats(static_cast<std::size_t>(workers));
    // 2–4. Per block: the logits of its band, softmax over each row's own band (entries outside
    //      it masked), values mixed: one step of the tiled kernel's engine over keys [L, H).
    parallelFor(blocks, workers, [&](Index t, int worker) {
        detail::TileBuffers<Scalar> &b = buffers[static_cast<std::size_t>(worker)];
        b.stats = KernelStats{};
        runner.begin(t, b);
        const auto [L, H] = bands[static_cast<std::size_t>(t)];
        if (L < H) {
            // Equal chunks (no sliver at the end): ⌈width / chunk⌉ pieces.
            const Index pieces = (H - L + chunk - 1) / chunk;
            for (Index c = 0; c < pieces; ++c) {
                const Index j0 = L + (H - L) * c / pieces;
                const Index j1 = L + (H - L) * (c + 1) / pieces;
                runner.keys(j0, j1 - j0, b);
            }
        } else {
            ++b.stats.tiles;
            ++b.stats.tiles_skipped;
        }
        runner.end(b, masked[static_cast<std::size_t>(t)]);
        KernelStats &s = stats[static_cast<std::size_t>(worker)];
        s.pairs += b.stats.pairs;
        s.tiles += b.stats.tiles;
        s.tiles_skipped += b.stats.tiles_skipped;
    });

    KernelRun run;
    for (const std::vector<Index> &rows : masked)
        run.fully_masked_rows.insert(run.fully_masked_rows.end(), rows.begin(), rows.end());
    for (const KernelStats &s : stats) {
        run.stats.pairs += s.pairs;
        run.stats.tiles += s.tiles;
        run.stats.tiles_skipped += s.tiles_skipped;
    }
    // With a sink a row that sees no key is defined (all its weight on the sink): output 0.
    if (!problem.sink) fillMaskedRows(run.fully_masked_rows, problem.policy, problem.value, output);
    run.stats.work_bytes =
        windowedWorkBytes(nQ, chunk, problem.dK(), problem.dV(), options, sizeof(Scalar)) + runner.ownBytes();
    return run;
}

std::size_t windowedWorkBytes(Index nQ, Index chunk, Index dK, Index dV, const WindowedOptions &options,
                              std::size_t scalarBytes)
{
    const auto block = static_cast<std::size_t>(std::max<Index>(1, std::min(options.query_block, nQ)));
    const std::size_t lanes =
        scalarBytes == sizeof(float) ? detail::paddedLanes<float>(1) : detail::paddedLanes<double>(1);
    const std::size_t bp = (block + lanes - 1) / lanes * lanes;
    const auto w = static_cast<std::size_t>(std::max<Index>(1, chunk));
    const auto dk = static_cast<std::size_t>(dK);
    const auto dv = static_cast<std::size_t>(dV);
    const std::size_t blocks = (static_cast<std::size_t>(nQ) + block - 1) / block;
    const auto workers = std::max<std::size_t>(
        1, std::min<std::size_t>(static_cast<std::size_t>(std::max(1, options.threads)), blocks));
    // Per worker, as the tiled kernel's with B_r = block and B_c = the chunk; plus the bands.
    const std::size_t ld = bp + lanes / 2;
    const std::size_t fast = dk * ld + w * ld + w * (dv + lanes / 2) + dv * ld + 4 * bp;
    const std::size_t generic = block * w + block * dv + (block + w) * dk + block * w + w * dv;
    return workers * ((fast + generic) * scalarBytes + block * w + bp) + blocks * 2 * sizeof(Index);
}

template KernelRun windowedHead<float>(const HeadProblem<float> &, const WindowedOptions &, OutputRef<float>,
                                       SoftmaxRows<float> *);
template KernelRun windowedHead<double>(const HeadProblem<double> &, const WindowedOptions &,
                                        OutputRef<double>, SoftmaxRows<double> *);

} // namespace attn::kernels
