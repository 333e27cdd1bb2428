#include "ui/plots/plotexport.h"
#include "ui/base/savefile.h"
#include "ui/document/boundedread.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QPicture>
#include <QSvgGenerator>
#include <QTemporaryDir>
#include <cmath>
#include <qcustomplot.h>

#include <algorithm>

namespace attn::ui {

namespace {

int g_pngDpi = kScreenDpi;

QString tr(const char *text)
{
    return QCoreApplication::translate("attn::ui::exportPlot", text);
}

bool fail(QString *error, const QString &message)
{
    if (error) *error = message;
    return false;
}

/// Why `path` cannot be written, in one sentence.
QString writeFailure(const QString &path)
{
    const QFileInfo info(path);
    if (!info.absoluteDir().exists())
        return tr("Cannot write %1: the folder %2 does not exist.").arg(path, info.absolutePath());
    return tr("Cannot write %1: check that the folder is writable and the disk is not full.").arg(path);
}

bool writeSvg(QCustomPlot *plot, const QString &path, QSize size, QString *error)
{
    // Render into memory first so that a failure never leaves a half-written file.
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setResolution(96); // the same pixels-per-inch as the PNG export
    generator.setTitle(QFileInfo(path).completeBaseName());
    generator.setDescription(tr("Attention Lab figure"));
    QCPPainter painter;
    if (!painter.begin(&generator)) return fail(error, tr("Cannot start the SVG painter for %1.").arg(path));
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    plot->toPainter(&painter, size.width(), size.height());
    painter.end();

    QString reason;
    if (!saveFileAtomically(path, withCjkFontFallback(buffer.data()), &reason))
        return fail(error, tr("Cannot write %1: %2").arg(path, reason));
    return true;
}

} // namespace

void paintPlotInto(QCustomPlot *plot, QPainter &painter, const QRectF &where)
{
    plot->deselectAll();
    QPicture picture;
    {
        QCPPainter recorder(&picture);
        recorder.setMode(QCPPainter::pmVectorized);
        recorder.setMode(QCPPainter::pmNoCaching);
        plot->toPainter(&recorder, int(where.width()), int(where.height()));
    }
    painter.drawPicture(where.topLeft(), picture);
}

QByteArray withCjkFontFallback(const QByteArray &svg)
{
    static const QByteArray fallback =
        QByteArrayLiteral(", 'Noto Sans CJK SC', 'WenQuanYi Micro Hei', 'Source Han Sans SC', "
                          "'Microsoft YaHei', 'PingFang SC', sans-serif");
    static const QByteArray attribute = QByteArrayLiteral("font-family=\"");
    QByteArray out;
    out.reserve(svg.size() + svg.size() / 8);
    qsizetype from = 0;
    for (qsizetype at = svg.indexOf(attribute); at >= 0; at = svg.indexOf(attribute, from)) {
        const qsizetype start = at + attribute.size();
        const qsizetype end = svg.indexOf('"', start);
        if (end < 0) break;
        QByteArray family = svg.mid(start, end - start);
        // Qt writes the family bare ("DejaVu Sans"): quote it so the list parses.
        if (!family.startsWith('\'') && family.contains(' ')) family = '\'' + family + '\'';
        out += svg.mid(from, start - from) + family + fallback;
        from = end;
    }
    out += svg.mid(from);
    return out;
}

QString pngSizeProblem(QSize size, int dpi)
{
    const double scale = double(dpi) / kScreenDpi;
    const long long width = std::llround(size.width() * scale), height = std::llround(size.height() * scale);
    if (width * height <= kMaxPngPixels && width <= 32767 && height <= 32767) return {};
    return tr("a %1×%2 figure at %3 DPI would be %4×%5 pixels (%6 GiB in memory); the most is %7 million "
              "pixels, e.g. 16384×16384: lower the DPI or the size")
        .arg(size.width())
        .arg(size.height())
        .arg(dpi)
        .arg(width)
        .arg(height)
        .arg(double(width) * double(height) * 4.0 / (1024.0 * 1024.0 * 1024.0), 0, 'f', 1)
        .arg(kMaxPngPixels / 1000000);
}

int pngDpi()
{
    return g_pngDpi;
}

ScopedPngDpi::ScopedPngDpi(int dpi) : m_previous(g_pngDpi)
{
    g_pngDpi = std::clamp(dpi, kMinPngDpi, kMaxPngDpi);
}

ScopedPngDpi::~ScopedPngDpi()
{
    g_pngDpi = m_previous;
}

bool isExportFormat(const QString &format)
{
    const QString f = format.toLower();
    return f == QLatin1String("png") || f == QLatin1String("svg") || f == QLatin1String("pdf");
}

bool exportPlot(QCustomPlot *plot, const QString &path, const QString &format, QSize size, QString *error)
{
    const QString f = format.toLower();
    if (!isExportFormat(f))
        return fail(error, tr("Unknown figure format “%1”: use png, svg or pdf.").arg(format));
    if (size.width() <= 0 || size.height() <= 0)
        return fail(
            error,
            tr("Invalid figure size %1×%2: both must be positive.").arg(size.width()).arg(size.height()));

    plot->deselectAll();
    // Lay the plot out at the figure's size first: parts that depend on the size (which tick
    // labels fit) settle after a replot at that size, so replot twice before drawing the file.
    const QRect viewport = plot->viewport();
    plot->setViewport(QRect(QPoint(0, 0), size));
    plot->replot(QCustomPlot::rpImmediateRefresh);
    plot->replot(QCustomPlot::rpImmediateRefresh);
    bool ok = false;
    if (f == QLatin1String("svg")) {
        ok = writeSvg(plot, path, size, error);
    } else {
        // QCustomPlot writes PNG and PDF straight to a file name: it writes a draft in a scratch
        // folder, and QSaveFile then replaces `path` in one step, so a full disk or a write error
        // never leaves a truncated figure in place of the old one.
        const QTemporaryDir scratch;
        const QString draft = scratch.filePath(QStringLiteral("figure.") + f);
        if (f == QLatin1String("png"))
            ok = scratch.isValid() &&
                 plot->savePng(draft, size.width(), size.height(), double(pngDpi()) / kScreenDpi, -1,
                               pngDpi(), QCP::ruDotsPerInch);
        else
            ok = scratch.isValid() &&
                 plot->savePdf(draft, size.width(), size.height(), QCP::epNoCosmetic,
                               QStringLiteral("Attention Lab"), QFileInfo(path).completeBaseName());
        // Read back through the one bounded reader (at most 1 GiB, far above any figure's size).
        const QByteArray bytes = ok ? doc::readFileBounded(draft, qint64{1} << 30).bytes : QByteArray();
        // QPdfWriter does not report a failed write: only a draft that ends as its format ends
        // (PNG's IEND chunk, PDF's %%EOF) is complete.
        const bool complete = f == QLatin1String("png")
                                  ? bytes.endsWith(QByteArray("IEND\xae\x42\x60\x82", 8))
                                  : bytes.trimmed().endsWith("%%EOF");
        ok = complete && saveFileAtomically(path, bytes);
        if (!ok) ok = fail(error, writeFailure(path));
    }
    plot->setViewport(viewport);
    plot->replot(QCustomPlot::rpQueuedReplot);
    return ok;
}

} // namespace attn::ui
