// The figure of the position view (lesson 11), painted with QPainter: the selected head's
// weights with the mask window drawn as a band, and the score of one query/key pair against
// their distance without a positional scheme, with RoPE and with ALiBi.
#pragma once

#include "core/attention.h"
#include "ui/views/common/gridcanvas.h"

#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QStringList>

#include <optional>

class QPainter;

namespace attn::ui {

/// Everything the figure draws; every number comes from the engine (the view computes them).
struct PositionFigureData {
    const HeadTrace *head = nullptr;          ///< the selected head of the document's trace; not owned
    QStringList queryLabels;                  ///< (n_q)
    QStringList keyLabels;                    ///< (n_k)
    std::vector<std::int64_t> queryPositions; ///< (n_q)
    std::vector<std::int64_t> keyPositions;   ///< (n_k)
    int selectedQuery = 0;
    std::optional<Window> window;               ///< the scenario's mask window
    PositionalKind kind = PositionalKind::None; ///< the scenario's scheme (its curve is drawn bold)
    Vector curveNone;                           ///< (D + 1) score at distance 0 … D, no scheme
    Vector curveRope;                           ///< (D + 1) with RoPE (empty when it cannot apply)
    Vector curveAlibi;                          ///< (D + 1) with ALiBi
    QString curveTitle;                         ///< e.g. "score of q “x” · k “y” at distance d"
    QString title;
    QString orderText;    ///< the line under the figure (the order check)
    QString orderSummary; ///< its short form, drawn when orderText does not fit
    QString message;      ///< drawn instead of the figure when not empty
};

/// Where the parts go in a figure of `size`.
struct PositionLayout {
    QRectF titleRect;
    QRectF cells;    ///< the heatmap's cells
    QRectF plotRect; ///< the curve plot's axes box
    QRectF orderRect;
    double fontPx = 12;
};

PositionLayout layoutPositionFigure(const PositionFigureData &data, QSizeF size);

/// Paints the figure into `size` (white background).
void paintPositionFigure(QPainter &painter, QSizeF size, const PositionFigureData &data);

/// The weight grid of the figure for the keyboard and the screen reader (GridCanvas).
PaintedGrids positionGrids(const PositionFigureData &data, QSizeF size);

/// "Nice" axis ticks (1, 2 or 5 × 10^k apart) covering [low, high], about `count` of them.
std::vector<double> niceTicks(double low, double high, int count);

} // namespace attn::ui
