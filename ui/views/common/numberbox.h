// A spin box for a typed number with the whole range of a double: the parser of the table cells
// (parseTypedNumber: the C locale first, then the user's, group separators refused) and the
// shortest exact text, so that 1e-3, -2.5e-7 or 1e200 can be typed and are kept as typed.
#pragma once

#include <QDoubleSpinBox>

namespace attn::ui {

/// A QDoubleSpinBox that reads and writes numbers as the cells do. QDoubleSpinBox itself drops
/// "e" and "-" while typing (1e-3 became 13), reads "0.5" as 5 under a locale whose decimal point
/// is a comma, and rounds to a fixed number of decimals (a scale of 0.00004 became 0). Here:
/// - typing accepts every prefix of a number ("1e", "1e-", "-", ".") as still being typed, and a
///   number outside the range as not yet acceptable (Enter restores the last value);
/// - the value is the parsed double, not rounded (decimals are the most QDoubleSpinBox allows,
///   323, which keeps all 17 significant digits down to about 1e-306; below that, in the last
///   decades of normal and subnormal doubles, QDoubleSpinBox keeps fewer);
/// - the text is exactNumber(value): "0.001", "1e-05", "0.7071067811865476".
/// The range defaults to every finite double; the arrows step by the adaptive decimal step.
class NumberBox : public QDoubleSpinBox {
    Q_OBJECT

public:
    explicit NumberBox(QWidget *parent = nullptr);

    QValidator::State validate(QString &text, int &position) const override;
    double valueFromText(const QString &text) const override;
    QString textFromValue(double value) const override;
    void fixup(QString &text) const override;
    /// As wide as a 12-character number ("-0.707106781"), not as the range's ends
    /// ("-1.7976931348623157e+308"), which QDoubleSpinBox would size it for.
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

private:
    /// `hint` (QDoubleSpinBox's) with its text part narrowed to a 12-character number.
    QSize narrowed(QSize hint) const;
};

} // namespace attn::ui
