#include "ui/views/common/paintedexport.h"
#include "ui/base/savefile.h"

#include "ui/plots/plotexport.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

namespace attn::ui {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("attn::ui::PaintedExport", text);
}

bool fail(QString *error, const QString &message)
{
    if (error) *error = message;
    return false;
}

} // namespace

bool exportPainted(const QString &path, const QString &format, QSize size, const FigurePainter &paint,
                   QString *error)
{
    const QString f = format.toLower();
    if (f != QLatin1String("png") && f != QLatin1String("svg") && f != QLatin1String("pdf"))
        return fail(error, tr("Unknown figure format “%1”: use png, svg or pdf.").arg(format));
    if (size.width() <= 0 || size.height() <= 0)
        return fail(
            error,
            tr("Invalid figure size %1×%2: both must be positive.").arg(size.width()).arg(size.height()));

    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    if (f == QLatin1String("png")) {
        // The layout of `size`, drawn at pngDpi() / 96 times the pixels, as the plots' PNG export.
        const double scale = double(pngDpi()) / kScreenDpi;
        QImage image(qRound(size.width() * scale), qRound(size.height() * scale),
                     QImage::Format_ARGB32_Premultiplied);
        if (image.isNull()) return fail(error, tr("The figure %1 is too large for memory.").arg(path));
        const int dotsPerMeter = qRound(pngDpi() / 0.0254);
        image.setDotsPerMeterX(dotsPerMeter);
        image.setDotsPerMeterY(dotsPerMeter);
        image.fill(Qt::white);
        QPainter painter(&image);
        painter.scale(scale, scale);
        paint(painter, size);
        painter.end();
        if (!image.save(&buffer, "PNG")) return fail(error, tr("Cannot encode %1 as PNG.").arg(path));
    } else if (f == QLatin1String("svg")) {
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setSize(size);
        generator.setViewBox(QRect(QPoint(0, 0), size));
        generator.setResolution(96);
        generator.setTitle(QFileInfo(path).completeBaseName());
        generator.setDescription(tr("Attention Lab figure"));
        QPainter painter;
        if (!painter.begin(&generator))
            return fail(error, tr("Cannot start the SVG painter for %1.").arg(path));
        paint(painter, size);
        painter.end();
        const QByteArray svg = withCjkFontFallback(buffer.data());
        buffer.close();
        buffer.setData(svg);
    } else {
        QPdfWriter writer(&buffer);
        writer.setPageSize(QPageSize(QSizeF(size), QPageSize::Point));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        writer.setResolution(72); // one unit = one point = one pixel of the figure
        writer.setTitle(QFileInfo(path).completeBaseName());
        writer.setCreator(QStringLiteral("Attention Lab"));
        QPainter painter;
        if (!painter.begin(&writer)) return fail(error, tr("Cannot start the PDF painter for %1.").arg(path));
        paint(painter, size);
        painter.end();
    }
    QString reason;
    if (!saveFileAtomically(path, buffer.data(), &reason))
        return fail(error, tr("Cannot write %1: %2").arg(path, reason));
    return true;
}

} // namespace attn::ui
