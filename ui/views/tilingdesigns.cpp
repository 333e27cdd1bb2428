#include "ui/views/tilingdesigns.h"

#include "ui/numbertext.h"

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

QFont pixelFont(double pixels, bool bold = false)
{
    QFont font;
    font.setPixelSize(std::max(7, int(std::lround(pixels))));
    font.setBold(bold);
    return font;
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

} // namespace

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
    notes << tr("Window: with %1 key(s) back per layer and %2 layer(s), the last of %3 tokens reaches %4 "
                "position(s) back; reaching the first token takes %5 layers.")
                 .arg(d.window)
                 .arg(d.windowLayers)
                 .arg(d.windowTokens)
                 .arg(d.reach)
                 .arg(d.layersNeeded);
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
    const double gap = 10, w = (area.width() - 3 * gap) / 4;
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
    const double top = area.top() + 26;
    // 1. Tiling at the reference size.
    {
        const QRectF b = boxes[0];
        const double w = b.width() - 16;
        if (d.hasScenario && d.refNaiveBytes > 0) {
            bar(p, b.left() + 8, top, w * 0.55, 1.0, kBlue, tr("naive %1").arg(size(d.refNaiveBytes)));
            bar(p, b.left() + 8, top + 18, w * 0.55, double(d.refTiledBytes) / double(d.refNaiveBytes),
                kOrange, tr("tiled %1").arg(size(d.refTiledBytes)));
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
        const double w = (b.width() - 16) * 0.45;
        const double mha = std::max<double>(1, double(d.mhaBytes));
        const QString kind = d.kvHeads == d.queryHeads ? tr("MHA") : d.kvHeads == 1 ? tr("MQA") : tr("GQA");
        bar(p, b.left() + 8, top, w, 1.0, kBlue, tr("MHA %1: %2").arg(d.queryHeads).arg(size(d.mhaBytes)));
        bar(p, b.left() + 8, top + 18, w, double(d.kvBytes) / mha, kOrange,
            tr("%1 %2: %3").arg(kind).arg(d.kvHeads).arg(size(d.kvBytes)));
        bar(p, b.left() + 8, top + 36, w, double(d.mqaBytes) / mha, kBlue,
            tr("MQA 1: %1").arg(size(d.mqaBytes)));
        lines(p, b, top + 56,
              {tr("%1 layers, %2 tokens, head_dim %3, f16")
                   .arg(d.layers)
                   .arg(count(std::uint64_t(d.tokens)))
                   .arg(d.headDim)});
    }
    // 3. The window's reach: the last token and the tokens it can hear after L layers.
    {
        const QRectF b = boxes[2];
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
              {tr("w = %1, L = %2: the last token hears %3 back")
                   .arg(d.window)
                   .arg(d.windowLayers)
                   .arg(d.reach),
               tr("Reaching the first takes %1 layers").arg(d.layersNeeded)});
    }
    // 4. Linear vs softmax weights of one query.
    {
        const QRectF b = boxes[3];
        if (d.linearMessage.isEmpty() && d.softmaxWeights.size() > 0) {
            const Index n = d.softmaxWeights.size();
            const double group = std::min(24.0, (b.width() - 16) / n);
            const double base = top + 44;
            // Both rows on one scale: the largest weight of either fills the height.
            const double h = 44 / std::max({1e-12, d.softmaxWeights.maxCoeff(), d.linearWeights.maxCoeff()});
            for (Index j = 0; j < n; ++j) {
                const double x = b.left() + 8 + j * group;
                const double ws = std::isfinite(d.softmaxWeights(j)) ? d.softmaxWeights(j) : 0;
                const double wl = std::isfinite(d.linearWeights(j)) ? d.linearWeights(j) : 0;
                p.fillRect(QRectF(x, base - ws * h, group * 0.4, ws * h), kBlue);
                p.fillRect(QRectF(x + group * 0.42, base - wl * h, group * 0.4, wl * h), kOrange);
            }
            p.setPen(QColor(0x80, 0x80, 0x80));
            p.drawLine(QPointF(b.left() + 8, base), QPointF(b.left() + 8 + n * group, base));
            lines(p, b, base + 4,
                  {tr("query “%1”: softmax (blue), linear (orange)").arg(d.queryLabel),
                   tr("max |Δ output| = %1").arg(compactNumber(d.linearDifference))});
        } else {
            lines(p, b, top, {d.linearMessage});
        }
    }
    p.restore();
}

} // namespace attn::ui
