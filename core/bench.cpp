#include "core/bench.h"

#include "core/benchkernels.h"
#include "core/cost.h"
#include "core/kernels/multiheadkernels.h"
#include "core/kernels/registry.h"
#include "core/kernels/tiled.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <deque>
#include <limits>
#include <random>

namespace attn::bench {

using kernels::MatrixT;

const char *toString(DType dtype)
{
    return dtype == DType::F64 ? "f64" : "f32";
}

std::size_t bytesOf(DType dtype)
{
    return dtype == DType::F64 ? 8 : 4;
}

// ---- statistics ---------------------------------------------------------------------------

double median(std::vector<double> samples)
{
    return percentile(std::move(samples), 50.0);
}

double percentile(std::vector<double> samples, double p)
{
    if (samples.empty()) throw std::invalid_argument("percentile of no samples");
    if (!(p >= 0.0 && p <= 100.0)) throw std::invalid_argument("percentile p must be in [0, 100]");
    std::sort(samples.begin(), samples.end());
    // Rank p/100 · (n − 1) between closest ranks (NumPy's default "linear" method); p = 50
    // gives the usual median, the mean of the middle two for an even count.
    const double rank = p / 100.0 * static_cast<double>(samples.size() - 1);
    const auto below = static_cast<std::size_t>(std::floor(rank));
    const std::size_t above = std::min(below + 1, samples.size() - 1);
    const double t = rank - static_cast<double>(below);
    return samples[below] + t * (samples[above] - samples[below]);
}

// ---- counting ------------------------------------------------------------------------------

namespace {

cost::PairPattern pairPattern(const BenchConfig &c)
{
    cost::PairPattern pattern;
    pattern.n_q = c.n_q;
    pattern.n_k = c.n_k;
    pattern.causal = c.causal;
    if (c.window) {
        pattern.window_left = *c.window - 1;
        pattern.window_right = 0;
    }
    pattern.alignment = Alignment::BottomRight;
    return pattern;
}

cost::DType costDType(DType dtype)
{
    return dtype == DType::F64 ? cost::DType::F64 : cost::DType::F32;
}

std::string gib(double bytes)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f GiB", bytes / double(1ULL << 30));
    return text;
}

/// Bytes of Q, K, V and O of `c` in its dtype.
std::uint64_t tensorBytes(const BenchConfig &c)
{
    const auto d = static_cast<std::uint64_t>(c.head_dim);
    const auto q = static_cast<std::uint64_t>(c.n_q) * static_cast<std::uint64_t>(c.num_query_heads) * d;
    const auto kv = static_cast<std::uint64_t>(c.n_k) * static_cast<std::uint64_t>(c.num_kv_heads) * d;
    return (2 * q + 2 * kv) * bytesOf(c.dtype);
}

} // namespace

std::uint64_t benchFlops(const BenchConfig &c)
{
    const cost::PairPattern pattern = pairPattern(c);
    if (c.kernel != KernelKind::Linear || c.window)
        return cost::attentionFlops(pattern, c.head_dim, c.head_dim, c.num_query_heads);
    // Linear attention without a window: every key adds φ(k) vᵀ (2·d·d) and φ(k) (2·d, counted
    // as multiply-adds) to the summary; every query reads φ(q)ᵀ S and φ(q)·z (the same).
    const auto d = static_cast<std::uint64_t>(c.head_dim);
    return 2 * d * (d + 1) * static_cast<std::uint64_t>(c.n_q + c.n_k) *
           static_cast<std::uint64_t>(c.num_query_heads);
}

std::optional<std::string> refusal(const BenchConfig &c, std::size_t available)
{
    const std::string name = kernels::kernelInfo(c.kernel).name;
    auto bad = [&](const std::string &what) { return std::optional<std::string>(name + ": " + what); };
    if (c.n_q < 1 || c.n_k < 1) return bad("n_q and n_k must be ≥ 1");
    if (c.head_dim < 1) return bad("head_dim must be ≥ 1");
    if (c.num_query_heads < 1 || c.num_kv_heads < 1 || c.num_query_heads % c.num_kv_heads != 0)
        return bad("query heads " + std::to_string(c.num_query_heads) +
                   " must be a positive multiple of K/V heads " + std::to_string(c.num_kv_heads));
    if (c.window && *c.window < 1) return bad("window must be ≥ 1 key");
    if (c.threads < 1) return bad("threads must be ≥ 1");
    if (c.warmup < 0 || c.repetitions < 1) return bad("warm-up must be ≥ 0 and repetitions ≥ 1");
    if (c.tile_query < 1 || c.tile_key < 1) return bad("tile sizes must be ≥ 1");
    if (available == 0) return std::nullopt;

    // A quarter of the available memory is left for the rest of the machine.
    const double usable = static_cast<double>(available) * 0.75;
    const double tensors = static_cast<double>(tensorBytes(c)) * 2.0; // inputs, output, reference
    if (c.kernel == KernelKind::Naive) {
        // The naive kernel materialises the (n_q, n_k) scores of one head at a time (the
        // weights overwrite them): cost::naiveScoreBytes of one head.
        const double scores = static_cast<double>(cost::naiveScoreBytes(c.n_q, c.n_k, costDType(c.dtype), 1));
        if (scores + tensors > usable) {
            return "naive at n_q " + std::to_string(c.n_q) + " × n_k " + std::to_string(c.n_k) + " in " +
                   toString(c.dtype) + " needs " + gib(scores) + " for the scores of one head (" +
                   gib(double(cost::naiveScoreBytes(c.n_q, c.n_k, costDType(c.dtype), c.num_query_heads))) +
                   " for all " + std::to_string(c.num_query_heads) + " heads at once) plus " + gib(tensors) +
                   " for Q, K, V, O and the reference; " + gib(usable) + " may be used (3/4 of the " +
                   gib(static_cast<double>(available)) + " available)";
        }
    }
    if (tensors > usable) {
        return name + " at n_q " + std::to_string(c.n_q) + " × n_k " + std::to_string(c.n_k) + " needs " +
               gib(tensors) + " for Q, K, V, O and the reference; " + gib(usable) +
               " may be used (3/4 of the " + gib(static_cast<double>(available)) + " available)";
    }
    if (c.kernel != KernelKind::Naive) {
        // The kernel's own buffers (per worker thread: tiles, bands or summaries). With large
        // tiles on many threads they alone can exceed the memory, whatever n is.
        kernels::TiledOptions options;
        options.query_tile = c.tile_query;
        options.key_tile = c.tile_key;
        // Workers never outnumber the (head, query tile) tasks.
        const Index tasks = c.num_query_heads * ((c.n_q + c.tile_query - 1) / c.tile_query);
        options.threads = static_cast<int>(std::min<Index>(c.threads, tasks));
        const std::size_t scalar = bytesOf(c.dtype);
        // A windowed band holds at most a query tile plus the window of keys, not every key.
        const Index bandKeys = c.kernel == KernelKind::Windowed && c.window
                                   ? std::min<Index>(c.n_k, c.tile_query + *c.window)
                                   : c.n_k;
        const double work =
            static_cast<double>(c.kernel == KernelKind::Tiled
                                    ? kernels::tiledWorkBytes(c.n_q, c.n_k, c.head_dim, c.head_dim, options,
                                                              scalar, c.num_query_heads)
                                    : kernels::attendHeadsWorkBytes(c.kernel, c.n_q, bandKeys, c.head_dim,
                                                                    c.head_dim, options, scalar));
        if (work + tensors > usable) {
            return name + " at n_q " + std::to_string(c.n_q) + " × n_k " + std::to_string(c.n_k) +
                   " with tiles " + std::to_string(c.tile_query) + "×" + std::to_string(c.tile_key) + " on " +
                   std::to_string(c.threads) + " threads needs " + gib(work) +
                   " for its working buffers plus " + gib(tensors) + " for Q, K, V, O and the reference; " +
                   gib(usable) + " may be used (3/4 of the " + gib(static_cast<double>(available)) +
                   " available)";
        }
    }
    return std::nullopt;
}

double leastCallSeconds(const BenchConfig &c, double peak)
{
    const double gflops = peak > 0 ? peak : kAssumedPeakGflopsPerThread * std::max(1, c.threads);
    return double(benchFlops(c)) / (gflops * 1e9);
}

std::optional<std::string> slowRefusal(const BenchConfig &c, double peak)
{
    const double seconds = leastCallSeconds(c, peak);
    if (seconds <= kLongestCallSeconds) return std::nullopt;
    const double gflops = peak > 0 ? peak : kAssumedPeakGflopsPerThread * std::max(1, c.threads);
    char time[32];
    if (seconds < 3600)
        std::snprintf(time, sizeof time, "%.1f min", seconds / 60);
    else
        std::snprintf(time, sizeof time, "%.1f h", seconds / 3600);
    char rate[32];
    std::snprintf(rate, sizeof rate, "%.0f", gflops);
    char flop[32];
    std::snprintf(flop, sizeof flop, "%.0f", double(benchFlops(c)) / 1e9);
    const std::string threads = std::to_string(std::max(1, c.threads));
    return std::string(kernels::kernelInfo(c.kernel).name) + " at n_q " + std::to_string(c.n_q) + " × n_k " +
           std::to_string(c.n_k) + ", heads " + std::to_string(c.num_query_heads) + ":" +
           std::to_string(c.num_kv_heads) + ", d " + std::to_string(c.head_dim) + ", " + toString(c.dtype) +
           " needs " + flop + " GFLOP per call: at least " + time + " even at " + rate + " GFLOP/s (" +
           (peak > 0 ? std::string("the measured FMA peak")
                     : "more than " + threads + (c.threads == 1 ? " thread" : " threads") + " can do") +
           "), over the " + std::to_string(int(kLongestCallSeconds)) +
           " s a call may take; choose a smaller n, fewer heads or a smaller head_dim";
}

// ---- the reference cache -------------------------------------------------------------------

struct ReferenceCache::Impl {
    struct Entry {
        std::string key;
        MatrixT<double> output; // (n_q, H_q·d)
    };
    std::size_t capacity = 0;
    std::deque<Entry> entries; // oldest first

    const MatrixT<double> *find(const std::string &key) const
    {
        for (const Entry &e : entries)
            if (e.key == key) return &e.output;
        return nullptr;
    }

    void put(std::string key, MatrixT<double> output)
    {
        const auto size = [](const Entry &e) {
            return static_cast<std::size_t>(e.output.size()) * sizeof(double);
        };
        if (static_cast<std::size_t>(output.size()) * sizeof(double) > capacity) return;
        entries.push_back({std::move(key), std::move(output)});
        std::size_t total = 0;
        for (const Entry &e : entries) total += size(e);
        while (total > capacity) {
            total -= size(entries.front());
            entries.pop_front();
        }
    }
};

ReferenceCache::ReferenceCache(std::size_t capacity_bytes) : m_impl(std::make_unique<Impl>())
{
    m_impl->capacity = capacity_bytes;
}

ReferenceCache::~ReferenceCache() = default;

void ReferenceCache::clear()
{
    m_impl->entries.clear();
}

// ---- running -------------------------------------------------------------------------------

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

/// Random inputs of `c`, N(0, 1) drawn in double from `seed` and rounded to Scalar, so the
/// f32 and f64 runs of one shape see the same numbers.
template <typename Scalar> struct Inputs {
    MatrixT<Scalar> query, key, value;

    explicit Inputs(const BenchConfig &c)
    {
        std::mt19937_64 random(c.seed);
        std::normal_distribution<double> normal(0.0, 1.0);
        const auto fill = [&](MatrixT<Scalar> &m, Index rows, Index cols) {
            m.resize(rows, cols);
            for (Index i = 0; i < m.size(); ++i) m.data()[i] = Scalar(normal(random));
        };
        fill(query, c.n_q, c.num_query_heads * c.head_dim);
        fill(key, c.n_k, c.num_kv_heads * c.head_dim);
        fill(value, c.n_k, c.num_kv_heads * c.head_dim);
    }
};

/// The cache key of a problem: everything the output depends on, plus which reference.
std::string problemKey(const BenchConfig &c, const char *reference)
{
    return std::string(reference) + "|" + std::to_string(c.n_q) + "|" + std::to_string(c.n_k) + "|" +
           std::to_string(c.head_dim) + "|" + std::to_string(c.num_query_heads) + "|" +
           std::to_string(c.num_kv_heads) + "|" + (c.causal ? "c" : "-") + "|" +
           (c.window ? std::to_string(*c.window) : "-") + "|" + toString(c.dtype) + "|" +
           std::to_string(c.seed);
}

/// max |a − b| over every entry; NaN when either holds a NaN.
template <typename Scalar> double maxAbsError(const MatrixT<Scalar> &a, const MatrixT<double> &b)
{
    const MatrixT<double> diff = (a.template cast<double>() - b).cwiseAbs();
    if (diff.hasNaN()) return std::numeric_limits<double>::quiet_NaN();
    return diff.size() == 0 ? 0.0 : diff.maxCoeff();
}

/// Linear attention's plain reference is O(n_q · n_k · d) scalar loops and an (n_q, n_k)
/// weight matrix per head: used up to this many pairs over all heads, else linear at f64.
constexpr double kLinearReferencePairs = double(1 << 24);

/// Computes (or finds) the reference output of `c` and names it. Returns false when no
/// independent reference is available (an f64 kernel that would be compared with itself).
template <typename Scalar>
bool reference(const BenchConfig &c, const Inputs<Scalar> &in, const HeadsInput<Scalar> &heads,
               ReferenceCache::Impl &cache, MatrixT<double> &out, std::string &name)
{
    const bool f64 = c.dtype == DType::F64;
    BenchConfig ref = c;
    if (c.kernel == KernelKind::Linear) {
        const double pairs = double(c.n_q) * double(c.n_k) * c.num_query_heads;
        name = pairs <= kLinearReferencePairs ? "linear-reference" : "linear-f64";
        if (name == "linear-f64" && f64) return false;
    } else {
        ref.kernel = KernelKind::Naive;
        const bool naiveFits = !refusal(ref, availableMemoryBytes());
        name = c.kernel != KernelKind::Naive && naiveFits ? "naive" : "tiled-f64";
        if (name == "tiled-f64" && f64 && c.kernel == KernelKind::Tiled) return false;
    }
    const std::string key = problemKey(c, name.c_str());
    if (const MatrixT<double> *hit = cache.find(key)) {
        out = *hit;
        return true;
    }
    if (name == "naive") {
        MatrixT<Scalar> o;
        runHeads(KernelKind::Naive, heads, ref, o);
        out = o.template cast<double>();
    } else if (name == "linear-reference") {
        MatrixT<Scalar> o;
        linearReferenceHeads(heads, o);
        out = o.template cast<double>();
    } else {
        // The same (rounded) inputs in double, through tiled or linear at f64.
        const MatrixT<double> q = in.query.template cast<double>();
        const MatrixT<double> k = in.key.template cast<double>();
        const MatrixT<double> v = in.value.template cast<double>();
        const HeadsInput<double> h64{
            q, k, v, heads.num_query_heads, heads.num_kv_heads, heads.head_dim, heads.scale, heads.mask};
        ref.kernel = c.kernel == KernelKind::Linear ? KernelKind::Linear : KernelKind::Tiled;
        runHeads(ref.kernel, h64, ref, out);
    }
    cache.put(key, out);
    return true;
}

template <typename Scalar>
BenchResult run(const BenchConfig &c, const Roof &roof, const ProgressFn &progress,
                ReferenceCache::Impl &cache)
{
    const auto report = [&](double fraction) {
        if (progress && !progress(std::clamp(fraction, 0.0, 1.0))) throw BenchCancelled();
    };
    report(0.0);
    BenchResult r;
    r.config = c;
    r.cpu_model = cpuModel();
    r.flops = benchFlops(c);
    r.kv_bytes = static_cast<std::uint64_t>(c.n_k) * static_cast<std::uint64_t>(c.num_kv_heads) * 2 *
                 static_cast<std::uint64_t>(c.head_dim) * bytesOf(c.dtype);

    const Inputs<Scalar> in(c);
    const BenchMask mask(c.n_q, c.n_k, c.causal, c.window);
    const HeadsInput<Scalar> heads{in.query,
                                   in.key,
                                   in.value,
                                   c.num_query_heads,
                                   c.num_kv_heads,
                                   c.head_dim,
                                   1.0 / std::sqrt(double(c.head_dim)),
                                   mask.rule};
    MatrixT<Scalar> output(c.n_q, c.num_query_heads * c.head_dim); // (n_q, H_q·d)
    output.setZero();

    // Peak RSS from here on is the kernel's (inputs and output are already resident).
    const bool peakReset = resetPeakRss();
    const long long rssBefore = currentRssBytes();
    const long long hwmBefore = peakRssBytes();

    // Warm-up, then timed runs until the count or the time budget is reached. Progress: the
    // runs take 0 … 0.8 (estimated), the reference the rest.
    const double timedShare = c.check_error ? 0.8 : 1.0;
    const int planned = c.warmup + c.repetitions;
    const int minimum = std::min(3, c.repetitions);
    double timedMs = 0;
    for (int w = 0; w < c.warmup; ++w) {
        r.work_bytes = runHeads(c.kernel, heads, c, output);
        report(timedShare * (w + 1) / planned);
    }
    for (int k = 0; k < c.repetitions; ++k) {
        const auto start = Clock::now();
        r.work_bytes = runHeads(c.kernel, heads, c, output);
        const double ms = msSince(start);
        r.samples_ms.push_back(ms);
        timedMs += ms;
        const bool budgetSpent = timedMs >= c.time_budget_s * 1000.0 && k + 1 >= minimum;
        report(budgetSpent ? timedShare : timedShare * (c.warmup + k + 1) / planned);
        if (budgetSpent) break;
    }
    const long long hwm = peakRssBytes();
    r.rss_growth_bytes =
        hwm < 0 || rssBefore < 0 ? -1 : std::max(0LL, hwm - (peakReset ? rssBefore : hwmBefore));

    r.repetitions = static_cast<int>(r.samples_ms.size());
    r.median_ms = median(r.samples_ms);
    r.p95_ms = percentile(r.samples_ms, 95.0);
    r.min_ms = *std::min_element(r.samples_ms.begin(), r.samples_ms.end());
    const double seconds = r.median_ms / 1000.0;
    r.gflops = seconds > 0 ? double(r.flops) / seconds / 1e9 : 0.0;
    r.roof_fraction = roof.fma_gflops > 0 ? r.gflops / roof.fma_gflops : 0.0;
    r.kv_gbps = r.median_ms > 0 ? double(r.kv_bytes) / (r.median_ms * 1e-3) / 1e9 : 0.0;
    r.read_fraction = roof.read_gbps > 0 ? r.kv_gbps / roof.read_gbps : 0.0;
    r.tokens_per_s = seconds > 0 ? double(c.n_q) / seconds : 0.0;

    // A naive benchmark's output is the reference of the other kernels on the same problem.
    if (c.kernel == KernelKind::Naive) cache.put(problemKey(c, "naive"), output.template cast<double>());

    r.max_abs_error = std::numeric_limits<double>::quiet_NaN();
    if (c.check_error) {
        MatrixT<double> expected;
        std::string name;
        if (reference(c, in, heads, cache, expected, name)) {
            r.max_abs_error = maxAbsError(output, expected);
            r.error_reference = name;
        }
        report(1.0);
    }
    return r;
}

} // namespace

BenchResult runBench(const BenchConfig &config, const Roof &roof, const ProgressFn &progress,
                     ReferenceCache *cache)
{
    if (const auto why = refusal(config, availableMemoryBytes())) throw BenchRefused(*why);
    ReferenceCache local(0);
    ReferenceCache::Impl &store = cache ? cache->impl() : local.impl();
    return config.dtype == DType::F64 ? run<double>(config, roof, progress, store)
                                      : run<float>(config, roof, progress, store);
}

} // namespace attn::bench
