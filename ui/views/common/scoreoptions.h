// The second row of the score strip: what today's models do between the logits and the
// weights (softcap, an attention sink), and which kernel computes them in which dtype.
#pragma once

#include "ui/document/scenariodocument.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;

namespace attn::ui {

class NumberBox;

/// Controls for the keys of today's models (README, scenario keys):
/// - softcap c > 0: logits ← c · tanh(logits / c) (Gemma 2, Team Gemma 2024, §2); the check box
///   turns it on at kDefaultSoftcap and off again.
/// - sink s_h of the selected query head: one more term exp(s_h) in the head's softmax
///   denominator that carries no value (gpt-oss; StreamingLLM, Xiao et al. 2024); the check box
///   gives every head a sink logit of 0 and removes them all again.
/// - kernel: naive, tiled, windowed or linear (the scenario's `kernel`).
/// - dtype: float64, float32, float16 or bfloat16, the simulated storage type (core/lowprecision.h);
///   beside it a line with the overflowed logits and the distance of the weights from float64.
/// Each change is one undoable edit through ScenarioDocument::replaceScenario ("Set softcap 5",
/// "dtype float16"); a refused edit (e.g. float16 on the tiled kernel) leaves the document as it
/// was, its editRefused() says why, and the control snaps back. The controls follow the document.
class ScoreOptions : public QWidget {
    Q_OBJECT

public:
    /// The cap the check box turns on: small enough to bend the logits of the lessons' scenarios
    /// (Gemma 2 caps attention logits at 50).
    static constexpr double kDefaultSoftcap = 5.0;

    /// Options over `document` (not owned; must outlive the widget).
    explicit ScoreOptions(doc::ScenarioDocument *document, QWidget *parent = nullptr);

    QCheckBox *softcapBox() const { return m_softcapOn; }
    NumberBox *softcapValueBox() const { return m_softcap; }
    QCheckBox *sinkBox() const { return m_sinkOn; }
    NumberBox *sinkValueBox() const { return m_sink; }
    QComboBox *kernelBox() const { return m_kernel; }
    QComboBox *dtypeBox() const { return m_dtype; }
    /// "2 logit(s) → ±∞ · weights NaN (float64: numbers)", "max |Δweight| vs float64 0.001"; empty in
    /// float64. The tooltip gives the exact errors and the first overflowed logit.
    QLabel *precisionLabel() const { return m_precision; }

    /// Sets the softcap (std::nullopt = none) in one undoable edit; false when refused.
    bool setSoftcap(std::optional<double> cap);
    /// Sets the sink logit of query head `head` (a sink of 0 for every head first when the
    /// scenario has none); false when refused or `sink` is not finite.
    bool setSink(int head, double sink);
    /// Removes every sink in one undoable edit; false when there was none or it was refused.
    bool removeSinks();
    bool setKernel(KernelKind kernel);
    bool setDtype(Precision dtype);

    /// Disables every control (a lesson step that does not list "score"), or enables them.
    void setLocked(bool locked);

private:
    /// Pushes `edited` as one edit named `text`; snaps the controls back when it is refused.
    bool push(const Scenario &edited, const QString &text);
    /// Shows the document's values in every control, without sending edits.
    void syncFromDocument();
    /// The overflow and error line of the current trace.
    void syncPrecision();

    doc::ScenarioDocument *m_document;
    QCheckBox *m_softcapOn = nullptr;
    NumberBox *m_softcap = nullptr;
    QCheckBox *m_sinkOn = nullptr;
    NumberBox *m_sink = nullptr;
    QComboBox *m_kernel = nullptr;
    QComboBox *m_dtype = nullptr;
    QLabel *m_precision = nullptr;
    bool m_locked = false;
};

} // namespace attn::ui
