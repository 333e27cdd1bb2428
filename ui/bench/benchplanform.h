// The controls of a BenchPlan: which kernels, sizes, heads, head_dim, window, causal, dtype,
// threads and repetitions the performance panel runs.
#pragma once

#include "ui/bench/benchplan.h"

#include <QMap>
#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QSpinBox;

namespace attn::ui {

/// A form with a tooltip on every control: one check box per kernel, the sizes as text
/// ("256, 1024, 4k"), query and K/V heads, head_dim, window ("none" = 0), causal, dtype,
/// threads (1 … the threads this process may use) and repetitions.
class BenchPlanForm : public QWidget {
    Q_OBJECT

public:
    explicit BenchPlanForm(QWidget *parent = nullptr);

    /// The plan the controls describe, or empty with *error set when the sizes are not valid
    /// (see parseSizes) or no kernel is chosen.
    std::optional<BenchPlan> plan(QString *error = nullptr) const;
    /// Shows `plan` (threads are clamped to the spin box's range).
    void setPlan(const BenchPlan &plan);

private:
    QMap<KernelKind, QCheckBox *> m_kernelBoxes;
    QLineEdit *m_sizes = nullptr;
    QSpinBox *m_queryHeads = nullptr;
    QSpinBox *m_kvHeads = nullptr;
    QSpinBox *m_headDim = nullptr;
    QSpinBox *m_window = nullptr;
    QCheckBox *m_causal = nullptr;
    QComboBox *m_dtype = nullptr;
    QSpinBox *m_threads = nullptr;
    QSpinBox *m_repetitions = nullptr;
};

} // namespace attn::ui
