// The lines of text the Q/K/V editor writes: vectors, the shapes line, the tensor panel titles.
#pragma once

#include "ui/document/scenariodocument.h"

#include <QString>

namespace attn::ui {

/// Entries written in the scores, weights and output lines; the rest are elided.
inline constexpr Index kShownEntries = 16;
/// Entries written in their tooltips (exact values are long; hover a plot for the others).
inline constexpr Index kShownExactEntries = 64;

/// "[1.340, 1.321]" (compact, ui/numbertext.h) or, with `exact`, the shortest exact form of each
/// value. At most kShownEntries (kShownExactEntries when exact) entries, then "… (1000 keys)"
/// naming the count with `noun`. With `groupSize` > 0, head blocks of that many values are
/// separated by " | ".
QString vectorText(const Eigen::Ref<const Eigen::RowVectorXd> &row, bool exact, const QString &noun,
                   int groupSize = 0);

/// A row of weights as vectorText() writes it, each entry as weightNumber() does ("<0.001" for a
/// tiny weight, as in the heatmap); exact entries with `exact`.
QString weightsText(const Eigen::Ref<const Eigen::RowVectorXd> &row, bool exact, const QString &noun);

/// The scores line of one query: as vectorText(), but a key the mask hides (false in `visible`,
/// one entry per key) is written "—", as the heatmap writes it: its score never enters softmax.
QString scoresText(const Eigen::Ref<const Eigen::RowVectorXd> &row,
                   const Eigen::Ref<const Eigen::Matrix<bool, 1, Eigen::Dynamic>> &visible, bool exact,
                   const QString &noun);

/// The shapes of every tensor of `document`'s scenario (Vaswani et al. 2017, §3.2.1 in matrix
/// form), e.g. "Q 1×2, K 2×2, V 2×2 → A 1×2, O 1×2"; with H_q > 1 heads A is written
/// "2×3 per head (4 heads)" and O is n_q × (H_q·d_v).
QString shapesLine(const doc::ScenarioDocument &document);

/// Rich-text title of the table of tensor `role`: its meaning and its shape, e.g.
/// "<b>K</b> — keys: … n_k × d_k = 2 × 2" (with "H·d_k" when the tensor holds H > 1 heads).
QString tensorPanelTitle(const doc::ScenarioDocument &document, doc::TensorRole role);

} // namespace attn::ui
