// The results side of the performance panel: the timings as a sortable table, three log–log
// plots under it, and the buttons that export both.
#pragma once

#include <QSize>
#include <QStringList>
#include <QWidget>

class QPushButton;
class QTableView;

namespace attn::ui {

class BenchPlot;
class BenchResultsModel;

/// "Export table…" and "Export plots…" buttons, a BenchResultsModel as a table (run order until
/// a header is clicked, then sorted by BenchResultsModel::SortRole) and BenchPlots of latency,
/// working memory and GFLOP/s against n under it. PerformancePanel fills the model and calls
/// updatePlots() when it changes; the view draws, it does not run anything.
class BenchResultsView : public QWidget {
    Q_OBJECT

public:
    /// An empty table and empty plots.
    explicit BenchResultsView(QWidget *parent = nullptr);

    BenchResultsModel *model() const { return m_model; }
    BenchPlot *latencyPlot() const { return m_latencyPlot; }
    BenchPlot *memoryPlot() const { return m_memoryPlot; }
    BenchPlot *throughputPlot() const { return m_throughputPlot; }

    /// Redraws the three plots from the model's results and roof.
    void updatePlots();
    /// Fits the table's columns to their contents (after a row was added).
    void fitColumns();
    /// Enables or disables both export buttons.
    void setExportsEnabled(bool enabled);

    /// Writes the results table to `path` as CSV or JSON, by the path's suffix.
    bool exportTable(const QString &path, QString *error = nullptr) const;
    /// Writes the three plots to `dir` as "bench-latency", "bench-memory" and "bench-gflops"
    /// with extension `format` ("png", "svg" or "pdf") at `size`; *written lists the paths.
    /// Returns false with *error set when the folder cannot be created or a plot not written.
    bool exportPlots(const QString &dir, const QString &format, QSize size, QStringList *written = nullptr,
                     QString *error = nullptr);

private:
    /// Asks for a file (CSV or JSON) and writes the table there; a failure is shown in a box.
    void exportTableInteractively();
    /// Asks for a format and a folder and writes the plots there at 800 × 600 pixels.
    void exportPlotsInteractively();

    BenchResultsModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QPushButton *m_exportTable = nullptr;
    QPushButton *m_exportPlots = nullptr;
    BenchPlot *m_latencyPlot = nullptr;
    BenchPlot *m_memoryPlot = nullptr;
    BenchPlot *m_throughputPlot = nullptr;
};

} // namespace attn::ui
