// The model figure: every layer × head as a thumbnail (one colour scale), the mean and maximum of
// each layer's heads beside them, attention rollout through the layers, and one head drawn as
// lines from every query to every key at once (line width = weight). QPainter only.
#pragma once

#include "core/attention.h"
#include "ui/base/figuretable.h"
#include "ui/views/model/modelsummary.h"

#include <QImage>
#include <QRectF>
#include <QStringList>

#include <vector>

class QPainter;

namespace attn::ui {

/// What paintModelFigure draws (the view fills it; QImages are coloured on the interface thread).
struct ModelFigureData {
    ModelSummary summary;
    std::vector<std::vector<QImage>> thumbnails; ///< (L) × (H + 2): heads, then mean and max
    QImage rollout;
    int currentLayer = 0;                  ///< the layer the document shows (its row is outlined)
    int selectedHead = 0;                  ///< the head drawn as lines (of the current layer)
    const AttentionTrace *trace = nullptr; ///< the document's trace (the current layer), exact values
    QStringList queryLabels, keyLabels;
    QString source; ///< "model.safetensors", or empty for a single scenario
    QString status; ///< e.g. "Computing 11 layers…", or empty
};

/// Where each part lies in a figure of `size` for L layers and H heads (the painter and the
/// view's clicks and tooltips use the same rectangles).
struct ModelLayout {
    QRectF grid;      ///< the thumbnails: L rows × (H + 2) columns
    double cell = 0;  ///< side of one thumbnail's square, gaps included
    QRectF lines;     ///< the head drawn as lines
    QRectF rollout;   ///< the rollout map
    QRectF colourBar; ///< the one colour scale
    QRectF notes;     ///< the caveats, in words
    int layers = 0, heads = 0;
    /// The thumbnail square of (layer, column): column < H a head, H the mean, H + 1 the maximum.
    QRectF thumbnail(int layer, int column) const;
    /// The (layer, column) under `pos`, or {-1, -1}.
    std::pair<int, int> thumbnailAt(QPointF pos) const;
};

ModelLayout modelLayout(QSizeF size, int layers, int heads);

/// The plain-words caveats of the three summaries (mean over heads, per-layer maximum, rollout).
QStringList aggregationCaveats();

/// Paints the figure at `size` (logical pixels).
void paintModelFigure(QPainter &painter, QSizeF size, const ModelFigureData &data);

/// The tooltip for `pos`: the head, query and key with the exact (or block maximum) weight.
/// The figure as tables (View → Show as table): every layer's mean over heads, then the rollout;
/// a map max-pooled to fewer cells than tokens says so in its caption and heads its rows and
/// columns with the token ranges.
QList<FigureTable> modelTables(const ModelFigureData &data);

QString modelToolTip(const ModelFigureData &data, const ModelLayout &layout, QPointF pos);

} // namespace attn::ui
