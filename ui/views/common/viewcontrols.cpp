#include "ui/views/common/viewcontrols.h"

#include <QPushButton>
#include <QSpinBox>

namespace attn::ui {

QSpinBox *namedSpinBox(const QString &name, int minimum, int maximum, const QString &toolTip, QWidget *parent)
{
    auto *spin = new QSpinBox(parent);
    spin->setObjectName(name);
    spin->setRange(minimum, maximum);
    spin->setToolTip(toolTip);
    spin->setGroupSeparatorShown(maximum >= 10000);
    return spin;
}

QPushButton *namedButton(const QString &name, const QString &text, const QString &toolTip, QWidget *parent)
{
    auto *button = new QPushButton(text, parent);
    button->setObjectName(name);
    button->setToolTip(toolTip);
    return button;
}

} // namespace attn::ui
