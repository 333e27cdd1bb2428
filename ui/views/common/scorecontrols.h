// The strip of score options above the Q/K/V editor: score kind, scale, temperature, reset, and a
// second row (ScoreOptions) with softcap, the sink logit, the kernel and the dtype.
#pragma once

#include "ui/document/scenariodocument.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QPushButton;
class QSlider;

namespace attn::ui {

class ScoreOptions;

/// Controls for how scores become logits: logits = scale · score(q, k) / temperature.
/// - Score kind: scaled dot q·k/√d_k (Vaswani et al. 2017, §3.2.1), dot q·k, additive
///   vᵀ tanh(W_q q + W_k k) (offered when the scenario has additive parameters), or raw scores
///   (choosing it converts the scenario with scenarioWithRawScores, keeping every weight).
/// - Scale: "auto = 0.7071" (1/√d_k for scaled dot, 1 otherwise) or an explicit number.
/// - Temperature τ > 0 (Hinton et al. 2015, §2): a logarithmic slider over 0.05…20 and a spin
///   box with the exact value. τ → 0 tends to argmax, τ → ∞ to uniform weights.
/// - Reset: scale back to auto and τ back to 1.
/// Every change is one undoable edit (ScenarioDocument::replaceScenario, e.g. "Set temperature
/// 0.5"); one drag of the slider is one undo entry (an undo macro from press to release). A
/// refused edit leaves the document as it was (its editRefused() says why) and the control
/// snaps back. The controls follow the document (undo, redo, load).
class ScoreControls : public QWidget {
    Q_OBJECT

public:
    /// Smallest and largest temperature the slider reaches; the spin box takes any τ > 0.
    static constexpr double kMinSliderTemperature = 0.05;
    static constexpr double kMaxSliderTemperature = 20.0;
    /// Slider positions 0 … kSliderSteps, evenly spaced in log τ (τ = 1 at the middle).
    static constexpr int kSliderSteps = 1000;
    /// Ticks every 125 positions: 9 ticks, τ = 1 on the middle one, a factor of 400^(1/8) ≈ 2.1 apart.
    static constexpr int kSliderTickInterval = 125;
    /// An arrow key moves 5 positions: τ × 400^(5/1000) ≈ ×1.03.
    static constexpr int kSliderKeyStep = 5;
    /// At least this wide (it takes the strip's spare room beyond that): 1 % of τ's log range is
    /// ≥ 2 px, and the strip still fits the Q/K/V editor's side of a 1280-pixel window.
    static constexpr int kSliderMinimumWidth = 220;

    /// A strip over `document` (not owned; must outlive the widget).
    explicit ScoreControls(doc::ScenarioDocument *document, QWidget *parent = nullptr);
    ~ScoreControls() override;

    /// The temperature at slider `position` (0.05 … 20): the number with the fewest significant
    /// digits (at most 4) within half a step of the exact log-scale value, e.g. 0.25, 1, 4.
    static double temperatureAt(int position);
    /// The slider position nearest to `temperature` (clamped to 0 … kSliderSteps).
    static int sliderPosition(double temperature);

    QComboBox *scoreKindBox() const { return m_kind; }
    QCheckBox *autoScaleBox() const { return m_autoScale; }
    QDoubleSpinBox *scaleBox() const { return m_scale; }
    QSlider *temperatureSlider() const { return m_slider; }
    QDoubleSpinBox *temperatureBox() const { return m_temperature; }
    QPushButton *resetButton() const { return m_reset; }
    /// The second row: softcap, sink, kernel and dtype.
    ScoreOptions *options() const { return m_options; }

    /// Sets the temperature through one undoable edit; false (and the controls snap back) when
    /// τ is not a finite number > 0 or the document refuses it.
    bool setTemperature(double temperature);
    /// Sets an explicit scale (std::nullopt = auto) through one undoable edit; false when refused.
    bool setScale(std::optional<double> scale);
    /// Scale to auto and τ to 1 in one undoable edit; false when there was nothing to reset.
    bool reset();

    /// Disables every control (a lesson step that does not list "score"), or enables them.
    void setLocked(bool locked);
    bool isLocked() const { return m_locked; }

signals:
    /// A choice could not be applied (e.g. raw scores for the linear kernel); one sentence.
    void inputRejected(const QString &message);

private:
    enum class Choice { ScaledDot, Dot, Additive, Raw };
    void onKindActivated(int index);
    void onSliderMoved(int position);
    void onSliderReleased();
    /// Shows the document's values in every control, without sending edits.
    void syncFromDocument();
    /// The scale "auto" stands for in the current scenario.
    double autoScale() const;

    doc::ScenarioDocument *m_document;
    QComboBox *m_kind = nullptr;
    QCheckBox *m_autoScale = nullptr;
    QDoubleSpinBox *m_scale = nullptr;
    QSlider *m_slider = nullptr;
    QDoubleSpinBox *m_temperature = nullptr;
    QPushButton *m_reset = nullptr;
    ScoreOptions *m_options = nullptr; // the second row
    double m_shownScale = 0.0;         // the value syncFromDocument() put into m_scale
    bool m_locked = false;
    bool m_dragOpen = false; // an undo macro collects the edits of the current slider drag
    int m_dragEdits = 0;     // edits pushed into that macro
};

} // namespace attn::ui
