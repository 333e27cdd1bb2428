#include "ui/views/interventions/interventionfigure.h"

#include "ui/base/numbertext.h"
#include "ui/plots/viridis.h"
#include "ui/views/common/paintfit.h"

#include <QFont>
#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <utility>

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
constexpr double kPanelTitle = 18; ///< each panel's own title line
constexpr double kPanelGap = 30;   ///< between the weights panel and the effects panel

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
    const double top = kMargin + kTitleHeight + kLegendHeight;
    return QRectF(kMargin + kAxisWidth, top, width - 2 * kAxisWidth,
                  std::max(140.0, size.height() - top - kLabelHeight - kMargin));
}

/// The two panels, one above the other over the same key columns, each with its own axis from
/// its own zero: the weights (0 … 1) on top, the deletion effects (0 … max) below. A weight and
/// an effect are different quantities; one shared axis would invite comparing their heights.
std::pair<QRectF, QRectF> panelRects(QSizeF size)
{
    const QRectF c = chartRect(size);
    const double h = (c.height() - kPanelGap) / 2 - kPanelTitle;
    const QRectF weights(c.left(), c.top() + kPanelTitle, c.width(), h);
    const QRectF effects(c.left(), weights.bottom() + kPanelGap + kPanelTitle, c.width(), h);
    return {weights, effects};
}

double maxEffect(const InterventionFigureData &d)
{
    double m = 0;
    for (Index j = 0; j < d.effects.size(); ++j)
        if (std::isfinite(d.effects(j))) m = std::max(m, d.effects(j));
    return m > 0 ? m * 1.1 : 1.0; // the effect axis ends a tenth above the largest effect
}

/// Rank 1 for the largest of `values` among the keys shown (ties share the smaller rank); 0
/// for a key not shown or not finite.
std::vector<int> ranks(const Vector &values, const std::vector<bool> &visible)
{
    std::vector<int> r(std::size_t(values.size()), 0);
    for (Index j = 0; j < values.size(); ++j) {
        if ((!visible.empty() && !visible[std::size_t(j)]) || !std::isfinite(values(j))) continue;
        int above = 1;
        for (Index k = 0; k < values.size(); ++k)
            if ((visible.empty() || visible[std::size_t(k)]) && std::isfinite(values(k)) &&
                values(k) > values(j))
                ++above;
        r[std::size_t(j)] = above;
    }
    return r;
}

/// The bars at a logical size (before figureScale).
std::vector<QRectF> logicalBars(const InterventionFigureData &d, QSizeF size)
{
    std::vector<QRectF> bars;
    const Index n = d.weights.size();
    if (n == 0 || !d.message.isEmpty()) return bars;
    const auto [wp, ep] = panelRects(size);
    const double group = wp.width() / n;
    const double bar = std::min(44.0, group * 0.5);
    const double top = maxEffect(d);
    for (Index j = 0; j < n; ++j) {
        const double x = wp.left() + j * group + group / 2;
        const double w = std::isfinite(d.weights(j)) ? std::clamp(d.weights(j), 0.0, 1.0) : 0.0;
        const double e = std::isfinite(d.effects(j)) ? std::max(0.0, d.effects(j)) / top : 0.0;
        bars.emplace_back(x - bar / 2, wp.bottom() - w * wp.height(), bar, w * wp.height());
        bars.emplace_back(x - bar / 2, ep.bottom() - e * ep.height(), bar, e * ep.height());
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
    const auto [wp, ep] = panelRects(size);
    const Index n = d.weights.size();
    const double group = wp.width() / n;
    const double top = maxEffect(d);
    const std::vector<int> weightRank = ranks(d.weights, d.visible), effectRank = ranks(d.effects, d.visible);

    // Legend.
    p.setFont(pixelFont(12));
    double lx = c.left();
    const double ly = kMargin + kTitleHeight;
    for (const auto &[color, text] :
         {std::pair{weightColor(), QObject::tr("weight (top panel)")},
          std::pair{kEffectColor, QObject::tr("‖Δ output‖ if deleted (bottom panel)")},
          std::pair{kDisagree, QObject::tr("≠ ranks disagree")}}) {
        p.fillRect(QRectF(lx, ly + 3, 12, 12), color);
        p.setPen(Qt::black);
        const double w = QFontMetricsF(p.font()).horizontalAdvance(text);
        p.drawText(QPointF(lx + 16, ly + 13), text);
        lx += 16 + w + 14;
    }
    // Each panel: its title, its own axis from its own zero, grid lines.
    const auto panel = [&](const QRectF &r, const QString &title, const QColor &color, double axisTop) {
        p.setFont(pixelFont(12, true));
        p.setPen(color.darker(130));
        p.drawText(QRectF(r.left(), r.top() - kPanelTitle, r.width(), kPanelTitle),
                   Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine, title);
        p.setPen(QColor(0x60, 0x60, 0x60));
        p.drawLine(r.bottomLeft(), r.bottomRight());
        p.drawLine(r.bottomLeft(), r.topLeft());
        p.setFont(pixelFont(11));
        for (int t = 0; t <= 2; ++t) {
            const double y = r.bottom() - t / 2.0 * r.height();
            p.setPen(QColor(0xe4, 0xe4, 0xe4));
            if (t > 0) p.drawLine(QPointF(r.left(), y), QPointF(r.right(), y));
            p.setPen(color.darker(130));
            p.drawText(QRectF(r.left() - kAxisWidth, y - 8, kAxisWidth - 4, 16),
                       Qt::AlignRight | Qt::AlignVCenter, compactNumber(axisTop * t / 2.0));
        }
    };
    panel(wp, QObject::tr("weight: how the output was mixed"), weightColor(), 1.0);
    panel(ep, QObject::tr("‖Δ output‖ when the key is deleted"), kEffectColor, top);
    // Bars with their value and rank, and the key labels under the lower panel.
    for (Index j = 0; j < n; ++j) {
        const QRectF wb = bars[std::size_t(2 * j)], eb = bars[std::size_t(2 * j + 1)];
        const bool shown = d.visible.empty() || d.visible[std::size_t(j)];
        p.fillRect(wb, shown ? weightColor() : QColor(0xc8, 0xc8, 0xc8));
        p.fillRect(eb, shown ? kEffectColor : QColor(0xc8, 0xc8, 0xc8));
        p.setFont(pixelFont(10));
        p.setPen(Qt::black);
        const auto valueText = [](const QString &value, int rank) {
            return rank > 0 ? QObject::tr("%1 (#%2)").arg(value).arg(rank) : value;
        };
        p.drawText(QRectF(wb.center().x() - group / 2, wb.top() - 15, group, 14), Qt::AlignCenter,
                   valueText(weightNumber(d.weights(j)), weightRank[std::size_t(j)]));
        p.drawText(QRectF(eb.center().x() - group / 2, eb.top() - 15, group, 14), Qt::AlignCenter,
                   valueText(compactNumber(d.effects(j)), effectRank[std::size_t(j)]));
        const bool disagree = j < Index(d.disagreeing.size()) && d.disagreeing[std::size_t(j)];
        const QRectF label(ep.left() + j * group, ep.bottom() + 4, group, kLabelHeight - 8);
        if (j == d.chosenKey) {
            p.setPen(QPen(Qt::black, 1.5, Qt::DashLine));
            p.setBrush(Qt::NoBrush);
            p.drawRect(QRectF(wp.left() + j * group + 2, wp.top() - 2, group - 4,
                              ep.bottom() - wp.top() + kLabelHeight - 4));
        }
        p.setFont(pixelFont(13, disagree));
        p.setPen(disagree ? kDisagree : Qt::black);
        p.drawText(label, Qt::AlignHCenter | Qt::AlignTop,
                   d.keyLabels.value(int(j)) + (disagree ? QStringLiteral(" ≠") : QString()));
    }
    // The text panel on the right.
    const double px = c.right() + kAxisWidth / 2 + 16;
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
