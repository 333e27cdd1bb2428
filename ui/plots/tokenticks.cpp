#include "ui/plots/tokenticks.h"

#include <qcustomplot.h>

#include <cmath>

namespace attn::ui {

namespace {

constexpr double kRotation = -40.0; // degrees

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
    const bool horizontal = axis->orientation() == Qt::Horizontal;
    const QRect rect = axis->axisRect()->rect();
    const double length = horizontal ? rect.width() : rect.height();
    const QFontMetricsF metrics(axis->tickLabelFont());
    const int n = static_cast<int>(labels.size());

    double rotation = 0.0;
    int stride = 1;
    if (!horizontal) {
        stride = tickStride(n, length, metrics.height() + 2);
    } else {
        double widest = 0.0;
        for (const QString &label : labels) widest = std::max(widest, metrics.horizontalAdvance(label));
        const double sideBySide = widest + 2 * metrics.averageCharWidth();
        stride = tickStride(n, length, sideBySide);
        if (stride > 1 && mayRotate) {
            // Rotated labels are parallel slanted lines, one line height apart across the slant.
            rotation = kRotation;
            const double slanted = (metrics.height() + 2) / std::sin(std::abs(kRotation) * M_PI / 180.0);
            stride = tickStride(n, length, slanted);
        }
    }

    QMap<double, QString> ticks;
    for (int i = 0; i < n; i += stride) ticks.insert(i, labels.at(i));
    ticks.insert(extra);
    auto *current = dynamic_cast<QCPAxisTickerText *>(axis->ticker().data());
    if (current && current->ticks() == ticks && axis->tickLabelRotation() == rotation) return false;
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    ticker->setTicks(ticks);
    axis->setTicker(ticker);
    axis->setTickLabelRotation(rotation);
    return true;
}

} // namespace attn::ui
