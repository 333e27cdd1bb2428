// The training view's worker: owns a Trainer on a thread of its own and sends copies of what the
// view draws (steps, logged points, the probe's weights at every snapshot) through queued signals,
// so training never runs on, and never blocks, the interface thread.
#pragma once

#include "core/train/trainer.h"

#include <QMetaType>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <vector>

namespace attn::ui {

/// The model at one recorded step: its weights and its trace on the probe sequence.
struct TrainSnapshot {
    int step = 0;
    train::ProbeTrace probe;                 ///< weights of every layer × head, inputs, logits on the probe
    std::vector<train::NamedTensor> weights; ///< every parameter (float32 values)
};

/// What the worker learned since its last update.
struct TrainUpdate {
    bool restarted = false;               ///< a new trainer or a reset: everything before is gone
    train::ModelConfig model;             ///< with restarted: the model the snapshots come from
    std::vector<train::StepStats> steps;  ///< steps taken since the last update, in order
    std::vector<train::LogPoint> logged;  ///< new logged points (held-out loss, accuracy, head roles)
    std::vector<TrainSnapshot> snapshots; ///< one per new logged point
    int stepsDone = 0;
    int target = 0;              ///< the step the current run aims at
    double stepsPerSecond = 0.0; ///< of the time spent training so far
};
using TrainUpdatePtr = std::shared_ptr<const TrainUpdate>;

/// A stop request for one run, set by the view (any thread), read by the worker after each step.
using StopToken = std::shared_ptr<std::atomic<bool>>;

/// Lives on a worker thread; call its slots through queued connections (QMetaObject::invokeMethod).
/// A run stops after the step in progress once its StopToken is set; after shutdown() no run starts.
class TrainWorker : public QObject {
    Q_OBJECT

public:
    explicit TrainWorker(QObject *parent = nullptr);
    ~TrainWorker() override;

    /// No run starts any more (a queued train() returns at once); safe from any thread. The view
    /// calls it, and sets the token of the run in progress, before it stops the thread.
    void shutdown() { m_closing.store(true); }

public slots:
    /// A new trainer for `config` (snapshots are kept by the view, not the trainer); emits
    /// ready() and a restarted update with step 0, or failed() with the one-line reason.
    void setup(const attn::train::TrainConfig &config);
    /// Trains up to `steps` more steps (0 or less: to config.steps), sending updates at most
    /// every 100 ms and at every logged step; emits runFinished() at the end or once `stop` is set.
    void train(int steps, const attn::ui::StopToken &stop);
    /// Back to step 0 of the same configuration (a restarted update follows).
    void reset();

signals:
    /// A new trainer: its task and its probe sentences (the snapshots trace the first).
    void ready(const attn::train::TaskInfo &task, const attn::train::Batch &probes);
    void updated(const attn::ui::TrainUpdatePtr &update);
    void runFinished(bool stopped);
    void failed(const QString &message);

private:
    TrainSnapshot snapshot(int step);
    void sendRestart();

    std::unique_ptr<train::Trainer> m_trainer;
    std::vector<int> m_probe; ///< the first probe sequence's tokens
    std::atomic<bool> m_closing{false};
};

} // namespace attn::ui

Q_DECLARE_METATYPE(attn::train::TrainConfig)
Q_DECLARE_METATYPE(attn::train::TaskInfo)
Q_DECLARE_METATYPE(attn::train::Batch)
Q_DECLARE_METATYPE(attn::ui::TrainUpdatePtr)
Q_DECLARE_METATYPE(attn::ui::StopToken)
