// The results of a benchmark run as a read-only table, and their export as CSV or JSON.
#pragma once

#include "core/bench.h"

#include <QAbstractTableModel>
#include <QJsonObject>

#include <optional>
#include <vector>

namespace attn::ui {

/// One row per bench::BenchResult, in the order they arrived. Columns: kernel, n, heads q:kv,
/// d, causal, window, dtype, threads, median ms, p95 ms, GFLOP/s, % of the FMA roof, tokens/s,
/// work MiB (the kernel's own buffers), max error. DisplayRole is compact text, ToolTipRole
/// the exact value and what it means, SortRole the number (or text) to sort by.
class BenchResultsModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum class Column {
        Kernel,
        Size,
        Heads,
        HeadDim,
        Causal,
        Window,
        DType,
        Threads,
        MedianMs,
        P95Ms,
        Gflops,
        RoofPercent,
        TokensPerSecond,
        WorkMiB,
        MaxError,
        Count
    };
    static constexpr int SortRole = Qt::UserRole;

    explicit BenchResultsModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// Removes every row and the roof.
    void clear();
    /// Adds `result` as the last row.
    void append(const bench::BenchResult &result);
    /// The roof the results were measured against (written to the JSON export).
    void setRoof(const std::optional<bench::Roof> &roof);

    const std::vector<bench::BenchResult> &results() const { return m_results; }
    const std::optional<bench::Roof> &roof() const { return m_roof; }

    /// The table for machines: a header of field names (kernel, n_q, n_k, head_dim, query_heads,
    /// kv_heads, causal, window, dtype, threads, repetitions, median_ms, p95_ms, min_ms, gflops,
    /// roof_fraction, tokens_per_s, work_bytes, kv_bytes, max_abs_error, error_reference) and one
    /// line per result with exact numbers (an empty field for none). RFC 4180 quoting.
    QByteArray toCsv() const;

    /// The same object as `attention-lab bench --json`: "roof_gflops" (the FMA peak, null when
    /// unknown), "sgemm_gflops", "sgemm_source", "vector_lanes", "cpu_model" and "results", one
    /// object per row with the CSV's fields and "samples_ms".
    QJsonObject toJson() const;

    /// Writes the table to `path` as "csv" or "json" through QSaveFile (all or nothing).
    /// Returns false and sets *error to one sentence on an unknown format or a failed write.
    bool exportTo(const QString &path, const QString &format, QString *error = nullptr) const;

private:
    QVariant display(const bench::BenchResult &r, Column column) const;
    QVariant sortValue(const bench::BenchResult &r, Column column) const;
    QString toolTip(const bench::BenchResult &r, Column column) const;

    std::vector<bench::BenchResult> m_results;
    std::optional<bench::Roof> m_roof;
};

} // namespace attn::ui
