// The figure of the √d_k saturation view: spread and entropy curves over d_k, and a live row
// of weights with and without 1/√d_k.
#pragma once

#include "core/scaling.h"

#include <QStringList>
#include <qcustomplot.h>

#include <vector>

namespace attn::ui {

/// Three plots in one QCustomPlot (Vaswani et al. 2017, §3.2.1):
///   1. spread (standard deviation) of q·k and of q·k/√d_k against d_k, both axes log 2, with
///      the reference √d_k (dashed);
///   2. mean softmax entropy (nats) against d_k (log 2), with the uniform ln n_k (dashed);
///   3. the live row: two bars per key, plain (orange) and scaled (blue) weights, the
///      compact weight above each bar when there are few keys.
/// A dotted line and rings mark one d_k on curves 1 and 2. Hovering shows exact values.
class ScalingPlot : public QCustomPlot {
    Q_OBJECT

public:
    explicit ScalingPlot(QWidget *parent = nullptr);
    ~ScalingPlot() override;

    /// Draws `points` (one per d_k, increasing) of a sweep of `numKeys` keys and `trials`
    /// draws per d_k (for the title and the uniform line ln numKeys).
    void setCurves(const std::vector<ScalingPoint> &points, Index numKeys, Index trials);

    /// Marks `point` on the curves; d_k = 0 removes the marker. The x range reaches past it.
    void setMarker(const ScalingPoint &point);

    /// Shows the live row: weights and logits (each (n_k), or all empty for no bars) without
    /// (plain) and with (scaled) 1/√d_k, the key labels (n_k) and a caption above the row.
    void setRow(const Vector &plainWeights, const Vector &plainLogits, const Vector &scaledWeights,
                const Vector &scaledLogits, const QStringList &keyLabels, const QString &caption);

    /// Tooltip of curve point `index` (spread, entropy, largest weight; exact values).
    QString curveToolTip(int index) const;
    /// Tooltip of key `key` of the live row: both weights and both logits, exact.
    QString keyToolTip(int key) const;
    /// The caption above the live row.
    QString rowCaption() const;

protected:
    bool event(QEvent *event) override;

private:
    void setupCurves();
    void setupRow();

    QCPAxisRect *m_spreadRect = nullptr;
    QCPAxisRect *m_entropyRect = nullptr;
    QCPAxisRect *m_rowRect = nullptr;
    QCPTextElement *m_title = nullptr;
    QCPTextElement *m_rowCaption = nullptr;
    QCPGraph *m_spreadPlain = nullptr;
    QCPGraph *m_spreadScaled = nullptr;
    QCPGraph *m_spreadRoot = nullptr;
    QCPGraph *m_entropyPlain = nullptr;
    QCPGraph *m_entropyScaled = nullptr;
    QCPGraph *m_entropyUniform = nullptr;
    QCPGraph *m_spreadMarker = nullptr;
    QCPGraph *m_entropyMarker = nullptr;
    QCPItemStraightLine *m_spreadLine = nullptr;
    QCPItemStraightLine *m_entropyLine = nullptr;
    QCPBars *m_plainBars = nullptr;
    QCPBars *m_scaledBars = nullptr;
    std::vector<QCPItemText *> m_barLabels; // compact weights above the bars
    std::vector<ScalingPoint> m_points;
    Index m_numKeys = 0;
    Vector m_plain, m_plainLogits, m_scaled, m_scaledLogits; // (n_k) each
    QStringList m_keyLabels;
};

} // namespace attn::ui
