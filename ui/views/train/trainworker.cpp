#include "ui/views/train/trainworker.h"

#include <QElapsedTimer>

#include <algorithm>
#include <stdexcept>

namespace attn::ui {

TrainWorker::TrainWorker(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<attn::train::TrainConfig>();
    qRegisterMetaType<attn::train::TaskInfo>();
    qRegisterMetaType<attn::ui::TrainUpdatePtr>();
    qRegisterMetaType<attn::ui::StopToken>();
    qRegisterMetaType<std::vector<int>>();
    qRegisterMetaType<attn::train::Batch>();
}

TrainWorker::~TrainWorker() = default;

TrainSnapshot TrainWorker::snapshot(int step)
{
    TrainSnapshot s;
    s.step = step;
    s.probe = m_trainer->trace(m_probe);
    s.weights = m_trainer->weights();
    return s;
}

void TrainWorker::sendRestart()
{
    auto update = std::make_shared<TrainUpdate>();
    update->restarted = true;
    update->model = m_trainer->config().model;
    update->logged = m_trainer->log(); // step 0
    update->snapshots.push_back(snapshot(0));
    update->target = m_trainer->config().steps;
    emit updated(update);
}

void TrainWorker::setup(const train::TrainConfig &config)
{
    train::TrainConfig c = config;
    c.keep_snapshots = false; // the view keeps its own, with the probe's trace
    try {
        m_trainer = std::make_unique<train::Trainer>(c);
    } catch (const std::invalid_argument &e) {
        m_trainer.reset();
        emit failed(QString::fromUtf8(e.what()));
        return;
    }
    const train::Batch &probes = m_trainer->probes();
    m_probe.assign(probes.tokens.begin(), probes.tokens.begin() + probes.seq_len);
    emit ready(m_trainer->task(), probes);
    sendRestart();
}

void TrainWorker::reset()
{
    if (!m_trainer) return;
    m_trainer->reset();
    sendRestart();
}

void TrainWorker::train(int steps, const StopToken &stop)
{
    if (!m_trainer || m_closing.load() || stop->load()) {
        emit runFinished(false);
        return;
    }
    train::Trainer &t = *m_trainer;
    const int count = steps > 0 ? steps : std::max(0, t.config().steps - t.stepsDone());
    const int target = t.stepsDone() + count;
    auto pending = std::make_shared<TrainUpdate>();
    QElapsedTimer sinceSent;
    sinceSent.start();
    const auto send = [&] {
        pending->stepsDone = t.stepsDone();
        pending->target = target;
        pending->stepsPerSecond = t.stepsPerSecond();
        emit updated(pending);
        pending = std::make_shared<TrainUpdate>();
        sinceSent.restart();
    };
    int lastLogged = t.log().back().step;
    t.run(
        count,
        [&](const train::TrainProgress &p) {
            pending->steps.push_back(p.last);
            if (p.logged) {
                pending->logged.push_back(*p.logged);
                pending->snapshots.push_back(snapshot(p.step));
                lastLogged = p.step;
            }
            if (p.logged || sinceSent.elapsed() >= 100) send();
        },
        stop.get());
    // A stopped run logs its last step after the last progress report.
    if (t.log().back().step > lastLogged) {
        pending->logged.push_back(t.log().back());
        pending->snapshots.push_back(snapshot(t.stepsDone()));
    }
    if (!pending->steps.empty() || !pending->logged.empty()) send();
    emit runFinished(stop->load());
}

} // namespace attn::ui
