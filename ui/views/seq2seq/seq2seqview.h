// The encoder–decoder page: an RNN encoder–decoder with attention (core/train/seq2seq*.h) trained
// live on a toy translation (reversal, dates), its loss and held-out accuracy, and the alignment of
// a probe example (decoder steps × source tokens) redrawn as training runs; "Open this step" turns
// one decoder step into an ordinary scenario of the Q/K/V editor; Compare trains additive, dot and
// general (or global and local-p) on the same task and seed, side by side; and accuracy against
// sequence length, with and without attention, on the same data.
#pragma once

#include "core/attention.h"
#include "core/train/seq2seqtrainer.h"
#include "ui/views/common/figureview.h"
#include "ui/views/seq2seq/seq2seqworker.h"

#include <QStringList>

#include <array>
#include <map>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSlider;
class QSpinBox;
class QTabWidget;
class QThread;

namespace attn::ui {

class CurvePlot;
class HeatmapPlot;

/// Training runs in a Seq2SeqWorker on a thread of its own: Train runs to the chosen number of
/// steps, Pause (the same button) stops after the current step, Reset goes back to step 0 of the
/// same seed; Cancel stops whatever runs (training, a comparison or a sweep). Changing the task,
/// score, local-p D, bidirectional, attention, length, seed or steps starts a new model at step 0.
/// Every logged step (every kLogEvery steps, and where a run stops) is a snapshot: the probes'
/// alignments, keys and queries and the weights; the scrubber shows any of them. Closing or
/// destroying the view stops the work and waits for the step in progress.
class Seq2SeqView : public FigureView {
    Q_OBJECT

public:
    static constexpr int kLogEvery = 25;
    /// Comparison and sweep: which batch a result belongs to.
    enum Job { NoJob = 0, CompareJob = 1, LengthJob = 2 };
    /// The lengths of the accuracy-against-length sweep.
    static std::vector<int> sweepLengths() { return {6, 12, 18, 24}; }

    explicit Seq2SeqView(doc::ScenarioDocument *document, QWidget *parent = nullptr);
    ~Seq2SeqView() override;

    /// The run the controls describe (threads: every core this process may use, up to 8).
    train::Seq2SeqTrainConfig config() const;

    void train();
    void pause();
    void reset();
    /// Stops the training run or the batch in progress after its current step.
    void cancel();
    /// Trains the comparison (additive, dot, general; or global and local-p when `locality`) on
    /// the page's task, length, seed and steps, one run after another, and shows their final
    /// alignment maps side by side.
    void compare(bool locality = false);
    /// Trains the reversal at sweepLengths() with the page's model and without attention.
    void measureLengths();

    bool isRunning() const { return m_running || m_job != NoJob; }
    int stepsDone() const { return m_stepsDone; }
    const std::vector<Seq2SeqSnapshot> &snapshots() const { return m_snapshots; }
    const std::vector<train::Seq2SeqLogPoint> &log() const { return m_log; }
    /// Shows snapshot `index` (clamped); the newest follows training while the scrubber is at the end.
    void showSnapshot(int index);
    /// The alignment of probe `probe` (0-based) is shown.
    void showProbe(int probe);
    /// Opens decoder step `step` (0-based) of the shown probe at the shown snapshot in the Q/K/V
    /// editor, as one undoable edit; false (and a message) without attention or nothing recorded.
    bool openStep(int step);

    /// The finished runs of the last comparison and sweep, in their order.
    const std::vector<Seq2SeqRunResultPtr> &comparison() const { return m_compared; }
    const std::vector<Seq2SeqRunResultPtr> &lengthRuns() const { return m_lengthRuns; }

    /// "step", "steps", "running" (1 while training, comparing or sweeping), "finished" (1 when the
    /// run reached its last step), "translation_task" (0 reverse, 1 dates), "score_kind" (0 additive, 1 dot,
    /// 2 general), "local_window" (D; 0 global), "bidirectional", "attention" (1 with, 0 the
    /// baseline), "length", "seed", of the newest snapshot "heldout_accuracy" (teacher forced),
    /// "greedy_accuracy", "alignment_accuracy" (decoder steps whose largest weight is on the
    /// reference source position) and "alignment_after" (one position after it); "shown_step",
    /// "probe", "decoder_step", "steps_opened" (times "Open this step" succeeded); "compared" (runs
    /// of the last comparison finished), "length_points" (lengths measured with and without
    /// attention), "length_gap_longest" (greedy accuracy with attention minus without at the
    /// longest length measured), "side_tab" (0 curves, 1 comparison, 2 accuracy against length).
    QMap<QString, double> taskValues() const override;
    /// The default settings (reverse, dot, bidirectional, length 12, seed 0, 300 steps), a new model.
    void resetViewState() override;

    /// The alignment map, or the comparison or the length plot when that tab is shown.
    bool exportTo(const QString &path, const QString &format, QSize size,
                  QString *error = nullptr) const override;

    HeatmapPlot *alignmentPlot() const { return m_heatmap; }
    CurvePlot *curvesPlot() const { return m_curves; }
    CurvePlot *lengthPlot() const { return m_lengthPlot; }
    HeatmapPlot *comparePlot(int i) const { return m_compareMaps[std::size_t(i)]; }
    void showSide(int tab);
    /// The alignment of `trace` as a head of weights (n, S); with local-p (D > 0) the keys outside
    /// the window ±D around round(p_t) are marked as not visible, so the map greys them.
    static HeadTrace alignmentHead(const train::Seq2SeqTrace &trace, int localWindow);
    QSize sizeHint() const override { return {1000, 700}; }

signals:
    /// A training run, a comparison or a sweep ended (finished, paused, cancelled or failed).
    void runFinished();

protected:
    /// The first showing builds the first model (on the worker thread).
    void showEvent(QShowEvent *event) override;
    /// Space trains or pauses, unless the focused control uses Space itself.
    void keyPressEvent(QKeyEvent *event) override;

private:
    void buildControls();
    void restart();
    void ensureModel();
    void startBatch(Job job, const std::vector<train::Seq2SeqTrainConfig> &configs);
    void setBusy();
    void onUpdated(const Seq2SeqUpdatePtr &update);
    void onBatchResult(const Seq2SeqRunResultPtr &result);
    void refreshCurves();
    void refreshAlignment();
    void refreshStatus();
    void refreshComparison();
    void refreshLengths();
    QString tokenName(int token) const;
    QStringList tokenNames(const std::vector<int> &tokens, const train::Seq2SeqTaskInfo &task) const;
    QString runName(const train::Seq2SeqConfig &model) const;

    QComboBox *m_task = nullptr;
    QComboBox *m_score = nullptr;
    QSpinBox *m_local = nullptr;
    QCheckBox *m_bidirectional = nullptr;
    QCheckBox *m_noAttention = nullptr;
    QSpinBox *m_length = nullptr;
    QSpinBox *m_seed = nullptr;
    QSpinBox *m_steps = nullptr;
    QPushButton *m_train = nullptr;
    QPushButton *m_reset = nullptr;
    QPushButton *m_cancel = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    QSpinBox *m_probe = nullptr;
    QSlider *m_scrubber = nullptr;
    QLabel *m_shownLabel = nullptr;
    HeatmapPlot *m_heatmap = nullptr;
    QSpinBox *m_decoderStep = nullptr;
    QPushButton *m_open = nullptr;
    QTabWidget *m_side = nullptr;
    CurvePlot *m_curves = nullptr;
    QComboBox *m_compareKind = nullptr;
    QPushButton *m_compare = nullptr;
    QLabel *m_compareNote = nullptr;
    std::array<HeatmapPlot *, 3> m_compareMaps{};
    QPushButton *m_measure = nullptr;
    CurvePlot *m_lengthPlot = nullptr;
    QLabel *m_lengthNote = nullptr;

    QThread *m_thread = nullptr;
    Seq2SeqWorker *m_worker = nullptr;
    Seq2SeqStop m_stop; ///< of the run or batch in progress (or the last one)
    bool m_running = false;
    Job m_job = NoJob;
    int m_jobDone = 0, m_jobTotal = 0;
    bool m_configured = false;    ///< a model was asked for (setup queued)
    train::Seq2SeqConfig m_model; ///< of the snapshots shown
    train::Seq2SeqTaskInfo m_taskInfo;
    std::vector<train::Seq2SeqExample> m_probes;
    std::vector<train::StepStats> m_history;
    std::vector<train::Seq2SeqLogPoint> m_log;
    std::vector<Seq2SeqSnapshot> m_snapshots;
    int m_shown = 0;
    bool m_follow = true;
    int m_stepsDone = 0;
    double m_stepsPerSecond = 0;
    int m_stepsOpened = 0;
    QString m_error;
    std::vector<Seq2SeqRunResultPtr> m_compared;
    int m_compareRuns = 0; ///< runs the comparison asked for
    std::vector<Seq2SeqRunResultPtr> m_lengthRuns;
};

} // namespace attn::ui
