#include "ui/views/common/numberbox.h"

#include "ui/base/numbertext.h"

#include <QFontMetrics>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>

namespace attn::ui {

namespace {

/// True when `text` can still become a number by typing more: a sign, digits, one decimal point
/// (the C locale's or the user's), an exponent with its own sign, possibly unfinished.
bool isNumberPrefix(const QString &text)
{
    const QString point = QRegularExpression::escape(QLocale().decimalPoint());
    static const QString pattern = QStringLiteral("^\\s*[+-]?\\d*(?:(?:\\.|%1)\\d*)?(?:[eE][+-]?\\d*)?\\s*$");
    const QRegularExpression prefix(pattern.arg(point));
    return prefix.match(text).hasMatch();
}

} // namespace

NumberBox::NumberBox(QWidget *parent) : QDoubleSpinBox(parent)
{
    // The most decimals QDoubleSpinBox keeps (it rounds every value to them): DBL_MAX_10_EXP +
    // DBL_DIG, enough for the exact value of every double down to the smallest subnormal.
    setDecimals(DBL_MAX_10_EXP + DBL_DIG);
    setRange(-std::numeric_limits<double>::max(), std::numeric_limits<double>::max());
    setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    setKeyboardTracking(false);
    setCorrectionMode(QAbstractSpinBox::CorrectToPreviousValue);
}

QValidator::State NumberBox::validate(QString &text, int &position) const
{
    (void)position;
    double value = 0;
    if (parseTypedNumber(text, &value) && std::isfinite(value))
        return value >= minimum() && value <= maximum() ? QValidator::Acceptable : QValidator::Intermediate;
    return isNumberPrefix(text) ? QValidator::Intermediate : QValidator::Invalid;
}

double NumberBox::valueFromText(const QString &text) const
{
    double value = 0;
    if (parseTypedNumber(text, &value) && std::isfinite(value)) return value;
    return this->value();
}

QString NumberBox::textFromValue(double value) const
{
    return exactNumber(value);
}

QSize NumberBox::narrowed(QSize hint) const
{
    const QFontMetrics metrics(font());
    const int rangeText = std::max(metrics.horizontalAdvance(textFromValue(minimum())),
                                   metrics.horizontalAdvance(textFromValue(maximum())));
    const int wanted = metrics.horizontalAdvance(QStringLiteral("-0.707106781"));
    if (rangeText > wanted) hint.setWidth(hint.width() - rangeText + wanted);
    return hint;
}

QSize NumberBox::sizeHint() const
{
    return narrowed(QDoubleSpinBox::sizeHint());
}

QSize NumberBox::minimumSizeHint() const
{
    return narrowed(QDoubleSpinBox::minimumSizeHint());
}

void NumberBox::fixup(QString &text) const
{
    text = textFromValue(value()); // an unfinished number goes back to the value it replaces
}

} // namespace attn::ui
