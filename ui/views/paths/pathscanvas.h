// The picture of the "RNN vs attention" lesson: positions as nodes, the recurrent chain beside
// attention's direct edges, the animation of sequential steps and the steps-vs-n plot.
#pragma once

#include "ui/base/figuretable.h"

#include <QStringList>
#include <QWidget>

#include <cstdint>
#include <vector>

class QPainter;

namespace attn::ui {

/// Everything the picture shows; PathsView fills it from its controls and core/rnn.h.
struct PathsState {
    int n = 2;                         ///< positions 0 … n − 1
    int i = 0;                         ///< first chosen position
    int j = 1;                         ///< second chosen position
    int window = 0;                    ///< reach of one attention layer; 0 = global attention
    int step = 0;                      ///< animation step, 0 … n
    QStringList labels;                ///< (n) the token under each node
    std::uint64_t recurrentSteps = 0;  ///< pathLength(Recurrent, i, j)
    std::uint64_t attentionLayers = 0; ///< pathLength(Global or WindowAttention, i, j, window)
    /// Sequential steps of one layer over m = 1 … maxN tokens (core sequentialSteps): index m − 1.
    std::vector<std::uint64_t> rnnSteps, attentionSteps;
};

/// Paints a PathsState. Two rows of n nodes: the RNN row, where position t hears t − 1 only
/// (grey arrows; the path i → j in orange, |i − j| hops), and the attention row, where one arc
/// joins j to i directly (global attention: 1 hop) or a chain of arcs of at most `window`
/// positions each (one per stacked layer: ⌈|i − j| / window⌉). During the animation the RNN
/// row fills one state per step, the attention row all at once at step 1. On the right, the
/// sequential steps of one layer against n (RNN n, attention 1). Clicking a node emits
/// nodeClicked (Shift or the right button: for j); hovering one shows its position.
class PathsCanvas : public QWidget, public FigureTableSource {
    Q_OBJECT

public:
    explicit PathsCanvas(QWidget *parent = nullptr);

    void setState(const PathsState &state);
    const PathsState &state() const { return m_state; }

    /// Draws the whole figure into `size` (pixels): the widget and the exports use it.
    void paintFigure(QPainter &painter, QSizeF size) const;

    /// Centre of node `index` of the RNN row (`attentionRow` false) or of the attention row, in
    /// widget coordinates; a null point when out of range.
    QPointF nodeCenter(int index, bool attentionRow) const;
    /// Radius of the nodes at the widget's size.
    double nodeRadius() const;
    /// The tooltip of node `index`.
    QString nodeToolTip(int index) const;
    /// The title, e.g. "From position i = 1 (“keys”) to j = 10 (“were”), n = 12".
    QString title() const;
    /// The caption of the RNN row, e.g. "RNN: |1 − 10| = 9 recurrent steps".
    QString rnnCaption() const;
    /// The caption of the attention row, e.g. "Global attention: 1 hop (one layer)".
    QString attentionCaption() const;
    /// The caption of the animation line.
    QString animationCaption() const;

    /// The figure as tables (View → Show as table): the path from i to j on each row, and the
    /// sequential steps of one layer against n.
    QList<FigureTable> figureTables() const override;

    QSize sizeHint() const override { return {900, 520}; }
    QSize minimumSizeHint() const override { return {520, 360}; }

signals:
    /// Node `index` was clicked: for i, or for j when `forJ` (Shift or the right button).
    void nodeClicked(int index, bool forJ);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    struct Geometry;
    Geometry geometry(QSizeF size) const;
    int nodeAt(QPointF pos) const;

    PathsState m_state;
};

} // namespace attn::ui
