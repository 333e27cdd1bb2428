// What the performance panel runs: kernels × sizes on one shape, as the harness's configs,
// written to and read from the settings and the panel's text fields.
#pragma once

#include "core/bench.h"

#include <QString>

#include <optional>
#include <vector>

class QSettings;

namespace attn::ui {

/// Every chosen kernel at every size n (n_q = n_k = n), one shape and machine setting otherwise.
struct BenchPlan {
    /// The window the windowed kernel uses when the plan sets none (as `attention-lab bench`).
    static constexpr Index kDefaultWindow = 256;
    /// The largest n the panel accepts (the harness still refuses what does not fit in memory).
    static constexpr Index kMaxSize = Index(1) << 24;

    std::vector<KernelKind> kernels{KernelKind::Naive, KernelKind::Tiled, KernelKind::Windowed,
                                    KernelKind::Linear};
    std::vector<Index> sizes{256, 1024, 4096}; ///< n of each run, in the order given
    int num_query_heads = 8;                   ///< H_q
    int num_kv_heads = 8;                      ///< H_kv, should divide H_q (the harness refuses otherwise)
    Index head_dim = 64;                       ///< d_k = d_v
    std::optional<Index> window;               ///< keys per local window; empty = none
    bool causal = false;
    bench::DType dtype = bench::DType::F32;
    int threads = 1;
    int repetitions = 10; ///< timed runs at most per configuration (the time budget may stop sooner)

    /// One BenchConfig per (size, kernel), sizes outer, so that every kernel's small problems
    /// come first. The windowed kernel gets kDefaultWindow when `window` is empty.
    std::vector<bench::BenchConfig> configs() const;

    /// Writes every field under group "performancePanel" of `settings`.
    void save(QSettings &settings) const;
    /// The plan stored by save(); a missing or invalid field keeps its value in `defaults`.
    static BenchPlan load(QSettings &settings, const BenchPlan &defaults);

    bool operator==(const BenchPlan &other) const = default;
};

/// Sizes written by a learner: whole numbers separated by commas or spaces, "k" meaning ×1024
/// ("256, 1k, 4k" = 256, 1024, 4096). Duplicates are dropped, the order kept. Empty, with
/// *error set to one sentence, when a part is not a size in 1 … BenchPlan::kMaxSize or no
/// size is given.
std::vector<Index> parseSizes(const QString &text, QString *error = nullptr);

/// The sizes as parseSizes reads them: "256, 1024, 4096".
QString sizesText(const std::vector<Index> &sizes);

/// One line naming a configuration: "tiled n 1024, 8:8 heads, d 64, causal, window 256, f32".
QString describeConfig(const bench::BenchConfig &config);

} // namespace attn::ui
