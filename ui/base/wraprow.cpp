#include "ui/base/wraprow.h"

#include <QBoxLayout>
#include <QResizeEvent>

#include <algorithm>

namespace attn::ui {

namespace {

constexpr int kGroupSpacing = 12;

} // namespace

WrapRow::WrapRow(QWidget *parent) : QWidget(parent), m_layout(new QBoxLayout(QBoxLayout::LeftToRight, this))
{
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setSpacing(kGroupSpacing);
}

QHBoxLayout *WrapRow::addGroup(int stretch)
{
    auto *group = new QWidget(this);
    auto *layout = new QHBoxLayout(group);
    layout->setContentsMargins(0, 0, 0, 0);
    m_layout->addWidget(group, stretch);
    m_groups.push_back(group);
    return layout;
}

bool WrapRow::isOneLine() const
{
    return m_layout->direction() == QBoxLayout::LeftToRight;
}

int WrapRow::oneLineWidth() const
{
    int width = 0;
    for (const QWidget *group : m_groups)
        if (!group->isHidden()) width += group->minimumSizeHint().width() + kGroupSpacing;
    return std::max(0, width - kGroupSpacing);
}

QSize WrapRow::minimumSizeHint() const
{
    int widest = 0;
    for (const QWidget *group : m_groups)
        if (!group->isHidden()) widest = std::max(widest, group->minimumSizeHint().width());
    return QSize(widest, m_layout->minimumSize().height());
}

void WrapRow::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    const QBoxLayout::Direction direction =
        event->size().width() >= oneLineWidth() ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom;
    if (m_layout->direction() != direction) {
        m_layout->setDirection(direction);
        updateGeometry(); // one line is lower than several
    }
}

} // namespace attn::ui
