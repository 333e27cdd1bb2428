// The timing harness shared by `attention-lab bench` and the performance panel: it times the
// real kernels on random inputs, counts their arithmetic with the cost model, measures the
// machine's roof in the same process, and checks every output against a reference.
//
// Usage (a worker thread in the GUI, a loop in the CLI):
//   const Roof roof = measureRoof(threads);                       // once per session, ~1 s
//   ReferenceCache cache;                                         // shared by the runs below
//   for (const BenchConfig &c : configs) {
//       if (auto why = refusal(c, availableMemoryBytes())) { show(*why); continue; }
//       BenchResult r = runBench(c, roof, progress, &cache);      // throws BenchCancelled
//   }
// Nothing here is thread-safe across calls: run one benchmark at a time (the numbers would be
// meaningless otherwise). The progress callback is called on the calling thread.
#pragma once

#include "core/scenario.h"
#include "core/sysinfo.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace attn::bench {

/// Element type of a benchmark: the kernels are compiled for float and double only.
enum class DType { F32, F64 };

/// "f32" or "f64".
const char *toString(DType dtype);

/// Bytes of one element: 4 or 8.
std::size_t bytesOf(DType dtype);

/// One benchmark: one kernel on one problem shape. Inputs are random N(0, 1) from `seed`.
/// Query i sits at position i + n_k − n_q (bottom-right: with n_q = 1 the query is the last
/// token, as in decoding); keys at 0 … n_k − 1. Scaled dot-product scoring (1/√head_dim).
struct BenchConfig {
    KernelKind kernel = KernelKind::Tiled;
    Index n_q = 1024;        ///< queries (1 = a decode step)
    Index n_k = 1024;        ///< keys = values
    Index head_dim = 64;     ///< d_k = d_v
    int num_query_heads = 8; ///< H_q
    int num_kv_heads = 8;    ///< H_kv, divides H_q (H_q = MHA, 1 = MQA, between = GQA)
    bool causal = false;     ///< key j visible only if pos_k ≤ pos_q
    /// A local window of `window` keys including the current one: the causal band
    /// pos_q − (window − 1) ≤ pos_k ≤ pos_q (scenario window left = window − 1, right = 0).
    /// Empty = no window. It applies to every kernel; the CLI gives the windowed kernel 256
    /// when none is set (the windowed kernel with no window computes every pair).
    std::optional<Index> window;
    DType dtype = DType::F32;
    int threads = 1;      ///< std::threads the kernel may use (≥ 1)
    int warmup = 1;       ///< untimed runs before the timed ones (≥ 0)
    int repetitions = 10; ///< timed runs at most (≥ 1); fewer when the time budget runs out
    /// Seconds of timed runs: no timed run starts once they add up to this, but at least
    /// min(3, repetitions) are timed (so one configuration's timed runs take at most
    /// max(budget + one call, three calls)). Not counted: the warm-up runs, the reference run
    /// of the error check (one per problem, shared through a ReferenceCache) and the roof.
    double time_budget_s = 3.0;
    Index tile_query = 128;  ///< B_r of the tiled kernel; query block of windowed and linear
    Index tile_key = 128;    ///< B_c of the tiled kernel; key tile of linear's explicit path
    bool check_error = true; ///< compute max_abs_error (costs one reference run per shape)
    std::uint64_t seed = 1;
};

/// What one benchmark measured. Times in milliseconds, memory in bytes, rates per second.
struct BenchResult {
    BenchConfig config;
    int repetitions = 0;            ///< timed runs actually done
    std::vector<double> samples_ms; ///< every timed run, in order (ms)
    double median_ms = 0;           ///< median of samples_ms
    double p95_ms = 0;              ///< 95th percentile of samples_ms (linear interpolation)
    double min_ms = 0;              ///< fastest run
    /// FLOP of one run (cost::attentionFlops of the visible pairs, all query heads; for the
    /// linear kernel its own arithmetic, see linearFlops): the same convention as FlashAttention-2.
    std::uint64_t flops = 0;
    double gflops = 0;          ///< flops / median, in 10⁹ FLOP/s
    double roof_fraction = 0;   ///< gflops / the roof's FMA peak (0 when the roof is unknown)
    double kv_gbps = 0;         ///< kv_bytes / median, in 10⁹ bytes/s (what a decode step streams)
    double read_fraction = 0;   ///< kv_gbps / the roof's streaming read (0 when unknown)
    double tokens_per_s = 0;    ///< n_q / median (query tokens processed per second)
    std::size_t work_bytes = 0; ///< the kernel's own buffers beyond Q, K, V, O (tracked by it)
    std::uint64_t kv_bytes = 0; ///< K and V bytes one run reads: n_k · H_kv · 2 · head_dim · bytes
    long long rss_growth_bytes =
        0;                    ///< process peak RSS (VmHWM) during the runs minus RSS before; −1 if unknown
    double max_abs_error = 0; ///< max |output − reference| over every output entry; NaN if not checked
    /// What max_abs_error compares with: "naive" (the naive kernel in the same dtype, when it
    /// fits in memory), "tiled-f64" (the tiled kernel in double on the same inputs: when naive
    /// does not fit, and for the naive kernel itself), "linear-reference" (linear attention is
    /// not softmax: kernels::linearReference, up to 2^24 pairs), "linear-f64" (linearHead in
    /// double beyond that), or "" when not checked (an f64 kernel that would meet itself).
    std::string error_reference;
    std::string cpu_model; ///< e.g. "AMD EPYC 7B13", from /proc/cpuinfo
};

/// The machine's roof in this process, with this build's instructions.
struct Roof {
    double fma_gflops = 0;       ///< FP32 fused multiply-add throughput peak, 10⁹ FLOP/s (2 FLOP per lane)
    double sgemm_gflops = 0;     ///< best FP32 GEMM available to the build, 2048³, 10⁹ FLOP/s
    std::string sgemm_source;    ///< "eigen" or "openblas": which one gave sgemm_gflops
    int threads = 1;             ///< threads both were measured on
    int vector_lanes = 1;        ///< float lanes per FMA instruction the build uses (8 = AVX2, 16 = AVX-512)
    std::string instruction_set; ///< the vector instructions the build targets, e.g. "AVX-512", "AVX2+FMA"
    int vector_registers = 16;   ///< vector registers the build's micro-kernels may use (16 or 32)
    double read_gbps = 0; ///< streaming read of a buffer far beyond the caches, all threads, 10⁹ bytes/s
};

/// The vector instructions this build of the engine targets (Eigen's packet math): "AVX-512",
/// "AVX2+FMA", "AVX", "SSE2" (a portable x86-64 build), "NEON" or "scalar".
std::string instructionSet();

/// Thrown by runBench and measureRoof when the progress callback returned false.
class BenchCancelled : public std::runtime_error {
public:
    BenchCancelled() : std::runtime_error("benchmark cancelled") {}
};

/// Thrown by runBench for a configuration that refusal() refuses; what() is the refusal.
class BenchRefused : public std::runtime_error {
public:
    explicit BenchRefused(const std::string &why) : std::runtime_error(why) {}
};

/// Progress in [0, 1] of the current call; return false to cancel (checked between runs, so a
/// cancel takes effect within one kernel call).
using ProgressFn = std::function<bool(double progress)>;

/// Reference outputs kept between runBench calls so that kernels on the same problem share one
/// reference run (and a naive benchmark's output serves as the others' reference). Holds at most
/// `capacity_bytes`; the oldest entries go first. Opaque: create one, pass it, drop it.
class ReferenceCache {
public:
    explicit ReferenceCache(std::size_t capacity_bytes = std::size_t(512) << 20);
    ~ReferenceCache();
    ReferenceCache(const ReferenceCache &) = delete;
    ReferenceCache &operator=(const ReferenceCache &) = delete;
    void clear();

    struct Impl; ///< defined in bench.cpp
    Impl &impl() { return *m_impl; }

private:
    std::unique_ptr<Impl> m_impl;
};

/// Measures the roof on `threads` threads (≥ 1): (1) an FMA loop on every thread at once, with
/// 12 independent accumulators in the widest vector the build targets (Eigen's packet type),
/// FLOP = 2 · lanes per FMA, the best of five runs of ~0.1 s; (2) a streaming read: every thread
/// sums its share of a float buffer of twice the last-level cache (256 MiB to 1 GiB) with packet
/// loads, bytes / seconds, the best of three; (3) C = A·B at 2048³ in float,
/// Eigen's GEMM with C's columns split over the threads, and OpenBLAS's cblas_sgemm when the
/// build has it (ATTN_HAVE_OPENBLAS) or the system has libopenblas.so.0 (loaded at run time:
/// the SGEMM NumPy uses on Debian), the best of three runs each. Takes one to two seconds.
/// The decode benchmark compares what it streams with (2) (BenchResult::read_fraction).
/// A busy machine only lowers the figures. Throws BenchCancelled if `progress` returns false.
Roof measureRoof(int threads, const ProgressFn &progress = {});

/// Why `config` is not run, one line with the estimate, or empty when it may run:
/// - invalid sizes (n < 1, head_dim < 1, heads not dividing, threads < 1, window < 1, …);
/// - the naive kernel materialises the (n_q, n_k) scores of one head at a time,
///   cost::naiveScoreBytes(n_q, n_k, dtype, 1) bytes; it is refused when that plus Q, K, V, O
///   and the reference exceed 3/4 of `available_bytes` (a quarter is left for the rest of the
///   machine), e.g. "naive at n_q 65536 × n_k 65536 in f32 needs 16.0 GiB for the scores of one
///   head (128.0 GiB for all 8 heads at once) plus …; 15.8 GiB may be used (3/4 of the 21.0 GiB
///   available)";
/// - any kernel whose Q, K, V, O and reference exceed that.
/// `available_bytes` 0 means unknown: then no size is refused for memory (availableMemoryBytes()
/// in sysinfo.h reads MemAvailable).
std::optional<std::string> refusal(const BenchConfig &config, std::size_t available_bytes);

/// The longest a single kernel call may take, at least, for a configuration to be run: the
/// performance panel's worker can stop only between calls (Cancel would wait that long), and
/// the command line refuses the same plans.
inline constexpr double kLongestCallSeconds = 60;

/// The FP32 FLOP/s per thread assumed before the roof is measured: more than any CPU core
/// reaches today (two 16-lane FMA units at 3 GHz give 192 GFLOP/s), so nothing that could run
/// in time is refused on it.
inline constexpr double kAssumedPeakGflopsPerThread = 250;

/// Seconds one call of `config` takes at least: benchFlops(config) / (peak_gflops · 10⁹).
/// `peak_gflops` ≤ 0 means not measured: kAssumedPeakGflopsPerThread · config.threads.
double leastCallSeconds(const BenchConfig &config, double peak_gflops);

/// Why `config` is refused for time, one line with the estimate, or empty: one call would take
/// more than kLongestCallSeconds even at `peak_gflops` (the measured FMA peak, Roof::fma_gflops;
/// ≤ 0 before it is measured: the assumed peak, more than the threads can do), e.g.
/// "tiled at n_q 1048576 × n_k 1048576, heads 1:1, d 8, f32 needs 35184 GFLOP per call: at least
/// 2.3 min even at 250 GFLOP/s (more than 1 thread can do); choose a smaller n". A lower bound
/// (real calls reach a fraction of the peak), so a refused configuration could never run in time.
std::optional<std::string> slowRefusal(const BenchConfig &config, double peak_gflops);

/// Runs `config`: builds random Q (n_q, H_q·d), K and V (n_k, H_kv·d); `warmup` untimed runs;
/// timed runs until `repetitions` or the time budget; statistics, FLOP counts, memory; then
/// (check_error) the output of the last run against the reference. The kernel is the real one
/// (kernels::attendHeads: every head, threads and tiles as configured). `cache` may be null.
/// Throws BenchRefused (see refusal(), checked against availableMemoryBytes()), BenchCancelled
/// when `progress` returns false, std::invalid_argument from the kernels.
BenchResult runBench(const BenchConfig &config, const Roof &roof, const ProgressFn &progress = {},
                     ReferenceCache *cache = nullptr);

/// FLOP of one run of `config`, as BenchResult::flops: for softmax kernels
/// cost::attentionFlops of the visible pairs (causal and window counted exactly) times H_q;
/// for the linear kernel (Katharopoulos et al. 2020, §3.2) its own products: no mask
/// 2·d·(d+1)·(n_k + n_q) per head, causal the same (prefix sums), a window
/// cost::attentionFlops of the visible pairs plus the normaliser (2·d per pair). φ is not counted.
std::uint64_t benchFlops(const BenchConfig &config);

/// The needle-in-a-haystack check: does a kernel still retrieve one planted key/value pair?
struct NeedleConfig {
    KernelKind kernel = KernelKind::Tiled;
    Index n_k = 4096; ///< sequence length (keys)
    Index head_dim = 64;
    double depth = 0.5;          ///< where the needle sits: 0 = first key, 1 = last key
    std::optional<Index> window; ///< as BenchConfig::window (the query is causal in any case)
    DType dtype = DType::F32;
    int threads = 1;
    std::uint64_t seed = 1;
};

struct NeedleResult {
    NeedleConfig config;
    Index needle_position = 0; ///< key index of the needle: round(depth · (n_k − 1))
    double cosine = 0;         ///< cos(output of the last query, the needle's value), in [−1, 1]
    bool retrieved = false;    ///< cosine ≥ 0.9
};

/// One query at the last position attends causally to n_k random keys (N(0, 1)); the key at
/// `needle_position` is planted as α·q, α chosen so that its scaled logit is ln(n_k) + 8.5 (the
/// others are ≈ N(0, 1)): an exact softmax gives it ≈ 0.9997 of the weight for every n_k and d.
/// Its value v is random. Exact softmax kernels return ≈ v (cosine ≈ 1); a window that does not
/// reach the needle, or linear attention's flat weights, do not. Single head.
NeedleResult runNeedle(const NeedleConfig &config);

/// The median of `samples` (mean of the two middle ones for an even count). Throws
/// std::invalid_argument when empty.
double median(std::vector<double> samples);

/// The p-th percentile, p in [0, 100], with linear interpolation between closest ranks
/// (rank = p/100 · (n − 1), NumPy's default). Throws std::invalid_argument when empty or p is
/// outside [0, 100].
double percentile(std::vector<double> samples, double p);

} // namespace attn::bench
