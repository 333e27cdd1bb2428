#include "ui/plots/tokenticks.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace attn::ui {

namespace {

constexpr double kRotation = -40.0; // degrees
constexpr double kSmallest = 0.65;  // of the caller's font
constexpr double kSmallestPoints = 6.0;
// On the axis (dynamic properties): the font the caller set, the one applied here, and the
// full names of the labels shown abbreviated.
const char *const kBaseFont = "attnTickBaseFont";
const char *const kAppliedFont = "attnTickAppliedFont";
const char *const kFullNames = "attnTickFullNames";

QFont withPoints(QFont font, double points)
{
    font.setPointSizeF(points);
    return font;
}

/// The fit of `labels` (their widest is measured per font) on an axis `length` pixels long.
TickFit fitLabels(const QStringList &labels, const QFont &base, bool horizontal, bool mayRotate,
                  double length)
{
    const int n = static_cast<int>(labels.size());
    const double largest = base.pointSizeF() > 0 ? base.pointSizeF() : 9.0;
    const double smallest = std::min(largest, std::max(kSmallestPoints, largest * kSmallest));
    const auto widest = [&](const QFontMetricsF &metrics) {
        double w = 0.0;
        for (const QString &label : labels) w = std::max(w, metrics.horizontalAdvance(label));
        return w;
    };
    // Pixels one label needs along the axis, at `points`.
    const auto along = [&](double points, double rotation) {
        const QFontMetricsF metrics(withPoints(base, points));
        if (!horizontal) return metrics.height() + 2;
        if (rotation != 0.0) return (metrics.height() + 2) / std::sin(std::abs(rotation) * M_PI / 180.0);
        return widest(metrics) + 2 * metrics.averageCharWidth();
    };
    TickFit fit;
    fit.points = largest;
    if (n <= 1 || length <= 0) return fit;
    const double each = length / n;
    if (n > kAlwaysLabelled) {
        fit.stride = tickStride(n, length, along(largest, 0.0));
        if (horizontal && fit.stride > 1 && mayRotate) {
            fit.rotation = kRotation;
            fit.stride = tickStride(n, length, along(largest, kRotation));
        }
        return fit;
    }
    // Every label: the largest font that fits, side by side, then slanted.
    const std::vector<double> rotations =
        horizontal && mayRotate ? std::vector<double>{0.0, kRotation} : std::vector<double>{0.0};
    const auto slantedWidth = [&](double points) { // slanted labels longer than 12 characters
        return 12 * QFontMetricsF(withPoints(base, points)).averageCharWidth();
    };
    for (double rotation : rotations)
        for (double points = largest; points >= smallest - 1e-9; points -= 0.5)
            if (along(points, rotation) <= each) {
                fit.points = points;
                fit.rotation = rotation;
                if (rotation != 0.0) fit.maxWidth = slantedWidth(points);
                return fit;
            }
    // Not even the smallest font fits: all labels in it anyway (slanted ones may touch), and a
    // horizontal row that may not slant abbreviated to its share of the axis.
    fit.points = smallest;
    fit.rotation = horizontal && mayRotate ? kRotation : 0.0;
    if (fit.rotation != 0.0) fit.maxWidth = slantedWidth(smallest);
    if (horizontal && !mayRotate)
        fit.maxWidth = std::max(0.0, each - 2 * QFontMetricsF(withPoints(base, smallest)).averageCharWidth());
    return fit;
}

} // namespace

int tickStride(int count, double axisPixels, double labelPixels)
{
    if (count <= 1 || axisPixels <= 0 || labelPixels <= 0) return 1;
    // Labels shown at stride s: ceil(count / s), each needing labelPixels.
    const auto fits = [&](int stride) {
        return std::ceil(double(count) / stride) * labelPixels <= axisPixels;
    };
    for (int decade = 1; decade <= count; decade *= 10)
        for (int step : {1, 2, 5})
            if (fits(step * decade)) return step * decade;
    return count; // even one label does not fit: keep the first
}

bool setTokenTicks(QCPAxis *axis, const QStringList &labels, bool mayRotate,
                   const QMap<double, QString> &extra)
{
    // The caller's font is the largest: taken again whenever the caller set another one.
    const QFont current = axis->tickLabelFont();
    if (!axis->property(kBaseFont).isValid() || axis->property(kAppliedFont).value<QFont>() != current)
        axis->setProperty(kBaseFont, current);
    const QFont base = axis->property(kBaseFont).value<QFont>();

    const bool horizontal = axis->orientation() == Qt::Horizontal;
    const QRect rect = axis->axisRect()->rect();
    const TickFit fit =
        fitLabels(labels, base, horizontal, mayRotate, horizontal ? rect.width() : rect.height());
    const QFont font = withPoints(base, fit.points);
    const QFontMetricsF metrics(font);

    QMap<double, QString> ticks;
    QMap<QString, QVariant> fullNames; // tick index → full name, of the abbreviated ones
    const int n = static_cast<int>(labels.size());
    for (int i = 0; i < n; i += fit.stride) {
        QString shown = labels.at(i);
        if (fit.maxWidth >= 0 && metrics.horizontalAdvance(shown) > fit.maxWidth) {
            shown = metrics.elidedText(shown, Qt::ElideRight, fit.maxWidth);
            if (shown.isEmpty()) shown = QStringLiteral("…");
            fullNames.insert(QString::number(i), labels.at(i));
        }
        ticks.insert(i, shown);
    }
    ticks.insert(extra);
    axis->setProperty(kFullNames, fullNames);
    axis->setProperty(kAppliedFont, font); // the caller's next font is told apart from this one
    auto *currentTicker = dynamic_cast<QCPAxisTickerText *>(axis->ticker().data());
    if (currentTicker && currentTicker->ticks() == ticks && axis->tickLabelRotation() == fit.rotation &&
        current == font)
        return false;
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    ticker->setTicks(ticks);
    axis->setTicker(ticker);
    axis->setTickLabelRotation(fit.rotation);
    axis->setTickLabelFont(font);
    return true;
}

QString abbreviatedTickAt(QCPAxis *axis, QPointF pos)
{
    const QMap<QString, QVariant> names = axis->property(kFullNames).toMap();
    if (names.isEmpty()) return {};
    QVariant details;
    if (axis->selectTest(pos, false, &details) < 0 ||
        details.value<QCPAxis::SelectablePart>() != QCPAxis::spTickLabels)
        return {};
    const double coord = axis->pixelToCoord(axis->orientation() == Qt::Horizontal ? pos.x() : pos.y());
    return names.value(QString::number(std::lround(coord))).toString();
}

} // namespace attn::ui
