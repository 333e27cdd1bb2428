// The "measuring honestly" view (lesson 14): a small benchmark of the real kernels, the needle
// check at several depths, and the reporting checklist filled in from the last run.
#pragma once

#include "ui/bench/benchplan.h"
#include "ui/bench/benchworker.h"
#include "ui/views/common/figureview.h"

#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QThread;

namespace attn::doc {
class ScenarioDocument;
}

namespace attn::ui {

class MeasuringPlot;
struct NeedlePoint;

/// The performance panel's machinery (BenchWorker on a thread of its own, the harness of
/// core/bench.h) with a fixed small plan: naive and tiled at n = 256, 512, 1024, 4 query heads
/// sharing 1 K/V head, head_dim 64, no window, f32, one thread; only the repetitions are the
/// learner's ("measuringRepetitions"). "measuringRun" starts it (the roof is measured first,
/// once per process), "measuringCancel" stops it at the next progress report; a progress bar
/// follows. Nothing runs on the GUI thread except the needle check, which is cheap (one query
/// over kNeedleKeys keys, per depth) and cached per kernel and window.
///
/// The needle check (bench::runNeedle): the last query attends causally to kNeedleKeys random
/// keys, one of which is planted to match it; at each depth 0, 0.1, …, 1 the view reports
/// whether the output still points at the needle's value (cosine ≥ 0.9). Its kernel
/// ("needleKernel": naive, tiled, windowed, linear) and window ("needleWindow": 0 = none, or
/// keys including the current one) start from the document's scenario (its kernel, and a causal
/// window left = W − 1, right = 0).
///
/// The checklist: n, heads q/kv, head_dim, window, dtype, kernel, memory, throughput, median
/// and p95, each filled from the last run's results (empty before a run).
class MeasuringView : public FigureView {
    Q_OBJECT

public:
    static constexpr Index kNeedleKeys = 2048; ///< n_k of the needle check
    static constexpr Index kNeedleHeadDim = 64;
    static constexpr int kDepths = 11; ///< depths 0, 0.1, …, 1
    static constexpr int kDefaultRepetitions = 10;

    explicit MeasuringView(doc::ScenarioDocument *document, QWidget *parent = nullptr);
    /// Cancels a run in progress and waits for the worker (at most one kernel call).
    ~MeasuringView() override;

    /// The lesson's plan: see the class comment. Its repetitions are the spin box's default.
    static BenchPlan defaultPlan();
    /// The plan the next Run uses (tests give a tinier one); repetitions come from the spin box.
    void setPlan(const BenchPlan &plan);
    BenchPlan plan() const;

    /// Starts the plan on the worker thread; false when a run is in progress.
    bool run();
    /// Asks the run to stop at the harness's next progress report; runFinished(true) follows.
    void cancel();
    bool isRunning() const { return m_running; }

    /// Results of the last run (or of the run in progress), in the order they arrived.
    const std::vector<bench::BenchResult> &results() const { return m_results; }
    /// The checklist, one "✓ name: value" or "☐ name: —" line per item, in the order of the class
    /// comment.
    QStringList checklist() const;
    /// The needle results at each depth, for the current kernel and window.
    const std::vector<NeedlePoint> &needle() const;

    /// "runs_done" (runs that finished without Cancel), "results" (rows of the last run),
    /// "running" (1/0), "checklist_filled" (items with a value, 0 … 10), "checklist_complete" (1
    /// when the last run finished with every configuration measured), "repetitions",
    /// "needle_kernel" (0 naive, 1 tiled, 2 windowed, 3 linear), "needle_reach" (keys the last
    /// query sees: the window, or kNeedleKeys without one), "needle_depths_found" (0 … kDepths).
    QMap<QString, double> taskValues() const override;
    /// Repetitions back to 10; the needle's kernel and window from the scenario. Results stay.
    void resetViewState() override;

    MeasuringPlot *plot() const { return m_plot; }

    bool exportTo(const QString &path, const QString &format, QSize size,
                  QString *error = nullptr) const override;

    QSize sizeHint() const override { return {1000, 700}; }

signals:
    void runStarted();
    void runFinished(bool cancelled);

private:
    void setRunning(bool running);
    void updateNeedle();
    void updateFigure();
    void onResult(const bench::BenchResult &result);
    void onFinished(bool cancelled);

    BenchPlan m_plan;
    QSpinBox *m_repetitions = nullptr;
    QPushButton *m_runButton = nullptr;
    QPushButton *m_cancelButton = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    QComboBox *m_needleKernel = nullptr;
    QComboBox *m_needleWindow = nullptr;
    QLabel *m_needleSummary = nullptr;
    MeasuringPlot *m_plot = nullptr;

    QThread *m_thread = nullptr;
    BenchWorker *m_worker = nullptr;
    CancelToken m_cancel;
    bool m_running = false;
    int m_runsDone = 0;
    bool m_lastRunComplete = false;
    std::size_t m_expected = 0; ///< configurations of the run
    BenchPlan m_runPlan;        ///< the plan of the results shown
    std::vector<bench::BenchResult> m_results;
    QStringList m_problems;              ///< refusals and failures of the last run
    std::vector<NeedlePoint> m_needle;   ///< (kDepths) for the current kernel and window
    std::function<void()> m_needleLater; ///< updateNeedle(), put off while the page is hidden
};

} // namespace attn::ui
