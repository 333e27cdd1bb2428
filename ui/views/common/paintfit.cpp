#include "ui/views/common/paintfit.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace attn::ui {

QFont pixelFont(double pixels, bool bold, const QFont &base)
{
    QFont font = base;
    font.setPixelSize(std::max(1, static_cast<int>(std::lround(pixels))));
    font.setBold(bold);
    return font;
}

void drawFitted(QPainter &painter, const QRectF &rect, int flags, const QString &text, QFont font,
                const QString &shorter, int minimumPixels)
{
    const auto shrink = [&](const QString &t) {
        QFont f = font;
        while (f.pixelSize() > minimumPixels && QFontMetricsF(f).horizontalAdvance(t) > rect.width())
            f.setPixelSize(f.pixelSize() - 1);
        return f;
    };
    QFont f = shrink(text);
    QString shown = text;
    if (QFontMetricsF(f).horizontalAdvance(text) > rect.width() && !shorter.isEmpty()) {
        f = shrink(shorter);
        shown = shorter;
    }
    painter.setFont(f);
    painter.drawText(rect, flags | Qt::TextSingleLine,
                     QFontMetricsF(f).elidedText(shown, Qt::ElideRight, rect.width()));
}

QSizeF beginFigure(QPainter &painter, QSizeF deviceSize, double scale)
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.fillRect(QRectF(QPointF(0, 0), deviceSize), Qt::white);
    painter.scale(scale, scale);
    painter.setPen(Qt::black);
    return deviceSize / scale;
}

double figureScale(QSizeF size, QSizeF minimum, QSizeF maximum)
{
    if (size.width() < minimum.width() || size.height() < minimum.height())
        return std::min(size.width() / minimum.width(), size.height() / minimum.height());
    if (size.width() > maximum.width() && size.height() > maximum.height())
        return std::min(size.width() / maximum.width(), size.height() / maximum.height());
    return 1;
}

} // namespace attn::ui
