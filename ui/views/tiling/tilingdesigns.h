// The four "other designs" panels under the tiling figure (lesson 13): the memory of tiling,
// the KV cache with fewer K/V heads, a window's reach across layers, and linear attention
// against softmax. Plain numbers in, pictures and sentences out; TilingView fills the numbers
// from core/cost.h, attn::pathLength and attend().
#pragma once

#include "core/tensor.h"

#include <QRectF>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

class QPainter;

namespace attn::ui {

/// Every number the panels show.
struct TilingDesigns {
    // Tiling, for this scenario (f32, one head) and for a reference size.
    bool hasScenario = false;
    std::uint64_t flops = 0;      ///< FLOP of the head, the same for both kernels
    std::uint64_t naiveBytes = 0; ///< the (n_q, n_k) score matrix
    std::uint64_t tileBytes = 0;  ///< the tiled kernel's tile buffers
    std::uint64_t rowBytes = 0;   ///< m and ℓ of every row
    int blockQuery = 0, blockKey = 0;
    int refTokens = 0, refHeadDim = 0, refTile = 0; ///< the reference size: n, head_dim, B_r = B_c (f16)
    std::uint64_t refNaiveBytes = 0;                ///< its score matrix
    std::uint64_t refTiledBytes = 0;                ///< its whole tiled working set (output included)
    // KV cache of a reference model (f16).
    int layers = 0, tokens = 0, queryHeads = 0, headDim = 0, kvHeads = 0;
    std::uint64_t kvBytes = 0, mhaBytes = 0, mqaBytes = 0;
    // A sliding window over the scenario's n tokens.
    int windowTokens = 0, window = 0, windowLayers = 0, reach = 0;
    QString firstLabel, lastLabel; ///< the first and the last of those tokens
    // Linear attention on the same input.
    QString linearMessage;       ///< why it cannot run; empty when it ran
    QString queryLabel;          ///< the query whose weights are drawn
    QStringList keyLabels;       ///< (n_k)
    Vector softmaxWeights;       ///< (n_k) that query's softmax weights
    Vector linearWeights;        ///< (n_k) its linear-attention weights
    double linearDifference = 0; ///< max |linear − softmax| over every output of the head
};

/// One sentence per panel (tiling, KV cache, window, linear), with the exact numbers: the
/// panels' tooltips and the text a test can read.
QStringList tilingDesignNotes(const TilingDesigns &designs);

/// The four panel boxes inside `area`, left to right.
std::vector<QRectF> tilingDesignBoxes(const QRectF &area);

/// Draws the four panels into `area`.
void paintTilingDesigns(QPainter &painter, const QRectF &area, const TilingDesigns &designs);

/// The linear-vs-softmax weights of designs.queryLabel drawn large into `area`: a weight axis,
/// one pair of bars per key (softmax blue, linear orange) with their values and the key labels,
/// a legend and the largest output difference.
void paintLinearComparison(QPainter &painter, const QRectF &area, const TilingDesigns &designs);

/// The key under `pos` in a comparison drawn by paintLinearComparison into `area`, or −1.
int linearComparisonKeyAt(const QRectF &area, const TilingDesigns &designs, QPointF pos);

} // namespace attn::ui
