// Small factories for the controls of the figure views: every control gets an object name (the
// lesson tests and a learner's tooltips find it by that name) and a tooltip.
#pragma once

#include <QString>

class QPushButton;
class QSpinBox;
class QWidget;

namespace attn::ui {

/// A spin box named `name` over [minimum, maximum] with `toolTip`; large ranges show thousands
/// separators ("16,384").
QSpinBox *namedSpinBox(const QString &name, int minimum, int maximum, const QString &toolTip,
                       QWidget *parent);

/// A push button named `name` showing `text`, with `toolTip`.
QPushButton *namedButton(const QString &name, const QString &text, const QString &toolTip, QWidget *parent);

} // namespace attn::ui
