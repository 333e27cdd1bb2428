// Training a model on a task, step by step or in runs, with held-out evaluation, head-role
// scores and weight snapshots at logged steps: what the training view and `attention-lab train`
// drive.
#pragma once

#include "core/train/adamw.h"
#include "core/train/headroles.h"
#include "core/train/model.h"
#include "core/train/tasks.h"

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

namespace attn::train {

/// Everything a training run depends on. The same configuration (seed and threads included)
/// gives a bit-identical run; results are the same for every thread count up to 8 (see
/// Model::chunkCount).
struct TrainConfig {
    TaskConfig task;
    ModelConfig model;   ///< vocab_size and n_ctx are set from the task
    int batch_size = 32; ///< sequences per step
    int steps = 1000;    ///< length of run() when no count is given; sets the schedule's end
    AdamWConfig optimizer{3e-3, 0.9, 0.999, 1e-8, 0.1}; ///< learning rate, betas, ε, weight decay
    int warmup_steps = 0;                               ///< learning rate rises linearly over the first steps
    bool cosine_decay = true;   ///< after warm-up, decay to 10% of the rate by `steps` (cosine), then hold
    double grad_clip = 1.0;     ///< global-norm clipping threshold; ≤ 0 clips nothing
    std::uint64_t seed = 0;     ///< initialisation and data
    int threads = 1;            ///< threads of every pass
    int log_every = 50;         ///< held-out evaluation, head roles and a snapshot every this many steps
    int heldout_size = 256;     ///< held-out sequences
    int probe_count = 16;       ///< probe sequences for the head roles
    bool keep_snapshots = true; ///< keep the weights of every logged step
};

/// The recommended setup of a task, measured to learn it in seconds on two cores: an
/// attention-only model of 2 layers × 4 heads × head_dim 16, d_model 64; batch 32; AdamW with
/// learning rate 3·10⁻³, weight decay 0.1, cosine decay to 10%; clipping at 1; 1000 steps
/// (1500 for coreference, whose held-out name pairs take longer).
TrainConfig defaultTrainConfig(TaskKind task);

/// One training step.
struct StepStats {
    int step = 0;           ///< 1 for the first step
    double loss = 0.0;      ///< mean loss of the step's batch, before the update
    double accuracy = 0.0;  ///< accuracy of that batch
    double grad_norm = 0.0; ///< global gradient norm before clipping
    double learning_rate = 0.0;
};

/// Measurements at a logged step (step 0 = before training).
struct LogPoint {
    int step = 0;
    double train_loss = 0.0; ///< mean batch loss of the steps since the previous log (step 0: held-out-style
                             ///< loss of a training batch)
    double train_accuracy = 0.0; ///< mean batch accuracy of those steps
    double heldout_loss = 0.0;   ///< on the held-out set
    double heldout_accuracy = 0.0;
    std::vector<HeadRoles> roles; ///< [layer · H + head] on the probes
    double seconds = 0.0;         ///< training time (in step()) so far
};

/// The weights at a logged step.
struct Snapshot {
    int step = 0;
    std::vector<NamedTensor> weights;
};

/// What a progress callback sees after each step.
struct TrainProgress {
    int step = 0;                     ///< steps done
    int target = 0;                   ///< steps the run will reach
    StepStats last;                   ///< the step just taken
    const LogPoint *logged = nullptr; ///< the new log point when this step was logged, else null
    double steps_per_second = 0.0;    ///< training steps per second so far
};

/// Trains a float32 model. Not thread-safe: one thread (for example a worker thread of the
/// interface) calls everything; the cancel flag of run() may be set from any thread. Progress
/// callbacks run on the training thread and should copy what they keep.
class Trainer {
public:
    /// Builds the task, the model and its seeded initial weights, and logs step 0. Throws
    /// std::invalid_argument naming the field for a bad task, model or training setting.
    explicit Trainer(const TrainConfig &config);
    ~Trainer();

    const TrainConfig &config() const { return m_config; }
    const TaskInfo &task() const { return m_task; }

    /// One optimiser step on the next training batch; logs when the step is a multiple of
    /// log_every.
    StepStats step();
    /// Up to `steps` steps (config().steps when negative), calling `progress` after each step
    /// and stopping early when `cancel` becomes true. The final step is always logged.
    /// Returns the steps taken.
    int run(int steps = -1, const std::function<void(const TrainProgress &)> &progress = {},
            const std::atomic<bool> *cancel = nullptr);
    /// Back to step 0: the seed's initial weights, empty curves, fresh optimiser.
    void reset();

    int stepsDone() const { return m_stepsDone; }
    const std::vector<StepStats> &history() const { return m_history; } ///< every step
    const std::vector<LogPoint> &log() const { return m_log; }          ///< every logged step
    const std::vector<Snapshot> &snapshots() const { return m_snapshots; }

    /// Held-out loss and accuracy and the head roles now (nothing recorded).
    LogPoint measure();
    /// The fixed probe sequences and held-out set.
    const Batch &probes() const { return m_probes; }
    const Batch &heldOut() const { return m_heldOut; }
    /// Traces (attention weights of every layer × head, inputs, logits) of every probe.
    std::vector<ProbeTrace> traceProbes();
    /// The trace of one sequence of token ids (length 1 … n_ctx, ids below vocab_size).
    ProbeTrace trace(const std::vector<int> &tokens);

    /// Named tensors of the current weights (float32 values).
    std::vector<NamedTensor> weights() const { return m_model->exportParameters(); }
    /// Replaces the weights (see Model::importParameters); the optimiser state is kept.
    void setWeights(const std::vector<NamedTensor> &tensors) { m_model->importParameters(tensors); }
    Model<float> &model() { return *m_model; }

    /// Training steps per second of the time spent in step() (evaluation excluded).
    double stepsPerSecond() const;
    double trainSeconds() const { return m_trainSeconds; }
    /// Processor time of the whole process (every thread) spent in step(): the work training
    /// took, whatever else the machine was doing (std::clock).
    double trainCpuSeconds() const { return m_trainCpuSeconds; }

private:
    void record();
    double learningRate(int step) const;

    TrainConfig m_config;
    TaskInfo m_task;
    std::unique_ptr<Model<float>> m_model;
    std::unique_ptr<AdamW<float>> m_optimizer;
    Batch m_heldOut;
    Batch m_probes;
    int m_stepsDone = 0;
    double m_trainSeconds = 0.0;
    double m_trainCpuSeconds = 0.0;
    std::vector<StepStats> m_history;
    std::vector<LogPoint> m_log;
    std::vector<Snapshot> m_snapshots;
};

} // namespace attn::train
