// Training the RNN encoder–decoder on a toy translation task, with held-out evaluation (teacher
// forced and greedy) and the alignment of probe examples at logged steps: what
// `attention-lab train --model seq2seq` drives.
#pragma once

#include "core/train/seq2seq.h"
#include "core/train/seq2seqtasks.h"
#include "core/train/trainer.h" // StepStats, AdamWConfig

#include <memory>
#include <vector>

namespace attn::train {

/// Everything a run depends on; the same configuration (threads included) gives a bit-identical
/// run, and every thread count up to 8 gives the same results (see Seq2Seq::chunkCount).
struct Seq2SeqTrainConfig {
    Seq2SeqTaskConfig task;
    Seq2SeqConfig model; ///< vocab_size and bos_token are set from the task
    int batch_size = 32;
    int steps = 600; ///< length of run() when no count is given; sets the schedule's end
    AdamWConfig optimizer{1e-2, 0.9, 0.999, 1e-8, 0.0};
    bool cosine_decay = true; ///< decay to 10% of the rate by `steps` (cosine), then hold
    double grad_clip = 1.0;   ///< global-norm clipping threshold; ≤ 0 clips nothing
    std::uint64_t seed = 0;   ///< initialisation and data
    int threads = 1;
    int log_every = 50; ///< held-out evaluation every this many steps
    int heldout_size = 256;
    int probe_count = 8; ///< held-out examples whose alignment is traced
};

/// Measurements at a logged step (step 0 = before training).
struct Seq2SeqLogPoint {
    int step = 0;
    double train_loss = 0.0;     ///< mean batch loss of the steps since the previous log
    double train_accuracy = 0.0; ///< mean teacher-forced batch accuracy of those steps
    double heldout_loss = 0.0;   ///< teacher forced, on the held-out set
    double heldout_accuracy = 0.0;
    double greedy_accuracy = 0.0;    ///< tokens right when the decoder is fed its own outputs
    double alignment_accuracy = 0.0; ///< see alignmentAgreement, on the held-out set (0 without attention)
    double alignment_after = 0.0;    ///< the same one position after the reference (offset 1)
    double seconds = 0.0;            ///< training time (in step()) so far
    /// (probe_count) the probes' alignments at this step, each (n, S) as Seq2SeqTrace::weights
    /// (greedy decoding): the picture of the alignment forming. Empty without attention.
    std::vector<Matrix> probe_alignments;
};

/// Fraction of decoder steps whose largest alignment weight sits on the source position the
/// task's reference alignment names, plus `offset` (clamped into the source: 1 asks for "one
/// position after the reference"). Steps with no reference position, such as a date's dashes,
/// are not counted. traces[e] belongs to examples[e].
double alignmentAgreement(const Seq2SeqTaskInfo &task, const std::vector<Seq2SeqExample> &examples,
                          const std::vector<Seq2SeqTrace> &traces, int offset = 0);

/// One run of a length sweep.
struct LengthPoint {
    int length = 0;        ///< L of the reversal task
    Seq2SeqLogPoint final; ///< the run's last log point (held-out and greedy accuracy, alignment)
    int parameter_count = 0;
};

/// Trains `config` once per length (config.task.length replaced; everything else, seed included,
/// the same) and returns each run's final measurements, in the order given: the data of the
/// "accuracy against length" curve. Runs the no-attention baseline when config.model.attention
/// is false. Throws std::invalid_argument for a task other than Reverse or a bad length.
std::vector<LengthPoint> accuracyAgainstLength(const Seq2SeqTrainConfig &config,
                                               const std::vector<int> &lengths);

/// What a run of `config` on `task` needs, in bytes, at most (an estimate from above): the float
/// parameters, gradients and the two AdamW moments, one gradient buffer per chunk of examples,
/// and the activations of a batch or of the held-out set, whichever is larger (every gate and
/// state of each source and target position, the alignment and the output distributions).
double estimatedTrainingBytes(const Seq2SeqTrainConfig &config, const Seq2SeqTaskInfo &task);

/// Runs whose estimate is above this are refused before anything is allocated: 2 GiB.
inline constexpr double kSeq2SeqMemoryLimit = 2.0 * 1024 * 1024 * 1024;

/// Trains a float32 encoder–decoder. Not thread-safe: one thread calls everything.
class Seq2SeqTrainer {
public:
    /// Builds the task, the model and its seeded weights, and logs step 0. Throws
    /// std::invalid_argument naming the field for a bad task, model or training setting.
    explicit Seq2SeqTrainer(const Seq2SeqTrainConfig &config);
    ~Seq2SeqTrainer();

    const Seq2SeqTrainConfig &config() const { return m_config; }
    const Seq2SeqTaskInfo &task() const { return m_task; }
    Seq2Seq<float> &model() { return *m_model; }

    /// One optimiser step on the next training batch; logs at multiples of log_every.
    StepStats step();
    /// `steps` steps (config().steps when negative); the last one is always logged.
    int run(int steps = -1);
    /// Logs the current step unless it is logged already: where a run that was stopped between
    /// two logged steps ends.
    void logNow();

    int stepsDone() const { return m_stepsDone; }
    const std::vector<StepStats> &history() const { return m_history; }
    const std::vector<Seq2SeqLogPoint> &log() const { return m_log; }
    /// Held-out measurements now (nothing recorded).
    Seq2SeqLogPoint measure();
    const std::vector<Seq2SeqExample> &heldOut() const { return m_heldOut; }
    /// Greedy traces of the first probe_count held-out examples (alignment, outputs).
    std::vector<Seq2SeqTrace> traceProbes();

    double trainSeconds() const { return m_trainSeconds; }

private:
    void record();
    double learningRate(int step) const;

    Seq2SeqTrainConfig m_config;
    Seq2SeqTaskInfo m_task;
    std::unique_ptr<Seq2Seq<float>> m_model;
    std::unique_ptr<AdamW<float>> m_optimizer;
    std::vector<Seq2SeqExample> m_heldOut;
    int m_stepsDone = 0;
    double m_trainSeconds = 0.0;
    std::vector<StepStats> m_history;
    std::vector<Seq2SeqLogPoint> m_log;
};

} // namespace attn::train
