// The machine's roof, measured in the benchmark's own process: an FMA throughput loop, a
// streaming read and the best SGEMM the build has.
#include "core/bench.h"
#include "core/kernels/microkernels.h"
#include "core/sysinfo.h"

#include <Eigen/Core>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <thread>
#include <vector>

#if defined(ATTN_HAVE_OPENBLAS)
#include <cblas.h>
#elif defined(__linux__)
#include <dlfcn.h>
#endif

namespace attn::bench {

namespace {

using Clock = std::chrono::steady_clock;
using Packet = Eigen::internal::packet_traits<float>::type;
constexpr int kLanes = Eigen::internal::packet_traits<float>::size;

/// Independent accumulators: enough to cover the FMA latency (4–5 cycles) times the FMA
/// ports (2) of current cores, and few enough to stay in 16 vector registers.
constexpr int kChains = 12;

/// Sink that keeps the loop's result alive.
std::atomic<float> g_sink{0.0f};

/// `iterations` rounds of kChains independent FMAs acc ← acc · a + b. With a just below 1 and
/// b tiny the accumulators converge to b / (1 − a) = 1: no overflow, no denormals. The compiler
/// may not reassociate the chains (no -ffast-math), so each FMA is executed.
void fmaLoop(long iterations)
{
    namespace ei = Eigen::internal;
    const Packet a = ei::pset1<Packet>(0.999999f);
    const Packet b = ei::pset1<Packet>(0.000001f);
    Packet acc[kChains];
    for (int k = 0; k < kChains; ++k) acc[k] = ei::pset1<Packet>(0.5f + 0.01f * float(k));
    for (long it = 0; it < iterations; ++it) {
        for (int k = 0; k < kChains; ++k) acc[k] = ei::pmadd(acc[k], a, b);
    }
    Packet sum = acc[0];
    for (int k = 1; k < kChains; ++k) sum = ei::padd(sum, acc[k]);
    g_sink.store(g_sink.load(std::memory_order_relaxed) + ei::predux(sum), std::memory_order_relaxed);
}

/// Seconds for `threads` threads each running fmaLoop(iterations), started together.
double timeFmaLoop(int threads, long iterations)
{
    std::atomic<int> ready{0};
    std::atomic<bool> go{false};
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) {
        pool.emplace_back([&] {
            ready.fetch_add(1);
            while (!go.load(std::memory_order_acquire)) std::this_thread::yield();
            fmaLoop(iterations);
        });
    }
    while (ready.load() < threads) std::this_thread::yield();
    const auto start = Clock::now();
    go.store(true, std::memory_order_release);
    for (std::thread &t : pool) t.join();
    return std::chrono::duration<double>(Clock::now() - start).count();
}

/// Bytes of the streaming-read buffer: twice the last-level cache, so that every pass comes from
/// memory (some CPUs have hundreds of MiB of it), at least 256 MiB and at most 1 GiB, and not
/// more than a quarter of the memory available.
std::size_t streamReadBytes()
{
    std::size_t bytes =
        std::clamp<std::size_t>(2 * lastLevelCacheBytes(), std::size_t(256) << 20, std::size_t(1) << 30);
    if (const std::size_t available = availableMemoryBytes(); available > 0)
        bytes = std::min(bytes, available / 4);
    return std::max<std::size_t>(bytes, std::size_t(1) << 20);
}

/// Σ data[0, n) with kChains packet accumulators (n a multiple of kChains · kLanes): one packet
/// load per add, so the loop is bound by how fast the loads arrive.
float streamSum(const float *data, std::size_t n)
{
    namespace ei = Eigen::internal;
    Packet acc[kChains];
    for (int k = 0; k < kChains; ++k) acc[k] = ei::pset1<Packet>(0.0f);
    for (std::size_t i = 0; i < n; i += std::size_t(kChains) * kLanes)
        for (int k = 0; k < kChains; ++k)
            acc[k] = ei::padd(acc[k], ei::ploadu<Packet>(data + i + k * kLanes));
    Packet sum = acc[0];
    for (int k = 1; k < kChains; ++k) sum = ei::padd(sum, acc[k]);
    return ei::predux(sum);
}

/// 10⁹ bytes/s read by `threads` threads, started together, each summing its own contiguous
/// share of `data`.
double streamReadGbps(const std::vector<float> &data, int threads)
{
    const std::size_t block = std::size_t(kChains) * kLanes;
    const std::size_t share = data.size() / std::size_t(threads) / block * block;
    std::atomic<int> ready{0};
    std::atomic<bool> go{false};
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) {
        pool.emplace_back([&, t] {
            ready.fetch_add(1);
            while (!go.load(std::memory_order_acquire)) std::this_thread::yield();
            const float sum = streamSum(data.data() + std::size_t(t) * share, share);
            g_sink.store(g_sink.load(std::memory_order_relaxed) + sum, std::memory_order_relaxed);
        });
    }
    while (ready.load() < threads) std::this_thread::yield();
    const auto start = Clock::now();
    go.store(true, std::memory_order_release);
    for (std::thread &t : pool) t.join();
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return double(share * std::size_t(threads) * sizeof(float)) / seconds / 1e9;
}

/// C = A·B with Eigen, C's columns split into one block per thread (Eigen's own GEMM is
/// single-threaded without OpenMP). A, B, C (n, n) column-major. Seconds.
double timeEigenGemm(const Eigen::MatrixXf &a, const Eigen::MatrixXf &b, Eigen::MatrixXf &c, int threads)
{
    const Eigen::Index n = b.cols();
    const Eigen::Index width = (n + threads - 1) / threads;
    const auto start = Clock::now();
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) {
        const Eigen::Index c0 = t * width;
        const Eigen::Index w = std::min(width, n - c0);
        if (w <= 0) break;
        pool.emplace_back([&, c0, w] { c.middleCols(c0, w).noalias() = a * b.middleCols(c0, w); });
    }
    for (std::thread &t : pool) t.join();
    return std::chrono::duration<double>(Clock::now() - start).count();
}

/// OpenBLAS's SGEMM: C = A·B, all (n, n) column-major, on `threads` threads.
using Sgemm = std::function<void(int threads, const float *a, const float *b, float *c, int n)>;

/// The build's OpenBLAS (ATTN_HAVE_OPENBLAS), or else the system's libopenblas.so.0 loaded at
/// run time (the SGEMM a learner's NumPy uses on Debian), or nothing.
Sgemm openBlasSgemm()
{
#if defined(ATTN_HAVE_OPENBLAS)
    return [](int threads, const float *a, const float *b, float *c, int n) {
        openblas_set_num_threads(threads);
        cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a, n, b, n, 0.0f, c, n);
    };
#elif defined(__linux__)
    // Kept loaded for the life of the process (its worker threads stay).
    static void *const library = dlopen("libopenblas.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) return {};
    using SgemmFn = void (*)(int, int, int, int, int, int, float, const float *, int, const float *, int,
                             float, float *, int);
    using SetThreadsFn = void (*)(int);
    const auto sgemm = reinterpret_cast<SgemmFn>(dlsym(library, "cblas_sgemm"));
    const auto setThreads = reinterpret_cast<SetThreadsFn>(dlsym(library, "openblas_set_num_threads"));
    if (!sgemm || !setThreads) return {};
    return [sgemm, setThreads](int threads, const float *a, const float *b, float *c, int n) {
        constexpr int colMajor = 102, noTrans = 111; // CBLAS_ORDER and CBLAS_TRANSPOSE values
        setThreads(threads);
        sgemm(colMajor, noTrans, noTrans, n, n, n, 1.0f, a, n, b, n, 0.0f, c, n);
    };
#else
    return {};
#endif
}

} // namespace

std::string instructionSet()
{
#if defined(EIGEN_VECTORIZE_AVX512)
    return "AVX-512";
#elif defined(EIGEN_VECTORIZE_AVX2) && defined(EIGEN_VECTORIZE_FMA)
    return "AVX2+FMA";
#elif defined(EIGEN_VECTORIZE_AVX)
    return "AVX";
#elif defined(EIGEN_VECTORIZE_SSE2)
    return "SSE2";
#elif defined(EIGEN_VECTORIZE_NEON)
    return "NEON";
#else
    return "scalar";
#endif
}

Roof measureRoof(int threads, const ProgressFn &progress)
{
    const auto report = [&](double fraction) {
        if (progress && !progress(fraction)) throw BenchCancelled();
    };
    threads = std::max(1, threads);
    Roof roof;
    roof.threads = threads;
    roof.vector_lanes = kLanes;
    roof.instruction_set = instructionSet();
    roof.vector_registers = kernels::micro::kVectorRegisters;
    report(0.0);

    // 1. FMA peak: calibrate to ~0.1 s per run, best of five (a busy machine only lowers it).
    long iterations = 1 << 20;
    while (timeFmaLoop(1, iterations) < 0.02 && iterations < (1L << 34)) iterations *= 2;
    iterations = static_cast<long>(iterations * 5);
    const double flopPerRun = 2.0 * kLanes * kChains * double(iterations) * threads;
    for (int k = 0; k < 5; ++k) {
        roof.fma_gflops = std::max(roof.fma_gflops, flopPerRun / timeFmaLoop(threads, iterations) / 1e9);
        report(0.06 * (k + 1));
    }

    // 2. Streaming read, best of three (filling the buffer made its pages exist: no warm-up).
    {
        const std::vector<float> data(streamReadBytes() / sizeof(float), 1.0f);
        for (int k = 0; k < 3; ++k) roof.read_gbps = std::max(roof.read_gbps, streamReadGbps(data, threads));
    }
    report(0.35);

    // 3. SGEMM at 2048³: 2·n³ FLOP, best of three (after one warm-up run).
    const Eigen::Index n = 2048;
    const Eigen::MatrixXf a = Eigen::MatrixXf::Random(n, n);
    const Eigen::MatrixXf b = Eigen::MatrixXf::Random(n, n);
    Eigen::MatrixXf c(n, n);
    const double gemmFlop = 2.0 * double(n) * double(n) * double(n);
    timeEigenGemm(a, b, c, threads);
    report(0.4);
    for (int k = 0; k < 3; ++k) {
        roof.sgemm_gflops = std::max(roof.sgemm_gflops, gemmFlop / timeEigenGemm(a, b, c, threads) / 1e9);
        report(0.4 + 0.1 * (k + 1));
    }
    roof.sgemm_source = "eigen";
    if (const Sgemm blas = openBlasSgemm()) {
        const auto timeBlas = [&] {
            const auto start = Clock::now();
            blas(threads, a.data(), b.data(), c.data(), int(n));
            return std::chrono::duration<double>(Clock::now() - start).count();
        };
        timeBlas();
        for (int k = 0; k < 3; ++k) {
            const double g = gemmFlop / timeBlas() / 1e9;
            if (g > roof.sgemm_gflops) {
                roof.sgemm_gflops = g;
                roof.sgemm_source = "openblas";
            }
            report(0.7 + 0.1 * (k + 1));
        }
    }
    report(1.0);
    return roof;
}

} // namespace attn::bench
