#include "ui/views/tiling/tilingdesigns.h"

#include "ui/base/numbertext.h"
#include "ui/views/common/paintfit.h"

#include <QCoreApplication>
#include <QFont>
#include <QFontMetricsF>
#include <QLocale>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

const QColor kBlue(0x3b, 0x52, 0x8b);
const QColor kOrange(0xe6, 0x61, 0x00);
const QColor kTeal(0x21, 0x91, 0x8c);
const QColor kPale(0xe8, 0xe8, 0xe8);

QString tr(const char *text)
{
    return QCoreApplication::translate("attn::ui::TilingDesigns", text);
}

QString size(std::uint64_t bytes)
{
    return QLocale::c().formattedDataSize(qint64(bytes), 1, QLocale::DataSizeIecFormat);
}

QString count(std::uint64_t n)
{
    return QLocale::c().toString(qulonglong(n));
}

/// A labelled horizontal bar: `fraction` of `width`, the label in the column right of `width`.
void bar(QPainter &p, double x, double y, double width, double fraction, const QColor &color,
         const QString &label)
{
    p.fillRect(QRectF(x, y, std::max(2.0, width * std::clamp(fraction, 0.0, 1.0)), 13), color);
    p.setPen(Qt::black);
    p.setFont(pixelFont(11));
    p.drawText(QRectF(x + width + 6, y - 2, 200, 17), Qt::AlignLeft | Qt::AlignVCenter, label);
}

/// The length of a full bar in `box`: `share` of the inner width, shortened so that the longest
/// of `labels` still fits to its right.
double barLength(const QRectF &box, double share, const QStringList &labels)
{
    const QFontMetricsF metrics(pixelFont(11));
    double widest = 0;
    for (const QString &label : labels) widest = std::max(widest, metrics.horizontalAdvance(label));
    const double inner = box.width() - 16;
    return std::max(12.0, std::min(inner * share, inner - widest - 8));
}

void lines(QPainter &p, const QRectF &box, double y, const QStringList &texts)
{
    p.setPen(QColor(0x30, 0x30, 0x30));
    p.setFont(pixelFont(11));
    for (const QString &t : texts) {
        const QRectF r(box.left() + 8, y, box.width() - 16, box.bottom() - y);
        const QRectF used = p.boundingRect(r, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, t);
        p.drawText(r, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, t);
        y += used.height() + 2;
    }
}

/// Whether the window's reach gets to the first token; never the number of layers it would take.
QString reachText(const TilingDesigns &d)
{
    return d.reach >= d.windowTokens - 1 ? tr("%1 reached").arg(d.firstLabel)
                                         : tr("%1 not reached yet").arg(d.firstLabel);
}

/// The layout of a comparison chart: the bar area and the width of one key's group.
struct ComparisonGeometry {
    QRectF plot;
    double group = 0;
};

ComparisonGeometry comparisonGeometry(const QRectF &area, Index n, bool large)
{
    ComparisonGeometry g;
    const double axis = large ? 44 : 0, legend = large ? 26 : 0, labels = large ? 22 : 13;
    const double footer = large ? 40 : 30; // large: room for a two-line caption
    g.plot = QRectF(area.left() + 8 + axis, area.top() + legend + (large ? 16 : 0),
                    std::max(20.0, area.width() - 16 - axis),
                    std::max(20.0, area.height() - legend - (large ? 16 : 0) - labels - footer));
    g.group = n > 0 ? std::min(large ? 120.0 : 28.0, g.plot.width() / double(n)) : 0;
    return g;
}

/// Pairs of bars (softmax, linear) per key on one scale, key labels under them; `large` adds
/// a legend, a weight axis and the values above the bars.
void drawComparison(QPainter &p, const QRectF &area, const TilingDesigns &d, bool large)
{
    const Index n = d.softmaxWeights.size();
    const ComparisonGeometry g = comparisonGeometry(area, n, large);
    const QRectF &c = g.plot;
    const auto finite = [](double w) { return std::isfinite(w) ? w : 0.0; };
    double top = 1e-12;
    for (Index j = 0; j < n; ++j)
        top = std::max({top, finite(d.softmaxWeights(j)), finite(d.linearWeights(j))});
    top = large ? std::ceil(top * 10 + 0.5) / 10 : top; // a round axis end above the largest weight
    if (large) {
        p.setFont(pixelFont(13));
        double x = c.left();
        for (const auto &[color, text] : {std::pair{kBlue, tr("softmax weight")},
                                          std::pair{kOrange, tr("linear-attention weight (φ = elu + 1)")}}) {
            p.fillRect(QRectF(x, area.top() + 6, 13, 13), color);
            p.setPen(Qt::black);
            p.drawText(QPointF(x + 18, area.top() + 18), text);
            x += 18 + QFontMetricsF(p.font()).horizontalAdvance(text) + 18;
        }
        p.setFont(pixelFont(11));
        for (int t = 0; t <= 4; ++t) {
            const double y = c.bottom() - t / 4.0 * c.height();
            p.setPen(QColor(0xe4, 0xe4, 0xe4));
            if (t > 0) p.drawLine(QPointF(c.left(), y), QPointF(c.left() + n * g.group, y));
            p.setPen(QColor(0x40, 0x40, 0x40));
            p.drawText(QRectF(c.left() - 44, y - 8, 40, 16), Qt::AlignRight | Qt::AlignVCenter,
                       compactNumber(top * t / 4.0));
        }
        p.drawLine(c.bottomLeft(), c.topLeft());
    }
    const double h = c.height() / top;
    for (Index j = 0; j < n; ++j) {
        const double x = c.left() + j * g.group;
        const double ws = finite(d.softmaxWeights(j)), wl = finite(d.linearWeights(j));
        const double bw = g.group * 0.38;
        const QRectF sb(x + g.group * 0.1, c.bottom() - ws * h, bw, ws * h);
        const QRectF lb(x + g.group * 0.52, c.bottom() - wl * h, bw, wl * h);
        p.fillRect(sb, kBlue);
        p.fillRect(lb, kOrange);
        p.setPen(Qt::black);
        if (large) {
            p.setFont(pixelFont(11));
            p.drawText(QRectF(sb.center().x() - 30, sb.top() - 15, 60, 14), Qt::AlignCenter,
                       compactNumber(ws));
            p.drawText(QRectF(lb.center().x() - 30, lb.top() - 15, 60, 14), Qt::AlignCenter,
                       compactNumber(wl));
        }
        p.setFont(pixelFont(large ? 14 : 10, large));
        p.drawText(QRectF(x, c.bottom() + 2, g.group, large ? 20 : 12), Qt::AlignHCenter | Qt::AlignTop,
                   d.keyLabels.value(int(j)));
    }
    p.setPen(QColor(0x80, 0x80, 0x80));
    p.drawLine(QPointF(c.left(), c.bottom()), QPointF(c.left() + n * g.group, c.bottom()));
}

} // namespace

void paintLinearComparison(QPainter &p, const QRectF &area, const TilingDesigns &d)
{
    p.save();
    if (!d.linearMessage.isEmpty() || d.softmaxWeights.size() == 0) {
        lines(p, area, area.top(),
              {tr("Linear attention cannot run on this scenario: %1").arg(d.linearMessage)});
        p.restore();
        return;
    }
    drawComparison(p, area, d, true);
    p.setPen(Qt::black);
    p.setFont(pixelFont(13));
    p.drawText(QRectF(area.left() + 8, area.bottom() - 36, area.width() - 16, 36),
               Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap,
               tr("Query “%1”, the same Q, K, V both ways. Largest output difference over every query: "
                  "max |linear − softmax| = %2")
                   .arg(d.queryLabel, compactNumber(d.linearDifference)));
    p.restore();
}

int linearComparisonKeyAt(const QRectF &area, const TilingDesigns &d, QPointF pos)
{
    const Index n = d.softmaxWeights.size();
    if (n == 0 || !d.linearMessage.isEmpty()) return -1;
    const ComparisonGeometry g = comparisonGeometry(area, n, true);
    const QRectF hit(g.plot.left(), g.plot.top(), n * g.group, g.plot.height() + 22);
    if (!hit.contains(pos)) return -1;
    return std::clamp(int((pos.x() - g.plot.left()) / g.group), 0, int(n) - 1);
}

QStringList tilingDesignNotes(const TilingDesigns &d)
{
    QStringList notes;
    notes
        << (d.hasScenario
                ? tr("Tiling: both kernels do the same %1 FLOP, one multiply-add per feature of every "
                     "visible "
                     "query–key pair. Held at once in f32: the naive kernel's score matrix, %2 B; the tiled "
                     "kernel's %3×%4 tile buffers (Q, K, V, scores, output), %5 B, plus m and ℓ per row, %6 "
                     "B. "
                     "At n = %7, head_dim %8, f16, %9×%9 tiles: %10 of scores against %11 for the whole "
                     "tiled "
                     "working set (output included).")
                      .arg(count(d.flops), count(d.naiveBytes))
                      .arg(d.blockQuery)
                      .arg(d.blockKey)
                      .arg(count(d.tileBytes), count(d.rowBytes), count(std::uint64_t(d.refTokens)))
                      .arg(d.refHeadDim)
                      .arg(d.refTile)
                      .arg(size(d.refNaiveBytes), size(d.refTiledBytes))
                : tr("Tiling: no scenario to tile."));
    notes
        << tr("KV cache: a reference model of %1 layers, %2 query heads of head_dim %3, f16, %4 tokens, with "
              "%5 K/V heads caches %6 (%7 bytes), %8 MHA's %9. The scores are still n² per query head.")
               .arg(d.layers)
               .arg(d.queryHeads)
               .arg(d.headDim)
               .arg(count(std::uint64_t(d.tokens)))
               .arg(d.kvHeads)
               .arg(size(d.kvBytes), count(d.kvBytes))
               .arg(d.kvBytes == d.mhaBytes ? tr("the same as")
                                            : tr("1/%1 of").arg(d.kvBytes ? d.mhaBytes / d.kvBytes : 0))
               .arg(size(d.mhaBytes));
    notes
        << tr("Window: with %1 key(s) back per layer and %2 layer(s), the last of %3 tokens (%4) reaches %5 "
              "position(s) back: %6.")
               .arg(d.window)
               .arg(d.windowLayers)
               .arg(d.windowTokens)
               .arg(d.lastLabel)
               .arg(d.reach)
               .arg(reachText(d));
    notes << (d.linearMessage.isEmpty()
                  ? tr("Linear attention: φ = elu + 1 on this same input gives outputs up to %1 away from "
                       "softmax's (max |difference|): a different weighting, not the same function.")
                        .arg(compactNumber(d.linearDifference))
                  : tr("Linear attention: cannot run on this scenario: %1").arg(d.linearMessage));
    return notes;
}

std::vector<QRectF> tilingDesignBoxes(const QRectF &area)
{
    std::vector<QRectF> boxes;
    const double gap = 10;
    if (area.width() < 760) { // two rows of two: each panel keeps room for its text
        const double w = (area.width() - gap) / 2, h = (area.height() - gap) / 2;
        for (int i = 0; i < 4; ++i)
            boxes.emplace_back(area.left() + (i % 2) * (w + gap), area.top() + (i / 2) * (h + gap), w, h);
        return boxes;
    }
    const double w = (area.width() - 3 * gap) / 4;
    for (int i = 0; i < 4; ++i) boxes.emplace_back(area.left() + i * (w + gap), area.top(), w, area.height());
    return boxes;
}

void paintTilingDesigns(QPainter &p, const QRectF &area, const TilingDesigns &d)
{
    const std::vector<QRectF> boxes = tilingDesignBoxes(area);
    const QString titles[] = {tr("Tiling: less memory"), tr("Fewer K/V heads"), tr("Window reach"),
                              tr("Linear attention")};
    p.save();
    for (int i = 0; i < 4; ++i) {
        p.setPen(QColor(0xc8, 0xc8, 0xc8));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(boxes[std::size_t(i)], 4, 4);
        p.setPen(Qt::black);
        p.setFont(pixelFont(12.5, true));
        p.drawText(boxes[std::size_t(i)].adjusted(8, 5, -8, 0), Qt::AlignLeft | Qt::AlignTop, titles[i]);
    }
    // 1. Tiling at the reference size.
    {
        const QRectF b = boxes[0];
        const double top = b.top() + 26;
        const QStringList labels = {tr("naive %1").arg(size(d.refNaiveBytes)),
                                    tr("tiled %1").arg(size(d.refTiledBytes))};
        const double w = barLength(b, 0.55, labels);
        if (d.hasScenario && d.refNaiveBytes > 0) {
            bar(p, b.left() + 8, top, w, 1.0, kBlue, labels[0]);
            bar(p, b.left() + 8, top + 18, w, double(d.refTiledBytes) / double(d.refNaiveBytes), kOrange,
                labels[1]);
        }
        lines(p, b, top + 38,
              {tr("n = %1, head_dim %2, f16, one head")
                   .arg(count(std::uint64_t(d.refTokens)))
                   .arg(d.refHeadDim),
               tr("Same FLOP either way: %1 for the logits above").arg(count(d.flops))});
    }
    // 2. KV cache bars: MHA, the chosen H_kv, MQA.
    {
        const QRectF b = boxes[1];
        const double top = b.top() + 26;
        const double mha = std::max<double>(1, double(d.mhaBytes));
        const QString kind = d.kvHeads == d.queryHeads ? tr("MHA") : d.kvHeads == 1 ? tr("MQA") : tr("GQA");
        const QStringList labels = {tr("MHA %1: %2").arg(d.queryHeads).arg(size(d.mhaBytes)),
                                    tr("chosen, %1 %2: %3").arg(kind).arg(d.kvHeads).arg(size(d.kvBytes)),
                                    tr("MQA 1: %1").arg(size(d.mqaBytes))};
        const double w = barLength(b, 0.45, labels);
        bar(p, b.left() + 8, top, w, 1.0, kBlue, labels[0]);
        bar(p, b.left() + 8, top + 18, w, double(d.kvBytes) / mha, kOrange, labels[1]);
        bar(p, b.left() + 8, top + 36, w, double(d.mqaBytes) / mha, kBlue, labels[2]);
        lines(p, b, top + 56,
              {tr("%1 layers, %2 tokens, head_dim %3, f16")
                   .arg(d.layers)
                   .arg(count(std::uint64_t(d.tokens)))
                   .arg(d.headDim)});
    }
    // 3. The window's reach: the last token and the tokens it can hear after L layers.
    {
        const QRectF b = boxes[2];
        const double top = b.top() + 26;
        const int n = std::max(1, d.windowTokens);
        const double cell = std::min(22.0, (b.width() - 16) / n);
        for (int t = 0; t < n; ++t) {
            const QRectF r(b.left() + 8 + t * cell, top, cell - 2, 16);
            const bool last = t == n - 1, reached = t >= n - 1 - d.reach && !last;
            p.fillRect(r, last ? kOrange : reached ? kTeal : kPale);
        }
        p.setPen(Qt::black);
        p.setFont(pixelFont(10));
        p.drawText(QRectF(b.left() + 8, top + 17, 60, 14), Qt::AlignLeft, tr("first"));
        p.drawText(QRectF(b.left() + 8 + n * cell - 60, top + 17, 58, 14), Qt::AlignRight, tr("last"));
        lines(p, b, top + 34,
              {tr("w = %1, L = %2: the last token (%3) hears %4 back")
                   .arg(d.window)
                   .arg(d.windowLayers)
                   .arg(d.lastLabel)
                   .arg(d.reach),
               reachText(d)});
    }
    // 4. Linear vs softmax weights of one query (paintLinearComparison draws it large).
    {
        const QRectF b = boxes[3];
        const double top = b.top() + 26;
        if (d.linearMessage.isEmpty() && d.softmaxWeights.size() > 0) {
            drawComparison(p, QRectF(b.left(), top, b.width(), b.bottom() - top), d, false);
            lines(p, b, b.bottom() - 30,
                  {tr("query “%1”: softmax (blue), linear (orange)").arg(d.queryLabel)});
        } else {
            lines(p, b, top, {d.linearMessage});
        }
    }
    p.restore();
}

} // namespace attn::ui
