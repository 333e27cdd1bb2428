// The picture of the interventions lesson (lesson 15): for one query, each key's weight beside
// the change of the output when that key is deleted, keys whose two rankings disagree marked,
// and the chosen intervention and the invariants written out. Pure drawing: InterventionView
// computes every number with the engine.
#pragma once

#include "core/tensor.h"
#include "ui/base/figuretable.h"

#include <QRectF>
#include <QSizeF>
#include <QString>
#include <QStringList>

#include <vector>

class QPainter;

namespace attn::ui {

/// Everything the figure shows.
struct InterventionFigureData {
    QString title;
    QStringList keyLabels;         ///< (n_k)
    Vector weights;                ///< (n_k) the query's weights (selected head)
    Vector effects;                ///< (n_k) ‖Δ output‖ of the query's head when key j is deleted
    std::vector<bool> visible;     ///< (n_k) false: masked for this query, not compared
    std::vector<bool> disagreeing; ///< (n_k) in at least one discordant pair
    int chosenKey = -1;            ///< the key of the chosen intervention, outlined; −1 none
    QStringList lines;             ///< the text panel, one paragraph each
    QString message;               ///< shown alone when non-empty
};

/// The bar of key j's weight (2j, in the upper panel, axis 0 … 1) and of its deletion effect
/// (2j + 1, in the lower panel, axis 0 … the largest effect), for `data` drawn at `size` (pixels).
/// Two panels with their own baselines, each bar labelled with its rank in its panel: the two
/// rankings are compared, never a weight's height against an effect's. The figure is laid out at a logical
/// size between 640 × 400 and 1200 × 800 and scaled to `size`, fonts included, so small exports shrink and
/// large ones grow.
std::vector<QRectF> interventionBars(const InterventionFigureData &data, QSizeF size);

/// The figure as a table (View → Show as table): one row per key, its weight, its deletion
/// effect, whether it is visible and whether its ranks disagree.
QList<FigureTable> interventionTables(const InterventionFigureData &data);

/// Draws the whole figure at `size` (pixels) with `painter`.
void paintInterventionFigure(QPainter &painter, QSizeF size, const InterventionFigureData &data);

} // namespace attn::ui
