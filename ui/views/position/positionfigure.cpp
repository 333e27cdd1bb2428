#include "ui/views/position/positionfigure.h"

#include "ui/base/numbertext.h"
#include "ui/views/common/paintfit.h"
#include "ui/views/common/weightgrid.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

constexpr double kMargin = 12.0;
const QColor kNoneColor(0x77, 0x77, 0x77);
const QColor kRopeColor(0x00, 0x72, 0xb2);
const QColor kAlibiColor(0xd5, 0x5e, 0x00);
const QColor kBandColor(0xe6, 0x9f, 0x00);

/// The keys query `row` may see through the window alone: the first and last column, or −1.
std::pair<int, int> windowColumns(const PositionFigureData &d, int row)
{
    int first = -1, last = -1;
    const std::int64_t q = d.queryPositions[static_cast<std::size_t>(row)];
    for (std::size_t j = 0; j < d.keyPositions.size(); ++j) {
        const std::int64_t k = d.keyPositions[j];
        if (d.window->left && k < q - *d.window->left) continue;
        if (d.window->right && k > q + *d.window->right) continue;
        if (first < 0) first = static_cast<int>(j);
        last = static_cast<int>(j);
    }
    return {first, last};
}

} // namespace

std::vector<double> niceTicks(double low, double high, int count)
{
    std::vector<double> ticks;
    if (!(high > low) || count < 1 || !std::isfinite(low) || !std::isfinite(high)) return ticks;
    const double raw = (high - low) / count;
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    const double step = raw / power < 1.5   ? power
                        : raw / power < 3.5 ? 2 * power
                        : raw / power < 7.5 ? 5 * power
                                            : 10 * power;
    for (double t = std::ceil(low / step) * step; t <= high + step * 1e-9; t += step)
        ticks.push_back(std::abs(t) < step * 1e-9 ? 0.0 : t);
    return ticks;
}

PositionLayout layoutPositionFigure(const PositionFigureData &data, QSizeF size)
{
    PositionLayout l;
    const double w = size.width();
    const double h = size.height();
    l.fontPx = std::clamp(std::min(h / 42.0, w / 72.0), 8.0, 30.0); // grows with large exports
    const double line = l.fontPx * 1.5;
    l.titleRect = QRectF(kMargin, kMargin, w - 2 * kMargin, l.fontPx * 1.3 * 1.5);
    l.orderRect = QRectF(kMargin, h - kMargin - 2 * line, w - 2 * kMargin, 2 * line);
    if (!data.head || !data.message.isEmpty()) return l;
    const int nq = static_cast<int>(data.head->weights.rows());
    const int nk = static_cast<int>(data.head->weights.cols());
    const QFontMetricsF metrics(pixelFont(l.fontPx));
    double labelW = 0;
    for (const QString &label : data.queryLabels) labelW = std::max(labelW, metrics.horizontalAdvance(label));
    labelW = std::min(labelW + 8, w * 0.1);
    const double top = l.titleRect.bottom() + 2 * line;
    const double bottom = l.orderRect.top() - 2 * line;
    const double leftW = (w - 2 * kMargin) * 0.45 - labelW;
    const double cell = std::max(2.0, std::min(leftW / std::max(1, nk), (bottom - top) / std::max(1, nq)));
    l.cells = QRectF(kMargin + labelW + (leftW - cell * nk) / 2, top + (bottom - top - cell * nq) / 2,
                     cell * nk, cell * nq);
    const double plotLeft = kMargin + (w - 2 * kMargin) * 0.53;
    l.plotRect = QRectF(plotLeft, top, w - kMargin - plotLeft - 4, bottom - top);
    return l;
}

void paintPositionFigure(QPainter &painter, QSizeF size, const PositionFigureData &d)
{
    beginFigure(painter, size);
    const PositionLayout l = layoutPositionFigure(d, size);
    const QFont font = pixelFont(l.fontPx);
    const QFont bold = pixelFont(l.fontPx, true);
    const double line = l.fontPx * 1.5;
    painter.setPen(Qt::black);
    drawFitted(painter, l.titleRect, Qt::AlignCenter, d.title, pixelFont(l.fontPx * 1.3, true));
    painter.setFont(font);
    if (!d.head || !d.message.isEmpty()) {
        painter.drawText(l.orderRect, Qt::AlignCenter | Qt::TextWordWrap, d.message);
        painter.restore();
        return;
    }
    const int nq = static_cast<int>(d.head->weights.rows());
    const int nk = static_cast<int>(d.head->weights.cols());
    const QFontMetricsF metrics(font);

    // Left: the weights, with the window as a band.
    drawFitted(painter, QRectF(kMargin, l.cells.top() - 2 * line, l.plotRect.left() - 2 * kMargin, line),
               Qt::AlignCenter, QObject::tr("Weights (rows: queries, columns: keys)"), bold,
               QObject::tr("Weights"));
    paintWeightGrid(painter, l.cells, *d.head, d.selectedQuery, font);
    const double cw = l.cells.width() / std::max(1, nk);
    const double ch = l.cells.height() / std::max(1, nq);
    painter.setFont(font);
    painter.setPen(Qt::black);
    for (int j = 0; j < nk; ++j)
        painter.drawText(QRectF(l.cells.left() + j * cw, l.cells.top() - line, cw, line),
                         Qt::AlignHCenter | Qt::AlignBottom | Qt::TextSingleLine,
                         metrics.elidedText(d.keyLabels.value(j), Qt::ElideRight, cw));
    for (int i = 0; i < nq; ++i) {
        painter.setFont(i == d.selectedQuery ? bold : font);
        painter.drawText(
            QRectF(kMargin, l.cells.top() + i * ch, l.cells.left() - kMargin - 4, ch),
            Qt::AlignRight | Qt::AlignVCenter | Qt::TextSingleLine,
            metrics.elidedText(d.queryLabels.value(i), Qt::ElideRight, l.cells.left() - kMargin - 4));
    }
    if (d.window && d.queryPositions.size() == static_cast<std::size_t>(nq)) {
        // The band: each row's window reach, outlined as two staircases.
        QPainterPath leftEdge, rightEdge;
        bool started = false;
        for (int i = 0; i < nq; ++i) {
            const auto [first, last] = windowColumns(d, i);
            if (first < 0) continue;
            const double y0 = l.cells.top() + i * ch, y1 = y0 + ch;
            const double xl = l.cells.left() + first * cw, xr = l.cells.left() + (last + 1) * cw;
            if (!started) {
                leftEdge.moveTo(xl, y0);
                rightEdge.moveTo(xr, y0);
                started = true;
            } else {
                leftEdge.lineTo(xl, y0);
                rightEdge.lineTo(xr, y0);
            }
            leftEdge.lineTo(xl, y1);
            rightEdge.lineTo(xr, y1);
        }
        painter.setPen(QPen(kBandColor, 3, Qt::DashLine));
        painter.setBrush(Qt::NoBrush);
        painter.drawPath(leftEdge);
        painter.drawPath(rightEdge);
        painter.setPen(kBandColor.darker(140));
        const QString left = d.window->left ? QString::number(*d.window->left) : QStringLiteral("∞");
        const QString right = d.window->right ? QString::number(*d.window->right) : QStringLiteral("∞");
        drawFitted(painter, QRectF(kMargin, l.cells.bottom() + 4, l.plotRect.left() - 2 * kMargin, line),
                   Qt::AlignCenter,
                   QObject::tr("dashed band: the window, %1 back and %2 ahead").arg(left, right), font,
                   QObject::tr("window: %1 back, %2 ahead").arg(left, right));
    }

    // Right: score against distance.
    // A row for the legend above the axes, the distance axis and its name below.
    const QRectF p = l.plotRect.adjusted(l.fontPx * 4, 1.6 * line, -4, -2.2 * line);
    painter.setFont(bold);
    painter.setPen(Qt::black);
    painter.drawText(QRectF(l.plotRect.left(), l.plotRect.top() - 2 * line, l.plotRect.width(), 2 * line),
                     Qt::AlignCenter | Qt::TextSingleLine,
                     QFontMetricsF(bold).elidedText(d.curveTitle, Qt::ElideRight, l.plotRect.width()));
    const Index n = d.curveNone.size();
    if (n < 2 || p.width() < 20 || p.height() < 20) {
        painter.restore();
        return;
    }
    double low = 0, high = 0;
    for (const Vector *c : {&d.curveNone, &d.curveRope, &d.curveAlibi})
        for (Index i = 0; i < c->size(); ++i)
            if (std::isfinite((*c)(i))) low = std::min(low, (*c)(i)), high = std::max(high, (*c)(i));
    if (high - low < 1e-9) high = low + 1;
    const double span = high - low;
    low -= 0.06 * span;
    high += 0.06 * span;
    const double dmax = static_cast<double>(n - 1);
    const auto px = [&](double dist) { return p.left() + p.width() * dist / dmax; };
    const auto py = [&](double v) { return p.bottom() - p.height() * (v - low) / (high - low); };
    // Keys beyond the window's left bound are hidden: shade that range.
    if (d.window && d.window->left && *d.window->left < dmax) {
        const double x = px(static_cast<double>(*d.window->left) + 0.5);
        painter.fillRect(QRectF(x, p.top(), p.right() - x, p.height()), QColor(0xee, 0xee, 0xee));
        painter.setFont(font);
        painter.setPen(QColor(0x66, 0x66, 0x66));
        painter.drawText(QRectF(x, p.top() + 2, p.right() - x, line), Qt::AlignCenter | Qt::TextSingleLine,
                         QObject::tr("outside the window"));
    }
    painter.setFont(font);
    for (double t : niceTicks(low, high, 6)) {
        painter.setPen(QPen(t == 0.0 ? QColor(0x99, 0x99, 0x99) : QColor(0xe4, 0xe4, 0xe4), 1));
        painter.drawLine(QPointF(p.left(), py(t)), QPointF(p.right(), py(t)));
        painter.setPen(Qt::black);
        painter.drawText(QRectF(p.left() - l.fontPx * 4, py(t) - line / 2, l.fontPx * 4 - 4, line),
                         Qt::AlignRight | Qt::AlignVCenter, QString::number(t));
    }
    for (double t : niceTicks(0, dmax, 8)) {
        painter.setPen(Qt::black);
        painter.drawLine(QPointF(px(t), p.bottom()), QPointF(px(t), p.bottom() + 4));
        painter.drawText(QRectF(px(t) - 2.5 * l.fontPx, p.bottom() + 4, 5 * l.fontPx, line),
                         Qt::AlignHCenter | Qt::AlignTop, QString::number(t));
    }
    painter.setPen(QPen(QColor(0x66, 0x66, 0x66), 1));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(p);
    painter.setPen(Qt::black);
    drawFitted(painter, QRectF(l.plotRect.left(), p.bottom() + line, l.plotRect.width(), line),
               Qt::AlignCenter, QObject::tr("distance d = pos_q − pos_k (tokens)"), font,
               QObject::tr("distance d"));
    painter.save();
    painter.translate(l.plotRect.left() + 2, p.center().y());
    painter.rotate(-90);
    painter.drawText(QRectF(-p.height() / 2, 0, p.height(), line), Qt::AlignCenter,
                     QObject::tr("score (logit)"));
    painter.restore();

    struct Curve {
        const Vector *values;
        QColor color;
        PositionalKind kind;
        QString name;
    };
    const Curve curves[] = {{&d.curveNone, kNoneColor, PositionalKind::None, QObject::tr("no positions")},
                            {&d.curveRope, kRopeColor, PositionalKind::Rope, QObject::tr("RoPE")},
                            {&d.curveAlibi, kAlibiColor, PositionalKind::Alibi, QObject::tr("ALiBi")}};
    painter.setClipRect(p.adjusted(-2, -2, 2, 2));
    for (const Curve &c : curves) {
        if (c.values->size() != n) continue;
        const bool active = c.kind == d.kind;
        QPainterPath path;
        for (Index i = 0; i < n; ++i) {
            const QPointF pt(px(static_cast<double>(i)), py((*c.values)(i)));
            if (i == 0)
                path.moveTo(pt);
            else
                path.lineTo(pt);
        }
        painter.setPen(
            QPen(c.color, active ? 3.0 : 1.3, c.kind == PositionalKind::None ? Qt::DashLine : Qt::SolidLine));
        painter.drawPath(path);
    }
    painter.setClipping(false);
    // Legend: one row above the axes; short names when the full ones do not fit.
    const double sample = l.fontPx * 1.8;
    const auto legendText = [&](const Curve &c, bool shortNames) {
        if (c.values->size() != n)
            return c.name + (shortNames ? QObject::tr(" (n/a)") : QObject::tr(" (cannot apply)"));
        return shortNames && c.kind == PositionalKind::None ? QObject::tr("none") : c.name;
    };
    const auto legendWidth = [&](bool shortNames) {
        double total = 0;
        for (const Curve &c : curves)
            total +=
                QFontMetricsF(c.kind == d.kind ? bold : font).horizontalAdvance(legendText(c, shortNames)) +
                sample + l.fontPx * 1.4;
        return total;
    };
    const bool shortNames = p.left() + legendWidth(false) > l.plotRect.right();
    double x = p.left() + legendWidth(shortNames) > l.plotRect.right() ? l.plotRect.left() : p.left();
    for (const Curve &c : curves) {
        const bool active = c.kind == d.kind;
        const QString text = legendText(c, shortNames);
        const double tw = QFontMetricsF(active ? bold : font).horizontalAdvance(text);
        const QRectF box(x, l.plotRect.top(), tw + sample + l.fontPx * 0.6, line);
        x += tw + sample + l.fontPx * 1.4;
        painter.setPen(
            QPen(c.color, active ? 3.0 : 1.3, c.kind == PositionalKind::None ? Qt::DashLine : Qt::SolidLine));
        painter.drawLine(QPointF(box.left() + 2, box.center().y()),
                         QPointF(box.left() + sample - 2, box.center().y()));
        painter.setPen(Qt::black);
        painter.setFont(active ? bold : font);
        painter.drawText(box.adjusted(sample + 2, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, text);
    }
    painter.setFont(font);
    painter.setPen(QColor(0x33, 0x33, 0x33));
    // The order check in full when its lines fit, else its short form.
    const QRectF needed =
        QFontMetricsF(font).boundingRect(l.orderRect, Qt::AlignCenter | Qt::TextWordWrap, d.orderText);
    if (needed.height() <= l.orderRect.height() + 1 || d.orderSummary.isEmpty())
        painter.drawText(l.orderRect, Qt::AlignCenter | Qt::TextWordWrap, d.orderText);
    else
        drawFitted(painter, l.orderRect, Qt::AlignCenter, d.orderSummary, font);
    painter.restore();
}

PaintedGrids positionGrids(const PositionFigureData &data, QSizeF size)
{
    PaintedGrids grids;
    if (!data.head) return grids;
    grids.caption = QObject::tr("Attention weights with positions");
    grids.queryLabels = data.queryLabels;
    grids.keyLabels = data.keyLabels;
    grids.heads = {data.head};
    grids.cells = {layoutPositionFigure(data, size).cells};
    return grids;
}

} // namespace attn::ui
