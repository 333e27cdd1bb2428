// One measured quantity of a benchmark run against the sequence length, on log–log axes.
#pragma once

#include "core/bench.h"

#include <QList>
#include <QPointF>
#include <QStringList>
#include <qcustomplot.h>

#include <optional>
#include <vector>

namespace attn::ui {

/// What a BenchPlot draws on its y axis.
enum class BenchMetric {
    Latency,    ///< median latency, ms
    WorkMemory, ///< the kernel's own buffers (BenchResult::work_bytes), MiB
    Throughput, ///< GFLOP/s, with the machine's FMA peak and SGEMM figure as horizontal lines
};

/// A log–log plot of one BenchMetric against n (ticks at the sizes that were run), one graph
/// with markers per kernel in a fixed colour and marker shape per kernel, and a legend. The
/// Throughput plot also draws the roof: the FMA peak (dashed) and the SGEMM 2048³ figure
/// (dash-dotted), each labelled with its value. A value ≤ 0 cannot sit on a log axis: it is
/// left out and the title says so. Hovering a point shows its kernel, n and exact value.
class BenchPlot : public QCustomPlot {
    Q_OBJECT

public:
    explicit BenchPlot(BenchMetric metric, QWidget *parent = nullptr);
    ~BenchPlot() override;

    /// Draws `results` (any order; the legend follows the order in which kernels first appear)
    /// and, for Throughput, the lines of `roof`. Replots.
    void setResults(const std::vector<bench::BenchResult> &results, const std::optional<bench::Roof> &roof);

    /// Removes every graph and line.
    void clear();

    BenchMetric metric() const { return m_metric; }
    QString title() const;

    /// The value this plot draws for `result`: median ms, work MiB or GFLOP/s.
    static double metricValue(BenchMetric metric, const bench::BenchResult &result);

    /// The kernels drawn, one per graph, in legend order.
    QStringList seriesNames() const;
    /// The points (n, value) of graph `series`, by increasing n; empty when out of range.
    QList<QPointF> seriesPoints(int series) const;
    /// The y values of the horizontal lines drawn (FMA peak, SGEMM), empty without a roof.
    QList<double> roofLines() const;

    /// Writes the plot to `path` as "png", "svg" or "pdf" at `size`; see exportPlot().
    bool exportTo(const QString &path, const QString &format, QSize size, QString *error = nullptr);

protected:
    bool event(QEvent *event) override;

private:
    struct Point {
        QPointF position; ///< (n, value) in plot coordinates
        QString text;     ///< the tooltip
    };

    void setupAxes();
    /// Adds a labelled horizontal line at `value` GFLOP/s.
    void addRoofLine(double value, const QString &label, Qt::PenStyle style);
    void setRanges(const QList<double> &sizes, double low, double high);

    BenchMetric m_metric;
    QCPTextElement *m_title = nullptr;
    QList<double> m_roofValues;
    std::vector<Point> m_points;
};

} // namespace attn::ui
