// The √d_k saturation view (lesson 4): why the Transformer divides q·k by √d_k.
#pragma once

#include "core/scaling.h"
#include "ui/views/common/figureview.h"

#include <QString>

namespace attn::doc {
class ScenarioDocument;
}

namespace attn::ui {

class ScalingPlot;

/// One ScalingPlot figure (Vaswani et al. 2017, §3.2.1): the spread of q·k and of q·k/√d_k
/// and the mean softmax entropy for d_k = 1 … 512, from attn::scalingSweep with a fixed seed
/// (kKeys keys, kTrials draws per d_k, computed once per process); a marker at the document's
/// d_k; and the live row: the weights of the document's selected query (selected head) with
/// and without 1/√d_k, both computed by the engine (attn::scoreRowWith) from the document's
/// scenario. Follows traceChanged, selectedQueryChanged and selectedHeadChanged. Raw-score and
/// additive scenarios get a message instead of the live row (there is no q·k to scale).
class ScalingView : public FigureView {
    Q_OBJECT

public:
    static constexpr Index kKeys = 16;           ///< n_k of the random draws
    static constexpr Index kTrials = 400;        ///< draws per d_k
    static constexpr std::uint64_t kSeed = 2017; ///< seed of the sweep

    /// A view of `document` (not owned; must outlive the view).
    explicit ScalingView(doc::ScenarioDocument *document, QWidget *parent = nullptr);
    ~ScalingView() override;

    /// The curves: one point per d_k of attn::defaultScalingDims().
    static const std::vector<ScalingPoint> &curves();

    /// True when the document's d_k is marked on the curves (Q and K given, d_k ≤ 4096).
    bool hasMarker() const
    {
        ensureCurves();
        return m_marker.d_k > 0;
    }
    /// The statistics at the document's d_k (d_k = 0 when there is no marker).
    const ScalingPoint &marker() const
    {
        ensureCurves();
        return m_marker;
    }

    /// The live row: the selected query's weights (n_k) with 1/√d_k (scaled dot) and without
    /// (plain dot). Both empty when the row cannot be shown (see rowMessage()).
    const Vector &scaledWeights() const { return m_scaled; }
    const Vector &plainWeights() const { return m_plain; }
    /// Why the live row is empty, or a note on it (an explicit scale); empty otherwise.
    QString rowMessage() const { return m_rowMessage; }
    /// The live row's title, e.g. "Live example, query “q”: weights without and with 1/√16
    /// (this scenario: plain dot)".
    QString rowTitle() const;

    /// Tooltip of curve point `index` of curves() (spread and entropy, exact values).
    QString curveToolTip(int index) const;
    /// Tooltip of key `key` of the live row: both weights and both logits, exact.
    QString keyToolTip(int key) const;

    /// The plot holding the whole figure.
    ScalingPlot *plot() const
    {
        ensureCurves();
        return m_plot;
    }

    /// Writes the figure to `path` as "png", "svg" (vector, no embedded image) or "pdf" at
    /// `size` through exportPlot(); false with *error (one sentence) on a bad format or size or
    /// an unwritable file.
    bool exportTo(const QString &path, const QString &format, QSize size,
                  QString *error = nullptr) const override;

    QSize sizeHint() const override { return {900, 640}; }

protected:
    void showEvent(QShowEvent *event) override;

private:
    /// The sweep takes a few tenths of a second: it runs when the view is first shown (or
    /// asked for its curves, marker or figure), not when the main window is built.
    void ensureCurves() const;
    void updateMarker();
    void updateRow();

    doc::ScenarioDocument *m_document;
    ScalingPlot *m_plot = nullptr;
    ScalingPoint m_marker;
    mutable bool m_curvesSet = false;
    Vector m_scaled;       // (n_k)
    Vector m_plain;        // (n_k)
    Vector m_scaledLogits; // (n_k)
    Vector m_plainLogits;  // (n_k)
    QString m_rowMessage;
};

} // namespace attn::ui
