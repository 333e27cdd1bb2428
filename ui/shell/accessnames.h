// Accessible names for the controls and figures of a window that have none: a screen reader names
// a control by its accessible name, its label (buddy) or its text, and says nothing useful of a
// spin box, a combo box or a painted figure that has neither.
#pragma once

#include <QString>

class QWidget;

namespace attn::ui {

/// For every widget under `root` (root included) that a user can reach (focusable) or that draws a
/// figure, and whose accessible interface has an empty Name: sets the accessible name from its
/// tooltip's first line, else its status tip, else (a figure) `figureName`; a figure also gets the
/// description "View → Show as table gives its numbers" unless it has one. Widgets with a name keep
/// it. Returns how many widgets it named.
int nameUnnamedWidgets(QWidget *root, const QString &figureName);

/// The focusable, visible widgets under `root` whose accessible Name is still empty, each as
/// "class objectName" (for tests and for `--smoke-walk`-style checks).
QStringList unnamedWidgets(QWidget *root);

} // namespace attn::ui
