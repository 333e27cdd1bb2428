#include "core/train/seq2seqtrainer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace attn::train {

namespace {

void requireRange(const char *field, long long value, long long lo, long long hi)
{
    if (value < lo || value > hi)
        throw std::invalid_argument(std::string(field) + " must be from " + std::to_string(lo) + " to " +
                                    std::to_string(hi) + ", got " + std::to_string(value));
}

} // namespace

double alignmentAgreement(const Seq2SeqTaskInfo &task, const std::vector<Seq2SeqExample> &examples,
                          const std::vector<Seq2SeqTrace> &traces, int offset)
{
    Index counted = 0, agreed = 0;
    for (std::size_t e = 0; e < examples.size() && e < traces.size(); ++e) {
        const std::vector<int> reference = referenceAlignment(task, examples[e]);
        const Matrix &w = traces[e].weights; // (n, S)
        for (Index t = 0; t < w.rows() && t < static_cast<Index>(reference.size()); ++t) {
            if (reference[static_cast<std::size_t>(t)] < 0) continue;
            Index best = 0;
            w.row(t).maxCoeff(&best);
            ++counted;
            const Index expected =
                std::clamp<Index>(reference[static_cast<std::size_t>(t)] + offset, 0, w.cols() - 1);
            if (best == expected) ++agreed;
        }
    }
    return counted ? static_cast<double>(agreed) / static_cast<double>(counted) : 0.0;
}

std::vector<LengthPoint> accuracyAgainstLength(const Seq2SeqTrainConfig &config,
                                               const std::vector<int> &lengths)
{
    if (config.task.kind != Seq2SeqTaskKind::Reverse)
        throw std::invalid_argument(
            "accuracy against length needs the reverse task (dates have their own lengths)");
    std::vector<LengthPoint> points;
    for (int length : lengths) {
        Seq2SeqTrainConfig c = config;
        c.task.length = length;
        requireRange("length", length, 1, 1024);
        Seq2SeqTrainer t(c);
        t.run();
        points.push_back({length, t.log().back(), static_cast<int>(t.model().parameterCount())});
    }
    return points;
}

double estimatedTrainingBytes(const Seq2SeqTrainConfig &config, const Seq2SeqTaskInfo &task)
{
    Seq2SeqConfig model = config.model;
    model.vocab_size = task.vocab_size;
    double parameters = 0;
    for (const ParameterSpec &spec : parameterSpecs(model)) parameters += double(spec.size());
    const double chunks = double(Seq2Seq<float>::chunkCount(config.batch_size, config.threads));
    // Dates read at most "31 December 2021" (7 tokens) and write "2021-12-31" (10).
    const double source = task.kind == Seq2SeqTaskKind::Reverse ? task.length : 8;
    const double target = task.kind == Seq2SeqTaskKind::Reverse ? task.length : 11;
    const double K = model.stateSize(), E = model.embed_dim, V = task.vocab_size;
    const double perExample = (source + target) * (12 * K + 2 * E) + target * source * 4 + target * V * 3;
    const double examples = std::max(config.batch_size, config.heldout_size);
    return 4.0 * (parameters * (4 + chunks) + perExample * examples);
}

Seq2SeqTrainer::Seq2SeqTrainer(const Seq2SeqTrainConfig &config) : m_config(config)
{
    m_task = describeSeq2SeqTask(m_config.task);
    m_config.model.vocab_size = m_task.vocab_size;
    m_config.model.bos_token = m_task.bos_token;
    validate(m_config.model);
    requireRange("batch_size", m_config.batch_size, 1, 65536);
    requireRange("steps", m_config.steps, 0, 100000000);
    requireRange("threads", m_config.threads, 1, 1024);
    requireRange("log_every", m_config.log_every, 1, 100000000);
    requireRange("heldout_size", m_config.heldout_size, 1, 1000000);
    requireRange("probe_count", m_config.probe_count, 1, m_config.heldout_size);
    if (!(m_config.optimizer.learning_rate > 0 && m_config.optimizer.learning_rate <= 10))
        throw std::invalid_argument("learning_rate must be in (0, 10], got " +
                                    std::to_string(m_config.optimizer.learning_rate));
    if (const double bytes = estimatedTrainingBytes(m_config, m_task); bytes > kSeq2SeqMemoryLimit) {
        char gib[64];
        std::snprintf(gib, sizeof gib, "%.1f", bytes / (1024.0 * 1024 * 1024));
        throw std::invalid_argument(std::string("the run could need up to about ") + gib +
                                    " GiB (hidden, embed_dim, symbols, length and batch_size together); the "
                                    "limit is 2 GiB: make one of them smaller");
    }
    m_model = std::make_unique<Seq2Seq<float>>(m_config.model);
    m_optimizer = std::make_unique<AdamW<float>>(m_model->decayMask());
    m_heldOut = makeSeq2SeqBatch(m_task, Split::HeldOut, m_config.seed, 0, m_config.heldout_size);
    m_model->initialize(m_config.seed);
    record();
}

Seq2SeqTrainer::~Seq2SeqTrainer() = default;

double Seq2SeqTrainer::learningRate(int step) const
{
    return scheduledLearningRate(m_config.optimizer.learning_rate, step, 0, m_config.steps,
                                 m_config.cosine_decay);
}

StepStats Seq2SeqTrainer::step()
{
    const auto start = std::chrono::steady_clock::now();
    const int index = m_stepsDone + 1;
    const std::vector<Seq2SeqExample> batch = makeSeq2SeqBatch(
        m_task, Split::Train, m_config.seed, static_cast<std::uint64_t>(index), m_config.batch_size);
    const LossStats s = m_model->forwardBackward(batch, m_config.threads);
    StepStats st;
    st.step = index;
    st.loss = s.loss;
    st.accuracy = s.accuracy;
    st.grad_norm =
        clipGradientNorm(m_model->gradients().data(), m_model->parameterCount(), m_config.grad_clip);
    st.learning_rate = learningRate(index);
    m_optimizer->step(m_model->parameters().data(), m_model->gradients().data(), m_config.optimizer,
                      st.learning_rate);
    m_stepsDone = index;
    m_history.push_back(st);
    m_trainSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (index % m_config.log_every == 0) record();
    return st;
}

int Seq2SeqTrainer::run(int steps)
{
    const int count = steps < 0 ? m_config.steps : steps;
    for (int i = 0; i < count; ++i) step();
    if (count > 0) logNow();
    return count;
}

void Seq2SeqTrainer::logNow()
{
    if (m_log.back().step != m_stepsDone) record();
}

Seq2SeqLogPoint Seq2SeqTrainer::measure()
{
    Seq2SeqLogPoint p;
    p.step = m_stepsDone;
    const LossStats held = m_model->evaluate(m_heldOut, Decoding::TeacherForcing, m_config.threads);
    p.heldout_loss = held.loss;
    p.heldout_accuracy = held.accuracy;
    const std::vector<Seq2SeqTrace> traces = m_model->trace(m_heldOut, Decoding::Greedy, m_config.threads);
    Index right = 0, tokens = 0;
    for (std::size_t e = 0; e < traces.size(); ++e) {
        const std::vector<int> &target = m_heldOut[e].target;
        for (std::size_t t = 0; t < target.size(); ++t) right += traces[e].output[t] == target[t] ? 1 : 0;
        tokens += static_cast<Index>(target.size());
    }
    p.greedy_accuracy = static_cast<double>(right) / static_cast<double>(tokens);
    p.alignment_accuracy = m_config.model.attention ? alignmentAgreement(m_task, m_heldOut, traces) : 0.0;
    p.alignment_after = m_config.model.attention ? alignmentAgreement(m_task, m_heldOut, traces, 1) : 0.0;
    p.seconds = m_trainSeconds;
    if (m_config.model.attention)
        for (std::size_t e = 0; e < static_cast<std::size_t>(m_config.probe_count); ++e)
            p.probe_alignments.push_back(traces[e].weights); // the probes are the first held-out examples
    return p;
}

void Seq2SeqTrainer::record()
{
    Seq2SeqLogPoint p = measure();
    const int previous = m_log.empty() ? 0 : m_log.back().step;
    if (m_stepsDone > previous) {
        double loss = 0, accuracy = 0;
        for (int s = previous; s < m_stepsDone; ++s) {
            loss += m_history[static_cast<std::size_t>(s)].loss;
            accuracy += m_history[static_cast<std::size_t>(s)].accuracy;
        }
        p.train_loss = loss / (m_stepsDone - previous);
        p.train_accuracy = accuracy / (m_stepsDone - previous);
    } else {
        p.train_loss = p.heldout_loss;
        p.train_accuracy = p.heldout_accuracy;
    }
    m_log.push_back(p);
}

std::vector<Seq2SeqTrace> Seq2SeqTrainer::traceProbes()
{
    const std::vector<Seq2SeqExample> probes(m_heldOut.begin(), m_heldOut.begin() + m_config.probe_count);
    return m_model->trace(probes, Decoding::Greedy, m_config.threads);
}

} // namespace attn::train
