// Checks shared by the plot tests: is this file a PNG of the right size, an SVG, a PDF?
#pragma once

#include <QFile>
#include <QImage>
#include <QSize>
#include <QString>
#include <QXmlStreamReader>

namespace attn::test {

/// Empty when `path` is a well-formed figure of `format` ("png" of exactly `size`, "svg"
/// that parses as XML with an <svg> root, "pdf" starting with %PDF); otherwise the problem.
inline QString checkFigureFile(const QString &path, const QString &format, QSize size)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return QStringLiteral("cannot open ") + path;
    const QByteArray bytes = file.readAll();
    if (bytes.isEmpty()) return QStringLiteral("empty file ") + path;
    if (format == QLatin1String("png")) {
        QImage image;
        if (!image.loadFromData(bytes, "PNG")) return QStringLiteral("not a PNG: ") + path;
        if (image.size() != size)
            return QStringLiteral("PNG is %1×%2").arg(image.width()).arg(image.height());
        return {};
    }
    if (format == QLatin1String("svg")) {
        QXmlStreamReader xml(bytes);
        bool sawSvg = false;
        while (!xml.atEnd()) {
            xml.readNext();
            if (xml.isStartElement() && !sawSvg) {
                if (xml.name() != QLatin1String("svg"))
                    return QStringLiteral("root element is ") + xml.name().toString();
                sawSvg = true;
            }
        }
        if (xml.hasError()) return QStringLiteral("SVG is not well-formed XML: ") + xml.errorString();
        return sawSvg ? QString() : QStringLiteral("no <svg> element");
    }
    if (format == QLatin1String("pdf"))
        return bytes.startsWith("%PDF") ? QString() : QStringLiteral("not a PDF: ") + path;
    return QStringLiteral("unknown format ") + format;
}

} // namespace attn::test
