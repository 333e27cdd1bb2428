#include "ui/numbertext.h"

#include <QLocale>

#include <cmath>

namespace attn::ui {

namespace {

/// "NaN", "inf" or "-inf" for a non-finite value; empty for a finite one.
QString nonFiniteText(double value)
{
    if (std::isnan(value)) return QStringLiteral("NaN");
    if (std::isinf(value)) return value > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    return {};
}

} // namespace

QString compactNumber(double value)
{
    if (!std::isfinite(value)) return nonFiniteText(value);
    if (value == 0.0) return QStringLiteral("0.000"); // also −0
    const double magnitude = std::abs(value);
    if (magnitude >= 1e-3 && magnitude < 1e6) return QString::number(value, 'f', 3);
    return QString::number(value, 'g', 4);
}

QString exactNumber(double value)
{
    if (!std::isfinite(value)) return nonFiniteText(value);
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

bool parseTypedNumber(const QString &text, double *value)
{
    const QString trimmed = text.trimmed();
    for (QLocale locale : {QLocale::c(), QLocale()}) {
        locale.setNumberOptions(QLocale::RejectGroupSeparator);
        bool ok = false;
        *value = locale.toDouble(trimmed, &ok);
        if (ok) return true;
    }
    return false;
}

} // namespace attn::ui
