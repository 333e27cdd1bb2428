// Token labels on the category axis of a plot (ticks at 0 … n−1), thinned when they cannot fit.
#pragma once

#include <QMap>
#include <QStringList>

class QCPAxis;

namespace attn::ui {

/// The smallest stride of 1, 2, 5, 10, 20, 50, … such that every stride-th of `count` labels,
/// each `labelPixels` long along the axis, fits in `axisPixels`. 1 when the axis length is
/// not known yet (axisPixels ≤ 0) or the labels fit.
int tickStride(int count, double axisPixels, double labelPixels);

/// Puts `labels` at 0 … n−1 on `axis` (a QCPAxisTickerText), showing only every stride-th
/// label when they do not all fit the axis's current pixel length: labels of a vertical axis
/// need one line height each; those of a horizontal axis their width, or, when `mayRotate`
/// and they do not fit side by side, a line height / sin 40° each, rotated by −40°.
/// The length is the one of the last layout, so a plot calls this again after each replot
/// (afterReplot) and replots once more when it returns true (the shown ticks changed).
/// `extra` ticks (such as the sink column's) are always shown beside the labels.
bool setTokenTicks(QCPAxis *axis, const QStringList &labels, bool mayRotate,
                   const QMap<double, QString> &extra = {});

} // namespace attn::ui
