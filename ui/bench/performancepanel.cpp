#include "ui/bench/performancepanel.h"

#include "core/kernels/registry.h"
#include "core/sysinfo.h"
#include "ui/bench/benchplanform.h"
#include "ui/bench/benchresultsmodel.h"
#include "ui/bench/benchresultsview.h"

#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>

namespace attn::ui {

namespace {

QString gib(double bytes)
{
    return QStringLiteral("%1 GiB").arg(bytes / double(1 << 30), 0, 'f', 1);
}

QString gflops(double value)
{
    return QString::number(value, 'f', value >= 100 ? 0 : 1);
}

/// One "• item" line per item.
QString bulleted(const QStringList &items)
{
    return QStringLiteral("• ") + items.join(QStringLiteral("\n• "));
}

/// Why `config` is refused for time, or empty: the engine's rule (bench::slowRefusal, the same
/// on the command line), its FLOP at the FMA peak (or the assumed one) over
/// bench::kLongestCallSeconds, said in the interface's language.
QString tooSlow(const bench::BenchConfig &config, const std::optional<bench::Roof> &roof)
{
    const double measured = roof && roof->fma_gflops > 0 ? roof->fma_gflops : 0;
    const double peak =
        measured > 0 ? measured : bench::kAssumedPeakGflopsPerThread * std::max(1, config.threads);
    const double seconds = bench::leastCallSeconds(config, measured);
    if (seconds <= bench::kLongestCallSeconds) return {};
    const QString time = seconds < 3600 ? PerformancePanel::tr("%1 min").arg(seconds / 60, 0, 'f', 0)
                                        : PerformancePanel::tr("%1 h").arg(seconds / 3600, 0, 'f', 1);
    return PerformancePanel::tr("%1 needs %2 GFLOP per call: at least %3 even at %4 GFLOP/s (%5), and a "
                                "call cannot be cancelled midway; choose a smaller n")
        .arg(describeConfig(config))
        .arg(double(bench::benchFlops(config)) / 1e9, 0, 'f', 0)
        .arg(time, gflops(peak),
             measured > 0 ? PerformancePanel::tr("the measured FMA peak")
                          : PerformancePanel::tr("more than these threads can do"));
}

/// The defaults of a first start: every kernel, 256 … 4096, all the threads this process has.
BenchPlan defaultPlan()
{
    BenchPlan plan;
    plan.threads = bench::availableThreads();
    return plan;
}

} // namespace

PerformancePanel::PerformancePanel(QWidget *parent) : QWidget(parent)
{
    setWindowTitle(tr("Performance — Attention Lab"));
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(createControls());
    m_results = new BenchResultsView;
    m_model = m_results->model();
    splitter->addWidget(m_results);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);
    auto *layout = new QHBoxLayout(this);
    layout->addWidget(splitter);

    m_thread = new QThread(this);
    m_thread->setObjectName(QStringLiteral("benchWorker"));
    m_worker = new BenchWorker; // lives on m_thread; deleted by the destructor once the thread ended
    m_worker->moveToThread(m_thread);
    connect(m_worker, &BenchWorker::stepStarted, this, &PerformancePanel::onStepStarted);
    connect(m_worker, &BenchWorker::progressed, this, &PerformancePanel::onProgress);
    connect(m_worker, &BenchWorker::roofMeasured, this, &PerformancePanel::onRoofMeasured);
    connect(m_worker, &BenchWorker::resultReady, this, &PerformancePanel::onResult);
    connect(m_worker, &BenchWorker::runRefused, this, &PerformancePanel::onNotMeasured);
    connect(m_worker, &BenchWorker::runFailed, this, &PerformancePanel::onNotMeasured);
    connect(m_worker, &BenchWorker::finished, this, &PerformancePanel::onFinished);
    m_thread->start();

    loadSettings();
    setRunning(false);
    m_configuration->setText(tr("No results yet: choose what to time and press Run."));
}

PerformancePanel::~PerformancePanel()
{
    if (m_cancel) m_cancel->store(true);
    m_thread->quit();
    m_thread->wait();
    delete m_worker;
}

QWidget *PerformancePanel::createControls()
{
    auto *box = new QGroupBox(tr("Benchmark"));
    m_form = new BenchPlanForm;

    m_runButton = new QPushButton(tr("Run"));
    m_runButton->setToolTip(
        tr("Measure the machine's roof (once per thread count, about a second), then time "
           "every kernel at every size on a worker thread"));
    connect(m_runButton, &QPushButton::clicked, this, &PerformancePanel::run);
    m_cancelButton = new QPushButton(tr("Cancel"));
    m_cancelButton->setToolTip(tr("Stop the run after the current kernel call; the results so far stay"));
    connect(m_cancelButton, &QPushButton::clicked, this, &PerformancePanel::cancel);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_runButton);
    buttons->addWidget(m_cancelButton);

    m_progress = new QProgressBar;
    m_progress->setRange(0, 1000);
    m_progress->setValue(0); // reads "0%" before the first run, not an empty box
    m_progress->setToolTip(tr("Progress of the whole run, the roof measurement included"));
    m_status = new QLabel;
    m_status->setWordWrap(true);
    m_status->setToolTip(tr("What the worker is doing"));
    m_message = new QLabel;
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color: #a01010;")); // it only ever lists problems
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setToolTip(tr("Refused configurations (with the memory they would need), errors, and how "
                             "the last run ended"));

    auto *column = new QVBoxLayout(box);
    column->addWidget(m_form);
    column->addLayout(buttons);
    column->addWidget(m_progress);
    column->addWidget(m_status);
    column->addWidget(m_message);

    // The configuration of the results shown, beside them (it stays when the form changes).
    m_configuration = new QLabel;
    m_configuration->setWordWrap(true);
    m_configuration->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_configuration->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_configuration->setToolTip(tr("The configuration these results were measured with"));
    auto *configurationBox = new QGroupBox(tr("These results"));
    auto *configurationLayout = new QVBoxLayout(configurationBox);
    configurationLayout->addWidget(m_configuration);

    auto *controls = new QWidget;
    auto *left = new QVBoxLayout(controls);
    left->setContentsMargins(0, 0, 0, 0);
    left->addWidget(box);
    left->addWidget(configurationBox);
    left->addStretch(1);
    controls->setMinimumWidth(300);
    controls->setMaximumWidth(420);
    return controls;
}

std::optional<BenchPlan> PerformancePanel::plan(QString *error) const
{
    return m_form->plan(error);
}

void PerformancePanel::setPlan(const BenchPlan &plan)
{
    m_form->setPlan(plan);
}

void PerformancePanel::saveSettings() const
{
    QSettings settings;
    if (const auto current = plan()) current->save(settings);
}

void PerformancePanel::loadSettings()
{
    QSettings settings;
    setPlan(BenchPlan::load(settings, defaultPlan()));
}

bool PerformancePanel::run()
{
    if (m_running) return false;
    QString error;
    const std::optional<BenchPlan> current = plan(&error);
    if (!current) {
        showMessage(error);
        return false;
    }
    saveSettings();

    // Refused configurations are never attempted: the harness's reason says why, or how long
    // one kernel call would take at least (a call cannot be cancelled midway).
    std::optional<bench::Roof> roof;
    if (m_roofs.contains(current->threads)) roof = m_roofs.value(current->threads);
    const std::size_t available = bench::availableMemoryBytes();
    std::vector<bench::BenchConfig> runnable;
    QStringList refused;
    for (const bench::BenchConfig &config : current->configs()) {
        if (const auto why = bench::refusal(config, available))
            refused << QString::fromStdString(*why);
        else if (const QString slow = tooSlow(config, roof); !slow.isEmpty())
            refused << slow;
        else
            runnable.push_back(config);
    }
    const QString refusedText = tr("Not measured:\n%1").arg(bulleted(refused));
    if (runnable.empty()) {
        showMessage(tr("Nothing to run. ") + refusedText);
        return false;
    }
    showMessage(refused.isEmpty() ? QString() : refusedText);

    m_runPlan = *current;
    m_runProblems = refused;
    m_model->clear();
    m_model->setRoof(roof);
    m_results->updatePlots();
    updateConfiguration();
    m_progress->setValue(0);
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    setRunning(true);
    m_clock.start();
    emit runStarted();
    QMetaObject::invokeMethod(
        m_worker,
        [worker = m_worker, runnable, threads = current->threads, roof, token = m_cancel] {
            worker->run(runnable, threads, roof, token);
        },
        Qt::QueuedConnection);
    return true;
}

void PerformancePanel::cancel()
{
    if (!m_running || !m_cancel) return;
    m_cancel->store(true);
    m_cancelButton->setEnabled(false);
    m_status->setText(tr("Cancelling: the current kernel call finishes first…"));
}

void PerformancePanel::setRunning(bool running)
{
    m_running = running;
    m_runButton->setEnabled(!running);
    m_cancelButton->setEnabled(running);
    const bool haveResults = m_model->rowCount() > 0;
    m_results->setExportsEnabled(!running && haveResults);
}

void PerformancePanel::showMessage(const QString &text)
{
    m_message->setText(text);
}

QString PerformancePanel::message() const
{
    return m_message->text();
}

void PerformancePanel::onStepStarted(int step, int steps, const QString &what)
{
    m_status->setText(tr("%1 of %2: %3").arg(step + 1).arg(steps).arg(what));
}

void PerformancePanel::onProgress(double fraction)
{
    m_progress->setValue(static_cast<int>(std::lround(1000.0 * fraction)));
    emit progressed(fraction);
}

void PerformancePanel::onRoofMeasured(const bench::Roof &roof)
{
    m_roofs.insert(roof.threads, roof);
    m_model->setRoof(roof);
    m_results->updatePlots();
    updateConfiguration();
}

void PerformancePanel::onResult(const bench::BenchResult &result)
{
    m_model->append(result);
    m_results->fitColumns();
    m_results->updatePlots();
    updateConfiguration();
}

void PerformancePanel::onNotMeasured(const QString &why)
{
    m_runProblems << why;
    showMessage(tr("Not measured:\n%1").arg(bulleted(m_runProblems)));
}

void PerformancePanel::onFinished(bool cancelled)
{
    const int done = m_model->rowCount();
    const QString seconds = QString::number(m_clock.elapsed() / 1000.0, 'f', 1);
    m_status->setText(cancelled ? tr("Cancelled after %n result(s), %1 s.", nullptr, done).arg(seconds)
                                : tr("Done: %n result(s) in %1 s.", nullptr, done).arg(seconds));
    if (!cancelled) m_progress->setValue(m_progress->maximum());
    m_cancel.reset();
    setRunning(false);
    updateConfiguration();
    emit runFinished(cancelled);
}

void PerformancePanel::updateConfiguration()
{
    QList<QPair<QString, QString>> rows;
    const BenchPlan &p = m_runPlan;
    QStringList kernelNames;
    for (const KernelKind kind : p.kernels)
        kernelNames << QString::fromLatin1(kernels::kernelInfo(kind).name);
    rows << qMakePair(tr("kernels"), kernelNames.join(QStringLiteral(", ")))
         << qMakePair(tr("n (n_q = n_k)"), sizesText(p.sizes))
         << qMakePair(tr("heads q:kv"), QStringLiteral("%1:%2").arg(p.num_query_heads).arg(p.num_kv_heads))
         << qMakePair(tr("head_dim"), QString::number(p.head_dim))
         << qMakePair(tr("window"), p.window ? QString::number(*p.window)
                                             : tr("none (windowed: %1)").arg(BenchPlan::kDefaultWindow))
         << qMakePair(tr("causal"), p.causal ? tr("yes") : tr("no"))
         << qMakePair(tr("dtype"), QString::fromLatin1(bench::toString(p.dtype)))
         << qMakePair(tr("threads"), QString::number(p.threads))
         << qMakePair(tr("repetitions"), tr("≤ %1 after 1 warm-up").arg(p.repetitions));
    if (const auto &roof = m_model->roof()) {
        rows << qMakePair(tr("instruction set"), tr("%1, %2 vector registers")
                                                     .arg(QString::fromStdString(roof->instruction_set))
                                                     .arg(roof->vector_registers))
             << qMakePair(
                    tr("FMA peak"),
                    tr("%1 GFLOP/s (%2 float lanes)").arg(gflops(roof->fma_gflops)).arg(roof->vector_lanes))
             << qMakePair(tr("streaming read"), tr("%1 GB/s").arg(QString::number(roof->read_gbps, 'f', 1)))
             << qMakePair(tr("SGEMM 2048³"),
                          tr("%1 GFLOP/s (%2)")
                              .arg(gflops(roof->sgemm_gflops), QString::fromStdString(roof->sgemm_source)));
    } else if (m_running) {
        rows << qMakePair(tr("roof"), tr("being measured…"));
    }
    rows << qMakePair(tr("CPU"), QString::fromStdString(bench::cpuModel()))
         << qMakePair(tr("memory available"), gib(double(bench::availableMemoryBytes())));

    QString html = QStringLiteral("<table cellspacing='2'>");
    QStringList plain;
    for (const auto &[name, value] : rows) {
        html += QStringLiteral("<tr><td style='color:#555'>%1</td><td>%2</td></tr>")
                    .arg(name.toHtmlEscaped(), value.toHtmlEscaped());
        plain << name + QStringLiteral(": ") + value;
    }
    m_configuration->setText(html + QStringLiteral("</table>"));
    m_configurationText = plain.join(QLatin1Char('\n'));
}

QString PerformancePanel::configurationText() const
{
    return m_configurationText;
}

BenchPlot *PerformancePanel::latencyPlot() const
{
    return m_results->latencyPlot();
}

BenchPlot *PerformancePanel::memoryPlot() const
{
    return m_results->memoryPlot();
}

BenchPlot *PerformancePanel::throughputPlot() const
{
    return m_results->throughputPlot();
}

bool PerformancePanel::exportTable(const QString &path, QString *error) const
{
    return m_results->exportTable(path, error);
}

bool PerformancePanel::exportPlots(const QString &dir, const QString &format, QSize size,
                                   QStringList *written, QString *error)
{
    return m_results->exportPlots(dir, format, size, written, error);
}

} // namespace attn::ui
