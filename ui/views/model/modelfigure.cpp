#include "ui/views/model/modelfigure.h"

#include "ui/base/numbertext.h"
#include "ui/plots/viridis.h"
#include "ui/views/common/paintfit.h"

#include <QCoreApplication>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

QString tr(const char *text, const char *disambiguation = nullptr, int n = -1)
{
    return QCoreApplication::translate("attn::ui::ModelView", text, disambiguation, n);
}

constexpr double kMargin = 8, kRowLabel = 58, kHeader = 18, kTitle = 22, kNoteLine = 16, kBar = 14;
constexpr double kAggregateGap = 0.35; // in cells, before the mean and max columns
constexpr double kLineFloor = 0.01;    // lines of smaller weights are not drawn
constexpr int kMaxLines = 20000;

} // namespace

QRectF ModelLayout::thumbnail(int layer, int column) const
{
    const double x = grid.left() + kRowLabel + (column + (column >= heads ? kAggregateGap : 0)) * cell;
    const double y = grid.top() + kHeader + layer * cell;
    return QRectF(x + 1, y + 1, cell - 2, cell - 2);
}

std::pair<int, int> ModelLayout::thumbnailAt(QPointF pos) const
{
    for (int l = 0; l < layers; ++l)
        for (int c = 0; c < heads + 2; ++c)
            if (thumbnail(l, c).contains(pos)) return {l, c};
    return {-1, -1};
}

ModelLayout modelLayout(QSizeF size, int layers, int heads)
{
    ModelLayout m;
    m.layers = std::max(layers, 1);
    m.heads = std::max(heads, 1);
    const double width = size.width() - 2 * kMargin;
    // The caveats wrap to as many lines as the width needs (about three at 1000 px).
    const double notesHeight =
        std::clamp(4 * kNoteLine * 900.0 / std::max(width, 300.0), 3.2 * kNoteLine, 8 * kNoteLine);
    m.notes = QRectF(kMargin, size.height() - kMargin - notesHeight, width, notesHeight);
    const double top = kMargin + kTitle;
    const double bottom = m.notes.top() - 6;
    const double leftWidth = width * 0.58;
    const double columns = m.heads + 2 + kAggregateGap;
    const double height = bottom - top;
    m.cell = std::max(4.0, std::min({(leftWidth - kRowLabel) / columns,
                                     (height * 0.72 - kHeader - kBar - 10) / m.layers, 110.0}));
    m.grid = QRectF(kMargin, top, leftWidth, kHeader + m.layers * m.cell);
    m.colourBar =
        QRectF(kMargin + kRowLabel, m.grid.bottom() + 6, std::min(leftWidth - kRowLabel, 220.0), kBar);
    const double right = kMargin + leftWidth + 12;
    const double rightWidth = size.width() - kMargin - right;
    const double below = bottom - (m.colourBar.bottom() + 10);
    if (below >= 150) { // the rollout under the grid, the lines the whole right column
        m.rollout = QRectF(kMargin + kRowLabel, m.colourBar.bottom() + 10, leftWidth - kRowLabel, below);
        m.lines = QRectF(right, top, rightWidth, height);
    } else {
        m.lines = QRectF(right, top, rightWidth, height * 0.58);
        m.rollout = QRectF(right, top + height * 0.58 + 8, rightWidth, height * 0.42 - 8);
    }
    return m;
}

QStringList aggregationCaveats()
{
    return {
        tr("Mean over heads: averages away what single heads do; a head that finds the referent can vanish "
           "among heads that look at the previous word."),
        tr("Per-layer maximum: the strongest head at each cell, so one sharp head hides how weak the others "
           "are, and neighbouring cells may come from different heads."),
        tr("Rollout (Abnar & Zuidema 2020): assumes attention alone carries information between layers, half "
           "of "
           "it kept by the residual path, and all heads alike; it ignores the values, the MLPs and W_o, so "
           "it "
           "is an estimate of the flow, not a measurement.")};
}

void paintModelFigure(QPainter &p, QSizeF deviceSize, const ModelFigureData &d)
{
    const QSizeF size = beginFigure(p, deviceSize);
    const ModelSummary &s = d.summary;
    const int layers = int(s.layers.size());
    const int heads = s.headCount();
    const ModelLayout m = modelLayout(size, layers, heads);
    const QString title =
        layers == 0
            ? tr("Model view: computing…")
            : tr("%1%2 layers × %3 heads, one colour scale 0 … %4 (largest weight); click a head to open it")
                  .arg(d.source.isEmpty() ? QString() : d.source + QStringLiteral(": "))
                  .arg(layers)
                  .arg(heads)
                  .arg(compactNumber(s.largestWeight));
    drawFitted(p, QRectF(kMargin, kMargin, size.width() - 2 * kMargin, kTitle - 4),
               Qt::AlignLeft | Qt::AlignVCenter,
               d.status.isEmpty() ? title : title + QStringLiteral(" — ") + d.status, pixelFont(13, true));
    const QFont small = pixelFont(11);
    // Column headers and row labels.
    for (int c = 0; c < heads + 2; ++c) {
        const QRectF cell = m.thumbnail(0, c);
        const QString text = c < heads ? QString::number(c) : c == heads ? tr("mean") : tr("max");
        drawFitted(p, QRectF(cell.left(), m.grid.top(), cell.width(), kHeader - 2), Qt::AlignCenter, text,
                   pixelFont(11, c >= heads), QString(), 6);
    }
    for (int l = 0; l < layers; ++l) {
        const QRectF cell = m.thumbnail(l, 0);
        drawFitted(p, QRectF(m.grid.left(), cell.top(), kRowLabel - 4, cell.height()),
                   Qt::AlignRight | Qt::AlignVCenter, tr("layer %1").arg(l),
                   pixelFont(11, l == d.currentLayer), QString::number(l), 6);
        for (int c = 0; c < heads + 2 && l < int(d.thumbnails.size()); ++c) {
            const QRectF r = m.thumbnail(l, c);
            if (c < int(d.thumbnails[std::size_t(l)].size()) &&
                !d.thumbnails[std::size_t(l)][std::size_t(c)].isNull())
                p.drawImage(r, d.thumbnails[std::size_t(l)][std::size_t(c)]);
            else
                p.fillRect(r, QColor(235, 235, 235));
        }
    }
    if (layers > 0 && d.currentLayer < layers) {
        const QRectF chosen = m.thumbnail(d.currentLayer, std::clamp(d.selectedHead, 0, heads - 1));
        p.setPen(QPen(QColor(220, 40, 40), 2.5));
        p.setBrush(Qt::NoBrush);
        p.drawRect(chosen.adjusted(-1, -1, 1, 1));
        p.setPen(QPen(Qt::black, 1));
    }
    // The one colour scale.
    for (int x = 0; x < int(m.colourBar.width()); ++x)
        p.fillRect(QRectF(m.colourBar.left() + x, m.colourBar.top(), 1, kBar),
                   currentMapColor(x / m.colourBar.width()));
    p.setFont(small);
    p.drawText(QRectF(m.colourBar.right() + 6, m.colourBar.top() - 2, 220, kBar + 4),
               Qt::AlignLeft | Qt::AlignVCenter,
               tr("0 … %1; thumbnails show each block's largest weight").arg(compactNumber(s.largestWeight)));

    // One head, every query at once.
    const QRectF lines = m.lines;
    drawFitted(p, QRectF(lines.left(), lines.top(), lines.width(), 16), Qt::AlignLeft,
               tr("Layer %1, head %2: every query → key at once (line width = weight)")
                   .arg(d.currentLayer)
                   .arg(d.selectedHead),
               pixelFont(12, true));
    if (d.trace && d.selectedHead >= 0 && d.selectedHead < int(d.trace->heads.size())) {
        const Matrix &w = d.trace->heads[std::size_t(d.selectedHead)].weights;
        const Index nQ = w.rows(), nK = w.cols();
        const double labelWidth = std::min(90.0, lines.width() * 0.22);
        const QRectF body = lines.adjusted(0, 20, 0, -18); // the legend below
        const double left = body.left() + labelWidth, right = body.right() - labelWidth;
        const auto yq = [&](Index i) { return body.top() + (i + 0.5) * body.height() / double(nQ); };
        const auto yk = [&](Index j) { return body.top() + (j + 0.5) * body.height() / double(nK); };
        std::vector<std::tuple<double, Index, Index>> drawn;
        for (Index i = 0; i < nQ; ++i)
            for (Index j = 0; j < nK; ++j)
                if (w(i, j) >= kLineFloor) drawn.emplace_back(w(i, j), i, j);
        if (drawn.size() > std::size_t(kMaxLines)) {
            std::nth_element(drawn.begin(), drawn.begin() + kMaxLines, drawn.end(), std::greater<>());
            drawn.resize(std::size_t(kMaxLines));
        }
        std::sort(drawn.begin(), drawn.end()); // the strongest on top
        const QColor ink = currentMapColor(0.15);
        for (const auto &[weight, i, j] : drawn) {
            QColor c = ink;
            c.setAlphaF(std::clamp(0.15 + 0.85 * weight, 0.0, 1.0));
            p.setPen(QPen(c, 0.4 + 5.0 * weight, Qt::SolidLine, Qt::RoundCap));
            p.drawLine(QPointF(left, yq(i)), QPointF(right, yk(j)));
        }
        p.setPen(Qt::black);
        const double rowQ = body.height() / double(nQ), rowK = body.height() / double(nK);
        if (std::min(rowQ, rowK) >= 7) {
            const QFont labels = pixelFont(std::clamp(std::min(rowQ, rowK) * 0.8, 7.0, 13.0));
            for (Index i = 0; i < nQ && i < d.queryLabels.size(); ++i)
                drawFitted(p, QRectF(body.left(), yq(i) - rowQ / 2, labelWidth - 4, rowQ),
                           Qt::AlignRight | Qt::AlignVCenter, d.queryLabels[i], labels, QString(), 6);
            for (Index j = 0; j < nK && j < d.keyLabels.size(); ++j)
                drawFitted(p, QRectF(right + 4, yk(j) - rowK / 2, labelWidth - 4, rowK),
                           Qt::AlignLeft | Qt::AlignVCenter, d.keyLabels[j], labels, QString(), 6);
        } else {
            p.setFont(small);
            p.drawText(QRectF(body.left(), body.top(), labelWidth - 4, 30), Qt::AlignRight | Qt::TextWordWrap,
                       tr("%1 queries").arg(nQ));
            p.drawText(QRectF(right + 4, body.top(), labelWidth - 4, 30), Qt::AlignLeft | Qt::TextWordWrap,
                       tr("%1 keys").arg(nK));
        }
        p.setFont(small);
        drawFitted(p, QRectF(lines.left(), body.bottom() + 4, lines.width(), 14), Qt::AlignCenter,
                   tr("queries ← → keys; weights below %1 not drawn").arg(kLineFloor), small, QString(), 7);
    }

    // Rollout.
    const QRectF ro = m.rollout;
    drawFitted(p, QRectF(ro.left(), ro.top(), ro.width(), 16), Qt::AlignLeft,
               tr("Attention rollout over layers 0 … %1 (rows: positions at the top; columns: input tokens)")
                   .arg(layers - 1),
               pixelFont(12, true));
    const double side = std::max(0.0, std::min(ro.width(), ro.height() - 20));
    const QRectF map(ro.left(), ro.top() + 20, side, side);
    if (!d.rollout.isNull()) {
        p.drawImage(map, d.rollout);
    } else {
        p.setFont(small);
        p.drawText(map.adjusted(0, 0, std::max(0.0, ro.width() - side), 0),
                   Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
                   s.rolloutProblem.isEmpty() ? tr("computing…")
                                              : tr("No rollout: %1.").arg(s.rolloutProblem));
    }

    // The caveats, in words.
    p.setFont(small);
    p.setPen(QColor(60, 60, 60));
    const QStringList caveats = aggregationCaveats();
    // Each caveat wraps; when the figure is too small for all of them, the font shrinks.
    QFont notes = small;
    for (int pixels = 11; pixels >= 7; --pixels) {
        notes = pixelFont(pixels);
        p.setFont(notes);
        double needed = 0;
        for (const QString &c : caveats)
            needed += p.boundingRect(QRectF(0, 0, m.notes.width(), 1000), Qt::TextWordWrap, c).height() + 2;
        if (needed <= m.notes.height()) break;
    }
    double y = m.notes.top();
    for (const QString &c : caveats) {
        const QRectF box(m.notes.left(), y, m.notes.width(), m.notes.bottom() - y);
        p.drawText(box, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, c);
        y += p.boundingRect(box, Qt::TextWordWrap, c).height() + 2;
    }
    p.restore();
}

QString modelToolTip(const ModelFigureData &d, const ModelLayout &m, QPointF pos)
{
    const auto [layer, column] = m.thumbnailAt(pos);
    if (layer < 0 || layer >= int(d.summary.layers.size())) return {};
    const LayerSummary &summary = *d.summary.layers[std::size_t(layer)];
    const int heads = int(summary.heads.size());
    if (heads == 0) return tr("Layer %1 could not be computed").arg(layer);
    const PooledMap &map = column < heads    ? summary.heads[std::size_t(column)]
                           : column == heads ? summary.mean
                                             : summary.max;
    const QRectF r = m.thumbnail(layer, column);
    const int row = std::clamp(int((pos.y() - r.top()) / r.height() * map.rows), 0, map.rows - 1);
    const int col = std::clamp(int((pos.x() - r.left()) / r.width() * map.cols), 0, map.cols - 1);
    const QString what = column < heads    ? tr("layer %1, head %2").arg(layer).arg(column)
                         : column == heads ? tr("layer %1, mean over heads").arg(layer)
                                           : tr("layer %1, maximum over heads").arg(layer);
    const auto label = [](const QStringList &labels, Index i) {
        return i < labels.size() ? labels[i] : QString::number(i);
    };
    const float value = map.at(row, col);
    QString number = std::isnan(value) ? tr("masked") : exactNumber(double(value));
    const bool fromTrace =
        layer == d.currentLayer && column < heads && d.trace && column < int(d.trace->heads.size());
    if (map.exact() && fromTrace)
        number = exactNumber(d.trace->heads[std::size_t(column)].weights(row, col));
    else if (!std::isnan(value))
        number = QStringLiteral("≈ ") + compactNumber(double(value)); // stored as float
    if (map.exact())
        return tr("%1: query %2 → key %3: %4; click to open this head")
            .arg(what, label(d.queryLabels, row), label(d.keyLabels, col), number);
    return tr("%1: queries %2 … %3 → keys %4 … %5: largest weight %6; click to open this head")
        .arg(what)
        .arg(map.firstQuery(row))
        .arg(map.endQuery(row) - 1)
        .arg(map.firstKey(col))
        .arg(map.endKey(col) - 1)
        .arg(number);
}

namespace {

FigureTable pooledTable(const PooledMap &map, const QString &caption, const QStringList &queries,
                        const QStringList &keys)
{
    FigureTable t;
    t.caption = map.exact() ? caption : tr("%1 (each cell the largest weight of its block)").arg(caption);
    t.corner = tr("query \\ key");
    const auto range = [](const QStringList &labels, Index first, Index end) {
        return end - first == 1 ? labels.value(int(first))
                                : tr("%1 … %2").arg(labels.value(int(first)), labels.value(int(end - 1)));
    };
    for (int c = 0; c < map.cols; ++c) t.columnHeaders << range(keys, map.firstKey(c), map.endKey(c));
    for (int r = 0; r < map.rows; ++r) {
        t.rowHeaders << range(queries, map.firstQuery(r), map.endQuery(r));
        QStringList row;
        for (int c = 0; c < map.cols; ++c) {
            const float v = map.at(r, c);
            row << (std::isnan(v) ? tr("masked") : exactNumber(double(v)));
        }
        t.cells << row;
    }
    return t;
}

} // namespace

QList<FigureTable> modelTables(const ModelFigureData &d)
{
    QList<FigureTable> tables;
    for (std::size_t l = 0; l < d.summary.layers.size(); ++l)
        if (d.summary.layers[l])
            tables << pooledTable(d.summary.layers[l]->mean, tr("Layer %1: mean over heads").arg(l),
                                  d.queryLabels, d.keyLabels);
    if (d.summary.rollout)
        tables << pooledTable(*d.summary.rollout, tr("Attention rollout"), d.queryLabels, d.keyLabels);
    return tables;
}

} // namespace attn::ui
