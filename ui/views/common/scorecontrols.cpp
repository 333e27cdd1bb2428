#include "ui/views/common/scorecontrols.h"

#include "ui/base/numbertext.h"
#include "ui/base/wraprow.h"
#include "ui/models/scorematrixmodel.h"
#include "ui/views/common/numberbox.h"
#include "ui/views/common/scoreoptions.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QStandardItemModel>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace attn::ui {

namespace {

/// `value` rounded to `digits` significant digits (value > 0).
double roundSignificant(double value, int digits)
{
    const double power = std::pow(10.0, digits - 1 - std::floor(std::log10(value)));
    return std::round(value * power) / power;
}

QLabel *caption(const QString &text, const QString &toolTip, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setToolTip(toolTip);
    return label;
}

} // namespace

ScoreControls::ScoreControls(doc::ScenarioDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document)
{
    const QString kindTip =
        tr("How a query q and a key k become a score:\n"
           "scaled dot  q·k / √d_k (Vaswani et al. 2017, §3.2.1)\n"
           "dot  q·k (no scaling)\n"
           "additive  vᵀ tanh(W_q q + W_k k) (Bahdanau et al. 2015), when the scenario has W_q, W_k, v\n"
           "raw scores  a matrix S typed in directly (Q and K are then not used)");
    const QString scaleTip =
        tr("The scale multiplies q·k before the softmax: logits = scale · q·k / τ.\n"
           "auto is 1/√d_k for scaled dot and 1 otherwise; type a number to replace it.");
    const QString temperatureTip =
        tr("The temperature τ divides the logits: weights = softmax(logits / τ) (Hinton et al. 2015).\n"
           "τ → 0 tends to argmax (all weight on the best key); τ → ∞ tends to uniform (equal shares).\n"
           "The slider is logarithmic from 0.05 to 20, τ = 1 at the middle tick; the arrow keys move it in\n"
           "small steps (×1.03), Page Up and Page Down by one tick (×2.1). The box takes any τ > 0.");

    m_kind = new QComboBox(this);
    m_kind->setObjectName(QStringLiteral("scoreKind"));
    m_kind->setToolTip(kindTip);
    m_kind->setSizeAdjustPolicy(QComboBox::AdjustToContents);

    m_autoScale = new QCheckBox(this);
    m_autoScale->setObjectName(QStringLiteral("autoScale"));
    m_autoScale->setToolTip(tr("Use the default scale: 1/√d_k for scaled dot, 1 otherwise"));
    // Any finite double, typed as a cell is ("1e-3", "-2,5" under a comma locale), never rounded.
    m_scale = new NumberBox(this);
    m_scale->setObjectName(QStringLiteral("scale"));
    m_scale->setToolTip(scaleTip);

    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setObjectName(QStringLiteral("temperatureSlider"));
    m_slider->setToolTip(temperatureTip);
    m_slider->setRange(0, kSliderSteps);
    // Wider than it was, so that a drag is not a leap (τ spans a factor of 400), ticks every
    // kSliderTickInterval with τ = 1 on the middle one, and small arrow-key steps (×1.03);
    // Page Up/Down move one tick.
    m_slider->setMinimumWidth(kSliderMinimumWidth);
    m_slider->setTickPosition(QSlider::TicksBelow);
    m_slider->setTickInterval(kSliderTickInterval);
    m_slider->setSingleStep(kSliderKeyStep);
    m_slider->setPageStep(kSliderTickInterval);
    m_temperature = new NumberBox(this);
    m_temperature->setObjectName(QStringLiteral("temperature"));
    m_temperature->setToolTip(temperatureTip);
    m_temperature->setRange(std::numeric_limits<double>::min(), std::numeric_limits<double>::max());

    m_reset = new QPushButton(tr("Reset"), this);
    m_reset->setObjectName(QStringLiteral("resetScore"));
    m_reset->setToolTip(tr("Scale back to auto and temperature back to 1 (one undoable edit)"));

    // Row 1: score, scale, temperature; row 2: softcap, sink, kernel and dtype (ScoreOptions).
    auto *rows = new QVBoxLayout(this);
    rows->setContentsMargins(0, 0, 0, 0);
    rows->setSpacing(2);
    // Each row wraps into groups when the view is narrow (1280 × 720, presentation mode).
    auto *row = new WrapRow(this);
    rows->addWidget(row);
    QHBoxLayout *layout = row->addGroup();
    layout->addWidget(caption(tr("Score:"), kindTip, this));
    layout->addWidget(m_kind);
    layout->addSpacing(12);
    layout->addWidget(caption(tr("Scale:"), scaleTip, this));
    layout->addWidget(m_autoScale);
    layout->addWidget(m_scale);
    layout = row->addGroup(1);
    layout->addWidget(caption(tr("Temperature τ:"), temperatureTip, this));
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_temperature);
    layout->addSpacing(12);
    layout->addWidget(m_reset);
    m_options = new ScoreOptions(m_document, this);
    rows->addWidget(m_options);

    connect(m_kind, &QComboBox::activated, this, &ScoreControls::onKindActivated);
    connect(m_autoScale, &QCheckBox::clicked, this,
            [this](bool checked) { setScale(checked ? std::nullopt : std::optional<double>(autoScale())); });
    connect(m_scale, &QDoubleSpinBox::valueChanged, this, [this](double value) {
        if (value != m_shownScale) setScale(value);
    });
    connect(m_slider, &QSlider::valueChanged, this, &ScoreControls::onSliderMoved);
    connect(m_slider, &QSlider::sliderReleased, this, &ScoreControls::onSliderReleased);
    connect(m_temperature, &QDoubleSpinBox::valueChanged, this, &ScoreControls::setTemperature);
    connect(m_reset, &QPushButton::clicked, this, &ScoreControls::reset);
    connect(m_document, &doc::ScenarioDocument::scenarioChanged, this, &ScoreControls::syncFromDocument);
    syncFromDocument();
}

ScoreControls::~ScoreControls()
{
    if (m_dragOpen && m_document->undoStack()->count() > 0) m_document->undoStack()->endMacro();
}

double ScoreControls::temperatureAt(int position)
{
    const double t = std::clamp(position, 0, kSliderSteps) / static_cast<double>(kSliderSteps);
    const double logMin = std::log(kMinSliderTemperature);
    const double logMax = std::log(kMaxSliderTemperature);
    const double exact = std::exp(logMin + t * (logMax - logMin));
    // The shortest number within half a step of the exact position, so that 0.25 or 4 can be
    // reached and the undo history reads "Set temperature 0.25", not 0.2505633.
    const double halfStep = 0.5 * (logMax - logMin) / kSliderSteps;
    for (int digits = 1; digits < 4; ++digits) {
        const double rounded = roundSignificant(exact, digits);
        if (std::abs(std::log(rounded) - std::log(exact)) <= halfStep) return rounded;
    }
    return roundSignificant(exact, 4);
}

int ScoreControls::sliderPosition(double temperature)
{
    if (!(temperature > 0.0)) return 0;
    const double logMin = std::log(kMinSliderTemperature);
    const double logMax = std::log(kMaxSliderTemperature);
    const double t = (std::log(temperature) - logMin) / (logMax - logMin);
    return static_cast<int>(std::lround(std::clamp(t, 0.0, 1.0) * kSliderSteps));
}

double ScoreControls::autoScale() const
{
    const Scenario &s = m_document->scenario();
    if (s.score == ScoreKind::ScaledDot && !usesRawScores(s) && m_document->keyDim() > 0)
        return 1.0 / std::sqrt(static_cast<double>(m_document->keyDim()));
    return 1.0;
}

void ScoreControls::syncFromDocument()
{
    const Scenario &s = m_document->scenario();
    const bool raw = usesRawScores(s);
    const bool qk = m_document->hasQueryAndKey();
    {
        const QSignalBlocker block(m_kind);
        m_kind->clear();
        m_kind->addItem(tr("scaled dot  q·k/√d_k"), static_cast<int>(Choice::ScaledDot));
        m_kind->addItem(tr("dot  q·k"), static_cast<int>(Choice::Dot));
        if (s.additive)
            m_kind->addItem(tr("additive  vᵀtanh(W_q q + W_k k)"), static_cast<int>(Choice::Additive));
        m_kind->addItem(tr("raw scores S"), static_cast<int>(Choice::Raw));
        if (auto *items = qobject_cast<QStandardItemModel *>(m_kind->model()))
            for (int i = 0; i + 1 < m_kind->count(); ++i) items->item(i)->setEnabled(qk);
        const Choice current = raw                              ? Choice::Raw
                               : s.score == ScoreKind::Dot      ? Choice::Dot
                               : s.score == ScoreKind::Additive ? Choice::Additive
                                                                : Choice::ScaledDot;
        m_kind->setCurrentIndex(m_kind->findData(static_cast<int>(current)));
    }
    {
        const QSignalBlocker blockAuto(m_autoScale);
        const QSignalBlocker blockScale(m_scale);
        const double automatic = autoScale();
        m_autoScale->setText(tr("auto = %1").arg(automatic, 0, 'f', 4));
        m_autoScale->setChecked(!s.scale);
        m_scale->setValue(s.scale.value_or(automatic));
        m_shownScale = m_scale->value();
    }
    {
        const QSignalBlocker blockSlider(m_slider);
        const QSignalBlocker blockBox(m_temperature);
        m_temperature->setValue(s.temperature);
        if (!m_slider->isSliderDown()) m_slider->setValue(sliderPosition(s.temperature));
    }
    m_reset->setEnabled(!m_locked && (s.scale || s.temperature != 1.0));
}

void ScoreControls::onKindActivated(int index)
{
    const auto choice = static_cast<Choice>(m_kind->itemData(index).toInt());
    const Scenario &current = m_document->scenario();
    bool ok = false;
    if (choice == Choice::Raw) {
        if (usesRawScores(current)) return;
        QString why;
        const std::optional<Scenario> edited = scenarioWithRawScores(current, m_document->trace(), &why);
        if (edited)
            ok = m_document->replaceScenario(*edited, tr("Score: raw scores"));
        else
            emit inputRejected(tr("Cannot switch to raw scores: %1.").arg(why));
    } else {
        Scenario edited = current;
        edited.scores.clear(); // Q·Kᵀ computes the scores again
        edited.score = choice == Choice::Dot        ? ScoreKind::Dot
                       : choice == Choice::Additive ? ScoreKind::Additive
                                                    : ScoreKind::ScaledDot;
        if (edited.score == current.score && !usesRawScores(current)) return;
        ok = m_document->replaceScenario(edited,
                                         tr("Score: %1").arg(QString::fromLatin1(toString(edited.score))));
    }
    if (!ok) syncFromDocument(); // snap back to the document's choice
}

bool ScoreControls::setScale(std::optional<double> scale)
{
    const Scenario &current = m_document->scenario();
    if (scale && !std::isfinite(*scale)) {
        syncFromDocument();
        return false;
    }
    if (scale == current.scale) return true;
    Scenario edited = current;
    edited.scale = scale;
    const QString text = scale ? tr("Set scale %1").arg(exactNumber(*scale))
                               : tr("Set scale auto (%1)").arg(exactNumber(autoScale()));
    const bool ok = m_document->replaceScenario(edited, text);
    if (!ok) syncFromDocument();
    return ok;
}

bool ScoreControls::setTemperature(double temperature)
{
    const Scenario &current = m_document->scenario();
    if (!(temperature > 0.0) || !std::isfinite(temperature)) {
        syncFromDocument();
        return false;
    }
    if (temperature == current.temperature) return true;
    Scenario edited = current;
    edited.temperature = temperature;
    const bool ok =
        m_document->replaceScenario(edited, tr("Set temperature %1").arg(exactNumber(temperature)));
    if (ok && m_dragOpen) ++m_dragEdits;
    if (!ok) syncFromDocument();
    return ok;
}

bool ScoreControls::reset()
{
    const Scenario &current = m_document->scenario();
    if (!current.scale && current.temperature == 1.0) return false;
    Scenario edited = current;
    edited.scale.reset();
    edited.temperature = 1.0;
    const bool ok = m_document->replaceScenario(edited, tr("Reset scale and temperature"));
    if (!ok) syncFromDocument();
    return ok;
}

void ScoreControls::onSliderMoved(int position)
{
    const double temperature = temperatureAt(position);
    {
        const QSignalBlocker block(m_temperature);
        m_temperature->setValue(temperature);
    }
    if (m_slider->isSliderDown() && !m_dragOpen) {
        // Every edit of this drag goes into one undo entry: the stack shows "Set temperature 0.5"
        // once, from where the drag started to where it ended.
        m_document->undoStack()->beginMacro(tr("Set temperature"));
        m_dragOpen = true;
        m_dragEdits = 0;
    }
    setTemperature(temperature);
}

void ScoreControls::onSliderReleased()
{
    if (!m_dragOpen) return;
    m_dragOpen = false;
    QUndoStack *stack = m_document->undoStack();
    if (stack->count() == 0) { // a load cleared the stack, and the macro with it, mid-drag
        syncFromDocument();
        return;
    }
    // While a macro is open it is the stack's last command. Changing its text or marking it
    // obsolete does not touch what it does, so the const_cast is safe.
    auto *macro = const_cast<QUndoCommand *>(stack->command(stack->count() - 1));
    if (m_dragEdits > 0)
        macro->setText(tr("Set temperature %1").arg(exactNumber(m_document->scenario().temperature)));
    else
        macro->setObsolete(true); // nothing changed: undo() below removes the empty entry
    stack->endMacro();
    if (m_dragEdits == 0) stack->undo();
    syncFromDocument();
}

void ScoreControls::setLocked(bool locked)
{
    m_locked = locked;
    for (QWidget *control :
         std::initializer_list<QWidget *>{m_kind, m_autoScale, m_scale, m_slider, m_temperature})
        control->setEnabled(!locked);
    m_options->setLocked(locked);
    syncFromDocument();
}

} // namespace attn::ui
