#include "ui/bench/benchplanform.h"

#include "core/kernels/registry.h"
#include "core/sysinfo.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpressionValidator>
#include <QSpinBox>

#include <algorithm>

namespace attn::ui {

namespace {

const KernelKind kKernels[] = {KernelKind::Naive, KernelKind::Tiled, KernelKind::Windowed,
                               KernelKind::Linear};

} // namespace

BenchPlanForm::BenchPlanForm(QWidget *parent) : QWidget(parent)
{
    auto *form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);

    auto *kernelRow = new QGridLayout;
    int i = 0;
    for (const KernelKind kind : kKernels) {
        const kernels::KernelInfo &info = kernels::kernelInfo(kind);
        auto *check = new QCheckBox(QString::fromLatin1(info.name));
        check->setToolTip(tr("Time the %1 kernel: %2")
                              .arg(QString::fromLatin1(info.name), QString::fromUtf8(info.description)));
        kernelRow->addWidget(check, i / 2, i % 2);
        m_kernelBoxes.insert(kind, check);
        ++i;
    }
    form->addRow(tr("Kernels"), kernelRow);

    m_sizes = new QLineEdit;
    m_sizes->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9kK ,;]*")), m_sizes));
    m_sizes->setToolTip(tr("Sequence lengths n (n_q = n_k = n), separated by commas; 4k means 4096. "
                           "Each kernel runs at each size."));
    form->addRow(tr("Sizes n"), m_sizes);

    m_queryHeads = new QSpinBox;
    m_queryHeads->setRange(1, 256);
    m_queryHeads->setToolTip(tr("Query heads H_q"));
    m_kvHeads = new QSpinBox;
    m_kvHeads->setRange(1, 256);
    m_kvHeads->setToolTip(tr("K/V heads H_kv: equal to the query heads is multi-head attention, 1 is "
                             "multi-query, in between grouped-query. Must divide the query heads."));
    auto *heads = new QHBoxLayout;
    heads->addWidget(m_queryHeads);
    heads->addWidget(new QLabel(QStringLiteral(":")));
    heads->addWidget(m_kvHeads);
    form->addRow(tr("Heads q : kv"), heads);

    m_headDim = new QSpinBox;
    m_headDim->setRange(1, 1024);
    m_headDim->setToolTip(tr("head_dim d = d_k = d_v of every head"));
    form->addRow(tr("head_dim"), m_headDim);

    m_window = new QSpinBox;
    m_window->setRange(0, 1 << 24);
    m_window->setSpecialValueText(tr("none"));
    m_window->setToolTip(tr("A local window of this many keys including the current one, for every kernel. "
                            "“none”: no window (the windowed kernel then uses %1).")
                             .arg(BenchPlan::kDefaultWindow));
    form->addRow(tr("Window"), m_window);

    m_causal = new QCheckBox(tr("causal"));
    m_causal->setToolTip(tr("Each query sees only the keys at or before its position; the tiled kernel skips "
                            "the masked tiles"));
    form->addRow(QString(), m_causal);

    m_dtype = new QComboBox;
    m_dtype->addItem(QStringLiteral("f32"), int(bench::DType::F32));
    m_dtype->addItem(QStringLiteral("f64"), int(bench::DType::F64));
    m_dtype->setToolTip(tr("Element type: f32 (float, the fast path) or f64 (double)"));
    form->addRow(tr("dtype"), m_dtype);

    m_threads = new QSpinBox;
    m_threads->setRange(1, std::max(1, bench::availableThreads()));
    m_threads->setToolTip(tr("Threads the kernels and the roof measurement use (this process may use %1)")
                              .arg(bench::availableThreads()));
    form->addRow(tr("Threads"), m_threads);

    m_repetitions = new QSpinBox;
    m_repetitions->setRange(1, 1000);
    m_repetitions->setToolTip(tr("Timed runs per configuration, after one warm-up run; fewer when a "
                                 "configuration has taken 3 s (at least 3 are timed)"));
    form->addRow(tr("Repetitions"), m_repetitions);
}

std::optional<BenchPlan> BenchPlanForm::plan(QString *error) const
{
    BenchPlan plan;
    plan.kernels.clear();
    for (const KernelKind kind : kKernels)
        if (m_kernelBoxes.value(kind)->isChecked()) plan.kernels.push_back(kind);
    QString problem;
    plan.sizes = parseSizes(m_sizes->text(), &problem);
    if (plan.kernels.empty()) problem = tr("Choose at least one kernel.");
    if (!problem.isEmpty()) {
        if (error) *error = problem;
        return std::nullopt;
    }
    plan.num_query_heads = m_queryHeads->value();
    plan.num_kv_heads = m_kvHeads->value();
    plan.head_dim = m_headDim->value();
    if (m_window->value() > 0) plan.window = m_window->value();
    plan.causal = m_causal->isChecked();
    plan.dtype = static_cast<bench::DType>(m_dtype->currentData().toInt());
    plan.threads = m_threads->value();
    plan.repetitions = m_repetitions->value();
    return plan;
}

void BenchPlanForm::setPlan(const BenchPlan &plan)
{
    for (const KernelKind kind : kKernels)
        m_kernelBoxes.value(kind)->setChecked(std::find(plan.kernels.begin(), plan.kernels.end(), kind) !=
                                              plan.kernels.end());
    m_sizes->setText(sizesText(plan.sizes));
    m_queryHeads->setValue(plan.num_query_heads);
    m_kvHeads->setValue(plan.num_kv_heads);
    m_headDim->setValue(int(plan.head_dim));
    m_window->setValue(plan.window ? int(*plan.window) : 0);
    m_causal->setChecked(plan.causal);
    m_dtype->setCurrentIndex(m_dtype->findData(int(plan.dtype)));
    m_threads->setValue(plan.threads);
    m_repetitions->setValue(plan.repetitions);
}

} // namespace attn::ui
