// How `attention-lab bench` writes its results: aligned table rows for people, JSON for machines.
#pragma once

#include "core/bench.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace attn::app::report {

/// `value` with `decimals` digits after the point.
QString fixed(double value, int decimals);

/// Milliseconds with three significant digits: 0.0123, 1.23, 12.3, 123.
QString ms(double value);

/// A rate with an SI suffix: 950, 12.3k, 4.56M, 1.20G.
QString si(double value);

/// Bytes as MiB: two decimals below 100 MiB, none above.
QString mib(double bytes);

/// The window in keys, or "-" for none.
QString windowText(const std::optional<Index> &window);

/// The registry name of a kernel: "naive", "tiled", "windowed", "linear".
const char *kernelName(KernelKind kind);

/// One line from cells padded to `widths` (negative: left-aligned), separated by one space.
QString row(const QStringList &cells, const QList<int> &widths);

/// Column widths of the timing table (kernel … reference).
const QList<int> &timingWidths();

/// The header line of the timing table.
QString timingHeader();

/// The configuration cells of a timing row: kernel, n_q, n_k, heads, d, causal, window, dtype, threads.
QStringList configCells(const bench::BenchConfig &config);

/// A full timing row: the configuration, median and p95 ms, GFLOP/s, % of the FMA peak,
/// tokens/s, the kernel's work MiB, RSS growth MiB, K/V MiB read, the rate K/V was read at (GB/s)
/// and its % of the streaming read, max error and its reference.
QString timingRow(const bench::BenchResult &result);

/// A finite number, or null (JSON has no NaN).
QJsonValue number(double value);

/// The configuration as JSON (`mode` "prefill" or "decode"): kernel, n_q, n_k, head_dim,
/// query_heads, kv_heads, causal, window (null = none), dtype, threads, tiles, seed.
QJsonObject configJson(const bench::BenchConfig &config, const char *mode);

/// configJson plus every measurement: repetitions, samples_ms, median_ms, p95_ms, min_ms, flops,
/// gflops, roof_fraction, tokens_per_s, work_bytes, rss_growth_bytes, kv_bytes, kv_gbps,
/// read_fraction, max_abs_error,
/// error_reference, cpu_model.
QJsonObject resultJson(const bench::BenchResult &result, const char *mode);

} // namespace attn::app::report
