#include "ui/views/paths/pathscanvas.h"

#include "ui/base/figurewidget.h"
#include "ui/views/common/paintfit.h"

#include <QFontMetricsF>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

const QColor kRnnColor(0xd9, 0x6c, 0x06);  // the recurrence: orange
const QColor kAttnColor(0x1b, 0x6c, 0x8c); // attention: blue, as the sentence arcs
const QColor kGrey(0x99, 0x99, 0x99);
const QColor kText(0x33, 0x33, 0x33);
constexpr double kMargin = 16.0;

/// The positions a signal visits from lo to hi when each layer reaches `window` positions:
/// lo, lo + w, lo + 2w, …, hi (⌈(hi − lo) / w⌉ hops); lo, hi for global attention.
std::vector<int> hopPositions(int lo, int hi, int window)
{
    std::vector<int> hops{lo};
    if (hi == lo) return hops;
    if (window <= 0) {
        hops.push_back(hi);
        return hops;
    }
    for (int p = lo + window; p < hi; p += window) hops.push_back(p);
    hops.push_back(hi);
    return hops;
}

} // namespace

struct PathsCanvas::Geometry {
    QFont titleFont, font, smallFont;
    QRectF title;
    double left = 0, right = 0; // x range of the node rows
    double rnnY = 0, attnY = 0; // centres of the two rows
    double radius = 0;
    double scale = 1; // line widths relative to a figure of about 1,000 × 560 pixels
    double spacing = 0;
    double arcRoom = 0; // how high the attention arcs may rise
    QRectF rnnCaption, attnCaption, animCaption;
    QRectF plot; // the steps-vs-n plot, axes inside
    double x(int index) const { return left + spacing * (index + 0.5); }
};

PathsCanvas::PathsCanvas(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("pathsCanvas"));
    markFigure(this);
    setMouseTracking(true);
    setAutoFillBackground(true);
    QPalette p = palette();
    p.setColor(QPalette::Window, Qt::white);
    setPalette(p);
}

void PathsCanvas::setState(const PathsState &state)
{
    m_state = state;
    update();
}

PathsCanvas::Geometry PathsCanvas::geometry(QSizeF size) const
{
    Geometry g;
    const double w = size.width();
    const double h = size.height();
    // The text grows with the figure (large exports) and shrinks to 8 px in small ones.
    const double px = std::clamp(std::min(h / 34.0, w / 62.0), 8.0, 40.0);
    g.scale = std::max(1.0, px / 16.0);
    g.titleFont = pixelFont(px * 1.2, true, font());
    g.font = pixelFont(px, false, font());
    g.smallFont = pixelFont(std::max(8.0, px * 0.85), false, font());
    g.title = QRectF(kMargin, kMargin * 0.5, w - 2 * kMargin, px * 2);
    // The steps-against-n plot needs 160 px; a narrower figure keeps only the two rows.
    const double plotWidth = w < 600 ? 0.0 : std::max(160.0, w * 0.28);
    g.left = kMargin;
    g.right = plotWidth > 0 ? w - plotWidth - 2 * kMargin : w - kMargin;
    const int n = std::max(1, m_state.n);
    g.spacing = (g.right - g.left) / n;
    g.radius = std::clamp(g.spacing * 0.3, 3.0, 13.0 * g.scale);
    const double line = px * 1.6;
    g.rnnCaption = QRectF(g.left, g.title.bottom() + px * 0.6, g.right - g.left, line);
    g.rnnY = g.rnnCaption.bottom() + px + g.radius;
    g.attnCaption = QRectF(g.left, g.rnnY + g.radius + line * 1.6, g.right - g.left, line);
    g.animCaption = QRectF(g.left, h - kMargin * 0.5 - line * 1.9, g.right - g.left, line * 1.9);
    g.attnY = g.animCaption.top() - line * 1.2 - g.radius;
    g.arcRoom = std::max(10.0, g.attnY - g.radius - g.attnCaption.bottom() - px * 0.4);
    g.plot = QRectF(g.right + kMargin * 2.5, g.title.bottom() + px, plotWidth - kMargin,
                    h - g.title.bottom() - px - kMargin);
    return g;
}

QString PathsCanvas::title() const
{
    const PathsState &s = m_state;
    const auto named = [&s](int p) {
        const QString label = s.labels.value(p);
        return label == QString::number(p) || label.isEmpty() ? QString::number(p)
                                                              : QStringLiteral("%1 (“%2”)").arg(p).arg(label);
    };
    return tr("From position i = %1 to j = %2, n = %3").arg(named(s.i), named(s.j)).arg(s.n);
}

QString PathsCanvas::rnnCaption() const
{
    return tr("RNN: |%1 − %2| = %3 recurrent steps from i to j")
        .arg(std::max(m_state.i, m_state.j))
        .arg(std::min(m_state.i, m_state.j))
        .arg(m_state.recurrentSteps);
}

QString PathsCanvas::attentionCaption() const
{
    const int d = std::abs(m_state.i - m_state.j);
    if (m_state.window <= 0)
        return d == 0 ? tr("Global attention: i = j, no hop needed")
                      : tr("Global attention: %1 hop (one layer), whatever the distance")
                            .arg(m_state.attentionLayers);
    return tr("Attention with a window of w = %1 positions on each side: ⌈%2 / %1⌉ = %3 stacked layers")
        .arg(m_state.window)
        .arg(d)
        .arg(m_state.attentionLayers);
}

QString PathsCanvas::animationCaption() const
{
    const int s = m_state.step;
    if (s == 0) return tr("Animation: press Step or Play. Nothing computed yet.");
    return tr("Step %1: the RNN has computed %1 of %2 states, one after the other; attention computed all "
              "%2 outputs at step 1, in parallel.")
        .arg(s)
        .arg(m_state.n);
}

QString PathsCanvas::nodeToolTip(int index) const
{
    if (index < 0 || index >= m_state.n) return {};
    QString text = tr("position %1 “%2”").arg(index).arg(m_state.labels.value(index));
    text += index == 0 ? tr("\nRNN: h_0 needs only the input")
                       : tr("\nRNN: h_%1 needs h_%2 first (%1 states before it)").arg(index).arg(index - 1);
    if (m_state.window <= 0) {
        text += tr("\nglobal attention: reads all %1 positions in one step").arg(m_state.n);
    } else {
        const int lo = std::max(0, index - m_state.window);
        const int hi = std::min(m_state.n - 1, index + m_state.window);
        text += tr("\nwindowed attention: one layer reads positions %1 … %2").arg(lo).arg(hi);
    }
    text += tr("\nclick: make it i; Shift+click or right click: make it j");
    return text;
}

void PathsCanvas::paintFigure(QPainter &painter, QSizeF size) const
{
    const PathsState &s = m_state;
    const Geometry g = geometry(size);
    beginFigure(painter, size);
    drawFitted(painter, g.title, Qt::AlignLeft | Qt::AlignVCenter, title(), g.titleFont);
    painter.setPen(kRnnColor.darker(130));
    drawFitted(painter, g.rnnCaption, Qt::AlignLeft | Qt::AlignVCenter, rnnCaption(), g.font);
    painter.setPen(kAttnColor.darker(120));
    drawFitted(painter, g.attnCaption, Qt::AlignLeft | Qt::AlignVCenter, attentionCaption(), g.font);
    painter.setPen(kText);
    painter.setFont(g.smallFont);
    painter.drawText(g.animCaption, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, animationCaption());

    const int lo = std::min(s.i, s.j);
    const int hi = std::max(s.i, s.j);
    const double r = g.radius;

    // RNN row: an arrow from every position to the next; the i … j stretch in orange.
    for (int t = 0; t + 1 < s.n; ++t) {
        const bool onPath = t >= lo && t < hi;
        painter.setPen(QPen(onPath ? kRnnColor : kGrey, (onPath ? 3.0 : 1.2) * g.scale));
        const QPointF a(g.x(t) + r, g.rnnY), b(g.x(t + 1) - r, g.rnnY);
        painter.drawLine(a, b);
        if (b.x() - a.x() > 6) {
            const double head = std::min(6.0 * g.scale, (b.x() - a.x()) * 0.5);
            painter.drawLine(b, b + QPointF(-head, -head * 0.6));
            painter.drawLine(b, b + QPointF(-head, head * 0.6));
        }
    }

    // Attention row: what j reads in one layer (faint), then the hops from i to j.
    painter.setBrush(Qt::NoBrush);
    const auto arc = [&](int a, int b, const QPen &pen) {
        const double xa = g.x(a), xb = g.x(b);
        const double span = std::abs(xb - xa) / std::max(1.0, g.right - g.left);
        const double lift = std::min(g.arcRoom, g.arcRoom * (0.25 + 0.75 * span));
        QPainterPath path(QPointF(xa, g.attnY - r));
        path.cubicTo(xa, g.attnY - r - lift * 4 / 3, xb, g.attnY - r - lift * 4 / 3, xb, g.attnY - r);
        painter.setPen(pen);
        painter.drawPath(path);
    };
    QColor faint = kAttnColor;
    faint.setAlphaF(0.25);
    for (int t = 0; t < s.n; ++t)
        if (t != s.j && (s.window <= 0 || std::abs(t - s.j) <= s.window)) arc(s.j, t, QPen(faint, g.scale));
    const std::vector<int> hops = hopPositions(lo, hi, s.window);
    painter.setFont(g.smallFont);
    for (std::size_t h = 0; h + 1 < hops.size(); ++h) {
        arc(hops[h], hops[h + 1], QPen(kAttnColor, 3.0 * g.scale));
        if (s.window > 0) {
            const double span = std::abs(g.x(hops[h + 1]) - g.x(hops[h])) / std::max(1.0, g.right - g.left);
            const double top = g.attnY - r - std::min(g.arcRoom, g.arcRoom * (0.25 + 0.75 * span));
            const double tagWidth = g.smallFont.pixelSize() * 5;
            const QRectF tag((g.x(hops[h]) + g.x(hops[h + 1])) / 2 - tagWidth / 2,
                             top - g.smallFont.pixelSize() * 1.5, tagWidth, g.smallFont.pixelSize() * 1.4);
            painter.setPen(kAttnColor.darker(130));
            painter.drawText(tag, Qt::AlignCenter, tr("layer %1").arg(h + 1));
        }
    }

    // Nodes, labels and the animation's fill.
    // Words when the widest fits between two nodes; else every k-th position number.
    const QFontMetricsF small(g.smallFont);
    double widestWord = 0;
    for (int t = 0; t < s.n; ++t)
        widestWord = std::max(widestWord, small.horizontalAdvance(s.labels.value(t)));
    const double numberWidth = small.horizontalAdvance(QString::number(s.n)) + small.averageCharWidth() * 2;
    const bool labelsFit = g.spacing >= widestWord + small.averageCharWidth();
    const int every = labelsFit ? 1 : std::max(1, static_cast<int>(std::ceil(numberWidth / g.spacing)));
    for (int t = 0; t < s.n; ++t) {
        const bool chosen = t == s.i || t == s.j;
        for (const bool attention : {false, true}) {
            const double y = attention ? g.attnY : g.rnnY;
            const QColor color = attention ? kAttnColor : kRnnColor;
            const bool filled = attention ? s.step >= 1 : t < s.step;
            const bool current = !attention && t == s.step - 1;
            painter.setPen(QPen(chosen ? Qt::black : (current ? color.darker(140) : kGrey),
                                (chosen || current ? 2.2 : 1.0) * g.scale));
            painter.setBrush(filled ? color.lighter(current ? 110 : 160) : QColor(Qt::white));
            painter.drawEllipse(QPointF(g.x(t), y), r, r);
            painter.setPen(chosen ? Qt::black : kText);
            QFont f = g.smallFont;
            f.setBold(chosen);
            painter.setFont(f);
            if (t % every == 0 || chosen) {
                const QString label = labelsFit ? s.labels.value(t) : QString::number(t);
                painter.drawText(QRectF(g.x(t) - g.spacing * every / 2.0 - 8, y + r + 2,
                                        g.spacing * every + 16, f.pixelSize() * 1.5),
                                 Qt::AlignHCenter | Qt::AlignTop | Qt::TextSingleLine, label);
            }
            if (!attention && chosen) {
                const QString tag = s.i == s.j ? QStringLiteral("i = j") : (t == s.i ? "i" : "j");
                painter.drawText(QRectF(g.x(t) - f.pixelSize() * 2.5, y - r - f.pixelSize() * 1.5,
                                        f.pixelSize() * 5, f.pixelSize() * 1.4),
                                 Qt::AlignCenter, tag);
            }
        }
    }

    // The plot: sequential steps of one layer against n.
    const QRectF box = g.plot;
    painter.setFont(g.smallFont);
    painter.setPen(Qt::black);
    const double fpx = g.smallFont.pixelSize();
    if (box.width() > 0)
        painter.drawText(QRectF(box.left(), box.top(), box.width(), fpx * 3),
                         Qt::AlignHCenter | Qt::TextWordWrap, tr("Sequential steps of one layer\nagainst n"));
    const int maxN = static_cast<int>(s.rnnSteps.size());
    const QRectF axes(box.left() + fpx * 2.6, box.top() + fpx * 3.6, box.width() - fpx * 3.2,
                      box.height() - fpx * 7.5);
    if (maxN > 0 && box.width() > 0 && axes.width() > 20 && axes.height() > 20) {
        const double top = static_cast<double>(*std::max_element(s.rnnSteps.begin(), s.rnnSteps.end()));
        const auto at = [&](double n, double v) {
            return QPointF(axes.left() + axes.width() * n / maxN, axes.bottom() - axes.height() * v / top);
        };
        painter.setPen(QPen(kGrey, 1.0));
        painter.drawLine(axes.bottomLeft(), axes.bottomRight());
        painter.drawLine(axes.bottomLeft(), axes.topLeft());
        painter.setPen(kText);
        for (int k = 0; k <= 4; ++k) {
            const double v = top * k / 4;
            const QPointF px = at(maxN * k / 4.0, 0), py = at(0, v);
            painter.drawLine(px, px + QPointF(0, 4));
            painter.drawText(QRectF(px.x() - fpx * 1.5, px.y() + 4, fpx * 3, fpx * 1.4), Qt::AlignCenter,
                             QString::number(maxN * k / 4));
            painter.drawLine(py, py - QPointF(4, 0));
            painter.drawText(QRectF(py.x() - fpx * 2.6, py.y() - fpx * 0.7, fpx * 2.2, fpx * 1.4),
                             Qt::AlignRight | Qt::AlignVCenter, QString::number(v, 'f', 0));
        }
        painter.drawText(QRectF(axes.left(), axes.bottom() + fpx * 1.6, axes.width(), fpx * 1.4),
                         Qt::AlignCenter, tr("n (tokens)"));
        for (const bool attention : {false, true}) {
            const std::vector<std::uint64_t> &steps = attention ? s.attentionSteps : s.rnnSteps;
            QPainterPath path(at(0, 0));
            for (int m = 1; m <= maxN; ++m) path.lineTo(at(m, static_cast<double>(steps[m - 1])));
            painter.setPen(QPen(attention ? kAttnColor : kRnnColor, 2.2 * g.scale));
            painter.setBrush(Qt::NoBrush);
            painter.drawPath(path);
        }
        if (s.n >= 1 && s.n <= maxN) {
            const double rnn = static_cast<double>(s.rnnSteps[s.n - 1]);
            const double attn = static_cast<double>(s.attentionSteps[s.n - 1]);
            painter.setPen(QPen(kGrey, 1.0, Qt::DashLine));
            painter.drawLine(at(s.n, 0), at(s.n, top));
            for (const bool attention : {false, true}) {
                const QPointF p = at(s.n, attention ? attn : rnn);
                painter.setPen(QPen(attention ? kAttnColor : kRnnColor, 1.5));
                painter.setBrush(attention ? kAttnColor : kRnnColor);
                painter.drawEllipse(p, 3.5 * g.scale, 3.5 * g.scale);
                const QString text = attention ? tr("attention: %1").arg(attn) : tr("RNN: %1").arg(rnn);
                const bool leftSide = s.n > maxN / 2;
                const double labelWidth = fpx * 8;
                const QRectF label(leftSide ? p.x() - labelWidth - 6 : p.x() + 6,
                                   p.y() - fpx * (attention ? 1.6 : 0.2), labelWidth, fpx * 1.4);
                painter.setPen(attention ? kAttnColor.darker(120) : kRnnColor.darker(130));
                painter.drawText(label, (leftSide ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter, text);
            }
        }
    }
    painter.restore();
}

QPointF PathsCanvas::nodeCenter(int index, bool attentionRow) const
{
    if (index < 0 || index >= m_state.n) return {};
    const Geometry g = geometry(size());
    return {g.x(index), attentionRow ? g.attnY : g.rnnY};
}

double PathsCanvas::nodeRadius() const
{
    return geometry(size()).radius;
}

int PathsCanvas::nodeAt(QPointF pos) const
{
    const Geometry g = geometry(size());
    for (int t = 0; t < m_state.n; ++t)
        for (const double y : {g.rnnY, g.attnY})
            if (std::hypot(pos.x() - g.x(t), pos.y() - y) <= std::max(g.radius, g.spacing * 0.45)) return t;
    return -1;
}

void PathsCanvas::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    paintFigure(painter, size());
}

void PathsCanvas::mousePressEvent(QMouseEvent *event)
{
    const int node = nodeAt(event->position());
    if (node < 0) return QWidget::mousePressEvent(event);
    emit nodeClicked(node, event->button() == Qt::RightButton || (event->modifiers() & Qt::ShiftModifier));
}

bool PathsCanvas::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int node = nodeAt(help->pos());
        if (node >= 0)
            QToolTip::showText(help->globalPos(), nodeToolTip(node), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

QList<FigureTable> PathsCanvas::figureTables() const
{
    const PathsState &s = m_state;
    FigureTable path;
    path.caption = title();
    path.corner = tr("row");
    path.columnHeaders = {tr("path from i to j"), tr("caption")};
    path.rowHeaders = {tr("RNN"), tr("attention")};
    path.cells = {{tr("%1 recurrent steps").arg(s.recurrentSteps), rnnCaption()},
                  {tr("%1 layer(s)").arg(s.attentionLayers), attentionCaption()}};
    FigureTable steps;
    steps.caption = tr("Sequential steps of one layer against n");
    steps.corner = tr("n");
    steps.columnHeaders = {tr("RNN"), tr("attention")};
    for (std::size_t m = 0; m < s.rnnSteps.size(); ++m) {
        steps.rowHeaders << QString::number(m + 1);
        steps.cells << QStringList{QString::number(s.rnnSteps[m]), m < s.attentionSteps.size()
                                                                       ? QString::number(s.attentionSteps[m])
                                                                       : QString()};
    }
    QList<FigureTable> tables{path};
    if (steps.rowCount() > 0) tables << steps;
    return tables;
}

} // namespace attn::ui
