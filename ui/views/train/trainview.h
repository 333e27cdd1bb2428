// The training view: a small transformer trained live on a task (core/train), its loss and
// accuracy curves, every layer × head's weights on a probe sequence, the head-role scores over the
// steps, a scrubber over the recorded snapshots, and "Open this head", which turns a learned head
// into an ordinary scenario of the Q/K/V editor.
#pragma once

#include "core/train/trainer.h"
#include "ui/views/common/figureview.h"
#include "ui/views/train/trainworker.h"

#include <QStringList>

#include <vector>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSlider;
class QSpinBox;
class QTabWidget;
class QThread;

namespace attn::ui {

class HeadGrid;
class NumberBox;
class TrainingPlot;
class TokenEffectPanel;

/// Training runs in a TrainWorker on a thread of its own: Play trains to the chosen number of
/// steps, Pause stops after the current step, One step takes one, Reset goes back to step 0 of
/// the same seed. Changing the task, seed, layers, heads, d_model, learning rate or steps starts
/// a new model at step 0 (head_dim = d_model / heads); choosing a task also sets the steps to its
/// recommended number (1000, 1500 for coreference). Every logged step (every 25 steps, and
/// wherever a run stops) is a snapshot: its held-out loss and accuracy, head roles, weights and
/// the probe's trace; the scrubber shows any of them. "Open this head" (or a double-click on a
/// head) replaces the document's scenario, as one undoable edit, by that head at the shown
/// snapshot (core/train/headscenario.h) and asks for the Q/K/V editor (viewRequested("qkv")). Closing or
/// destroying the view stops the run and waits for the step in progress (a few milliseconds).
class TrainView : public FigureView {
    Q_OBJECT

public:
    static constexpr int kLogEvery = 25;

    explicit TrainView(doc::ScenarioDocument *document, QWidget *parent = nullptr);
    ~TrainView() override;

    /// The configuration the controls give (threads: every core this process may use).
    train::TrainConfig config() const;

    void play();
    void pause();
    void stepOnce();
    void reset();
    bool isRunning() const { return m_running; }
    /// Steps done, as last reported by the worker.
    int stepsDone() const { return m_stepsDone; }
    /// The recorded snapshots (step 0 first).
    const std::vector<TrainSnapshot> &snapshots() const { return m_snapshots; }
    const std::vector<train::LogPoint> &log() const { return m_log; }
    /// Shows snapshot `index` (clamped); the newest follows training while the scrubber is at the end.
    void showSnapshot(int index);
    int shownSnapshot() const { return m_shown; }
    /// Opens head (layer, head) of the shown snapshot in the Q/K/V editor; false (and a message) when
    /// nothing is recorded yet or the document refuses it.
    bool openHead(int layer, int head);

    /// Shows the "Rollout vs effect" tab (true) or the training curves.
    void showEffects(bool effects);
    TokenEffectPanel *effectPanel() const { return m_effects; }

    /// "step", "steps", "running" (1/0), "seed", "task" (0 induction, 1 previous-token, 2 copy,
    /// 3 reverse, 4 coreference), "layers", "heads", "heldout_loss", "heldout_accuracy" (of the
    /// newest snapshot), "best_induction_layer1" (largest induction score of a head in layer ≥ 1),
    /// "best_previous_token_layer0", "best_target_token" (largest target-token score of any head),
    /// "induction_heads" (heads of layer ≥ 1 with an induction score ≥ 0.5), "shown_step",
    /// "heads_opened" (times "Open this head" succeeded), "role" (the Score box: 0 induction,
    /// 1 previous token, 2 duplicate token, 3 first token, 4 target token, 5 entropy);
    /// of the "Rollout vs effect" tab: "effects_shown" (1 while it is the tab shown),
    /// "effect_change" (0 replace, 1 delete), "effect_sequence" (the probe sentence, from 0),
    /// "effect_names_share_gender" (1 when that coreference sentence's two names share a gender),
    /// "effect_position", "effect_step" (the snapshot measured), "effect_disagreeing" (tokens marked ≠),
    /// "effect_gamma", "effect_top_rollout" and "effect_top_effect" (the token position each ranks first).
    QMap<QString, double> taskValues() const override;
    /// The default settings (induction, seed 0, 2 × 4, d_model 64, lr 0.003, 1000 steps), a new model.
    void resetViewState() override;

    bool exportTo(const QString &path, const QString &format, QSize size,
                  QString *error = nullptr) const override;

    HeadGrid *headGrid() const { return m_grid; }
    TrainingPlot *plot() const { return m_plot; }
    QSize sizeHint() const override { return {1000, 700}; }

signals:
    /// A run ended (finished, paused or failed).
    void runFinished();

protected:
    /// The first showing builds the first model (on the worker thread).
    void showEvent(QShowEvent *event) override;
    /// Space plays or pauses, unless the focused control uses Space itself (a button presses, a
    /// combo box opens): only keys no child took reach the view.
    void keyPressEvent(QKeyEvent *event) override;

private:
    void buildControls();
    void restart();
    void ensureModel();
    /// The chosen task's recommended steps: 1000, or 1500 for coreference.
    int defaultSteps() const;
    void setRunning(bool running);
    void onUpdated(const TrainUpdatePtr &update);
    void refreshCurves();
    void refreshHeads();
    void refreshStatus();
    QString roleName() const;
    std::vector<double> roleScores(const train::LogPoint &point) const;

    QComboBox *m_task = nullptr;
    QSpinBox *m_seed = nullptr;
    QSpinBox *m_layers = nullptr;
    QSpinBox *m_heads = nullptr;
    QSpinBox *m_dModel = nullptr;
    NumberBox *m_lr = nullptr;
    QSpinBox *m_steps = nullptr;
    QPushButton *m_play = nullptr;
    QPushButton *m_step = nullptr;
    QPushButton *m_reset = nullptr;
    QPushButton *m_open = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    QComboBox *m_role = nullptr;
    QSlider *m_scrubber = nullptr;
    QLabel *m_shownLabel = nullptr;
    HeadGrid *m_grid = nullptr;
    TrainingPlot *m_plot = nullptr;
    QTabWidget *m_side = nullptr;
    TokenEffectPanel *m_effects = nullptr;

    QThread *m_thread = nullptr;
    TrainWorker *m_worker = nullptr;
    StopToken m_stop; ///< of the run in progress (or the last one)
    bool m_running = false;
    bool m_configured = false; ///< a model was asked for (setup queued)
    train::TaskInfo m_taskInfo;
    QStringList m_probeTokens;
    std::vector<train::StepStats> m_history;
    std::vector<train::LogPoint> m_log;
    std::vector<TrainSnapshot> m_snapshots;
    train::ModelConfig m_model; ///< of the snapshots shown
    int m_shown = 0;
    bool m_follow = true; ///< the scrubber follows the newest snapshot
    int m_stepsDone = 0;
    int m_target = 0;
    double m_stepsPerSecond = 0;
    int m_headsOpened = 0;
    QString m_error;
};

} // namespace attn::ui
