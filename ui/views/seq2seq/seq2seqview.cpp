#include "ui/views/seq2seq/seq2seqview.h"

#include "core/sysinfo.h"
#include "core/train/seq2seqscenario.h"
#include "ui/document/scenariodocument.h"
#include "ui/plots/curveplot.h"
#include "ui/plots/heatmapplot.h"

#include <QCheckBox>
#include <QComboBox>
#include <QKeyEvent>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>
#include <QThread>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

const QColor kTrainColor(0x9a, 0xb8, 0xd0);
const QColor kHeldOutColor(0x1b, 0x6c, 0x8c);
const QColor kAccuracyColor(0xd9, 0x5f, 0x02);
const QColor kAlignmentColor(0x1b, 0x9e, 0x77);

} // namespace

Seq2SeqView::Seq2SeqView(doc::ScenarioDocument *document, QWidget *parent) : FigureView(document, parent)
{
    buildControls();
    m_thread = new QThread(this);
    m_thread->setObjectName(QStringLiteral("seq2seq training"));
    m_worker = new Seq2SeqWorker;
    m_worker->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &Seq2SeqWorker::updated, this, &Seq2SeqView::onUpdated);
    connect(m_worker, &Seq2SeqWorker::runFinished, this, [this] {
        m_running = false;
        setBusy();
        emit runFinished();
    });
    connect(m_worker, &Seq2SeqWorker::failed, this, [this](const QString &message) {
        m_error = message;
        refreshStatus();
    });
    connect(m_worker, &Seq2SeqWorker::batchProgress, this, [this](int, int done, int total) {
        m_jobDone = done;
        m_jobTotal = total;
        refreshStatus();
    });
    connect(m_worker, &Seq2SeqWorker::batchResult, this, &Seq2SeqView::onBatchResult);
    connect(m_worker, &Seq2SeqWorker::batchFinished, this, [this] {
        m_job = NoJob;
        setBusy();
        emit runFinished();
    });
    m_thread->start();
    refreshCurves();
    refreshComparison();
    refreshLengths();
    setBusy();
}

Seq2SeqView::~Seq2SeqView()
{
    // Stop the work after its current step, start no other, and wait for the thread.
    m_worker->shutdown();
    if (m_stop) m_stop->store(true);
    disconnect(m_worker, nullptr, this, nullptr);
    m_thread->quit();
    m_thread->wait();
}

train::Seq2SeqTrainConfig Seq2SeqView::config() const
{
    train::Seq2SeqTrainConfig c;
    c.task.kind =
        m_task->currentIndex() == 1 ? train::Seq2SeqTaskKind::Dates : train::Seq2SeqTaskKind::Reverse;
    if (c.task.kind == train::Seq2SeqTaskKind::Reverse) c.task.length = m_length->value();
    c.model.score = static_cast<train::ScoreKind>(std::clamp(m_score->currentIndex(), 0, 2));
    c.model.attention = !m_noAttention->isChecked();
    c.model.local_window = c.model.attention ? m_local->value() : 0;
    c.model.bidirectional = m_bidirectional->isChecked();
    c.seed = std::uint64_t(m_seed->value());
    c.steps = m_steps->value();
    c.log_every = kLogEvery;
    c.threads = std::clamp(bench::availableThreads(), 1, 8);
    return c;
}

void Seq2SeqView::restart()
{
    if (isRunning()) return; // the controls are disabled meanwhile
    m_configured = true;
    m_follow = true;
    m_stepsDone = 0;
    m_stepsPerSecond = 0;
    m_history.clear();
    m_log.clear();
    m_snapshots.clear();
    m_shown = 0;
    m_error.clear();
    m_local->setEnabled(!m_noAttention->isChecked());
    m_length->setEnabled(m_task->currentIndex() == 0);
    refreshCurves();
    refreshAlignment();
    refreshStatus();
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, c = config()] { worker->setup(c); }, Qt::QueuedConnection);
    emit taskValuesChanged();
}

void Seq2SeqView::ensureModel()
{
    if (!m_configured) restart();
}

void Seq2SeqView::showEvent(QShowEvent *event)
{
    ensureModel();
    FigureView::showEvent(event);
}

void Seq2SeqView::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Space && event->modifiers() == Qt::NoModifier) {
        m_running ? pause() : train();
        event->accept();
        return;
    }
    FigureView::keyPressEvent(event);
}

void Seq2SeqView::train()
{
    ensureModel();
    if (isRunning() || !m_error.isEmpty() || m_stepsDone >= m_steps->value()) return;
    m_stop = std::make_shared<std::atomic<bool>>(false);
    m_running = true;
    setBusy();
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, stop = m_stop] { worker->train(stop); }, Qt::QueuedConnection);
}

void Seq2SeqView::pause()
{
    if (m_running && m_stop) m_stop->store(true);
}

void Seq2SeqView::cancel()
{
    if (m_stop) m_stop->store(true);
}

void Seq2SeqView::reset()
{
    if (isRunning()) return;
    if (!m_configured) return restart();
    m_follow = true;
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker] { worker->reset(); }, Qt::QueuedConnection);
}

void Seq2SeqView::setBusy()
{
    const bool busy = isRunning();
    m_train->setText(m_running ? tr("&Pause") : tr("&Train"));
    m_train->setToolTip(m_running ? tr("Stop after the current step (Space)")
                                  : tr("Train to the last step on a thread of its own (Space)"));
    m_train->setEnabled(m_job == NoJob);
    for (QWidget *w :
         std::initializer_list<QWidget *>{m_task, m_score, m_bidirectional, m_noAttention, m_seed, m_steps,
                                          m_reset, m_compare, m_measure, m_compareKind})
        w->setEnabled(!busy);
    m_local->setEnabled(!busy && !m_noAttention->isChecked());
    m_length->setEnabled(!busy && m_task->currentIndex() == 0);
    m_cancel->setEnabled(busy);
    m_open->setEnabled(!busy && m_model.attention && !m_snapshots.empty());
    refreshStatus();
    emit taskValuesChanged();
}

void Seq2SeqView::onUpdated(const Seq2SeqUpdatePtr &update)
{
    if (update->restarted) {
        m_history.clear();
        m_log.clear();
        m_snapshots.clear();
        m_model = update->model;
        m_taskInfo = update->task;
        m_probes = update->probes;
        m_stepsPerSecond = 0;
        m_error.clear();
    }
    m_history.insert(m_history.end(), update->steps.begin(), update->steps.end());
    m_log.insert(m_log.end(), update->logged.begin(), update->logged.end());
    m_snapshots.insert(m_snapshots.end(), update->snapshots.begin(), update->snapshots.end());
    m_stepsDone = update->restarted ? 0 : update->stepsDone;
    if (!update->restarted) m_stepsPerSecond = update->stepsPerSecond;
    const int last = std::max(0, int(m_snapshots.size()) - 1);
    if (m_follow || m_shown > last) m_shown = last;
    {
        const QSignalBlocker block(m_scrubber);
        m_scrubber->setRange(0, last);
        m_scrubber->setValue(m_shown);
    }
    refreshCurves();
    if (!update->snapshots.empty()) refreshAlignment();
    refreshStatus();
    emit taskValuesChanged();
}

QString Seq2SeqView::tokenName(int token) const
{
    return token >= 0 && token < int(m_taskInfo.token_names.size())
               ? QString::fromStdString(m_taskInfo.token_names[std::size_t(token)])
               : QString::number(token);
}

QStringList Seq2SeqView::tokenNames(const std::vector<int> &tokens, const train::Seq2SeqTaskInfo &task) const
{
    QStringList names;
    for (int t : tokens)
        names << (t >= 0 && t < int(task.token_names.size())
                      ? QString::fromStdString(task.token_names[std::size_t(t)])
                      : QString::number(t));
    return names;
}

QString Seq2SeqView::runName(const train::Seq2SeqConfig &model) const
{
    if (!model.attention) return tr("no attention");
    static const char *const scores[] = {QT_TR_NOOP("additive"), QT_TR_NOOP("dot"), QT_TR_NOOP("general")};
    QString name = tr(scores[std::clamp(int(model.score), 0, 2)]);
    if (model.local_window > 0) name = tr("%1, local-p D = %2").arg(name).arg(model.local_window);
    return model.bidirectional ? tr("%1, bidirectional").arg(name) : name;
}

void Seq2SeqView::refreshCurves()
{
    CurveData trainLoss{tr("train loss"), {}, {}, kTrainColor, 1.0};
    for (const train::StepStats &s : m_history) {
        trainLoss.x.push_back(s.step);
        trainLoss.y.push_back(s.loss);
    }
    CurveData heldLoss{tr("held-out loss"), {}, {}, kHeldOutColor, 2.5};
    CurveData heldAccuracy{
        tr("teacher-forced accuracy"), {}, {}, kAccuracyColor.lighter(140), 1.5, Qt::DashLine, false, true};
    CurveData greedy{tr("greedy accuracy"), {}, {}, kAccuracyColor, 2.5, Qt::SolidLine, false, true};
    CurveData aligned{tr("on the reference token"), {}, {}, kAlignmentColor, 2.0, Qt::DotLine, false, true};
    for (const train::Seq2SeqLogPoint &p : m_log) {
        for (CurveData *c : {&heldLoss, &heldAccuracy, &greedy, &aligned}) c->x.push_back(p.step);
        heldLoss.y.push_back(p.heldout_loss);
        heldAccuracy.y.push_back(p.heldout_accuracy);
        greedy.y.push_back(p.greedy_accuracy);
        aligned.y.push_back(p.alignment_accuracy);
    }
    std::vector<CurveData> curves{trainLoss, heldLoss, heldAccuracy, greedy};
    if (m_model.attention) curves.push_back(aligned);
    m_curves->setCurves(curves, 1.0, 1.0);
    m_curves->setXRange(0, std::max(m_steps->value(), m_stepsDone));
}

void Seq2SeqView::refreshAlignment()
{
    const bool have = m_shown < int(m_snapshots.size()) && !m_probes.empty();
    if (!have || !m_model.attention) {
        m_heatmap->clear();
        m_heatmap->setTitle(
            have ? tr("No attention: the decoder reads only the encoder's last state, so there is "
                      "no alignment to draw")
                 : tr("Alignment"));
        m_shownLabel->setText(have ? tr("The baseline at step %1").arg(m_snapshots[std::size_t(m_shown)].step)
                                   : QString());
        m_open->setEnabled(false);
        return;
    }
    const Seq2SeqSnapshot &s = m_snapshots[std::size_t(m_shown)];
    const int probe = std::clamp(m_probe->value() - 1, 0, int(s.probes.size()) - 1);
    const train::Seq2SeqTrace &trace = s.probes[std::size_t(probe)];
    const train::Seq2SeqExample &example = m_probes[std::size_t(probe)];
    const HeadTrace head = alignmentHead(trace, m_model.local_window);
    m_heatmap->setHead(head, tokenNames(example.target, m_taskInfo), tokenNames(example.source, m_taskInfo));
    m_heatmap->setTitle(
        tr("Alignment of example %1 at step %2 (%3)").arg(probe + 1).arg(s.step).arg(runName(m_model)));
    int right = 0;
    for (std::size_t t = 0; t < example.target.size() && t < trace.output.size(); ++t)
        right += trace.output[t] == example.target[t] ? 1 : 0;
    m_shownLabel->setText(
        tr("Step %1: fed its own outputs, the decoder writes “%2” (%3 of %4 right); each row "
           "is labelled with the token it should write.")
            .arg(s.step)
            .arg(tokenNames(trace.output, m_taskInfo).join(QLatin1Char(' ')))
            .arg(right)
            .arg(example.target.size()));
    {
        const QSignalBlocker block(m_decoderStep);
        m_decoderStep->setRange(1, std::max<int>(1, int(trace.weights.rows())));
    }
    m_heatmap->setSelectedQuery(m_decoderStep->value() - 1);
    m_open->setEnabled(!isRunning());
}

HeadTrace Seq2SeqView::alignmentHead(const train::Seq2SeqTrace &trace, int localWindow)
{
    HeadTrace head;
    head.weights = trace.weights; // (n, S)
    head.visible = BoolMatrix::Constant(trace.weights.rows(), trace.weights.cols(), true);
    const Index S = trace.weights.cols(), D = localWindow;
    if (D > 0 && Index(trace.positions.size()) == trace.weights.rows())
        for (Index t = 0; t < trace.weights.rows(); ++t) {
            // Local-p's window: ±D around round(p_t), clamped into the source.
            const Index centre =
                std::clamp<Index>(Index(std::lround(trace.positions[std::size_t(t)])), 0, S - 1);
            for (Index j = 0; j < S; ++j) head.visible(t, j) = std::abs(j - centre) <= D;
        }
    return head;
}

void Seq2SeqView::refreshStatus()
{
    if (m_job != NoJob) {
        m_progress->setRange(0, std::max(1, m_jobTotal));
        m_progress->setValue(std::min(m_jobDone, m_jobTotal));
        m_progress->setFormat(m_job == CompareJob
                                  ? tr("comparing: step %1 of %2").arg(m_jobDone).arg(m_jobTotal)
                                  : tr("lengths: step %1 of %2").arg(m_jobDone).arg(m_jobTotal));
    } else {
        m_progress->setRange(0, std::max(1, m_steps->value()));
        m_progress->setValue(std::min(m_stepsDone, m_steps->value()));
        m_progress->setFormat(tr("step %1 / %2").arg(m_stepsDone).arg(m_steps->value()));
    }
    if (!m_error.isEmpty()) {
        m_status->setText(tr("Refused: %1").arg(m_error));
        return;
    }
    QString text = m_stepsPerSecond > 0 ? tr("%1 steps/s").arg(m_stepsPerSecond, 0, 'f', 0) : QString();
    if (!m_log.empty()) {
        const train::Seq2SeqLogPoint &p = m_log.back();
        text += (text.isEmpty() ? QString() : QStringLiteral(" · ")) +
                tr("held out: loss %1, accuracy %2 (teacher forced), %3 (greedy)")
                    .arg(p.heldout_loss, 0, 'f', 3)
                    .arg(p.heldout_accuracy, 0, 'f', 3)
                    .arg(p.greedy_accuracy, 0, 'f', 3);
        if (m_model.attention)
            text += tr(" · largest weight on the reference token in %1 of the steps (one after it: %2)")
                        .arg(p.alignment_accuracy, 0, 'f', 3)
                        .arg(p.alignment_after, 0, 'f', 3);
    }
    m_status->setText(text);
    m_status->setToolTip(text);
}

void Seq2SeqView::showSnapshot(int index)
{
    if (m_snapshots.empty()) return;
    m_shown = std::clamp(index, 0, int(m_snapshots.size()) - 1);
    m_follow = m_shown == int(m_snapshots.size()) - 1;
    if (m_scrubber->value() != m_shown) {
        const QSignalBlocker block(m_scrubber);
        m_scrubber->setValue(m_shown);
    }
    refreshAlignment();
    emit taskValuesChanged();
}

void Seq2SeqView::showProbe(int probe)
{
    if (m_probe->value() != probe + 1) {
        m_probe->setValue(probe + 1); // comes back here through valueChanged
        return;
    }
    refreshAlignment();
    emit taskValuesChanged();
}

bool Seq2SeqView::openStep(int step)
{
    if (m_shown >= int(m_snapshots.size()) || m_probes.empty()) return false;
    const Seq2SeqSnapshot &s = m_snapshots[std::size_t(m_shown)];
    const int probe = std::clamp(m_probe->value() - 1, 0, int(s.probes.size()) - 1);
    const train::Seq2SeqExample &example = m_probes[std::size_t(probe)];
    std::vector<std::string> labels;
    for (const QString &t : tokenNames(example.source, m_taskInfo)) labels.push_back(t.toStdString());
    const QString writes = step >= 0 && step < int(example.target.size())
                               ? tokenName(example.target[std::size_t(step)])
                               : QString();
    Scenario scenario;
    try {
        scenario = train::decoderStepScenario(
            m_model, s.weights, s.probes[std::size_t(probe)], step, labels,
            tr("step %1 → %2").arg(step + 1).arg(writes).toStdString(),
            tr("Decoder step %1 of example %2 (%3) at training step %4, seed %5: its state asks, the encoder "
               "states answer")
                .arg(step + 1)
                .arg(probe + 1)
                .arg(runName(m_model))
                .arg(s.step)
                .arg(m_seed->value())
                .toStdString());
    } catch (const std::exception &e) {
        m_status->setText(tr("Cannot open this step: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }
    if (!document()->replaceScenario(
            scenario, tr("Open decoder step %1 at training step %2").arg(step + 1).arg(s.step)))
        return false;
    ++m_stepsOpened;
    emit taskValuesChanged();
    emit viewRequested(QStringLiteral("qkv"));
    return true;
}

QMap<QString, double> Seq2SeqView::taskValues() const
{
    QMap<QString, double> v;
    v.insert("step", m_stepsDone);
    v.insert("steps", m_steps->value());
    v.insert("running", isRunning() ? 1 : 0);
    v.insert("finished", m_stepsDone >= m_steps->value() ? 1 : 0);
    v.insert("translation_task", m_task->currentIndex());
    v.insert("score_kind", m_score->currentIndex());
    v.insert("local_window", m_noAttention->isChecked() ? 0 : m_local->value());
    v.insert("bidirectional", m_bidirectional->isChecked() ? 1 : 0);
    v.insert("attention", m_noAttention->isChecked() ? 0 : 1);
    v.insert("length", m_length->value());
    v.insert("seed", m_seed->value());
    v.insert("shown_step", m_shown < int(m_snapshots.size()) ? m_snapshots[std::size_t(m_shown)].step : 0);
    v.insert("probe", m_probe->value() - 1);
    v.insert("decoder_step", m_decoderStep->value() - 1);
    v.insert("steps_opened", m_stepsOpened);
    v.insert("compared", double(m_compared.size()));
    v.insert("side_tab", m_side->currentIndex());
    // Lengths measured both ways, and the gap at the longest of them.
    std::map<int, std::pair<double, double>> byLength; // length → (with, without); NaN until measured
    for (const Seq2SeqRunResultPtr &r : m_lengthRuns) {
        auto &entry = byLength.try_emplace(r->config.task.length, std::nan(""), std::nan("")).first->second;
        (r->config.model.attention ? entry.first : entry.second) = r->final.greedy_accuracy;
    }
    int points = 0;
    double gap = std::nan("");
    for (const auto &[length, accuracy] : byLength)
        if (std::isfinite(accuracy.first) && std::isfinite(accuracy.second)) {
            ++points;
            gap = accuracy.first - accuracy.second;
        }
    v.insert("length_points", points);
    if (std::isfinite(gap)) v.insert("length_gap_longest", gap);
    if (m_log.empty()) return v;
    const train::Seq2SeqLogPoint &p = m_log.back();
    v.insert("heldout_accuracy", p.heldout_accuracy);
    v.insert("greedy_accuracy", p.greedy_accuracy);
    v.insert("alignment_accuracy", p.alignment_accuracy);
    v.insert("alignment_after", p.alignment_after);
    return v;
}

void Seq2SeqView::resetViewState()
{
    if (isRunning()) {
        cancel();
        return; // the work stops after its step; the settings stay as the learner left them
    }
    {
        const QSignalBlocker a(m_task), b(m_score), c(m_local), d(m_bidirectional), e(m_noAttention),
            f(m_length), g(m_seed), h(m_steps), i(m_probe);
        m_task->setCurrentIndex(0);
        m_score->setCurrentIndex(1);
        m_local->setValue(0);
        m_bidirectional->setChecked(true);
        m_noAttention->setChecked(false);
        m_length->setValue(12);
        m_seed->setValue(0);
        m_steps->setValue(300);
        m_probe->setValue(1);
    }
    m_stepsOpened = 0;
    m_compared.clear();
    m_lengthRuns.clear();
    m_side->setCurrentIndex(0);
    refreshComparison();
    refreshLengths();
    restart();
}

} // namespace attn::ui
