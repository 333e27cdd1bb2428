#include "ui/views/common/figureview.h"

#include <QShowEvent>

namespace attn::ui {

QMap<QString, double> FigureView::currentTaskValues()
{
    catchUp();
    return taskValues();
}

void FigureView::catchUp()
{
    for (std::size_t i = 0; i < m_pending.size(); ++i) {
        if (!m_pending[i]) continue;
        m_pending[i] = false;
        m_handlers[i]();
    }
}

std::function<void()> FigureView::whenShown(std::function<void()> handler)
{
    const std::size_t index = m_handlers.size();
    m_handlers.push_back(std::move(handler));
    m_pending.push_back(false);
    return [this, index] {
        if (parentWidget() && !isVisible()) {
            m_pending[index] = true;
            return;
        }
        m_handlers[index]();
    };
}

void FigureView::showEvent(QShowEvent *event)
{
    catchUp();
    QWidget::showEvent(event);
}

} // namespace attn::ui
