// A row of bars the learner drags to the distribution they expect: one bar per key, values
// kept summing to 1. Used by the prediction panel.
#pragma once

#include <QStringList>
#include <QWidget>

#include <vector>

namespace attn::lessons {

/// Bars over the key labels. Dragging bar j (or Up/Down on the focused bar, ←/→ to move between
/// bars) sets it to the value under the pointer, 0…1, and rescales the others so that the row still
/// sums to 1 (they share 1 − value in their old proportions, or equally when they were all 0).
class DistributionEditor : public QWidget {
    Q_OBJECT

public:
    explicit DistributionEditor(QWidget *parent = nullptr);

    /// One bar per label, all equal (1/n).
    void setLabels(const QStringList &labels);
    QStringList labels() const { return m_labels; }
    /// (n_k) the bars; they sum to 1.
    const std::vector<double> &values() const { return m_values; }
    /// Replaces the bars with `values` renormalised (a size that differs from the labels is ignored).
    void setValues(const std::vector<double> &values);
    /// Sets bar `index` to `value` (clamped to 0…1) and rescales the others; the drag does this.
    void setBar(int index, double value);
    /// Locks the bars (after the reveal).
    void setReadOnly(bool readOnly);
    /// The bar the keyboard moves.
    int currentBar() const { return m_current; }
    /// The true row, drawn as a marker over each bar once revealed; empty hides the markers.
    void setTruth(const std::vector<double> &truth);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void valuesChanged();

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    QRectF plotRect() const;
    QRectF barRect(int index) const;
    void dragTo(const QPointF &point);

    QStringList m_labels;
    std::vector<double> m_values;
    std::vector<double> m_truth;
    int m_current = 0;
    bool m_readOnly = false;
};

} // namespace attn::lessons
