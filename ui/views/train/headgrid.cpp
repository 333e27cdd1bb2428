#include "ui/views/train/headgrid.h"

#include "ui/base/figurewidget.h"
#include "ui/base/numbertext.h"
#include "ui/plots/trainingplot.h"
#include "ui/plots/viridis.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

constexpr double kMargin = 6;
constexpr double kLabel = 18; // the caption above each head and the layer names on the left

} // namespace

HeadGrid::HeadGrid(QWidget *parent) : QWidget(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    markFigure(this);
    setMouseTracking(true);
    setAccessibleName(tr("Attention weights of every head on the probe sequence"));
}

void HeadGrid::setData(const HeadGridData &data)
{
    m_data = data;
    m_layer = std::clamp(m_layer, 0, std::max(0, m_data.layers - 1));
    m_head = std::clamp(m_head, 0, std::max(0, m_data.heads - 1));
    update();
}

void HeadGrid::select(int layer, int head)
{
    if (m_data.layers <= 0 || m_data.heads <= 0) return;
    layer = std::clamp(layer, 0, m_data.layers - 1);
    head = std::clamp(head, 0, m_data.heads - 1);
    if (layer == m_layer && head == m_head) return;
    m_layer = layer;
    m_head = head;
    update();
    emit headSelected(layer, head);
}

QRectF HeadGrid::headRect(int layer, int head, QSizeF size) const
{
    // Square heatmaps as large as fit, the block centred: a caption above each, "L0" … on the left.
    const int rows = std::max(1, m_data.layers), cols = std::max(1, m_data.heads);
    const double left = 2 * kLabel;
    const double cellW = (size.width() - left - kMargin) / cols;
    const double cellH = (size.height() - kMargin) / rows;
    const double side = std::max(4.0, std::min(cellW - kMargin, cellH - kLabel - 2 * kMargin));
    const double pitchX = side + kMargin, pitchY = side + kLabel + 2 * kMargin;
    const double x0 = left + std::max(0.0, (size.width() - left - kMargin - cols * pitchX) / 2);
    const double y0 = std::max(0.0, (size.height() - kMargin - rows * pitchY) / 2);
    return {x0 + head * pitchX + kMargin / 2, y0 + layer * pitchY + kLabel + kMargin, side, side};
}

bool HeadGrid::headAt(const QPointF &pos, int *layer, int *head) const
{
    for (int l = 0; l < m_data.layers; ++l)
        for (int h = 0; h < m_data.heads; ++h)
            if (headRect(l, h, size()).adjusted(-3, -kLabel, 3, 3).contains(pos)) {
                *layer = l;
                *head = h;
                return true;
            }
    return false;
}

void HeadGrid::paintGrid(QPainter &p, QSizeF size) const
{
    p.fillRect(QRectF(QPointF(0, 0), size), palette().color(QPalette::Base));
    if (m_data.layers <= 0 || m_data.heads <= 0) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(QRectF(QPointF(0, 0), size), Qt::AlignCenter, tr("No model yet"));
        return;
    }
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    p.setFont(small);
    for (int l = 0; l < m_data.layers; ++l) {
        const QRectF first = headRect(l, 0, size);
        p.setPen(palette().color(QPalette::Text));
        p.drawText(QRectF(0, first.top(), first.left() - 6, first.height()),
                   Qt::AlignRight | Qt::AlignVCenter, tr("L%1").arg(l));
        for (int h = 0; h < m_data.heads; ++h) {
            const QRectF r = headRect(l, h, size);
            const std::size_t index = std::size_t(l * m_data.heads + h);
            QString caption = tr("head %1").arg(h);
            if (index < m_data.score.size() && std::isfinite(m_data.score[index]))
                caption += QStringLiteral(" · %1").arg(m_data.score[index], 0, 'f', 2);
            p.setPen(TrainingPlot::headColor(h).darker(115)); // the colour of its curves
            p.drawText(QRectF(r.left() - 20, r.top() - kLabel, r.width() + 40, kLabel),
                       Qt::AlignHCenter | Qt::AlignBottom, caption);
            if (index >= m_data.weights.size()) continue;
            const Matrix &w = m_data.weights[index];
            const Index n = w.rows();
            const double cell = r.width() / std::max<Index>(1, n);
            p.setPen(Qt::NoPen);
            for (Index i = 0; i < n; ++i)
                for (Index j = 0; j < w.cols(); ++j) {
                    const QRectF c(r.left() + j * cell, r.top() + i * cell, cell + 0.5, cell + 0.5);
                    p.setBrush(j > i ? palette().color(QPalette::Window) : currentMapColor(w(i, j)));
                    p.drawRect(c);
                }
            const bool selected = l == m_layer && h == m_head;
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(selected ? palette().color(QPalette::Highlight) : QColor(0xbb, 0xbb, 0xbb),
                          selected ? 3 : 1));
            p.drawRect(r.adjusted(-1.5, -1.5, 1.5, 1.5));
        }
    }
}

void HeadGrid::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    paintGrid(p, size());
    if (hasFocus()) {
        p.setPen(QPen(palette().color(QPalette::Highlight), 1, Qt::DotLine));
        p.setBrush(Qt::NoBrush);
        p.drawRect(rect().adjusted(0, 0, -1, -1));
    }
}

QString HeadGrid::toolTipAt(const QPoint &pos) const
{
    int l = 0, h = 0;
    if (!headAt(pos, &l, &h)) return {};
    const std::size_t index = std::size_t(l * m_data.heads + h);
    if (index >= m_data.weights.size()) return {};
    const Matrix &w = m_data.weights[index];
    const QRectF r = headRect(l, h, size());
    const double cell = r.width() / std::max<Index>(1, w.rows());
    const int i = int(std::floor((pos.y() - r.top()) / cell));
    const int j = int(std::floor((pos.x() - r.left()) / cell));
    const auto label = [&](int k) {
        return k < m_data.tokens.size() ? m_data.tokens[k] : QString::number(k);
    };
    QString text = tr("Layer %1, head %2 at step %3").arg(l).arg(h).arg(m_data.step);
    if (index < m_data.score.size() && std::isfinite(m_data.score[index]))
        text += tr("\n%1 score: %2").arg(m_data.scoreName, exactNumber(m_data.score[index]));
    if (i >= 0 && j >= 0 && i < w.rows() && j < w.cols())
        text += j > i ? tr("\nquery %1 “%2” cannot see key %3 “%4” (causal)")
                            .arg(i)
                            .arg(label(i))
                            .arg(j)
                            .arg(label(j))
                      : tr("\nquery %1 “%2” → key %3 “%4”: weight %5")
                            .arg(i)
                            .arg(label(i))
                            .arg(j)
                            .arg(label(j))
                            .arg(exactNumber(w(i, j)));
    return text + tr("\nDouble-click to open this head in the Q/K/V editor");
}

bool HeadGrid::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

void HeadGrid::mousePressEvent(QMouseEvent *event)
{
    int l = 0, h = 0;
    if (headAt(event->position(), &l, &h)) select(l, h);
    QWidget::mousePressEvent(event);
}

void HeadGrid::mouseDoubleClickEvent(QMouseEvent *event)
{
    int l = 0, h = 0;
    if (headAt(event->position(), &l, &h)) {
        select(l, h);
        emit headActivated(l, h);
    }
}

void HeadGrid::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Left: select(m_layer, m_head - 1); break;
    case Qt::Key_Right: select(m_layer, m_head + 1); break;
    case Qt::Key_Up: select(m_layer - 1, m_head); break;
    case Qt::Key_Down: select(m_layer + 1, m_head); break;
    case Qt::Key_Return:
    case Qt::Key_Enter: emit headActivated(m_layer, m_head); break;
    default: QWidget::keyPressEvent(event); return;
    }
}

QList<FigureTable> HeadGrid::figureTables() const
{
    const std::size_t index = std::size_t(m_layer * m_data.heads + m_head);
    if (index >= m_data.weights.size()) return {};
    const Matrix &w = m_data.weights[index];
    FigureTable t;
    t.caption = tr("Layer %1, head %2 on the probe at step %3").arg(m_layer).arg(m_head).arg(m_data.step);
    t.corner = tr("query \\ key");
    for (Index j = 0; j < w.cols(); ++j)
        t.columnHeaders << tr("%1 · %2").arg(j).arg(m_data.tokens.value(int(j)));
    for (Index i = 0; i < w.rows(); ++i) {
        t.rowHeaders << tr("%1 · %2").arg(i).arg(m_data.tokens.value(int(i)));
        QStringList row;
        for (Index j = 0; j < w.cols(); ++j) row << (j > i ? tr("masked") : exactNumber(w(i, j)));
        t.cells << row;
    }
    return {t};
}

} // namespace attn::ui
