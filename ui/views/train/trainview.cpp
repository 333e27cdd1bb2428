#include "ui/views/train/trainview.h"

#include "core/sysinfo.h"
#include "core/train/headscenario.h"
#include "ui/document/scenariodocument.h"
#include "ui/plots/plotexport.h"
#include "ui/plots/trainingplot.h"
#include "ui/views/common/numberbox.h"
#include "ui/views/common/paintedexport.h"
#include "ui/views/train/headgrid.h"
#include "ui/views/train/tokeneffectpanel.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QThread>
#include <QVBoxLayout>

#include <cmath>

namespace attn::ui {

namespace {

const train::TaskKind kTasks[] = {train::TaskKind::Induction, train::TaskKind::PreviousToken,
                                  train::TaskKind::Copy, train::TaskKind::Reverse,
                                  train::TaskKind::Coreference};

/// The head-role scores the role box offers, in its order.
double roleOf(const train::HeadRoles &r, int role)
{
    switch (role) {
    case 0: return r.induction;
    case 1: return r.previous_token;
    case 2: return r.duplicate_token;
    case 3: return r.first_token;
    case 4: return r.target_token;
    default: return r.entropy;
    }
}

} // namespace

namespace {

/// Whether a coreference sentence's two names share a gender (then only the verb can decide).
bool namesShareGender(const train::TaskInfo &task, const std::vector<int> &tokens)
{
    if (task.kind != train::TaskKind::Coreference) return false;
    const int names = train::coreference::nameCount();
    std::vector<bool> female;
    for (int t : tokens)
        if (t >= 2 && t < 2 + names) female.push_back(t < 2 + names / 2);
    return female.size() == 2 && female[0] == female[1];
}

} // namespace

TrainView::TrainView(doc::ScenarioDocument *document, QWidget *parent) : FigureView(document, parent)
{
    buildControls();
    m_thread = new QThread(this);
    m_thread->setObjectName(QStringLiteral("training"));
    m_worker = new TrainWorker;
    m_worker->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &TrainWorker::ready, this,
            [this](const train::TaskInfo &task, const train::Batch &probes) {
                const std::vector<int> probe(probes.tokens.begin(), probes.tokens.begin() + probes.seq_len);
                m_taskInfo = task;
                m_effects->setProbes(task, probes);
                m_probeTokens.clear();
                for (int t : probe) m_probeTokens << QString::fromStdString(task.token_names[std::size_t(t)]);
                m_error.clear();
            });
    connect(m_worker, &TrainWorker::updated, this, &TrainView::onUpdated);
    connect(m_worker, &TrainWorker::runFinished, this, [this] {
        setRunning(false);
        emit runFinished();
    });
    connect(m_worker, &TrainWorker::failed, this, [this](const QString &message) {
        m_error = message;
        m_snapshots.clear();
        m_log.clear();
        m_history.clear();
        refreshStatus();
    });
    m_thread->start();
    refreshStatus();
}

TrainView::~TrainView()
{
    // Stop the run after its current step, start no other, and wait for the thread.
    m_worker->shutdown();
    if (m_stop) m_stop->store(true);
    disconnect(m_worker, nullptr, this, nullptr);
    m_thread->quit();
    m_thread->wait();
}

int TrainView::defaultSteps() const
{
    return train::defaultTrainConfig(kTasks[std::clamp(m_task->currentIndex(), 0, 4)]).steps;
}

train::TrainConfig TrainView::config() const
{
    const train::TaskKind task = kTasks[std::clamp(m_task->currentIndex(), 0, 4)];
    train::TrainConfig c = train::defaultTrainConfig(task);
    c.seed = std::uint64_t(m_seed->value());
    c.model.num_layers = m_layers->value();
    c.model.num_heads = m_heads->value();
    c.model.d_model = m_dModel->value();
    c.model.head_dim = std::max(1, m_dModel->value() / m_heads->value());
    c.optimizer.learning_rate = m_lr->value();
    c.steps = m_steps->value();
    c.log_every = kLogEvery;
    c.threads = std::max(1, bench::availableThreads());
    return c;
}

void TrainView::restart()
{
    if (m_running) return; // the controls are disabled meanwhile
    m_configured = true;
    m_follow = true;
    m_stepsDone = 0;
    m_stepsPerSecond = 0;
    m_history.clear();
    m_log.clear();
    m_snapshots.clear();
    m_shown = 0;
    refreshCurves();
    refreshHeads();
    refreshStatus();
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, c = config()] { worker->setup(c); }, Qt::QueuedConnection);
    emit taskValuesChanged();
}

void TrainView::setRunning(bool running)
{
    m_running = running;
    m_play->setText(running ? tr("&Pause") : tr("&Play"));
    m_play->setToolTip(running ? tr("Stop after the current step (Space)")
                               : tr("Train up to the last step on a thread of its own (Space)"));
    for (QWidget *w :
         {static_cast<QWidget *>(m_step), static_cast<QWidget *>(m_reset), static_cast<QWidget *>(m_task),
          static_cast<QWidget *>(m_seed), static_cast<QWidget *>(m_layers), static_cast<QWidget *>(m_heads),
          static_cast<QWidget *>(m_dModel), static_cast<QWidget *>(m_lr), static_cast<QWidget *>(m_steps)})
        w->setEnabled(!running);
    refreshStatus();
    emit taskValuesChanged();
}

void TrainView::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Space && event->modifiers() == Qt::NoModifier) {
        m_running ? pause() : play();
        event->accept();
        return;
    }
    FigureView::keyPressEvent(event);
}

void TrainView::play()
{
    ensureModel();
    if (m_running || !m_error.isEmpty() || m_stepsDone >= m_steps->value()) return;
    m_stop = std::make_shared<std::atomic<bool>>(false);
    setRunning(true);
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, stop = m_stop] { worker->train(0, stop); }, Qt::QueuedConnection);
}

void TrainView::pause()
{
    if (m_stop) m_stop->store(true);
}

void TrainView::stepOnce()
{
    ensureModel();
    if (m_running || !m_error.isEmpty()) return;
    m_stop = std::make_shared<std::atomic<bool>>(false);
    setRunning(true);
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, stop = m_stop] { worker->train(1, stop); }, Qt::QueuedConnection);
}

void TrainView::reset()
{
    if (m_running) return;
    if (!m_configured) return restart();
    m_follow = true;
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker] { worker->reset(); }, Qt::QueuedConnection);
}

void TrainView::showEvent(QShowEvent *event)
{
    ensureModel();
    FigureView::showEvent(event);
}

void TrainView::ensureModel()
{
    if (!m_configured) restart();
}

void TrainView::onUpdated(const TrainUpdatePtr &update)
{
    if (update->restarted) {
        m_history.clear();
        m_log.clear();
        m_snapshots.clear();
        m_model = update->model;
        m_stepsPerSecond = 0;
    }
    m_history.insert(m_history.end(), update->steps.begin(), update->steps.end());
    m_log.insert(m_log.end(), update->logged.begin(), update->logged.end());
    for (const TrainSnapshot &s : update->snapshots) m_snapshots.push_back(s);
    m_stepsDone = update->restarted ? 0 : update->stepsDone;
    m_target = update->target;
    if (!update->restarted) m_stepsPerSecond = update->stepsPerSecond;
    {
        const QSignalBlocker block(m_scrubber);
        m_scrubber->setRange(0, std::max(0, int(m_snapshots.size()) - 1));
    }
    if (m_follow || m_shown >= int(m_snapshots.size())) m_shown = std::max(0, int(m_snapshots.size()) - 1);
    {
        const QSignalBlocker block(m_scrubber);
        m_scrubber->setValue(m_shown);
    }
    refreshCurves();
    if (!update->snapshots.empty() || update->restarted) refreshHeads();
    refreshStatus();
    emit taskValuesChanged();
}

QString TrainView::roleName() const
{
    return m_role->currentText();
}

std::vector<double> TrainView::roleScores(const train::LogPoint &point) const
{
    std::vector<double> out;
    for (const train::HeadRoles &r : point.roles) out.push_back(roleOf(r, m_role->currentIndex()));
    return out;
}

void TrainView::refreshCurves()
{
    TrainingCurve trainLoss{tr("train loss"), {}, {}}, trainAccuracy{tr("train accuracy"), {}, {}};
    for (const train::StepStats &s : m_history) {
        trainLoss.steps.push_back(s.step);
        trainLoss.values.push_back(s.loss);
        trainAccuracy.steps.push_back(s.step);
        trainAccuracy.values.push_back(s.accuracy);
    }
    TrainingCurve heldLoss{tr("held-out loss"), {}, {}}, heldAccuracy{tr("held-out accuracy"), {}, {}};
    const int heads = m_model.num_heads;
    std::vector<TrainingCurve> roles(m_log.empty() ? 0 : m_log.front().roles.size());
    for (std::size_t i = 0; i < roles.size(); ++i)
        roles[i].name = tr("L%1 H%2").arg(heads > 0 ? int(i) / heads : 0).arg(heads > 0 ? int(i) % heads : 0);
    for (const train::LogPoint &p : m_log) {
        heldLoss.steps.push_back(p.step);
        heldLoss.values.push_back(p.heldout_loss);
        heldAccuracy.steps.push_back(p.step);
        heldAccuracy.values.push_back(p.heldout_accuracy);
        const std::vector<double> scores = roleScores(p);
        for (std::size_t i = 0; i < roles.size() && i < scores.size(); ++i) {
            roles[i].steps.push_back(p.step);
            roles[i].values.push_back(scores[i]);
        }
    }
    m_plot->setLoss(trainLoss, heldLoss, trainAccuracy, heldAccuracy);
    const double top = m_role->currentIndex() == 5 ? std::log(std::max(2, m_taskInfo.seq_len)) : 1.0;
    m_plot->setRoles(roleName(), roles, heads, top);
    m_plot->setStepRange(std::max(m_steps->value(), m_stepsDone));
    m_plot->setMarker(m_shown < int(m_snapshots.size()) ? m_snapshots[std::size_t(m_shown)].step : -1);
}

void TrainView::refreshHeads()
{
    HeadGridData data;
    if (m_shown < int(m_snapshots.size())) {
        const TrainSnapshot &s = m_snapshots[std::size_t(m_shown)];
        data.layers = m_model.num_layers;
        data.heads = m_model.num_heads;
        data.weights = s.probe.weights;
        data.tokens = m_probeTokens;
        data.step = s.step;
        data.scoreName = roleName();
        for (const train::LogPoint &p : m_log)
            if (p.step == s.step) data.score = roleScores(p);
        m_shownLabel->setText(tr("Heads on the probe at step %1").arg(s.step));
    }
    m_grid->setData(data);
    m_open->setEnabled(!m_snapshots.empty());
    std::optional<TokenEffectInput> input;
    if (m_shown < int(m_snapshots.size())) {
        const TrainSnapshot &s = m_snapshots[std::size_t(m_shown)];
        input = TokenEffectInput{m_model, s.weights, s.step};
    }
    m_effects->setInput(std::move(input));
}

void TrainView::refreshStatus()
{
    m_progress->setRange(0, std::max(1, m_steps->value()));
    m_progress->setValue(std::min(m_stepsDone, m_steps->value()));
    m_progress->setFormat(tr("step %1 / %2").arg(m_stepsDone).arg(m_steps->value()));
    if (!m_error.isEmpty()) {
        m_status->setText(tr("Refused: %1").arg(m_error));
        return;
    }
    QString text = m_stepsPerSecond > 0 ? tr("%1 steps/s").arg(m_stepsPerSecond, 0, 'f', 0) : QString();
    if (!m_log.empty()) {
        const train::LogPoint &p = m_log.back();
        text +=
            (text.isEmpty() ? QString() : QStringLiteral(" · ")) + tr("held-out loss %1, accuracy %2")
                                                                       .arg(p.heldout_loss, 0, 'f', 3)
                                                                       .arg(p.heldout_accuracy, 0, 'f', 3);
    }
    m_status->setText(text);
    m_status->setToolTip(text);
    m_play->setEnabled(m_running || m_stepsDone < m_steps->value());
}

void TrainView::showSnapshot(int index)
{
    if (m_snapshots.empty()) return;
    m_shown = std::clamp(index, 0, int(m_snapshots.size()) - 1);
    m_follow = m_shown == int(m_snapshots.size()) - 1;
    if (m_scrubber->value() != m_shown) {
        const QSignalBlocker block(m_scrubber);
        m_scrubber->setValue(m_shown);
    }
    m_plot->setMarker(m_snapshots[std::size_t(m_shown)].step);
    refreshHeads();
    emit taskValuesChanged();
}

bool TrainView::openHead(int layer, int head)
{
    if (m_snapshots.empty() || m_shown >= int(m_snapshots.size())) return false;
    const TrainSnapshot &s = m_snapshots[std::size_t(m_shown)];
    std::vector<std::string> labels;
    for (const QString &t : m_probeTokens) labels.push_back(t.toStdString());
    Scenario scenario;
    try {
        scenario = train::headScenario(m_model, s.weights, s.probe, layer, head, labels,
                                       tr("Layer %1, head %2 of a trained %3 model at step %4 (seed %5)")
                                           .arg(layer)
                                           .arg(head)
                                           .arg(m_task->currentText())
                                           .arg(s.step)
                                           .arg(m_seed->value())
                                           .toStdString());
    } catch (const std::exception &e) {
        m_status->setText(tr("Cannot open this head: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }
    if (!document()->replaceScenario(
            scenario, tr("Open layer %1, head %2 at step %3").arg(layer).arg(head).arg(s.step)))
        return false;
    ++m_headsOpened;
    emit taskValuesChanged();
    emit viewRequested(QStringLiteral("qkv"));
    return true;
}

QMap<QString, double> TrainView::taskValues() const
{
    QMap<QString, double> v;
    v.insert("step", m_stepsDone);
    v.insert("steps", m_steps->value());
    v.insert("running", m_running ? 1 : 0);
    v.insert("seed", m_seed->value());
    v.insert("task", m_task->currentIndex());
    v.insert("layers", m_layers->value());
    v.insert("heads", m_heads->value());
    v.insert("heads_opened", m_headsOpened);
    v.insert("role", m_role->currentIndex());
    v.insert("shown_step", m_shown < int(m_snapshots.size()) ? m_snapshots[std::size_t(m_shown)].step : 0);
    v.insert("effects_shown", m_side->currentWidget() == m_effects ? 1 : 0);
    v.insert("effect_change", int(m_effects->change()));
    v.insert("effect_sequence", m_effects->sequence());
    v.insert("effect_names_share_gender", namesShareGender(m_taskInfo, m_effects->sequenceTokens()) ? 1 : 0);
    v.insert("effect_position", m_effects->position());
    if (const auto &e = m_effects->effects()) {
        const bool deletion = m_effects->change() == TokenEffectPanel::Change::Delete;
        const RankComparison &cmp = deletion ? e->delete_vs_rollout : e->replace_vs_rollout;
        const Vector &effect = deletion ? e->delete_effect : e->replace_effect;
        v.insert("effect_step", m_effects->measuredStep());
        v.insert("effect_disagreeing", double(cmp.disagreeing_keys.size()));
        v.insert("effect_gamma", cmp.gamma);
        Index topRollout = 0, topEffect = -1;
        e->rollout.maxCoeff(&topRollout);
        double best = -1;
        for (Index j = 0; j < effect.size(); ++j)
            if (std::isfinite(effect(j)) && effect(j) > best) {
                best = effect(j);
                topEffect = j;
            }
        v.insert("effect_top_rollout", double(topRollout));
        v.insert("effect_top_effect", double(topEffect));
    }
    if (m_log.empty()) return v;
    const train::LogPoint &p = m_log.back();
    v.insert("heldout_loss", p.heldout_loss);
    v.insert("heldout_accuracy", p.heldout_accuracy);
    double induction = 0, previous = 0, target = 0;
    int inductionHeads = 0;
    const int heads = std::max(1, m_model.num_heads);
    for (std::size_t i = 0; i < p.roles.size(); ++i) {
        const train::HeadRoles &r = p.roles[i];
        const int layer = int(i) / heads;
        const auto finite = [](double x) { return std::isfinite(x) ? x : 0.0; };
        if (layer >= 1) induction = std::max(induction, finite(r.induction));
        if (layer >= 1 && finite(r.induction) >= 0.5) ++inductionHeads;
        if (layer == 0) previous = std::max(previous, finite(r.previous_token));
        target = std::max(target, finite(r.target_token));
    }
    v.insert("best_induction_layer1", induction);
    v.insert("best_previous_token_layer0", previous);
    v.insert("best_target_token", target);
    v.insert("induction_heads", inductionHeads);
    return v;
}

void TrainView::resetViewState()
{
    if (m_running) {
        pause();
        return; // the run stops after its step; the settings stay as the learner left them
    }
    const QSignalBlocker r(m_role), a(m_task), b(m_seed), c(m_layers), d(m_heads), e(m_dModel), f(m_lr),
        g(m_steps);
    m_headsOpened = 0;
    m_task->setCurrentIndex(0);
    m_role->setCurrentIndex(0);
    m_seed->setValue(0);
    m_layers->setValue(2);
    m_heads->setValue(4);
    m_dModel->setValue(64);
    m_lr->setValue(3e-3);
    m_steps->setValue(1000);
    restart();
}

bool TrainView::exportTo(const QString &path, const QString &format, QSize size, QString *error) const
{
    // The tab shown is the figure exported.
    if (m_side->currentWidget() == m_effects) {
        m_effects->refresh();
        return exportPainted(
            path, format, size, [this](QPainter &p, QSizeF s) { m_effects->paintFigure(p, s); }, error);
    }
    return exportPlot(m_plot, path, format, size, error);
}

void TrainView::showEffects(bool effects)
{
    m_side->setCurrentWidget(effects ? static_cast<QWidget *>(m_effects) : static_cast<QWidget *>(m_plot));
}

} // namespace attn::ui
