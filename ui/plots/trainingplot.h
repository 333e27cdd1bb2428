// The curves of the training view: loss and accuracy over the steps (train and held-out), and one
// head-role score of every layer × head over the steps, with a marker at the step being looked at.
#pragma once

#include <QColor>
#include <QString>
#include <QStringList>
#include <qcustomplot.h>

#include <vector>

namespace attn::ui {

/// One curve: (step, value) points; NaN values leave a gap.
struct TrainingCurve {
    QString name;
    std::vector<double> steps;
    std::vector<double> values;
};

/// Top: train loss (thin, every step) and held-out loss (thick, at logged steps) in nats on the
/// left axis, train and held-out accuracy (dashed) on the right axis, 0 … 1. Below: the chosen
/// head-role score of every head (one colour per head, a solid line for layer 0, dashes for
/// layer 1, dots for layer 2, dash-dots for layer 3), 0 … 1 (entropy: 0 … ln T). A dotted vertical
/// line marks the step shown in the heads. Hovering a curve shows its exact value at that step.
class TrainingPlot : public QCustomPlot {
    Q_OBJECT

public:
    explicit TrainingPlot(QWidget *parent = nullptr);
    ~TrainingPlot() override;

    /// Train loss and accuracy of every step; held-out loss and accuracy at the logged steps.
    void setLoss(const TrainingCurve &trainLoss, const TrainingCurve &heldOutLoss,
                 const TrainingCurve &trainAccuracy, const TrainingCurve &heldOutAccuracy);
    /// One curve per head, `heads` per layer, of the score named `role`; `top` is the y range's top.
    void setRoles(const QString &role, const std::vector<TrainingCurve> &curves, int heads, double top);
    /// The x range: 0 … `lastStep` (at least 1).
    void setStepRange(int lastStep);
    /// Marks `step` (−1: no marker).
    void setMarker(int step);
    int marker() const { return m_marker; }

    /// The tooltip at widget position `pos`: the nearest curve point's name, step and value.
    QString toolTipAt(const QPoint &pos) const;
    /// The colour of head `head` of every layer.
    static QColor headColor(int head);

protected:
    bool event(QEvent *event) override;

private:
    QCPAxisRect *m_lossRect = nullptr;
    QCPAxisRect *m_rolesRect = nullptr;
    QCPTextElement *m_title = nullptr;
    QCPTextElement *m_rolesTitle = nullptr;
    QCPGraph *m_trainLoss = nullptr;
    QCPGraph *m_heldOutLoss = nullptr;
    QCPGraph *m_trainAccuracy = nullptr;
    QCPGraph *m_heldOutAccuracy = nullptr;
    std::vector<QCPGraph *> m_roles;
    QCPItemStraightLine *m_lossLine = nullptr;
    QCPItemStraightLine *m_rolesLine = nullptr;
    int m_marker = -1;
};

} // namespace attn::ui
