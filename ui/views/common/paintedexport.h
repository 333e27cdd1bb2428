// Writing a QPainter-drawn figure to a file: the one export routine of the painted views
// (sentence arcs, mask editor, …), as exportPlot() is for the QCustomPlot plots.
#pragma once

#include <QSize>
#include <QSizeF>
#include <QString>

#include <functional>

class QPainter;

namespace attn::ui {

/// Draws a whole figure of `size` with `painter` (origin top left, one unit = one pixel).
using FigurePainter = std::function<void(QPainter &painter, QSizeF size)>;

/// Writes the figure `paint` draws to `path` as "png" (QImage, white background, at pngDpi() of
/// ui/plots/plotexport.h: `size` × pngDpi()/96 pixels with the layout of `size`), "svg"
/// (QSvgGenerator: vector, no embedded image) or "pdf" (QPdfWriter, one page of `size` points),
/// at `size` pixels. The figure is drawn into memory first and the file replaced atomically
/// (QSaveFile), so a failure never leaves a half-written file. Returns false and sets *error (if
/// given) to one sentence when the format is unknown, the size is empty or the file cannot be
/// written.
bool exportPainted(const QString &path, const QString &format, QSize size, const FigurePainter &paint,
                   QString *error = nullptr);

} // namespace attn::ui
