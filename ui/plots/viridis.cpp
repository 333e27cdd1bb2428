#include "ui/plots/viridis.h"

#include "ui/base/appsettings.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace attn::ui {

namespace {

int g_override = -1; // a ScopedColorMap's kind, or −1

/// Samples of the colour map at t = 0, 1/(n−1), …, 1.
const std::vector<QColor> &stops(ColorMapKind kind)
{
    // viridis at t = 0, 1/9, …, 1.
    static const std::vector<QColor> viridis = {QColor(0x44, 0x01, 0x54), QColor(0x48, 0x28, 0x78),
                                                QColor(0x3e, 0x4a, 0x89), QColor(0x31, 0x68, 0x8e),
                                                QColor(0x26, 0x82, 0x8e), QColor(0x1f, 0x9e, 0x89),
                                                QColor(0x35, 0xb7, 0x79), QColor(0x6d, 0xcd, 0x59),
                                                QColor(0xb4, 0xde, 0x2c), QColor(0xfd, 0xe7, 0x25)};
    // cividis at t = 0, 0.1, …, 1 (matplotlib's table, rounded to 8 bits).
    static const std::vector<QColor> cividis = {
        QColor(0x00, 0x22, 0x4e), QColor(0x08, 0x33, 0x70), QColor(0x35, 0x45, 0x6c),
        QColor(0x4f, 0x57, 0x6c), QColor(0x66, 0x69, 0x70), QColor(0x7d, 0x7c, 0x78),
        QColor(0x94, 0x8e, 0x77), QColor(0xae, 0xa3, 0x71), QColor(0xc8, 0xb8, 0x66),
        QColor(0xe5, 0xcf, 0x52), QColor(0xfe, 0xe8, 0x38)};
    return kind == ColorMapKind::Cividis ? cividis : viridis;
}

} // namespace

QCPColorGradient colorMapGradient(ColorMapKind kind)
{
    const std::vector<QColor> &s = stops(kind);
    const int last = static_cast<int>(s.size()) - 1;
    QCPColorGradient gradient;
    gradient.clearColorStops();
    gradient.setColorInterpolation(QCPColorGradient::ciRGB);
    for (int i = 0; i <= last; ++i) gradient.setColorStopAt(double(i) / last, s[std::size_t(i)]);
    gradient.setLevelCount(350);
    gradient.setNanHandling(QCPColorGradient::nhNanColor);
    gradient.setNanColor(maskedColor());
    return gradient;
}

QColor colorMapColor(ColorMapKind kind, double t)
{
    const std::vector<QColor> &s = stops(kind);
    const int last = static_cast<int>(s.size()) - 1;
    const double x = std::clamp(std::isnan(t) ? 0.0 : t, 0.0, 1.0) * last;
    const int i = std::min(last - 1, static_cast<int>(x));
    const double f = x - i;
    const QColor &a = s[std::size_t(i)];
    const QColor &b = s[std::size_t(i + 1)];
    return QColor::fromRgbF(static_cast<float>(a.redF() + f * (b.redF() - a.redF())),
                            static_cast<float>(a.greenF() + f * (b.greenF() - a.greenF())),
                            static_cast<float>(a.blueF() + f * (b.blueF() - a.blueF())));
}

ColorMapKind currentColorMap()
{
    return g_override >= 0 ? static_cast<ColorMapKind>(g_override) : AppSettings::instance().colorMap();
}

QCPColorGradient currentGradient()
{
    return colorMapGradient(currentColorMap());
}

QColor currentMapColor(double t)
{
    return colorMapColor(currentColorMap(), t);
}

ScopedColorMap::ScopedColorMap(ColorMapKind kind) : m_previous(g_override)
{
    g_override = static_cast<int>(kind);
}

ScopedColorMap::~ScopedColorMap()
{
    g_override = m_previous;
}

QCPColorGradient viridisGradient()
{
    return colorMapGradient(ColorMapKind::Viridis);
}

QColor viridisColor(double t)
{
    return colorMapColor(ColorMapKind::Viridis, t);
}

QCPColorGradient cividisGradient()
{
    return colorMapGradient(ColorMapKind::Cividis);
}

QColor cividisColor(double t)
{
    return colorMapColor(ColorMapKind::Cividis, t);
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

void appendMaskedHatch(QVector<QLineF> &lines, const QRectF &cell, double spacing)
{
    const double w = cell.width();
    const double h = cell.height();
    if (w <= 2 || h <= 2) return;
    spacing = std::max(spacing, 3.0);
    // The lines x' + y' = t (x', y' from the cell's top-left), from the top or right edge to the
    // left or bottom edge.
    for (double t = spacing / 2; t < w + h; t += spacing) {
        const QPointF a =
            t <= w ? QPointF(cell.left() + t, cell.top()) : QPointF(cell.right(), cell.top() + t - w);
        const QPointF b =
            t <= h ? QPointF(cell.left(), cell.top() + t) : QPointF(cell.left() + t - h, cell.bottom());
        lines.append(QLineF(a, b));
    }
}

QPen maskedHatchPen()
{
    return QPen(QColor(0x80, 0x80, 0x80), 1.0);
}

} // namespace attn::ui
