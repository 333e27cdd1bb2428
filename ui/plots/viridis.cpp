#include "ui/plots/viridis.h"

#include <qcustomplot.h>

namespace attn::ui {

QCPColorGradient viridisGradient()
{
    // Ten samples of viridis at t = 0, 1/9, …, 1.
    static const char *const stops[] = {"#440154", "#482878", "#3e4a89", "#31688e", "#26828e",
                                        "#1f9e89", "#35b779", "#6dcd59", "#b4de2c", "#fde725"};
    constexpr int count = sizeof(stops) / sizeof(stops[0]);
    QCPColorGradient gradient;
    gradient.clearColorStops();
    gradient.setColorInterpolation(QCPColorGradient::ciRGB);
    for (int i = 0; i < count; ++i) gradient.setColorStopAt(double(i) / (count - 1), QColor(stops[i]));
    gradient.setLevelCount(350);
    gradient.setNanHandling(QCPColorGradient::nhNanColor);
    gradient.setNanColor(maskedColor());
    return gradient;
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
