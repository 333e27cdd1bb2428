// Fitting a QPainter-drawn figure to the size it is drawn at: pixel fonts, one line of text that
// shrinks and elides instead of running past its box, and the scale of a figure laid out within
// a range of logical sizes. Shared by the painted views (paths, heads, position, tiling,
// interventions, the mask figure, sentence arcs).
#pragma once

#include <QFont>
#include <QSizeF>
#include <QString>

class QPainter;
class QRectF;

namespace attn::ui {

/// `base` (default: the application font) at `pixels` px, rounded, at least 1 px; bold or not.
/// A figure whose layout follows its text size multiplies that size by
/// AppSettings::figureTextScale() for presentation mode (the heads view does).
QFont pixelFont(double pixels, bool bold = false, const QFont &base = QFont());

/// Draws `text` on one line in `rect` with `flags` (alignment): `font` shrunk a pixel at a time
/// down to `minimumPixels` until the text fits the width, else `shorter` (when given) likewise,
/// else the text elided at the end ("…"). Never draws past the rect's width.
void drawFitted(QPainter &painter, const QRectF &rect, int flags, const QString &text, QFont font,
                const QString &shorter = QString(), int minimumPixels = 8);

/// The factor that maps a figure laid out at a logical size within [minimum, maximum] onto
/// `size`: below the minimum (either side) it shrinks the figure to fit, above the maximum (both
/// sides) it enlarges it, text included; 1 in between, where the layout uses the size itself.
double figureScale(QSizeF size, QSizeF minimum, QSizeF maximum);

/// Starts a figure on `painter` over `deviceSize`: saves the painter state (the caller restores
/// it), turns on antialiasing, fills the area white, scales by `scale` and sets a black pen.
/// Returns the logical size the figure is laid out at, deviceSize / scale.
QSizeF beginFigure(QPainter &painter, QSizeF deviceSize, double scale = 1.0);

} // namespace attn::ui
