// The performance panel: time the real attention kernels on this machine and compare them with
// its roof, as a table and three log–log plots.
#pragma once

#include "ui/bench/benchplan.h"
#include "ui/bench/benchworker.h"

#include <QElapsedTimer>
#include <QMap>
#include <QStringList>
#include <QWidget>

#include <optional>

class QLabel;
class QProgressBar;
class QPushButton;
class QThread;

namespace attn::ui {

class BenchPlanForm;
class BenchPlot;
class BenchResultsModel;
class BenchResultsView;

/// A BenchPlanForm (kernels, sizes, query and K/V heads, head_dim, window, causal, dtype,
/// threads, repetitions), Run and Cancel with a progress bar, the results (a BenchResultsView)
/// as a BenchResultsModel table with the run's configuration beside it, and BenchPlots of latency,
/// working memory and GFLOP/s against n (the GFLOP/s plot with the machine's FMA peak and
/// SGEMM figure). The benchmarks run on a worker thread, so the window stays responsive; the
/// roof is measured once per thread count and kept for the panel's lifetime. Configurations
/// the harness refuses (bench::refusal: invalid, or too big for the available memory) are not
/// attempted; their reasons are shown. The plan is remembered in QSettings when a run starts.
class PerformancePanel : public QWidget {
    Q_OBJECT

public:
    /// Loads the last plan from QSettings (else the defaults, with every available thread).
    explicit PerformancePanel(QWidget *parent = nullptr);
    /// Cancels a run in progress and waits for the worker (at most one kernel call).
    ~PerformancePanel() override;

    /// The plan the controls describe, or empty with *error set when the sizes are not valid
    /// (see parseSizes) or no kernel is chosen.
    std::optional<BenchPlan> plan(QString *error = nullptr) const;
    /// Shows `plan` in the controls (threads are clamped to the spin box's range).
    void setPlan(const BenchPlan &plan);

    /// Starts the plan of the controls on the worker thread and saves it to QSettings. Returns
    /// false, with the reason in message(), when a run is in progress, the controls are not a
    /// valid plan, or the harness refuses every configuration. Refused configurations are listed
    /// in message() and skipped; the others run.
    bool run();
    /// Asks the run to stop at the harness's next progress report; runFinished(true) follows.
    void cancel();
    bool isRunning() const { return m_running; }

    /// The message under the controls: why the last Run did not start, or which of its
    /// configurations were refused or failed (with the harness's reasons); empty when none.
    QString message() const;
    /// The configuration of the results shown, one "name: value" per line (empty before a run).
    QString configurationText() const;

    BenchResultsModel *resultsModel() const { return m_model; }
    BenchPlot *latencyPlot() const;
    BenchPlot *memoryPlot() const;
    BenchPlot *throughputPlot() const;
    QPushButton *runButton() const { return m_runButton; }
    QPushButton *cancelButton() const { return m_cancelButton; }

    /// Writes the results table to `path` as CSV or JSON, by the path's suffix.
    bool exportTable(const QString &path, QString *error = nullptr) const;
    /// Writes the three plots to `dir` as "bench-latency", "bench-memory" and "bench-gflops"
    /// with extension `format` ("png", "svg" or "pdf") at `size`; *written lists the paths.
    bool exportPlots(const QString &dir, const QString &format, QSize size, QStringList *written = nullptr,
                     QString *error = nullptr);

    /// Saves the plan of the controls (when valid) to QSettings.
    void saveSettings() const;
    /// Shows the plan saved in QSettings, or the defaults.
    void loadSettings();

signals:
    void runStarted();
    /// Progress of the whole run in [0, 1], the roof measurement included.
    void progressed(double fraction);
    void runFinished(bool cancelled);

private:
    QWidget *createControls();
    void setRunning(bool running);
    void showMessage(const QString &text);
    void updateConfiguration();

    void onStepStarted(int step, int steps, const QString &what);
    void onProgress(double fraction);
    void onRoofMeasured(const bench::Roof &roof);
    void onResult(const bench::BenchResult &result);
    /// A configuration was refused by the harness or its kernel failed: listed in message().
    void onNotMeasured(const QString &why);
    void onFinished(bool cancelled);

    // Controls.
    BenchPlanForm *m_form = nullptr;
    QPushButton *m_runButton = nullptr;
    QPushButton *m_cancelButton = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_message = nullptr;

    // Results.
    BenchResultsView *m_results = nullptr;
    BenchResultsModel *m_model = nullptr; ///< m_results->model()
    QLabel *m_configuration = nullptr;
    QString m_configurationText; ///< m_configuration as plain "name: value" lines

    // The run.
    QThread *m_thread = nullptr;
    BenchWorker *m_worker = nullptr;
    CancelToken m_cancel;
    bool m_running = false;
    BenchPlan m_runPlan;            ///< the plan of the results shown
    QStringList m_runProblems;      ///< refusals and failures of the results shown
    QMap<int, bench::Roof> m_roofs; ///< by thread count, measured once each
    QElapsedTimer m_clock;
};

} // namespace attn::ui
