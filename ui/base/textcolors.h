// Text colours that stay readable on the palette they are drawn on: the grey of captions and
// shapes, and the colours of warnings and errors, for the light, dark and high-contrast themes.
// Every one keeps a contrast ratio of at least 4.5:1 (WCAG 2.1, "AA" for normal text) with the
// window and base colours of the palette.
#pragma once

#include <QColor>
#include <QPalette>

class QWidget;

namespace attn::ui {

/// The WCAG 2.1 contrast ratio of two colours, (L1 + 0.05) / (L2 + 0.05) with L1 the lighter
/// relative luminance: 1 for equal colours, 21 for black on white.
double contrastRatio(const QColor &a, const QColor &b);

enum class TextTone {
    Secondary, ///< captions, shapes, notes: between the text colour and the background
    Warning,   ///< a note to heed (amber / brown)
    Error,     ///< a refused edit, a failed computation (red)
};

/// The colour of `tone` on `palette` (its Window and Base colours): the light theme's own colour
/// when the palette is light, a lighter twin when it is dark; pushed towards the text colour
/// until its contrast with both backgrounds is at least 4.5:1.
QColor textColor(TextTone tone, const QPalette &palette);

/// Draws `widget`'s text (its WindowText and Text roles) in textColor(tone) of the application's
/// palette, and again whenever that palette changes (a theme switch). Replaces an earlier tone.
void setTextTone(QWidget *widget, TextTone tone);

/// textColor(tone, the application's palette).name(): for a span of rich text.
QString textColorName(TextTone tone);

} // namespace attn::ui
