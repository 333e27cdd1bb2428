#include "ui/views/common/scoreoptions.h"

#include "ui/base/numbertext.h"
#include "ui/base/wraprow.h"
#include "ui/views/common/numberbox.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>

#include <cmath>
#include <limits>

namespace attn::ui {

namespace {

QLabel *caption(const QString &text, const QString &toolTip, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setToolTip(toolTip);
    return label;
}

} // namespace

ScoreOptions::ScoreOptions(doc::ScenarioDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document)
{
    const QString softcapTip =
        tr("Logit softcapping (Gemma 2): logits ← c · tanh(logits / c), after scale, temperature and\n"
           "positional bias, before masking. Every logit stays inside (−c, c): large logits are bent\n"
           "towards ±c, small ones pass almost unchanged. Gemma 2 caps attention logits at c = 50.");
    const QString sinkTip =
        tr("Attention sink (gpt-oss; StreamingLLM): one more logit s_h per query head whose term\n"
           "exp(s_h) joins the softmax denominator but carries no value. A row may give its weight to\n"
           "the sink, so its weights sum to less than 1 and a head can attend to nothing.\n"
           "The box edits the sink of the head shown; the check box adds s = 0 to every head.");
    const QString kernelTip =
        tr("The kernel that computes this scenario: naive (the reference), tiled (FlashAttention-2's\n"
           "online softmax, exact), windowed (banded, exact; needs a window) or linear (φ = elu + 1,\n"
           "not softmax). Only naive simulates a reduced dtype.");
    const QString dtypeTip =
        tr("The storage type of a simulated kernel: Q, K, V, the logits, the weights and the output are\n"
           "rounded to it (to nearest, ties to even), the arithmetic runs in float32. float16 keeps 11\n"
           "significant bits but overflows beyond 65504; bfloat16 keeps float32's range with 8 bits.");

    m_softcapOn = new QCheckBox(tr("Softcap c:"), this);
    m_softcapOn->setObjectName(QStringLiteral("softcapOn"));
    m_softcapOn->setToolTip(softcapTip);
    m_softcap = new NumberBox(this);
    m_softcap->setObjectName(QStringLiteral("softcap"));
    m_softcap->setToolTip(softcapTip);
    m_softcap->setMinimum(std::numeric_limits<double>::min());
    m_softcap->setValue(kDefaultSoftcap);

    m_sinkOn = new QCheckBox(tr("Sink s:"), this);
    m_sinkOn->setObjectName(QStringLiteral("sinkOn"));
    m_sinkOn->setToolTip(sinkTip);
    m_sink = new NumberBox(this);
    m_sink->setObjectName(QStringLiteral("sink"));
    m_sink->setToolTip(sinkTip);

    m_kernel = new QComboBox(this);
    m_kernel->setObjectName(QStringLiteral("kernel"));
    m_kernel->setToolTip(kernelTip);
    for (KernelKind k : {KernelKind::Naive, KernelKind::Tiled, KernelKind::Windowed, KernelKind::Linear})
        m_kernel->addItem(QString::fromLatin1(toString(k)), static_cast<int>(k));
    m_dtype = new QComboBox(this);
    m_dtype->setObjectName(QStringLiteral("dtype"));
    m_dtype->setToolTip(dtypeTip);
    for (Precision p : {Precision::Float64, Precision::Float32, Precision::Float16, Precision::BFloat16})
        m_dtype->addItem(QString::fromLatin1(toString(p)), static_cast<int>(p));

    m_precision = new QLabel(this);
    m_precision->setObjectName(QStringLiteral("precisionNote"));

    // Three groups that wrap when the view is narrow (1280 × 720, presentation mode).
    auto *outer = new QHBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto *row = new WrapRow(this);
    outer->addWidget(row);
    QHBoxLayout *layout = row->addGroup();
    layout->addWidget(m_softcapOn);
    layout->addWidget(m_softcap);
    layout->addSpacing(12);
    layout->addWidget(m_sinkOn);
    layout->addWidget(m_sink);
    layout = row->addGroup();
    layout->addWidget(caption(tr("Kernel:"), kernelTip, this));
    layout->addWidget(m_kernel);
    layout->addWidget(caption(tr("dtype:"), dtypeTip, this));
    layout->addWidget(m_dtype);
    layout = row->addGroup(1);
    layout->addWidget(m_precision, 1);

    connect(m_softcapOn, &QCheckBox::clicked, this, [this](bool on) {
        setSoftcap(on ? std::optional<double>(m_softcap->value() > 0 ? m_softcap->value() : kDefaultSoftcap)
                      : std::nullopt);
    });
    connect(m_softcap, &QDoubleSpinBox::valueChanged, this, [this](double c) {
        if (m_document->scenario().softcap != c) setSoftcap(c);
    });
    connect(m_sinkOn, &QCheckBox::clicked, this, [this](bool on) {
        if (on)
            setSink(m_document->selectedHead(), 0.0);
        else
            removeSinks();
    });
    connect(m_sink, &QDoubleSpinBox::valueChanged, this,
            [this](double s) { setSink(m_document->selectedHead(), s); });
    connect(m_kernel, &QComboBox::activated, this,
            [this](int i) { setKernel(static_cast<KernelKind>(m_kernel->itemData(i).toInt())); });
    connect(m_dtype, &QComboBox::activated, this,
            [this](int i) { setDtype(static_cast<Precision>(m_dtype->itemData(i).toInt())); });
    connect(m_document, &doc::ScenarioDocument::scenarioChanged, this, &ScoreOptions::syncFromDocument);
    connect(m_document, &doc::ScenarioDocument::selectedHeadChanged, this, &ScoreOptions::syncFromDocument);
    connect(m_document, &doc::ScenarioDocument::traceChanged, this, &ScoreOptions::syncPrecision);
    syncFromDocument();
}

bool ScoreOptions::push(const Scenario &edited, const QString &text)
{
    const bool ok = m_document->replaceScenario(edited, text);
    if (!ok) syncFromDocument();
    return ok;
}

bool ScoreOptions::setSoftcap(std::optional<double> cap)
{
    if (cap && !(std::isfinite(*cap) && *cap > 0.0)) {
        syncFromDocument();
        return false;
    }
    if (cap == m_document->scenario().softcap) return true;
    Scenario edited = m_document->scenario();
    edited.softcap = cap;
    return push(edited, cap ? tr("Set softcap %1").arg(exactNumber(*cap)) : tr("Remove softcap"));
}

bool ScoreOptions::setSink(int head, double sink)
{
    const Scenario &current = m_document->scenario();
    const int heads = current.num_query_heads;
    if (!std::isfinite(sink) || head < 0 || head >= heads) {
        syncFromDocument();
        return false;
    }
    Scenario edited = current;
    if (edited.sinks.size() != static_cast<std::size_t>(heads)) edited.sinks.assign(heads, 0.0);
    edited.sinks[static_cast<std::size_t>(head)] = sink;
    if (edited.sinks == current.sinks) return true;
    const QString text = current.sinks.empty() ? tr("Add attention sinks")
                         : heads > 1 ? tr("Set sink of head %1 to %2").arg(head).arg(exactNumber(sink))
                                     : tr("Set sink %1").arg(exactNumber(sink));
    return push(edited, text);
}

bool ScoreOptions::removeSinks()
{
    if (m_document->scenario().sinks.empty()) return false;
    Scenario edited = m_document->scenario();
    edited.sinks.clear();
    return push(edited, tr("Remove attention sinks"));
}

bool ScoreOptions::setKernel(KernelKind kernel)
{
    if (kernel == m_document->scenario().kernel) return true;
    Scenario edited = m_document->scenario();
    edited.kernel = kernel;
    return push(edited, tr("Kernel %1").arg(QString::fromLatin1(toString(kernel))));
}

bool ScoreOptions::setDtype(Precision dtype)
{
    if (dtype == m_document->scenario().dtype) return true;
    Scenario edited = m_document->scenario();
    edited.dtype = dtype;
    return push(edited, tr("dtype %1").arg(QString::fromLatin1(toString(dtype))));
}

void ScoreOptions::syncFromDocument()
{
    const Scenario &s = m_document->scenario();
    const QSignalBlocker b1(m_softcapOn), b2(m_softcap), b3(m_sinkOn), b4(m_sink), b5(m_kernel), b6(m_dtype);
    m_softcapOn->setChecked(s.softcap.has_value());
    if (s.softcap)
        m_softcap->setValue(*s.softcap);
    else if (!(m_softcap->value() > 0))
        m_softcap->setValue(kDefaultSoftcap);
    m_softcap->setEnabled(!m_locked && s.softcap.has_value());

    const int head = m_document->selectedHead();
    const bool sinks = !s.sinks.empty();
    m_sinkOn->setChecked(sinks);
    m_sink->setValue(sinks && head < static_cast<int>(s.sinks.size()) ? s.sinks[std::size_t(head)] : 0.0);
    m_sink->setEnabled(!m_locked && sinks);
    m_sinkOn->setText(s.num_query_heads > 1 ? tr("Sink s (head %1):").arg(head) : tr("Sink s:"));

    m_kernel->setCurrentIndex(m_kernel->findData(static_cast<int>(s.kernel)));
    m_dtype->setCurrentIndex(m_dtype->findData(static_cast<int>(s.dtype)));
    syncPrecision();
}

void ScoreOptions::syncPrecision()
{
    const AttentionTrace &t = m_document->trace();
    if (!m_document->traceIsCurrent() || !t.error_vs_float64) {
        m_precision->clear();
        m_precision->setToolTip(QString());
        return;
    }
    const std::size_t overflowed = t.overflowed_logits.size();
    const double error = t.error_vs_float64->weights;
    const QString errorText = std::isnan(error) ? tr("weights NaN (float64: numbers)")
                                                : tr("max |Δweight| vs float64 %1").arg(compactNumber(error));
    const QString text =
        overflowed == 0 ? errorText : tr("%n logit(s) → ±∞ · ", nullptr, int(overflowed)) + errorText;
    m_precision->setText(text);
    m_precision->setStyleSheet(
        overflowed > 0 || std::isnan(error) ? QStringLiteral("QLabel { color: #b00020; }") : QString());
    QString tip = tr("In %1: largest |weight − float64 weight| = %2, largest |output − float64 output| = %3.")
                      .arg(QString::fromLatin1(toString(t.dtype)), exactNumber(error),
                           exactNumber(t.error_vs_float64->output));
    if (overflowed > 0) {
        const LogitIndex &first = t.overflowed_logits.front();
        tip += QLatin1Char('\n') +
               tr("First overflowed logit: head %1, query %2, key %3 (its magnitude is beyond "
                  "the largest finite %4, %5).")
                   .arg(first.head)
                   .arg(first.row)
                   .arg(first.key)
                   .arg(QString::fromLatin1(toString(t.dtype)))
                   .arg(exactNumber(largestFinite(t.dtype)));
    }
    m_precision->setToolTip(tip);
}

void ScoreOptions::setLocked(bool locked)
{
    m_locked = locked;
    for (QWidget *control : std::initializer_list<QWidget *>{m_softcapOn, m_sinkOn, m_kernel, m_dtype})
        control->setEnabled(!locked);
    syncFromDocument();
}

} // namespace attn::ui
