#include "ui/views/measuring/measuringview.h"

#include "core/kernels/registry.h"
#include "core/sysinfo.h"
#include "ui/base/numbertext.h"
#include "ui/document/scenariodocument.h"
#include "ui/plots/measuringplot.h"
#include "ui/views/measuring/reportchecklist.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <functional>
#include <iterator>
#include <map>
#include <optional>

namespace attn::ui {

namespace {

/// The roof of this process by thread count: measured once (about a second), shared by views.
std::map<int, bench::Roof> &roofs()
{
    static std::map<int, bench::Roof> measured;
    return measured;
}

const KernelKind kNeedleKernels[] = {KernelKind::Naive, KernelKind::Tiled, KernelKind::Windowed,
                                     KernelKind::Linear};
const int kNeedleWindows[] = {0, 64, 128, 256, 512, 1024, 2048};

QString kernelName(KernelKind kind)
{
    return QString::fromLatin1(kernels::kernelInfo(kind).name);
}

} // namespace

BenchPlan MeasuringView::defaultPlan()
{
    BenchPlan plan;
    plan.kernels = {KernelKind::Naive, KernelKind::Tiled};
    plan.sizes = {256, 512, 1024};
    plan.num_query_heads = 4;
    plan.num_kv_heads = 1;
    plan.head_dim = 64;
    plan.window.reset();
    plan.causal = false;
    plan.dtype = bench::DType::F32;
    plan.threads = 1;
    plan.repetitions = kDefaultRepetitions;
    return plan;
}

MeasuringView::MeasuringView(doc::ScenarioDocument *document, QWidget *parent)
    : FigureView(document, parent), m_plan(defaultPlan())
{
    setObjectName(QStringLiteral("measuringView"));

    // The benchmark.
    auto *benchBox = new QGroupBox(tr("A small benchmark"), this);
    auto *planText = new QLabel(benchBox);
    planText->setObjectName(QStringLiteral("measuringPlanText"));
    planText->setWordWrap(true);
    m_repetitions = new QSpinBox(benchBox);
    m_repetitions->setObjectName(QStringLiteral("measuringRepetitions"));
    m_repetitions->setRange(3, 50);
    m_repetitions->setToolTip(tr("Timed runs per configuration after one untimed warm-up (a 3 s time "
                                 "budget per configuration may stop sooner)"));
    m_runButton = new QPushButton(tr("Run"), benchBox);
    m_runButton->setObjectName(QStringLiteral("measuringRun"));
    m_runButton->setToolTip(
        tr("Measure the roof (once), then time every kernel at every n on a worker thread"));
    m_cancelButton = new QPushButton(tr("Cancel"), benchBox);
    m_cancelButton->setObjectName(QStringLiteral("measuringCancel"));
    m_cancelButton->setToolTip(tr("Stop after the current kernel call; the results so far stay"));
    m_progress = new QProgressBar(benchBox);
    m_progress->setObjectName(QStringLiteral("measuringProgress"));
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_status = new QLabel(tr("Not run yet."), benchBox);
    m_status->setWordWrap(true);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_runButton);
    buttons->addWidget(m_cancelButton);
    auto *benchForm = new QFormLayout;
    benchForm->addRow(tr("Repetitions"), m_repetitions);
    auto *benchLayout = new QVBoxLayout(benchBox);
    benchLayout->addWidget(planText);
    benchLayout->addLayout(benchForm);
    benchLayout->addLayout(buttons);
    benchLayout->addWidget(m_progress);
    benchLayout->addWidget(m_status);
    connect(m_runButton, &QPushButton::clicked, this, &MeasuringView::run);
    connect(m_cancelButton, &QPushButton::clicked, this, &MeasuringView::cancel);
    connect(m_repetitions, &QSpinBox::valueChanged, this, &FigureView::taskValuesChanged);
    const auto describePlan = [this, planText] {
        QStringList kernelNames;
        for (const KernelKind k : m_plan.kernels) kernelNames << kernelName(k);
        planText->setText(tr("%1 at n = %2; %3 query heads : %4 K/V heads, head_dim %5, no window, %6, "
                             "%n thread(s).",
                             nullptr, m_plan.threads)
                              .arg(kernelNames.join(tr(" and ")), sizesText(m_plan.sizes))
                              .arg(m_plan.num_query_heads)
                              .arg(m_plan.num_kv_heads)
                              .arg(m_plan.head_dim)
                              .arg(QString::fromLatin1(bench::toString(m_plan.dtype))));
    };
    describePlan();
    connect(this, &MeasuringView::runStarted, this, describePlan);

    // The needle check.
    auto *needleBox =
        new QGroupBox(tr("Needle check (n_k %1, d %2)").arg(kNeedleKeys).arg(kNeedleHeadDim), this);
    m_needleKernel = new QComboBox(needleBox);
    m_needleKernel->setObjectName(QStringLiteral("needleKernel"));
    for (const KernelKind k : kNeedleKernels) m_needleKernel->addItem(kernelName(k), kernelName(k));
    m_needleKernel->setToolTip(tr("The kernel that computes the last query's output"));
    m_needleWindow = new QComboBox(needleBox);
    m_needleWindow->setObjectName(QStringLiteral("needleWindow"));
    for (const int w : kNeedleWindows)
        m_needleWindow->addItem(w == 0 ? tr("none (all %1 keys)").arg(kNeedleKeys)
                                       : tr("last %1 keys").arg(w),
                                QString::number(w));
    m_needleWindow->setToolTip(
        tr("A causal local window: the last query sees this many keys, itself included"));
    m_needleSummary = new QLabel(needleBox);
    m_needleSummary->setObjectName(QStringLiteral("needleSummary"));
    m_needleSummary->setWordWrap(true);
    auto *needleForm = new QFormLayout(needleBox);
    needleForm->addRow(tr("Kernel"), m_needleKernel);
    needleForm->addRow(tr("Causal window"), m_needleWindow);
    needleForm->addRow(m_needleSummary);
    // The needle check runs 11 kernels over 4096 random keys (tens of milliseconds): a hidden page
    // of the window puts it off until it is shown (whenShown), so start-up does not pay for it.
    m_needleLater = whenShown([this] { updateNeedle(); });
    connect(m_needleKernel, &QComboBox::currentIndexChanged, this, [this] { m_needleLater(); });
    connect(m_needleWindow, &QComboBox::currentIndexChanged, this, [this] { m_needleLater(); });

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(benchBox);
    leftLayout->addWidget(needleBox);
    leftLayout->addStretch(1);
    left->setMaximumWidth(300);
    m_plot = new MeasuringPlot(this);
    m_plot->setObjectName(QStringLiteral("measuringPlot"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(left);
    layout->addWidget(m_plot, 1);

    m_thread = new QThread(this);
    m_thread->setObjectName(QStringLiteral("measuringWorker"));
    m_worker = new BenchWorker; // lives on m_thread; deleted by the destructor once the thread ended
    m_worker->moveToThread(m_thread);
    connect(m_worker, &BenchWorker::stepStarted, this, [this](int step, int steps, const QString &what) {
        m_status->setText(tr("%1 of %2: %3").arg(step + 1).arg(steps).arg(what));
    });
    connect(m_worker, &BenchWorker::progressed, this,
            [this](double f) { m_progress->setValue(static_cast<int>(std::lround(1000.0 * f))); });
    connect(m_worker, &BenchWorker::roofMeasured, this,
            [](const bench::Roof &roof) { roofs()[roof.threads] = roof; });
    connect(m_worker, &BenchWorker::resultReady, this, &MeasuringView::onResult);
    connect(m_worker, &BenchWorker::runRefused, this, [this](const QString &why) { m_problems << why; });
    connect(m_worker, &BenchWorker::runFailed, this, [this](const QString &why) { m_problems << why; });
    connect(m_worker, &BenchWorker::finished, this, &MeasuringView::onFinished);
    m_thread->start();

    setRunning(false);
    resetViewState();
}

MeasuringView::~MeasuringView()
{
    if (m_cancel) m_cancel->store(true);
    m_thread->quit();
    m_thread->wait();
    delete m_worker;
}

void MeasuringView::setPlan(const BenchPlan &plan)
{
    m_plan = plan;
}

BenchPlan MeasuringView::plan() const
{
    BenchPlan p = m_plan;
    p.repetitions = m_repetitions->value();
    return p;
}

bool MeasuringView::run()
{
    if (m_running) return false;
    m_runPlan = plan();
    const std::vector<bench::BenchConfig> configs = m_runPlan.configs();
    std::optional<bench::Roof> roof;
    if (roofs().count(m_runPlan.threads)) roof = roofs()[m_runPlan.threads];
    m_results.clear();
    m_problems.clear();
    m_expected = configs.size();
    m_lastRunComplete = false;
    m_progress->setValue(0);
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    setRunning(true);
    updateFigure();
    emit runStarted();
    QMetaObject::invokeMethod(
        m_worker,
        [worker = m_worker, configs, threads = m_runPlan.threads, roof, token = m_cancel] {
            worker->run(configs, threads, roof, token);
        },
        Qt::QueuedConnection);
    return true;
}

void MeasuringView::cancel()
{
    if (!m_running || !m_cancel) return;
    m_cancel->store(true);
    m_cancelButton->setEnabled(false);
    m_status->setText(tr("Cancelling: the current kernel call finishes first…"));
}

void MeasuringView::setRunning(bool running)
{
    m_running = running;
    m_runButton->setEnabled(!running);
    m_cancelButton->setEnabled(running);
    m_repetitions->setEnabled(!running);
    emit taskValuesChanged();
}

void MeasuringView::onResult(const bench::BenchResult &result)
{
    m_results.push_back(result);
    updateFigure();
}

void MeasuringView::onFinished(bool cancelled)
{
    m_cancel.reset();
    if (!cancelled) ++m_runsDone;
    m_lastRunComplete = !cancelled && m_results.size() == m_expected;
    QString status = cancelled ? tr("Cancelled after %n result(s).", nullptr, int(m_results.size()))
                               : tr("Done: %n result(s).", nullptr, int(m_results.size()));
    if (!m_problems.isEmpty()) status += QLatin1Char('\n') + m_problems.join(QLatin1Char('\n'));
    m_status->setText(status);
    if (!cancelled) m_progress->setValue(m_progress->maximum());
    setRunning(false);
    updateFigure();
    emit runFinished(cancelled);
}

QStringList MeasuringView::checklist() const
{
    return reportChecklist(m_results, m_runPlan);
}

const std::vector<NeedlePoint> &MeasuringView::needle() const
{
    return m_needle;
}

void MeasuringView::updateNeedle()
{
    const KernelKind kernel = kNeedleKernels[std::max(0, m_needleKernel->currentIndex())];
    const int window = m_needleWindow->currentData().toInt();
    // One query over kNeedleKeys keys per depth: a few milliseconds in all, cached per setting.
    static std::map<std::pair<KernelKind, int>, std::vector<NeedlePoint>> cache;
    auto &points = cache[{kernel, window}];
    if (points.empty()) {
        for (int i = 0; i < kDepths; ++i) {
            bench::NeedleConfig c;
            c.kernel = kernel;
            c.n_k = kNeedleKeys;
            c.head_dim = kNeedleHeadDim;
            c.depth = double(i) / double(kDepths - 1);
            if (window > 0) c.window = window;
            const bench::NeedleResult r = bench::runNeedle(c);
            points.push_back({c.depth, r.needle_position, r.cosine, r.retrieved});
        }
    }
    m_needle = points;
    int found = 0;
    for (const NeedlePoint &p : m_needle) found += p.retrieved ? 1 : 0;
    m_needleSummary->setText(tr("Retrieved at %1 of %2 depths.").arg(found).arg(kDepths));
    updateFigure();
}

void MeasuringView::updateFigure()
{
    MeasuringFigure figure;
    figure.title = tr("Measuring honestly");
    figure.results = m_results;
    const int window = m_needleWindow->currentData().toInt();
    figure.needleTitle =
        tr("Needle check: %1, %2, n_k %3")
            .arg(m_needleKernel->currentText(),
                 window > 0 ? tr("causal window of the last %1 keys").arg(window) : tr("no window"))
            .arg(kNeedleKeys);
    figure.needleShortTitle = tr("Needle: %1, %2")
                                  .arg(m_needleKernel->currentText(),
                                       window > 0 ? tr("last %1 keys").arg(window) : tr("no window"));
    figure.needle = m_needle;
    // Keys before kNeedleKeys − window are outside; as a depth: (n_k − window) / (n_k − 1).
    figure.visibleFromDepth = window > 0 ? double(kNeedleKeys - window) / double(kNeedleKeys - 1) : 0.0;
    figure.checklistHeader =
        tr("Report checklist, from the last run (CPU: %1, %n thread(s))", nullptr, m_runPlan.threads)
            .arg(QString::fromStdString(bench::cpuModel()));
    figure.checklist = checklist();
    m_plot->setFigure(figure);
    emit taskValuesChanged();
}

QMap<QString, double> MeasuringView::taskValues() const
{
    int filled = 0;
    for (const QString &line : checklist()) filled += line.startsWith(QStringLiteral("✓")) ? 1 : 0;
    int found = 0;
    for (const NeedlePoint &p : m_needle) found += p.retrieved ? 1 : 0;
    const int window = m_needleWindow->currentData().toInt();
    return {
        {QStringLiteral("runs_done"), double(m_runsDone)},
        {QStringLiteral("results"), double(m_results.size())},
        {QStringLiteral("running"), m_running ? 1.0 : 0.0},
        {QStringLiteral("checklist_filled"), double(filled)},
        {QStringLiteral("checklist_complete"), m_lastRunComplete ? 1.0 : 0.0},
        {QStringLiteral("repetitions"), double(m_repetitions->value())},
        {QStringLiteral("needle_kernel"), double(m_needleKernel->currentIndex())},
        {QStringLiteral("needle_reach"),
         double(window > 0 ? std::min<Index>(window, kNeedleKeys) : kNeedleKeys)},
        {QStringLiteral("needle_depths_found"), double(found)},
    };
}

void MeasuringView::resetViewState()
{
    m_repetitions->setValue(kDefaultRepetitions);
    const Scenario &s = document()->scenario();
    int kernelIndex = 0;
    for (int i = 0; i < int(std::size(kNeedleKernels)); ++i)
        if (kNeedleKernels[i] == s.kernel) kernelIndex = i;
    int windowIndex = 0;
    if (s.mask.window && s.mask.window->left && s.mask.window->right && *s.mask.window->right == 0)
        windowIndex = std::max(0, m_needleWindow->findData(QString::number(*s.mask.window->left + 1)));
    {
        const QSignalBlocker a(m_needleKernel), b(m_needleWindow);
        m_needleKernel->setCurrentIndex(kernelIndex);
        m_needleWindow->setCurrentIndex(windowIndex);
    }
    m_needleLater();
}

bool MeasuringView::exportTo(const QString &path, const QString &format, QSize size, QString *error) const
{
    return m_plot->exportTo(path, format, size, error);
}

} // namespace attn::ui
