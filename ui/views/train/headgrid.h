// Every layer × head's attention weights on the probe sequence, painted as small heatmaps (one
// row per layer), with the head that "Open this head" would open outlined.
#pragma once

#include "core/tensor.h"
#include "ui/base/figuretable.h"

#include <QStringList>
#include <QWidget>

#include <vector>

namespace attn::ui {

/// What the grid shows: weights[layer · heads + head] (T, T), causal, rows = queries.
struct HeadGridData {
    int layers = 0;
    int heads = 0;
    std::vector<Matrix> weights;
    QStringList tokens;        ///< (T) labels of the probe
    std::vector<double> score; ///< (layers · heads) the chosen role's score of each head, or empty
    QString scoreName;         ///< e.g. "induction"
    int step = 0;
};

/// Clicking a head selects it (headSelected); double-clicking opens it (headActivated); the
/// arrow keys move the selection and Enter opens. Hovering a cell shows layer, head, query and
/// key with their tokens and the exact weight.
class HeadGrid : public QWidget, public FigureTableSource {
    Q_OBJECT

public:
    explicit HeadGrid(QWidget *parent = nullptr);

    void setData(const HeadGridData &data);
    const HeadGridData &data() const { return m_data; }
    /// Selects head `head` of `layer` (clamped to the grid).
    void select(int layer, int head);
    int selectedLayer() const { return m_layer; }
    int selectedHead() const { return m_head; }

    /// Paints the grid into `size` (also for export).
    void paintGrid(QPainter &painter, QSizeF size) const;
    /// The tooltip at `pos` (empty outside every cell).
    QString toolTipAt(const QPoint &pos) const;

    /// View → Show as table: the selected head's weights on the probe (queries down, keys across).
    QList<FigureTable> figureTables() const override;

    QSize sizeHint() const override { return {520, 300}; }
    QSize minimumSizeHint() const override { return {240, 160}; }

signals:
    void headSelected(int layer, int head);
    void headActivated(int layer, int head);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool event(QEvent *event) override;

private:
    /// The square of head (layer, head) in a grid of `size`.
    QRectF headRect(int layer, int head, QSizeF size) const;
    /// The head under `pos`, or false.
    bool headAt(const QPointF &pos, int *layer, int *head) const;

    HeadGridData m_data;
    int m_layer = 0;
    int m_head = 0;
};

} // namespace attn::ui
