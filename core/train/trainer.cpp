#include "core/train/trainer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
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

void requirePositive(const char *field, double value, double hi)
{
    if (!(value > 0 && value <= hi))
        throw std::invalid_argument(std::string(field) + " must be in (0, " + std::to_string(hi) + "], got " +
                                    std::to_string(value));
}

} // namespace

TrainConfig defaultTrainConfig(TaskKind task)
{
    TrainConfig c;
    c.task.kind = task;
    if (task == TaskKind::Coreference) c.steps = 1500;
    return c;
}

Trainer::Trainer(const TrainConfig &config) : m_config(config)
{
    m_task = describeTask(m_config.task);
    m_config.model.vocab_size = m_task.vocab_size;
    m_config.model.n_ctx = m_task.seq_len;
    validate(m_config.model);
    requireRange("batch_size", m_config.batch_size, 1, 65536);
    requireRange("steps", m_config.steps, 0, 100000000);
    requireRange("warmup_steps", m_config.warmup_steps, 0, 100000000);
    requireRange("threads", m_config.threads, 1, 1024);
    requireRange("log_every", m_config.log_every, 1, 100000000);
    requireRange("heldout_size", m_config.heldout_size, 1, 1000000);
    requireRange("probe_count", m_config.probe_count, 1, 100000);
    requirePositive("learning_rate", m_config.optimizer.learning_rate, 10.0);
    if (!(m_config.optimizer.beta1 >= 0 && m_config.optimizer.beta1 < 1) ||
        !(m_config.optimizer.beta2 >= 0 && m_config.optimizer.beta2 < 1))
        throw std::invalid_argument("beta1 and beta2 must be in [0, 1)");
    if (!(m_config.optimizer.weight_decay >= 0 && m_config.optimizer.weight_decay <= 10))
        throw std::invalid_argument("weight_decay must be in [0, 10], got " +
                                    std::to_string(m_config.optimizer.weight_decay));
    requirePositive("eps", m_config.optimizer.eps, 1.0);

    m_model = std::make_unique<Model<float>>(m_config.model);
    std::vector<std::uint8_t> decay(static_cast<std::size_t>(m_model->parameterCount()), 0);
    for (std::size_t t = 0; t < m_model->specs().size(); ++t)
        if (m_model->specs()[t].decay)
            std::fill(decay.begin() + m_model->offset(t),
                      decay.begin() + m_model->offset(t) + m_model->specs()[t].size(), 1);
    m_optimizer = std::make_unique<AdamW<float>>(std::move(decay));
    m_heldOut = makeBatch(m_task, Split::HeldOut, m_config.seed, 0, m_config.heldout_size);
    m_probes = makeBatch(m_task, Split::Probe, m_config.seed, 0, m_config.probe_count);
    reset();
}

Trainer::~Trainer() = default;

void Trainer::reset()
{
    m_model->initialize(m_config.seed);
    std::fill(m_model->gradients().begin(), m_model->gradients().end(), 0.0f);
    m_optimizer->reset();
    m_stepsDone = 0;
    m_trainSeconds = 0.0;
    m_trainCpuSeconds = 0.0;
    m_history.clear();
    m_log.clear();
    m_snapshots.clear();
    record();
}

double Trainer::learningRate(int step) const
{
    return scheduledLearningRate(m_config.optimizer.learning_rate, step, m_config.warmup_steps,
                                 m_config.steps, m_config.cosine_decay);
}

StepStats Trainer::step()
{
    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpuStart = std::clock();
    const int index = m_stepsDone + 1;
    const Batch batch = makeBatch(m_task, Split::Train, m_config.seed, static_cast<std::uint64_t>(index),
                                  m_config.batch_size);
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
    m_trainCpuSeconds += static_cast<double>(std::clock() - cpuStart) / CLOCKS_PER_SEC;
    if (index % m_config.log_every == 0) record();
    return st;
}

int Trainer::run(int steps, const std::function<void(const TrainProgress &)> &progress,
                 const std::atomic<bool> *cancel)
{
    const int count = steps < 0 ? m_config.steps : steps;
    const int target = m_stepsDone + count;
    int done = 0;
    while (done < count && !(cancel && cancel->load())) {
        TrainProgress p;
        p.last = step();
        ++done;
        if (done == count && m_log.back().step != m_stepsDone) record();
        p.step = m_stepsDone;
        p.target = target;
        p.logged = m_log.back().step == m_stepsDone ? &m_log.back() : nullptr;
        p.steps_per_second = stepsPerSecond();
        if (progress) progress(p);
    }
    if (done > 0 && m_log.back().step != m_stepsDone) record(); // cancelled between logs
    return done;
}

LogPoint Trainer::measure()
{
    LogPoint p;
    p.step = m_stepsDone;
    const LossStats held = m_model->evaluate(m_heldOut, m_config.threads);
    p.heldout_loss = held.loss;
    p.heldout_accuracy = held.accuracy;
    p.roles = headRoles(traceProbes(), m_probes, m_config.model.num_layers, m_config.model.num_heads);
    p.seconds = m_trainSeconds;
    return p;
}

void Trainer::record()
{
    LogPoint p = measure();
    // The training curve at this point: the mean of the steps since the previous log point
    // (at step 0, the loss of the first training batch before any update).
    const int previous = m_log.empty() ? 0 : m_log.back().step;
    if (m_stepsDone == 0) {
        const Batch first = makeBatch(m_task, Split::Train, m_config.seed, 1, m_config.batch_size);
        const LossStats s = m_model->evaluate(first, m_config.threads);
        p.train_loss = s.loss;
        p.train_accuracy = s.accuracy;
    } else {
        double loss = 0, accuracy = 0;
        for (int s = previous; s < m_stepsDone; ++s) {
            loss += m_history[static_cast<std::size_t>(s)].loss;
            accuracy += m_history[static_cast<std::size_t>(s)].accuracy;
        }
        p.train_loss = loss / (m_stepsDone - previous);
        p.train_accuracy = accuracy / (m_stepsDone - previous);
    }
    m_log.push_back(std::move(p));
    if (m_config.keep_snapshots) m_snapshots.push_back({m_stepsDone, m_model->exportParameters()});
}

std::vector<ProbeTrace> Trainer::traceProbes()
{
    return m_model->probe(m_probes, m_config.threads);
}

ProbeTrace Trainer::trace(const std::vector<int> &tokens)
{
    Batch b = Batch::zeros(1, static_cast<Index>(tokens.size()));
    b.tokens = tokens;
    return m_model->probe(b, 1).front();
}

double Trainer::stepsPerSecond() const
{
    return m_trainSeconds > 0 ? static_cast<double>(m_stepsDone) / m_trainSeconds : 0.0;
}

} // namespace attn::train
