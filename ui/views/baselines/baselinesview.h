// The baselines view (lesson 16): attention beside simpler ways to mix the same tokens.
#pragma once

#include "core/tensor.h"
#include "ui/views/common/figureview.h"

#include <array>

class QComboBox;
class QLabel;
class QSpinBox;

namespace attn::doc {
class ScenarioDocument;
}

namespace attn::ui {

class BaselinesPlot;

/// Runs three baselines of core/baselines.h on the same tokens as attention and shows the four
/// outputs side by side (a BaselinesPlot), with the mixing weights of those that have any.
///
/// The input: X = the scenario's V (n_k, d_v), one token per row. Attention is the document's
/// trace as it is (Q, K and V of the scenario, so its weights depend on content); the baselines
/// mix the very same value rows: mean pooling (attn::meanPooling, every weight 1/n), a local
/// convolution (attn::localConvolution with uniform taps of width k, causal or centred, taps that
/// fall outside the sequence left out and the rest renormalised, so each output is an average of
/// the tokens it reaches) and a recurrence (attn::recurrenceBaseline: an untrained Elman RNN with
/// d_h = d_v, seeded). Mixing weights of the baselines come from the same functions applied to the
/// identity (n, n); the recurrence has none (it carries a state). The side-by-side comparison
/// needs self-attention (n_q = n_k) with H_q = H_kv; otherwise the attention panel is left empty.
///
/// Own controls (by objectName): "baselineSelect" (mean / conv / rnn: compared with attention),
/// "convWidth" (k, 1 … 15), "convAlignment" (causal / centred; centred needs an odd k), "rnnSeed".
/// Rows changed: each output is compared with the output of the tokens as the step opened
/// (resetViewState), under the current controls.
class BaselinesView : public FigureView {
    Q_OBJECT

public:
    enum Baseline { Mean = 0, Convolution = 1, Recurrence = 2 };
    static constexpr int kDefaultWidth = 3;
    static constexpr int kDefaultSeed = 1;

    explicit BaselinesView(doc::ScenarioDocument *document, QWidget *parent = nullptr);
    ~BaselinesView() override;

    /// "selected_baseline" (0 mean, 1 convolution, 2 recurrence), "conv_width", "conv_causal"
    /// (1/0), "rnn_seed", "difference_to_attention" (max |baseline − attention| over every
    /// entry; NaN when not comparable), "conv_weight_last_first" and "attention_weight_last_first"
    /// (the weight of the last token's output on the first token), "rows_changed_attention",
    /// "rows_changed_mean", "rows_changed_conv", "rows_changed_rnn".
    QMap<QString, double> taskValues() const override;
    /// Mean pooling selected, width 3, causal, seed 1; the current tokens become the reference.
    void resetViewState() override;

    /// Output (n, d) of panel 0 attention, 1 mean, 2 convolution, 3 recurrence; empty if none.
    const Matrix &output(int panel) const { return m_outputs[std::size_t(panel)]; }
    /// Mixing weights (n, n) of the same panels; empty for the recurrence.
    const Matrix &mixing(int panel) const { return m_mixing[std::size_t(panel)]; }
    /// Why the comparison cannot be drawn, or empty.
    QString message() const;

    BaselinesPlot *plot() const { return m_plot; }

    bool exportTo(const QString &path, const QString &format, QSize size,
                  QString *error = nullptr) const override;

    QSize sizeHint() const override { return {1000, 700}; }

private:
    /// The four outputs and three mixing matrices of `x` (n, d) under the current controls.
    void computeBaselines(const Matrix &x, std::array<Matrix, 4> &outputs,
                          std::array<Matrix, 4> *mixing) const;
    void recompute();
    int rowsChanged(int panel) const;

    doc::ScenarioDocument *m_document;
    QComboBox *m_baseline = nullptr;
    QSpinBox *m_width = nullptr;
    QComboBox *m_alignment = nullptr;
    QSpinBox *m_seed = nullptr;
    QLabel *m_summary = nullptr;
    BaselinesPlot *m_plot = nullptr;
    std::array<Matrix, 4> m_outputs;
    std::array<Matrix, 4> m_mixing;
    Matrix m_referenceX;         ///< (n, d) the tokens when the step opened
    Matrix m_referenceAttention; ///< (n, d) attention's output then
    std::array<Matrix, 4> m_referenceOutputs;
    QString m_message;
    bool m_resetting = false;
};

} // namespace attn::ui
