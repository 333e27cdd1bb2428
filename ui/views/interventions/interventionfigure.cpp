#include "ui/views/interventions/interventionfigure.h"

#include "ui/base/numbertext.h"
#include "ui/plots/viridis.h"
#include "ui/views/common/paintfit.h"

#include <QFont>
#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

/// The weight bars: the colour map of AppSettings at t = 1/4 (a blue in viridis).
QColor weightColor()
{
    return currentMapColor(0.25);
}

constexpr double kMargin = 14;
constexpr double kTitleHeight = 30;
constexpr double kLegendHeight = 24;
constexpr double kAxisWidth = 46;
constexpr double kLabelHeight = 40;

const QColor kEffectColor(0xe6, 0x61, 0x00); // orange
const QColor kDisagree(0xc0, 0x1c, 0x28);

/// Logical size range of the layout; sizes outside it are scaled (see interventionBars).
constexpr double kMinWidth = 640, kMinHeight = 400, kMaxWidth = 1200, kMaxHeight = 800;

double layoutScale(QSizeF size)
{
    return figureScale(size, {kMinWidth, kMinHeight}, {kMaxWidth, kMaxHeight});
}

QRectF chartRect(QSizeF size)
{
    const double width = std::max(200.0, size.width() * 0.56);
    const double top = kMargin + kTitleHeight + kLegendHeight + 16; // 16: room for the value labels
    return QRectF(kMargin + kAxisWidth, top, width - 2 * kAxisWidth,
                  std::max(60.0, size.height() - top - kLabelHeight - kMargin));
}

double maxEffect(const InterventionFigureData &d)
{
    double m = 0;
    for (Index j = 0; j < d.effects.size(); ++j)
        if (std::isfinite(d.effects(j))) m = std::max(m, d.effects(j));
    return m > 0 ? m * 1.1 : 1.0; // the effect axis ends a tenth above the largest effect
}

/// The bars at a logical size (before figureScale).
std::vector<QRectF> logicalBars(const InterventionFigureData &d, QSizeF size)
{
    std::vector<QRectF> bars;
    const Index n = d.weights.size();
    if (n == 0 || !d.message.isEmpty()) return bars;
    const QRectF c = chartRect(size);
    const double group = c.width() / n;
    const double bar = std::min(36.0, group * 0.36);
    const double top = maxEffect(d);
    for (Index j = 0; j < n; ++j) {
        const double x = c.left() + j * group + group / 2;
        const double w = std::isfinite(d.weights(j)) ? std::clamp(d.weights(j), 0.0, 1.0) : 0.0;
        const double e = std::isfinite(d.effects(j)) ? std::max(0.0, d.effects(j)) / top : 0.0;
        bars.emplace_back(x - bar - 1, c.bottom() - w * c.height(), bar, w * c.height());
        bars.emplace_back(x + 1, c.bottom() - e * c.height(), bar, e * c.height());
    }
    return bars;
}

} // namespace

std::vector<QRectF> interventionBars(const InterventionFigureData &d, QSizeF size)
{
    const double s = layoutScale(size);
    std::vector<QRectF> bars = logicalBars(d, size / s);
    for (QRectF &r : bars) r = QRectF(r.topLeft() * s, r.size() * s);
    return bars;
}

void paintInterventionFigure(QPainter &p, QSizeF deviceSize, const InterventionFigureData &d)
{
    const QSizeF size = beginFigure(p, deviceSize, layoutScale(deviceSize));
    p.setFont(pixelFont(16, true));
    p.drawText(QRectF(kMargin, kMargin, size.width() - 2 * kMargin, kTitleHeight),
               Qt::AlignLeft | Qt::AlignTop | Qt::TextSingleLine, d.title);
    const std::vector<QRectF> bars = logicalBars(d, size);
    if (bars.empty()) {
        p.setFont(pixelFont(14));
        p.drawText(QRectF(kMargin, kMargin + kTitleHeight, size.width() - 2 * kMargin, 80),
                   Qt::AlignLeft | Qt::TextWordWrap, d.message);
        p.restore();
        return;
    }
    const QRectF c = chartRect(size);
    const Index n = d.weights.size();
    const double group = c.width() / n;
    const double top = maxEffect(d);

    // Legend.
    p.setFont(pixelFont(12));
    double lx = c.left();
    const double ly = kMargin + kTitleHeight;
    for (const auto &[color, text] :
         {std::pair{weightColor(), QObject::tr("weight (left axis)")},
          std::pair{kEffectColor, QObject::tr("‖Δ output‖ if deleted (right axis)")},
          std::pair{kDisagree, QObject::tr("≠ ranks disagree")}}) {
        p.fillRect(QRectF(lx, ly + 3, 12, 12), color);
        p.setPen(Qt::black);
        const double w = QFontMetricsF(p.font()).horizontalAdvance(text);
        p.drawText(QPointF(lx + 16, ly + 13), text);
        lx += 16 + w + 14;
    }
    // Axes with ticks: weights 0 … 1 on the left, effects 0 … max on the right.
    p.setPen(QColor(0x60, 0x60, 0x60));
    p.drawLine(c.bottomLeft(), c.bottomRight());
    p.drawLine(c.bottomLeft(), c.topLeft());
    p.drawLine(c.bottomRight(), c.topRight());
    p.setFont(pixelFont(11));
    for (int t = 0; t <= 4; ++t) {
        const double y = c.bottom() - t / 4.0 * c.height();
        p.setPen(QColor(0xe4, 0xe4, 0xe4));
        if (t > 0) p.drawLine(QPointF(c.left(), y), QPointF(c.right(), y));
        p.setPen(weightColor());
        p.drawText(QRectF(c.left() - kAxisWidth, y - 8, kAxisWidth - 4, 16),
                   Qt::AlignRight | Qt::AlignVCenter, compactNumber(t / 4.0));
        p.setPen(kEffectColor);
        p.drawText(QRectF(c.right() + 4, y - 8, kAxisWidth, 16), Qt::AlignLeft | Qt::AlignVCenter,
                   compactNumber(top * t / 4.0));
    }
    // Bars, values and key labels.
    for (Index j = 0; j < n; ++j) {
        const QRectF wb = bars[std::size_t(2 * j)], eb = bars[std::size_t(2 * j + 1)];
        const bool shown = d.visible.empty() || d.visible[std::size_t(j)];
        p.fillRect(wb, shown ? weightColor() : QColor(0xc8, 0xc8, 0xc8));
        p.fillRect(eb, shown ? kEffectColor : QColor(0xc8, 0xc8, 0xc8));
        p.setFont(pixelFont(10));
        p.setPen(Qt::black);
        p.drawText(QRectF(wb.center().x() - 30, wb.top() - 15, 60, 14), Qt::AlignCenter,
                   compactNumber(d.weights(j)));
        p.drawText(
            QRectF(eb.center().x() - 30, eb.top() - 15 - 12 * (std::abs(eb.top() - wb.top()) < 14), 60, 14),
            Qt::AlignCenter, compactNumber(d.effects(j)));
        const bool disagree = j < Index(d.disagreeing.size()) && d.disagreeing[std::size_t(j)];
        const QRectF label(c.left() + j * group, c.bottom() + 4, group, kLabelHeight - 8);
        if (j == d.chosenKey) {
            p.setPen(QPen(Qt::black, 1.5, Qt::DashLine));
            p.setBrush(Qt::NoBrush);
            p.drawRect(QRectF(c.left() + j * group + 2, c.top(), group - 4, c.height() + kLabelHeight - 6));
        }
        p.setFont(pixelFont(13, disagree));
        p.setPen(disagree ? kDisagree : Qt::black);
        p.drawText(label, Qt::AlignHCenter | Qt::AlignTop,
                   d.keyLabels.value(int(j)) + (disagree ? QStringLiteral(" ≠") : QString()));
    }
    // The text panel on the right.
    const double px = c.right() + kAxisWidth + 16;
    double py = c.top();
    const double pw = std::max(80.0, size.width() - px - kMargin);
    p.setPen(Qt::black);
    p.setFont(pixelFont(12.5));
    for (const QString &line : d.lines) {
        const QRectF box = p.boundingRect(QRectF(px, py, pw, 1000), Qt::AlignLeft | Qt::TextWordWrap, line);
        p.drawText(QRectF(px, py, pw, box.height()), Qt::AlignLeft | Qt::TextWordWrap, line);
        py += box.height() + 10;
    }
    p.restore();
}

QList<FigureTable> interventionTables(const InterventionFigureData &d)
{
    if (d.weights.size() == 0 || !d.message.isEmpty()) return {};
    FigureTable t;
    t.caption = d.title;
    t.corner = QObject::tr("key");
    t.columnHeaders = {QObject::tr("weight"), QObject::tr("‖Δ output‖ if deleted"), QObject::tr("visible"),
                       QObject::tr("ranks disagree")};
    for (Index j = 0; j < d.weights.size(); ++j) {
        const bool shown = d.visible.empty() || d.visible[std::size_t(j)];
        const bool disagree = j < Index(d.disagreeing.size()) && d.disagreeing[std::size_t(j)];
        t.rowHeaders << d.keyLabels.value(int(j));
        t.cells << QStringList{
            exactNumber(d.weights(j)), j < d.effects.size() ? exactNumber(d.effects(j)) : QString(),
            shown ? QObject::tr("yes") : QObject::tr("masked"), disagree ? QStringLiteral("≠") : QString()};
    }
    return {t};
}

} // namespace attn::ui
