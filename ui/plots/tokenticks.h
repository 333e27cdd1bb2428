// Token labels on the category axis of a plot (ticks at 0 … n−1). Up to kAlwaysLabelled tokens
// every label is drawn: in a smaller font, then slanted, then abbreviated (the full name in the
// tooltip); beyond that only every stride-th label is shown.
#pragma once

#include <QMap>
#include <QPointF>
#include <QString>
#include <QStringList>

class QCPAxis;

namespace attn::ui {

/// Up to this many tokens, no label is left out.
constexpr int kAlwaysLabelled = 32;

/// The smallest stride of 1, 2, 5, 10, 20, 50, … such that every stride-th of `count` labels,
/// each `labelPixels` long along the axis, fits in `axisPixels`. 1 when the axis length is
/// not known yet (axisPixels ≤ 0) or the labels fit.
int tickStride(int count, double axisPixels, double labelPixels);

/// How a row of labels is drawn along an axis.
struct TickFit {
    double points = 0;    ///< font size
    double rotation = 0;  ///< degrees (0, or −40 slanted)
    int stride = 1;       ///< every stride-th label is shown
    double maxWidth = -1; ///< labels longer than this (pixels) are abbreviated; −1: none
};

/// Puts `labels` at 0 … n−1 on `axis` (a QCPAxisTickerText). The axis's tick label font (as the
/// caller last set it) is the largest used. With at most kAlwaysLabelled labels all are shown:
/// the font shrinks (to 65 %, at least 6 pt) until they fit the axis's current length; labels
/// of a horizontal axis that still do not fit side by side are slanted by −40° when `mayRotate`
/// (and cut to 12 characters' width with "…"), else abbreviated to their share of the axis. More labels are
/// thinned (every stride-th). The length is the one of the last layout, so a plot calls this again after each
/// replot (afterReplot) and replots once more when it returns true (the shown ticks changed). `extra` ticks
/// (such as the sink column's) are always shown beside the labels.
bool setTokenTicks(QCPAxis *axis, const QStringList &labels, bool mayRotate,
                   const QMap<double, QString> &extra = {});

/// The full name of the token label under `pos` (widget pixels) on `axis` when it was
/// abbreviated, else empty: the plot's tooltip there.
QString abbreviatedTickAt(QCPAxis *axis, QPointF pos);

} // namespace attn::ui
