// The encoder–decoder page's worker: owns a Seq2SeqTrainer on a thread of its own and sends copies
// of what the page draws (steps, logged points, the probes' traces and the weights at every
// snapshot), and runs the page's batches of whole runs (a comparison of scores, an accuracy
// against length sweep), so that training never runs on, and never blocks, the interface thread.
#pragma once

#include "core/train/seq2seqtrainer.h"

#include <QMetaType>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <vector>

namespace attn::ui {

/// The model at one logged step: the probes' greedy traces and every parameter.
struct Seq2SeqSnapshot {
    int step = 0;
    std::vector<train::Seq2SeqTrace> probes; ///< (probe_count) alignment, keys, queries, outputs
    std::vector<train::NamedTensor> weights; ///< every parameter (float32 values)
};

/// What the worker learned since its last update.
struct Seq2SeqUpdate {
    bool restarted = false; ///< a new trainer or a reset: everything before is gone
    /// With restarted: the model (vocabulary and <bos> set), the task and the probe examples.
    train::Seq2SeqConfig model;
    train::Seq2SeqTaskInfo task;
    std::vector<train::Seq2SeqExample> probes;
    std::vector<train::StepStats> steps;        ///< steps taken since the last update, in order
    std::vector<train::Seq2SeqLogPoint> logged; ///< new logged points
    std::vector<Seq2SeqSnapshot> snapshots;     ///< one per new logged point
    int stepsDone = 0;
    double stepsPerSecond = 0.0; ///< of the time spent in training steps so far
};
using Seq2SeqUpdatePtr = std::shared_ptr<const Seq2SeqUpdate>;

/// One finished run of a batch (a comparison or a sweep).
struct Seq2SeqRunResult {
    int job = 0;   ///< the batch's id, as given to runBatch()
    int index = 0; ///< of the run in the batch
    train::Seq2SeqTrainConfig config;
    train::Seq2SeqTaskInfo task;
    train::Seq2SeqLogPoint final; ///< the run's last log point (held-out, greedy, alignment)
    train::Seq2SeqExample probe;  ///< the first probe example
    train::Seq2SeqTrace trace;    ///< its greedy trace at the end (the alignment map)
    int parameters = 0;
};
using Seq2SeqRunResultPtr = std::shared_ptr<const Seq2SeqRunResult>;

/// A stop request, set by the view (any thread), read by the worker after each step.
using Seq2SeqStop = std::shared_ptr<std::atomic<bool>>;

/// Lives on a worker thread; call its slots through queued calls (QMetaObject::invokeMethod).
class Seq2SeqWorker : public QObject {
    Q_OBJECT

public:
    explicit Seq2SeqWorker(QObject *parent = nullptr);
    ~Seq2SeqWorker() override;

    /// No run starts any more and a run in progress ends after its step; safe from any thread.
    void shutdown() { m_closing.store(true); }

    /// A new trainer for `config`; sends a restarted update with step 0, or failed().
    void setup(const train::Seq2SeqTrainConfig &config);
    /// Back to step 0 of the same configuration (a restarted update follows).
    void reset();
    /// Trains to config.steps, sending updates at most every 100 ms and at every logged step; a
    /// stopped run logs the step it stopped at. Emits runFinished() at the end.
    void train(const Seq2SeqStop &stop);
    /// Trains every configuration from its step 0 to its steps, one after another, with
    /// progress over all of them; a result per finished run, then batchFinished(). A stop ends
    /// the run in progress and skips the rest.
    void runBatch(int job, const std::vector<train::Seq2SeqTrainConfig> &configs, const Seq2SeqStop &stop);

signals:
    void updated(const attn::ui::Seq2SeqUpdatePtr &update);
    void runFinished(bool stopped);
    void failed(const QString &message);
    /// Steps done of all the batch's runs together, of `total`.
    void batchProgress(int job, int done, int total);
    void batchResult(const attn::ui::Seq2SeqRunResultPtr &result);
    void batchFinished(int job, bool stopped);

private:
    Seq2SeqSnapshot snapshot();
    void sendRestart();

    std::unique_ptr<train::Seq2SeqTrainer> m_trainer;
    std::atomic<bool> m_closing{false};
};

} // namespace attn::ui

Q_DECLARE_METATYPE(attn::ui::Seq2SeqUpdatePtr)
Q_DECLARE_METATYPE(attn::ui::Seq2SeqRunResultPtr)
