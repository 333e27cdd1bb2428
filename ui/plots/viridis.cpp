#include "ui/plots/viridis.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

/// Ten samples of viridis at t = 0, 1/9, …, 1.
const QColor &viridisStop(int i)
{
    static const QColor stops[] = {QColor(0x44, 0x01, 0x54), QColor(0x48, 0x28, 0x78),
                                   QColor(0x3e, 0x4a, 0x89), QColor(0x31, 0x68, 0x8e),
                                   QColor(0x26, 0x82, 0x8e), QColor(0x1f, 0x9e, 0x89),
                                   QColor(0x35, 0xb7, 0x79), QColor(0x6d, 0xcd, 0x59),
                                   QColor(0xb4, 0xde, 0x2c), QColor(0xfd, 0xe7, 0x25)};
    return stops[i];
}

constexpr int kLastStop = 9;

} // namespace

QCPColorGradient viridisGradient()
{
    QCPColorGradient gradient;
    gradient.clearColorStops();
    gradient.setColorInterpolation(QCPColorGradient::ciRGB);
    for (int i = 0; i <= kLastStop; ++i) gradient.setColorStopAt(double(i) / kLastStop, viridisStop(i));
    gradient.setLevelCount(350);
    gradient.setNanHandling(QCPColorGradient::nhNanColor);
    gradient.setNanColor(maskedColor());
    return gradient;
}

QColor viridisColor(double t)
{
    const double x = std::clamp(std::isnan(t) ? 0.0 : t, 0.0, 1.0) * kLastStop;
    const int i = std::min(kLastStop - 1, static_cast<int>(x));
    const double f = x - i;
    const QColor &a = viridisStop(i);
    const QColor &b = viridisStop(i + 1);
    return QColor::fromRgbF(static_cast<float>(a.redF() + f * (b.redF() - a.redF())),
                            static_cast<float>(a.greenF() + f * (b.greenF() - a.greenF())),
                            static_cast<float>(a.blueF() + f * (b.blueF() - a.blueF())));
}

QColor contrastingTextColor(const QColor &background)
{
    // Relative luminance (ITU-R BT.709 weights on sRGB, close enough for a text colour).
    const double luminance =
        0.2126 * background.redF() + 0.7152 * background.greenF() + 0.0722 * background.blueF();
    return luminance > 0.45 ? QColor(Qt::black) : QColor(Qt::white);
}

QColor maskedColor()
{
    return QColor(0xd9, 0xd9, 0xd9);
}

} // namespace attn::ui
