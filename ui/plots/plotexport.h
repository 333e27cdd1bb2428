// Writing a QCustomPlot to a file: the one export routine of every plot.
#pragma once

#include <QByteArray>

class QCustomPlot;
class QPainter;
class QRectF;
class QSize;
class QString;

namespace attn::ui {

/// Writes `plot` to `path` as "png", "svg" or "pdf" at exactly `size` pixels (points for PDF),
/// after deselecting everything. PNG files are drawn at pngDpi(): the layout of `size`, scaled by
/// pngDpi() / 96 (so size × that many pixels), with the DPI in the file. Returns false and sets *error (if
/// given) to one sentence when the format is unknown, the size is empty or the file cannot be written.
bool exportPlot(QCustomPlot *plot, const QString &path, const QString &format, QSize size, QString *error);

/// Draws `plot` laid out at `where`'s size into `painter` at `where`'s top left (vector commands,
/// so an SVG or PDF painter keeps them vector): for figures made of several plots side by side.
void paintPlotInto(QCustomPlot *plot, QPainter &painter, const QRectF &where);

/// `svg` (as QSvgGenerator writes it) with every font-family followed by the CJK families a viewer
/// may need for Chinese text: "Noto Sans CJK SC", "WenQuanYi Micro Hei", "Source Han Sans SC",
/// "Microsoft YaHei", "PingFang SC" and then sans-serif. QSvgGenerator names only the font it was
/// given, and a viewer without that font's Chinese glyphs would draw empty boxes.
QByteArray withCjkFontFallback(const QByteArray &svg);

/// The formats exportPlot accepts: "png", "svg", "pdf".
bool isExportFormat(const QString &format);

/// The resolution PNG figures are written at, in dots per inch: 96 (one pixel per layout pixel)
/// unless a ScopedPngDpi says otherwise. SVG and PDF ignore it (they are vector).
int pngDpi();

/// The accepted PNG resolutions, in dots per inch.
constexpr int kMinPngDpi = 1;
constexpr int kMaxPngDpi = 1200;
constexpr int kScreenDpi = 96;

/// The most pixels a PNG figure may have: 16384 × 16384 (1 GiB as 32-bit pixels in memory).
constexpr long long kMaxPngPixels = 16384LL * 16384LL;

/// Why a PNG of a figure laid out at `size` and drawn at `dpi` cannot be made (its pixels,
/// size · dpi/96, exceed kMaxPngPixels), with the estimate and what to lower; empty when it can.
QString pngSizeProblem(QSize size, int dpi);

/// Sets pngDpi() to `dpi` (clamped to kMinPngDpi … kMaxPngDpi) while it lives, for every PNG
/// figure written meanwhile (exportPlot, exportPainted): the Export figure dialog and
/// `attention-lab export --dpi`. Not thread-safe: figures are written on the GUI thread.
class ScopedPngDpi {
public:
    explicit ScopedPngDpi(int dpi);
    ~ScopedPngDpi();
    ScopedPngDpi(const ScopedPngDpi &) = delete;
    ScopedPngDpi &operator=(const ScopedPngDpi &) = delete;

private:
    int m_previous;
};

} // namespace attn::ui
