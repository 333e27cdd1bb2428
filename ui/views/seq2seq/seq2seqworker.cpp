#include "ui/views/seq2seq/seq2seqworker.h"

#include <QElapsedTimer>

#include <stdexcept>

namespace attn::ui {

Seq2SeqWorker::Seq2SeqWorker(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<attn::ui::Seq2SeqUpdatePtr>();
    qRegisterMetaType<attn::ui::Seq2SeqRunResultPtr>();
}

Seq2SeqWorker::~Seq2SeqWorker() = default;

Seq2SeqSnapshot Seq2SeqWorker::snapshot()
{
    Seq2SeqSnapshot s;
    s.step = m_trainer->stepsDone();
    s.probes = m_trainer->traceProbes();
    s.weights = m_trainer->model().exportParameters();
    return s;
}

void Seq2SeqWorker::sendRestart()
{
    auto update = std::make_shared<Seq2SeqUpdate>();
    update->restarted = true;
    update->model = m_trainer->model().config();
    update->task = m_trainer->task();
    const auto &held = m_trainer->heldOut();
    update->probes.assign(held.begin(), held.begin() + m_trainer->config().probe_count);
    update->logged = m_trainer->log(); // step 0
    update->snapshots.push_back(snapshot());
    emit updated(update);
}

void Seq2SeqWorker::setup(const train::Seq2SeqTrainConfig &config)
{
    try {
        m_trainer = std::make_unique<train::Seq2SeqTrainer>(config);
    } catch (const std::invalid_argument &e) {
        m_trainer.reset();
        emit failed(QString::fromUtf8(e.what()));
        return;
    }
    sendRestart();
}

void Seq2SeqWorker::reset()
{
    if (!m_trainer) return;
    setup(m_trainer->config());
}

void Seq2SeqWorker::train(const Seq2SeqStop &stop)
{
    if (!m_trainer || m_closing.load() || stop->load()) {
        emit runFinished(false);
        return;
    }
    train::Seq2SeqTrainer &t = *m_trainer;
    auto pending = std::make_shared<Seq2SeqUpdate>();
    QElapsedTimer sinceSent;
    sinceSent.start();
    const auto send = [&] {
        pending->stepsDone = t.stepsDone();
        pending->stepsPerSecond = t.trainSeconds() > 0 ? t.stepsDone() / t.trainSeconds() : 0.0;
        emit updated(pending);
        pending = std::make_shared<Seq2SeqUpdate>();
        sinceSent.restart();
    };
    const auto logged = [&] {
        pending->logged.push_back(t.log().back());
        pending->snapshots.push_back(snapshot());
    };
    while (t.stepsDone() < t.config().steps && !stop->load() && !m_closing.load()) {
        const std::size_t logs = t.log().size();
        pending->steps.push_back(t.step());
        if (t.log().size() > logs) logged();
        if (t.log().size() > logs || sinceSent.elapsed() >= 100) send();
    }
    // A run stopped between two logged steps records where it stopped.
    if (t.log().back().step != t.stepsDone()) {
        t.logNow();
        logged();
    }
    if (!pending->steps.empty() || !pending->logged.empty()) send();
    emit runFinished(stop->load());
}

void Seq2SeqWorker::runBatch(int job, const std::vector<train::Seq2SeqTrainConfig> &configs,
                             const Seq2SeqStop &stop)
{
    int total = 0, done = 0;
    for (const train::Seq2SeqTrainConfig &c : configs) total += c.steps;
    QElapsedTimer sinceSent;
    sinceSent.start();
    emit batchProgress(job, 0, total);
    for (std::size_t i = 0; i < configs.size() && !stop->load() && !m_closing.load(); ++i) {
        std::unique_ptr<train::Seq2SeqTrainer> t;
        try {
            t = std::make_unique<train::Seq2SeqTrainer>(configs[i]);
        } catch (const std::invalid_argument &e) {
            emit failed(QString::fromUtf8(e.what()));
            break;
        }
        while (t->stepsDone() < configs[i].steps && !stop->load() && !m_closing.load()) {
            t->step();
            ++done;
            if (sinceSent.elapsed() >= 100) {
                emit batchProgress(job, done, total);
                sinceSent.restart();
            }
        }
        if (t->stepsDone() < configs[i].steps) break; // stopped: no half-trained result
        t->logNow();
        auto result = std::make_shared<Seq2SeqRunResult>();
        result->job = job;
        result->index = int(i);
        result->config = t->config();
        result->task = t->task();
        result->final = t->log().back();
        result->probe = t->heldOut().front();
        result->trace = t->traceProbes().front();
        result->parameters = int(t->model().parameterCount());
        emit batchProgress(job, done, total);
        emit batchResult(result);
    }
    emit batchFinished(job, stop->load() || m_closing.load());
}

} // namespace attn::ui
