// The picture beside the training lab's heads: for one prediction of the trained model, each
// input token's attention rollout (top panel) and the measured change of the prediction when the
// token is replaced or deleted (bottom panel, its own axis), tokens the two rank in opposite
// order marked ≠. Pure drawing: TokenEffectPanel computes every number (core/train/tokeneffect.h).
#pragma once

#include "core/tensor.h"

#include <QSizeF>
#include <QString>
#include <QStringList>

#include <vector>

class QPainter;

namespace attn::ui {

/// Everything the figure shows, for tokens 0 … t.
struct TokenEffectFigureData {
    QString title;                 ///< e.g. "Prediction at “she” (position 9): “Mei”, p = 0.998"
    QString effectLabel;           ///< the bottom panel's caption (which change was measured)
    QStringList tokens;            ///< (t + 1)
    Vector rollout;                ///< (t + 1)
    Vector effect;                 ///< (t + 1) total variation distance; NaN: not measured
    std::vector<bool> disagreeing; ///< (t + 1) in a pair the two orders rank oppositely
    QStringList lines;             ///< the text under the panels, one paragraph each
    QString message;               ///< shown alone when non-empty (nothing trained yet, …)
};

/// Where the bars of token j are when `data` is drawn at `size`: [2j] its rollout bar, [2j + 1]
/// its effect bar (empty rects for NaN). For tooltips and tests.
std::vector<QRectF> tokenEffectBars(const TokenEffectFigureData &data, QSizeF size);

/// The token whose column contains x at `size`, or −1.
int tokenEffectColumnAt(const TokenEffectFigureData &data, QSizeF size, double x);

/// Draws the whole figure at `size` (pixels) with `painter`.
void paintTokenEffectFigure(QPainter &painter, QSizeF size, const TokenEffectFigureData &data);

} // namespace attn::ui
