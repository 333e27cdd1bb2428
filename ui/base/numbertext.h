// How numbers are written in the GUI: compact in cells and labels, exact in tooltips.
#pragma once

#include <QString>

namespace attn::ui {

/// Short text for a table cell, a heatmap cell, a bar label or a vector line: d decimals
/// (AppSettings::decimals(), 1 … 6, default 3) for 0 and for 1e-3 ≤ |value| < 10^(9−d)
/// ("0.670", "-12.500" with d = 3), otherwise 4 significant digits
/// ("1e+308", "2.5e-05"); "NaN", "inf" and "-inf" for the non-finite values. Never longer
/// than 11 characters, so 1e308 is not written as a 309-digit number.
QString compactNumber(double value);

/// A weight (0 … 1) as every view writes it, in the cells of every heatmap and weight grid, on
/// every bar, arc and line: d decimals (AppSettings::decimals(), default 3: "0.549", "1.000",
/// "0.000" for 0), and a positive weight too small for them as "<0.001" (d = 3; "<0.01" with
/// d = 2), never "4.458e-05" in one view and "0.000" in another. A value outside [0, 1] (a
/// masked row's policy, a rounding error) and NaN are written as compactNumber() writes them.
/// Tooltips keep exactNumber().
QString weightNumber(double weight);

/// The exact value for a tooltip: the shortest text that reads back as the same double, so
/// every digit that distinguishes it is shown ("0.1", "0.6697615493266569", "1e+300");
/// "NaN", "inf", "-inf" when not finite.
QString exactNumber(double value);

/// Reads a number typed into a cell: the C locale first ("1.5"), then the user's locale ("1,5").
/// Group separators are refused, so that "1,000" is never silently read as a thousand. Returns
/// false (leaving *value unspecified) when `text` is not a number; "nan" and "inf" parse and are
/// for the caller to refuse.
bool parseTypedNumber(const QString &text, double *value);

} // namespace attn::ui
