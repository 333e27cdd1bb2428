#include "ui/lessons/distributioneditor.h"

#include "ui/base/numbertext.h"
#include "ui/lessons/prediction.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace attn::lessons {

namespace {

constexpr int kValueRow = 18; ///< px above the plot for the value labels
constexpr int kLabelRow = 20; ///< px below the plot for the key labels
constexpr double kKeyStep = 0.05;

} // namespace

DistributionEditor::DistributionEditor(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("distributionEditor"));
    setFocusPolicy(Qt::StrongFocus);
    setMinimumHeight(minimumSizeHint().height()); // the dock would squeeze the bars to a strip
    setAccessibleName(tr("Predicted weights"));
    setToolTip(tr("Drag a bar to the weight you expect; the others rescale so that the row sums to 1. "
                  "Keys: ←/→ choose a bar, ↑/↓ change it."));
}

void DistributionEditor::setLabels(const QStringList &labels)
{
    m_labels = labels;
    m_values.assign(static_cast<std::size_t>(labels.size()),
                    labels.isEmpty() ? 0.0 : 1.0 / static_cast<double>(labels.size()));
    m_truth.clear();
    m_current = 0;
    updateGeometry();
    update();
    emit valuesChanged();
}

void DistributionEditor::setValues(const std::vector<double> &values)
{
    if (values.size() != m_values.size()) return;
    m_values = renormalised(values);
    update();
    emit valuesChanged();
}

void DistributionEditor::setBar(int index, double value)
{
    if (index < 0 || index >= static_cast<int>(m_values.size())) return;
    const double v = std::clamp(std::isfinite(value) ? value : 0.0, 0.0, 1.0);
    double others = 0.0;
    for (int j = 0; j < static_cast<int>(m_values.size()); ++j)
        if (j != index) others += m_values[static_cast<std::size_t>(j)];
    const double rest = 1.0 - v;
    const auto n = static_cast<double>(m_values.size());
    for (int j = 0; j < static_cast<int>(m_values.size()); ++j) {
        double &x = m_values[static_cast<std::size_t>(j)];
        if (j == index)
            x = v;
        else
            x = others > 1e-12 ? x / others * rest : (n > 1 ? rest / (n - 1) : 0.0);
    }
    if (m_values.size() == 1) m_values[0] = 1.0;
    m_current = index;
    update();
    emit valuesChanged();
}

void DistributionEditor::setReadOnly(bool readOnly)
{
    m_readOnly = readOnly;
    update();
}

void DistributionEditor::setTruth(const std::vector<double> &truth)
{
    m_truth = truth.size() == m_values.size() ? truth : std::vector<double>();
    update();
}

QSize DistributionEditor::sizeHint() const
{
    return {std::max(200, 44 * static_cast<int>(m_labels.size())), 150};
}

QSize DistributionEditor::minimumSizeHint() const
{
    return {120, 120};
}

QRectF DistributionEditor::plotRect() const
{
    return QRectF(rect()).adjusted(4, kValueRow, -4, -kLabelRow);
}

QRectF DistributionEditor::barRect(int index) const
{
    const QRectF plot = plotRect();
    const double slot = plot.width() / std::max<double>(1, static_cast<double>(m_values.size()));
    const double h = plot.height() * m_values[static_cast<std::size_t>(index)];
    return {plot.left() + slot * index + slot * 0.15, plot.bottom() - h, slot * 0.7, h};
}

void DistributionEditor::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF plot = plotRect();
    const QPalette &pal = palette();
    p.setPen(QPen(pal.color(QPalette::Mid), 1));
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    const double slot = plot.width() / std::max<double>(1, static_cast<double>(m_values.size()));
    const QColor bar = m_readOnly ? QColor(0x7f, 0x8c, 0x8d) : QColor(0xe6, 0x7e, 0x22);
    QFontMetricsF metrics(font());
    for (int j = 0; j < static_cast<int>(m_values.size()); ++j) {
        const QRectF r = barRect(j);
        p.fillRect(r, bar);
        if (hasFocus() && j == m_current && !m_readOnly) {
            p.setPen(QPen(pal.color(QPalette::Highlight), 2));
            p.drawRect(r.adjusted(-2, -2, 2, 0));
        }
        const QRectF slotRect(plot.left() + slot * j, 0, slot, height());
        p.setPen(pal.color(QPalette::WindowText));
        p.drawText(QRectF(slotRect.left(), r.top() - kValueRow, slot, kValueRow), Qt::AlignCenter,
                   ui::compactNumber(m_values[static_cast<std::size_t>(j)]));
        const QString label = metrics.elidedText(m_labels.value(j), Qt::ElideRight, std::max(8.0, slot - 2));
        p.drawText(QRectF(slotRect.left(), plot.bottom() + 2, slot, kLabelRow - 2), Qt::AlignCenter, label);
        if (!m_truth.empty()) {
            // The true weight: a dark line across the slot.
            const double y = plot.bottom() - plot.height() * m_truth[static_cast<std::size_t>(j)];
            p.setPen(QPen(QColor(0x1b, 0x4f, 0x72), 3));
            p.drawLine(QPointF(slotRect.left() + slot * 0.05, y), QPointF(slotRect.right() - slot * 0.05, y));
        }
    }
}

void DistributionEditor::dragTo(const QPointF &point)
{
    if (m_readOnly || m_values.empty()) return;
    const QRectF plot = plotRect();
    const double slot = plot.width() / static_cast<double>(m_values.size());
    const int index = std::clamp(static_cast<int>((point.x() - plot.left()) / slot), 0,
                                 static_cast<int>(m_values.size()) - 1);
    setBar(index, (plot.bottom() - point.y()) / std::max(1.0, plot.height()));
}

void DistributionEditor::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) dragTo(event->position());
}

void DistributionEditor::mouseMoveEvent(QMouseEvent *event)
{
    if (event->buttons() & Qt::LeftButton) dragTo(event->position());
}

void DistributionEditor::keyPressEvent(QKeyEvent *event)
{
    const int n = static_cast<int>(m_values.size());
    if (m_readOnly || n == 0) return QWidget::keyPressEvent(event);
    switch (event->key()) {
    case Qt::Key_Left:
        m_current = std::max(0, m_current - 1);
        update();
        break;
    case Qt::Key_Right:
        m_current = std::min(n - 1, m_current + 1);
        update();
        break;
    case Qt::Key_Up: setBar(m_current, m_values[static_cast<std::size_t>(m_current)] + kKeyStep); break;
    case Qt::Key_Down: setBar(m_current, m_values[static_cast<std::size_t>(m_current)] - kKeyStep); break;
    default: QWidget::keyPressEvent(event);
    }
}

} // namespace attn::lessons
