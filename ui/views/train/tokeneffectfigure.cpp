#include "ui/views/train/tokeneffectfigure.h"

#include "ui/base/numbertext.h"
#include "ui/plots/viridis.h"
#include "ui/views/common/paintfit.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QRectF>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

constexpr double kMargin = 12;
constexpr double kTitleHeight = 26;
constexpr double kCaptionHeight = 20;
constexpr double kAxisWidth = 44;
constexpr double kGap = 10;

const QColor kEffectColor(0xe6, 0x61, 0x00); // orange, as in lesson 15's effect bars
const QColor kDisagree(0xc0, 0x1c, 0x28);

constexpr double kMinWidth = 480, kMinHeight = 360, kMaxWidth = 1200, kMaxHeight = 800;

double layoutScale(QSizeF size)
{
    return figureScale(size, {kMinWidth, kMinHeight}, {kMaxWidth, kMaxHeight});
}

/// The widest token label (with its " ≠"), in pixels.
double widestLabel(const TokenEffectFigureData &d)
{
    const QFontMetricsF m(pixelFont(12, true));
    double w = 0;
    for (const QString &t : d.tokens) w = std::max(w, m.horizontalAdvance(t + QStringLiteral(" ≠")));
    return w;
}

/// Height under the panels for the token labels: one line, or turned by 60° when the widest
/// does not fit its column (sin 60° of its width).
double labelsHeight(const TokenEffectFigureData &d, double column, bool *turned)
{
    const double w = widestLabel(d);
    *turned = w + 4 > column;
    return *turned ? std::min(120.0, 0.87 * w + 14) : 22;
}

/// Height of the paragraphs under the panels, wrapped to the figure's width.
double linesHeight(const TokenEffectFigureData &d, QSizeF size)
{
    const QFontMetricsF m(pixelFont(12));
    double h = 4;
    for (const QString &line : d.lines)
        h += m.boundingRect(QRectF(0, 0, std::max(40.0, size.width() - 2 * kMargin), 10000),
                            Qt::AlignLeft | Qt::TextWordWrap, line)
                 .height() +
             2;
    return h;
}

struct Layout {
    QRectF rollout; ///< the top chart
    QRectF effect;  ///< the bottom chart
    double column = 0;
    bool turned = false;
    double labels = 0; ///< height of the token labels under the bottom panel
};

Layout layoutAt(const TokenEffectFigureData &d, QSizeF size)
{
    Layout l;
    const double left = kMargin + kAxisWidth;
    const double width = std::max(60.0, size.width() - left - kMargin);
    const auto n = std::max<Index>(1, d.rollout.size());
    l.column = width / double(n);
    l.labels = labelsHeight(d, l.column, &l.turned);
    const double labels = l.labels;
    const double top = kMargin + kTitleHeight;
    const double charts =
        std::max(80.0, size.height() - top - 2 * kCaptionHeight - kGap - labels - linesHeight(d, size));
    l.rollout = QRectF(left, top + kCaptionHeight, width, charts / 2);
    l.effect = QRectF(left, l.rollout.bottom() + kGap + kCaptionHeight, width, charts / 2);
    return l;
}

/// The top of a panel's axis: a tenth above its largest finite value, never above 1 (a rollout
/// share and a total variation distance are at most 1); 1 when there is no value.
double axisTop(const Vector &v)
{
    double m = 0;
    for (Index j = 0; j < v.size(); ++j)
        if (std::isfinite(v(j))) m = std::max(m, v(j));
    return m > 0 ? std::min(1.0, m * 1.1) : 1.0;
}

std::vector<QRectF> logicalBars(const TokenEffectFigureData &d, QSizeF size)
{
    std::vector<QRectF> bars;
    if (d.rollout.size() == 0 || !d.message.isEmpty()) return bars;
    const Layout l = layoutAt(d, size);
    const double bar = std::min(40.0, l.column * 0.6);
    const double rTop = axisTop(d.rollout), eTop = axisTop(d.effect);
    for (Index j = 0; j < d.rollout.size(); ++j) {
        const double x = l.rollout.left() + (double(j) + 0.5) * l.column - bar / 2;
        const double r = std::isfinite(d.rollout(j)) ? std::max(0.0, d.rollout(j)) / rTop : 0.0;
        bars.emplace_back(x, l.rollout.bottom() - r * l.rollout.height(), bar, r * l.rollout.height());
        const double e = j < d.effect.size() ? d.effect(j) : std::nan("");
        if (std::isfinite(e))
            bars.emplace_back(x, l.effect.bottom() - std::max(0.0, e) / eTop * l.effect.height(), bar,
                              std::max(0.0, e) / eTop * l.effect.height());
        else
            bars.emplace_back();
    }
    return bars;
}

void drawAxis(QPainter &p, const QRectF &chart, double top, const QColor &color)
{
    p.setFont(pixelFont(11));
    for (int t = 0; t <= 2; ++t) {
        const double y = chart.bottom() - t / 2.0 * chart.height();
        p.setPen(QColor(0xe4, 0xe4, 0xe4));
        if (t > 0) p.drawLine(QPointF(chart.left(), y), QPointF(chart.right(), y));
        p.setPen(color);
        p.drawText(QRectF(chart.left() - kAxisWidth, y - 8, kAxisWidth - 4, 16),
                   Qt::AlignRight | Qt::AlignVCenter, compactNumber(top * t / 2.0));
    }
    p.setPen(QColor(0x60, 0x60, 0x60));
    p.drawLine(chart.bottomLeft(), chart.bottomRight());
    p.drawLine(chart.bottomLeft(), chart.topLeft());
}

} // namespace

std::vector<QRectF> tokenEffectBars(const TokenEffectFigureData &d, QSizeF size)
{
    const double s = layoutScale(size);
    std::vector<QRectF> bars = logicalBars(d, size / s);
    for (QRectF &r : bars)
        if (!r.isNull()) r = QRectF(r.topLeft() * s, r.size() * s);
    return bars;
}

int tokenEffectColumnAt(const TokenEffectFigureData &d, QSizeF size, double x)
{
    if (d.rollout.size() == 0 || !d.message.isEmpty()) return -1;
    const double s = layoutScale(size);
    const Layout l = layoutAt(d, size / s);
    const double lx = x / s - l.rollout.left();
    if (lx < 0) return -1;
    const auto j = static_cast<Index>(lx / l.column);
    return j < d.rollout.size() ? int(j) : -1;
}

void paintTokenEffectFigure(QPainter &p, QSizeF deviceSize, const TokenEffectFigureData &d)
{
    const QSizeF size = beginFigure(p, deviceSize, layoutScale(deviceSize));
    drawFitted(p, QRectF(kMargin, kMargin, size.width() - 2 * kMargin, kTitleHeight - 4),
               Qt::AlignLeft | Qt::AlignTop, d.title, pixelFont(15, true));
    const std::vector<QRectF> bars = logicalBars(d, size);
    if (bars.empty()) {
        p.setFont(pixelFont(14));
        p.drawText(QRectF(kMargin, kMargin + kTitleHeight, size.width() - 2 * kMargin, 120),
                   Qt::AlignLeft | Qt::TextWordWrap, d.message);
        p.restore();
        return;
    }
    const Layout l = layoutAt(d, size);
    const QColor rolloutColor = currentMapColor(0.25);
    const QFont caption = pixelFont(13, true);
    drawFitted(
        p, QRectF(l.rollout.left(), l.rollout.top() - kCaptionHeight, l.rollout.width(), kCaptionHeight - 2),
        Qt::AlignLeft | Qt::AlignVCenter, QObject::tr("Attention rollout R(t, j), from the weights alone"),
        caption, QObject::tr("Rollout R(t, j)"));
    drawFitted(p,
               QRectF(l.effect.left(), l.effect.top() - kCaptionHeight, l.effect.width(), kCaptionHeight - 2),
               Qt::AlignLeft | Qt::AlignVCenter, d.effectLabel, caption);
    drawAxis(p, l.rollout, axisTop(d.rollout), rolloutColor);
    drawAxis(p, l.effect, axisTop(d.effect), kEffectColor);

    const Index n = d.rollout.size();
    for (Index j = 0; j < n; ++j) {
        const bool disagree = j < Index(d.disagreeing.size()) && d.disagreeing[std::size_t(j)];
        const QRectF column(l.rollout.left() + double(j) * l.column, l.rollout.top(), l.column,
                            l.effect.bottom() - l.rollout.top());
        if (disagree) p.fillRect(column, QColor(0xc0, 0x1c, 0x28, 0x1c));
        if (j == n - 1) { // the query's own token
            p.setPen(QPen(QColor(0x30, 0x30, 0x30), 1.2, Qt::DashLine));
            p.setBrush(Qt::NoBrush);
            p.drawRect(column.adjusted(1, 0, -1, 0));
        }
        p.fillRect(bars[std::size_t(2 * j)], rolloutColor);
        const QRectF &eb = bars[std::size_t(2 * j + 1)];
        if (!eb.isNull()) p.fillRect(eb, kEffectColor);
        // Values above the bars when a column has room for them.
        if (l.column >= 34) {
            p.setFont(pixelFont(10));
            p.setPen(Qt::black);
            const QRectF rb = bars[std::size_t(2 * j)];
            drawFitted(p, QRectF(rb.center().x() - l.column / 2, rb.top() - 14, l.column, 13),
                       Qt::AlignCenter, weightNumber(d.rollout(j)), pixelFont(10));
            const double e = d.effect(j);
            const double ey = eb.isNull() ? l.effect.bottom() : eb.top();
            drawFitted(p, QRectF(rb.center().x() - l.column / 2, ey - 14, l.column, 13), Qt::AlignCenter,
                       std::isfinite(e) ? weightNumber(e) : QStringLiteral("—"), pixelFont(10));
        } else if (eb.isNull()) {
            p.setFont(pixelFont(10));
            p.setPen(Qt::black);
            p.drawText(QRectF(column.left(), l.effect.bottom() - 14, l.column, 13), Qt::AlignCenter,
                       QStringLiteral("—"));
        }
        // The token under both panels, ≠ when its ranks disagree.
        const QString label = d.tokens.value(int(j)) + (disagree ? QStringLiteral(" ≠") : QString());
        p.setPen(disagree ? kDisagree : Qt::black);
        p.setFont(pixelFont(12, disagree));
        const QPointF anchor(column.center().x(), l.effect.bottom() + 4);
        if (l.turned) {
            p.save();
            p.translate(anchor + QPointF(4, 4));
            p.rotate(-60);
            const double w = widestLabel(d) + 4;
            p.drawText(QRectF(-w, -8, w, 16), Qt::AlignRight | Qt::AlignVCenter, label);
            p.restore();
        } else {
            p.drawText(QRectF(column.left(), anchor.y(), l.column, 18), Qt::AlignHCenter | Qt::AlignTop,
                       label);
        }
    }

    double y = l.effect.bottom() + l.labels + 2;
    p.setPen(Qt::black);
    p.setFont(pixelFont(12));
    for (const QString &line : d.lines) {
        const QRectF box(kMargin, y, size.width() - 2 * kMargin, 10000);
        const QRectF used = p.boundingRect(box, Qt::AlignLeft | Qt::TextWordWrap, line);
        p.drawText(used, Qt::AlignLeft | Qt::TextWordWrap, line);
        y += used.height() + 2;
    }
    p.restore();
}

} // namespace attn::ui
