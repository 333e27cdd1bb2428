// The figure of the multi-head view (lesson 10), painted with QPainter: one weights heatmap per
// query head, boxed by the K/V head they share, then the selected query's head outputs side by
// side (the concatenation), the output projection W_o and the projected output.
#pragma once

#include "core/attention.h"
#include "ui/views/common/gridcanvas.h"

#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QStringList>

#include <vector>

class QPainter;

namespace attn::ui {

/// Everything the figure draws; the numbers come from the document's trace and the view.
struct HeadsFigureData {
    const AttentionTrace *trace = nullptr; ///< the document's trace (heads, outputs); not owned
    QStringList queryLabels;               ///< (n_q)
    QStringList keyLabels;                 ///< (n_k)
    int selectedQuery = 0;
    int selectedHead = 0;
    int numKvHeads = 1;           ///< H_kv of the scenario
    Matrix W_o;                   ///< (H_q·d_v, d_model) output projection
    bool W_oFromScenario = false; ///< W_o is the scenario's (else the view's seeded one)
    Vector concatenated;          ///< (H_q·d_v) the selected query's row of trace->output
    Vector output;                ///< (d_model) concatenated · W_o
    QString title;                ///< the bold line on top
    QString message;              ///< drawn instead of everything else when not empty
};

/// What lies under a point of the figure.
struct HeadsHit {
    enum class Kind { None, Cell, Sink, Concat, Projection, Output } kind = Kind::None;
    int head = -1;   ///< Cell, Sink: the query head
    int row = -1;    ///< Cell, Sink: query row; Projection: row of W_o
    int column = -1; ///< Cell: key; Concat/Output: entry; Projection: column of W_o
};

/// Where everything goes in a figure of `size` pixels.
struct HeadsLayout {
    QRectF titleRect;
    QRectF captionRect;
    std::vector<QRectF> cells; ///< (H_q) the weights grid of each head
    /// (H_q) with sinks: the column of each head's sink weights, half a cell right of its keys
    std::vector<QRectF> sinkCells;
    std::vector<QRectF> headTitle;              ///< (H_q) "head h" above each grid
    std::vector<std::pair<int, QRectF>> groups; ///< (K/V head, box) one box per group and grid row
    QRectF concatRect;                          ///< 1 × H_q·d_v cells
    QRectF projectionRect;                      ///< H_q·d_v × d_model cells
    QRectF outputRect;                          ///< 1 × d_model cells
    QRectF pipelineLabel;                       ///< the line above the pipeline
    QRectF footRect;                            ///< the note under the pipeline
    double queryLabelWidth = 0;
    double fontPx = 12;
};

/// Computes the layout of `data` at `size` (pixels).
HeadsLayout layoutHeadsFigure(const HeadsFigureData &data, QSizeF size);

/// Paints the whole figure into `size` with `painter` (white background).
void paintHeadsFigure(QPainter &painter, QSizeF size, const HeadsFigureData &data, bool onScreen);

/// What is under `pos` in a figure of `size`.
HeadsHit headsHitAt(const HeadsFigureData &data, QSizeF size, QPointF pos);

/// Every head's weight grid, stacked, for the keyboard and the screen reader (GridCanvas).
PaintedGrids headsGrids(const HeadsFigureData &data, QSizeF size);

/// True when every head of `trace` has sink weights (the scenario has sinks).
bool hasSinkWeights(const AttentionTrace &trace);

/// The colour of query head `head` (a colour-blind-safe palette, cycling after 8).
QColor headColor(int head);

} // namespace attn::ui
