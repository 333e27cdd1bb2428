#include "ui/base/numbertext.h"

#include "ui/base/appsettings.h"

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
    // Called in paint loops: one load of the setting, no QSettings access.
    const int decimals = AppSettings::instance().decimals();
    if (!std::isfinite(value)) return nonFiniteText(value);
    if (value == 0.0) return QString::number(0.0, 'f', decimals); // also −0, written "0.000"
    const double magnitude = std::abs(value);
    // Fixed decimals while the text stays within 11 characters: sign, 9 − decimals integer
    // digits, the point and the decimals (1e6 for the default 3).
    static constexpr double kUpper[] = {1e9, 1e8, 1e7, 1e6, 1e5, 1e4, 1e3};
    if (magnitude >= 1e-3 && magnitude < kUpper[decimals]) return QString::number(value, 'f', decimals);
    return QString::number(value, 'g', 4);
}

QString weightNumber(double weight)
{
    if (!std::isfinite(weight) || weight < 0.0 || weight > 1.0) return compactNumber(weight);
    const int decimals = AppSettings::instance().decimals();
    const double smallest = std::pow(10.0, -decimals); // 0.001 for three decimals
    if (weight > 0.0 && weight < smallest) return QLatin1Char('<') + QString::number(smallest, 'f', decimals);
    return QString::number(weight, 'f', decimals);
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
