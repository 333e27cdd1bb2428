#include "ui/views/sentence/sentencearcsview.h"

#include "ui/base/cellgridkeys.h"
#include "ui/base/figurewidget.h"
#include "ui/base/numbertext.h"
#include "ui/document/scenariodocument.h"
#include "ui/views/common/paintedexport.h"
#include "ui/views/common/paintfit.h"

#include <QFontMetricsF>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace attn::ui {

namespace {

const QColor kArcColor(0x1b, 0x6c, 0x8c);    // one hue: only width and opacity carry the weight
const QColor kQueryColor(0xf3, 0x9c, 0x12);  // the query's box
const QColor kNanColor(0xd9, 0x44, 0x8a);    // NaN weights, as in the heatmap
const QColor kMaskedColor(0xb0, 0xb0, 0xb0); // masked keys
constexpr double kMargin = 16.0;

/// Boxes for `labels` in one centred row at `top`, shrinking the font (down to 7 px) and then
/// eliding the labels until the row fits `width`. Returns the boxes and the elided labels.
std::vector<QRectF> rowBoxes(const QStringList &labels, QFont *font, double width, double top,
                             QStringList *shown, const QPaintDevice *device)
{
    const int n = static_cast<int>(labels.size());
    std::vector<QRectF> boxes;
    if (n == 0) return boxes;
    double px = font->pixelSize();
    std::vector<double> widths(n);
    double pad = 0, gap = 0, total = 0;
    for (int attempt = 0; attempt < 8; ++attempt) {
        *font = pixelFont(px, font->bold(), *font);
        const QFontMetricsF metrics(*font, const_cast<QPaintDevice *>(device));
        pad = px * 0.55;
        gap = px * 0.45;
        for (int i = 0; i < n; ++i) widths[i] = metrics.horizontalAdvance(labels[i]) + 2 * pad;
        total = std::accumulate(widths.begin(), widths.end(), 0.0) + gap * (n - 1);
        if (total <= width || px <= 7) break;
        px = std::max(7.0, px * std::max(0.6, width / total));
    }
    *shown = labels;
    if (total > width) { // still too wide: equal slots, elided labels
        const QFontMetricsF metrics(*font, const_cast<QPaintDevice *>(device));
        const double slot = std::max(4.0, (width - gap * (n - 1)) / n);
        for (int i = 0; i < n; ++i) {
            widths[i] = slot;
            (*shown)[i] = metrics.elidedText(labels[i], Qt::ElideRight, std::max(0.0, slot - 2 * pad));
        }
        total = slot * n + gap * (n - 1);
    }
    // A short row is spread out (up to four letters' width more between words), so that the
    // arcs of neighbouring words do not crowd each other.
    if (n > 1 && total < width) {
        const double extra = std::min((width - total) / (n - 1), px * 4);
        gap += extra;
        total += extra * (n - 1);
    }
    const double height = px * 1.9;
    double x = (width - total) / 2 + kMargin;
    for (int i = 0; i < n; ++i) {
        boxes.emplace_back(x, top, widths[i], height);
        x += widths[i] + gap;
    }
    return boxes;
}

} // namespace

struct SentenceArcsView::Layout {
    bool cross = false;
    QFont titleFont;
    QFont tokenFont;
    QFont smallFont;
    QRectF titleRect;
    QRectF legendRect;
    std::vector<QRectF> keyBoxes;   // (n_k)
    std::vector<QRectF> queryBoxes; // (n_q); in self-attention the same as keyBoxes
    QStringList keyText;            // labels as drawn (elided when the row is crowded)
    QStringList queryText;
    double arcTop = 0; // self-attention: the highest an arc may rise
};

SentenceArcsView::SentenceArcsView(doc::ScenarioDocument *document, QWidget *parent)
    : FigureView(document, parent), m_document(document)
{
    setObjectName(QStringLiteral("sentenceArcsView"));
    markFigure(this);
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAutoFillBackground(true);
    QPalette p = palette();
    p.setColor(QPalette::Window, Qt::white);
    setPalette(p);
    setToolTip(tr("Click a word to make it the query (or walk the words with ← / → and press Enter; ↑ / ↓ "
                  "step through the queries); hover a word for its exact weight."));
    new CellGridKeys(this); // the arrow keys walk queries × keys (sentencegrid.cpp)
    const auto repaint = [this] { update(); };
    connect(m_document, &doc::ScenarioDocument::traceChanged, this, repaint);
    connect(m_document, &doc::ScenarioDocument::selectedQueryChanged, this, repaint);
    connect(m_document, &doc::ScenarioDocument::selectedHeadChanged, this, repaint);
}

SentenceArcsView::~SentenceArcsView() = default;

bool SentenceArcsView::isCrossAttention() const
{
    return m_document->traceQueryLabels() != m_document->traceKeyLabels();
}

bool SentenceArcsView::hasRow() const
{
    const AttentionTrace &trace = m_document->trace();
    return !trace.heads.empty() && m_document->selectedHead() < static_cast<int>(trace.heads.size()) &&
           m_document->selectedQuery() < trace.shapes.n_q;
}

double SentenceArcsView::weight(int key) const
{
    if (!hasRow() || key < 0 || key >= m_document->trace().shapes.n_k)
        return std::numeric_limits<double>::quiet_NaN();
    return m_document->trace().heads[m_document->selectedHead()].weights(m_document->selectedQuery(), key);
}

bool SentenceArcsView::isVisibleKey(int key) const
{
    if (!hasRow() || key < 0 || key >= m_document->trace().shapes.n_k) return false;
    const HeadTrace &head = m_document->trace().heads[m_document->selectedHead()];
    return head.visible.size() == 0 || head.visible(m_document->selectedQuery(), key);
}

double SentenceArcsView::arcWidth(int key) const
{
    const double w = weight(key);
    if (std::isnan(w) || (!isVisibleKey(key) && w == 0.0)) return 0.0;
    return 0.6 + 12.0 * std::clamp(w, 0.0, 1.0);
}

double SentenceArcsView::arcOpacity(int key) const
{
    const double w = weight(key);
    if (std::isnan(w) || (!isVisibleKey(key) && w == 0.0)) return 0.0;
    return 0.12 + 0.88 * std::clamp(w, 0.0, 1.0);
}

QString SentenceArcsView::weightText(int key) const
{
    const double w = weight(key);
    if (!isVisibleKey(key) && (w == 0.0 || std::isnan(w)) && hasRow()) return QStringLiteral("—");
    return weightNumber(w);
}

QString SentenceArcsView::keyToolTip(int key) const
{
    if (!hasRow() || key < 0 || key >= m_document->trace().shapes.n_k) return {};
    const AttentionTrace &trace = m_document->trace();
    const int head = m_document->selectedHead();
    const int query = m_document->selectedQuery();
    QString text =
        tr("query “%1” → key “%2”\nweight = %3\nscore (logit) = %4")
            .arg(m_document->traceQueryLabels().value(query), m_document->traceKeyLabels().value(key),
                 exactNumber(weight(key)), exactNumber(trace.heads[head].logits(query, key)));
    if (trace.heads.size() > 1)
        text += tr("\nhead %1 (K/V head %2)").arg(head).arg(trace.heads[head].kv_head);
    if (!isVisibleKey(key)) text += tr("\nmasked: this query may not attend to this key");
    return text;
}

QString SentenceArcsView::title() const
{
    if (!hasRow()) return tr("Nothing to draw: %1").arg(m_document->lastError());
    const QString query = m_document->traceQueryLabels().value(m_document->selectedQuery());
    QString text = isCrossAttention()
                       ? tr("Weights of the query “%1” (lower row) over the keys (upper row)").arg(query)
                       : tr("Weights of the query “%1” over every word").arg(query);
    if (m_document->trace().heads.size() > 1) text += tr(", head %1").arg(m_document->selectedHead());
    return text;
}

SentenceArcsView::Layout SentenceArcsView::layout(QSizeF size) const
{
    Layout l;
    l.cross = isCrossAttention();
    const double w = size.width();
    const double h = size.height();
    const double titlePx = std::clamp(h / 26.0, 12.0, 20.0);
    const double tokenPx = std::clamp(h / 24.0, 11.0, 20.0);
    const double smallPx = std::clamp(tokenPx * 0.8, 10.0, 15.0);
    l.titleFont = pixelFont(titlePx, true, font());
    l.tokenFont = pixelFont(tokenPx, false, font());
    l.smallFont = pixelFont(smallPx, false, font());
    l.titleRect = QRectF(kMargin, kMargin, w - 2 * kMargin, titlePx * 1.6);
    l.legendRect = QRectF(kMargin, h - kMargin - smallPx * 1.5, w - 2 * kMargin, smallPx * 1.5);

    const double boxHeight = tokenPx * 1.9;
    const double inner = w - 2 * kMargin;
    const QStringList keys = m_document->traceKeyLabels();
    const QPaintDevice *device = this;
    if (!l.cross) {
        const double top = l.legendRect.top() - smallPx * 2.2 - boxHeight;
        l.keyBoxes = rowBoxes(keys, &l.tokenFont, inner, top, &l.keyText, device);
        l.queryBoxes = l.keyBoxes;
        l.queryText = l.keyText;
        l.arcTop = l.titleRect.bottom() + smallPx;
    } else {
        const QStringList queries = m_document->traceQueryLabels();
        QFont keyFont = l.tokenFont;
        QFont queryFont = l.tokenFont;
        // The two rows sit about a third of the width apart, centred in the room there is.
        const double firstTop = l.titleRect.bottom() + smallPx * 2.2;
        const double lastTop = l.legendRect.top() - 8 - boxHeight;
        const double apart =
            std::clamp(w * 0.35, std::min(140.0, lastTop - firstTop), std::max(0.0, lastTop - firstTop));
        const double keyTop = firstTop + (lastTop - firstTop - apart) / 2;
        const double queryTop = keyTop + apart;
        l.keyBoxes = rowBoxes(keys, &keyFont, inner, keyTop, &l.keyText, device);
        l.queryBoxes = rowBoxes(queries, &queryFont, inner, queryTop, &l.queryText, device);
        // Both rows in the smaller of the two fonts, so neither row looks more important.
        if (queryFont.pixelSize() != keyFont.pixelSize()) {
            l.tokenFont = pixelFont(std::min(queryFont.pixelSize(), keyFont.pixelSize()), false, font());
            keyFont = queryFont = l.tokenFont;
            l.keyBoxes = rowBoxes(keys, &keyFont, inner, keyTop, &l.keyText, device);
            l.queryBoxes = rowBoxes(queries, &queryFont, inner, queryTop, &l.queryText, device);
        }
        l.tokenFont = keyFont;
    }
    return l;
}

void SentenceArcsView::paintFigure(QPainter &painter, QSizeF size) const
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    painter.fillRect(QRectF(QPointF(0, 0), size), Qt::white);
    const Layout l = layout(size);

    painter.setPen(Qt::black);
    painter.setFont(l.titleFont);
    painter.drawText(l.titleRect, Qt::AlignCenter | Qt::TextSingleLine, title());
    painter.setFont(l.smallFont);
    painter.setPen(QColor(0x55, 0x55, 0x55));
    // The hover hint only makes sense on screen, not in an exported file.
    const bool onScreen = dynamic_cast<const QWidget *>(painter.device()) != nullptr;
    painter.drawText(
        l.legendRect, Qt::AlignCenter | Qt::TextSingleLine,
        onScreen ? tr("Line width and opacity follow the weight (0 to 1); hover a word for exact values.")
                 : tr("Line width and opacity follow the weight (0 to 1)."));
    if (!hasRow()) {
        painter.restore();
        return;
    }

    const int query = m_document->selectedQuery();
    const int nk = static_cast<int>(l.keyBoxes.size());
    const QRectF queryBox = l.queryBoxes[static_cast<std::size_t>(query)];

    // Arcs, faintest first so that the heavy ones are drawn on top; only the strongest few.
    const std::vector<int> order = drawnArcs();
    int withArc = 0;
    for (int j = 0; j < nk; ++j) withArc += std::isnan(weight(j)) || arcWidth(j) != 0.0;
    if (withArc > static_cast<int>(order.size())) {
        double rest = 0;
        std::vector<bool> drawn(static_cast<std::size_t>(nk), false);
        for (int j : order) drawn[static_cast<std::size_t>(j)] = true;
        for (int j = 0; j < nk; ++j)
            if (!drawn[static_cast<std::size_t>(j)] && !std::isnan(weight(j))) rest += weight(j);
        painter.setFont(l.smallFont);
        painter.setPen(QColor(0x55, 0x55, 0x55));
        const QRectF note(l.titleRect.left(), l.titleRect.bottom(), l.titleRect.width(),
                          l.smallFont.pixelSize() * 1.5);
        painter.drawText(
            note, Qt::AlignCenter | Qt::TextSingleLine,
            tr("the strongest %1 arcs; + %2 weaker (weight %3 together); + / − for more or fewer")
                .arg(QLocale().toString(qlonglong(order.size())))
                .arg(QLocale().toString(withArc - qlonglong(order.size())))
                .arg(QString::number(rest, 'g', 3)));
    }
    double maxSpan = 1;
    for (int j = 0; j < nk; ++j)
        maxSpan = std::max(maxSpan, std::abs(l.keyBoxes[j].center().x() - queryBox.center().x()));
    for (int j : order) {
        const double w = weight(j);
        const bool nan = std::isnan(w);
        if (!nan && arcWidth(j) == 0.0) continue;
        QColor color = nan ? kNanColor : kArcColor;
        color.setAlphaF(nan ? 0.8 : arcOpacity(j));
        QPen pen(color, nan ? 1.5 : arcWidth(j), nan ? Qt::DashLine : Qt::SolidLine, Qt::RoundCap);
        painter.setPen(pen);
        painter.setBrush(Qt::NoBrush);
        const QRectF key = l.keyBoxes[static_cast<std::size_t>(j)];
        QPainterPath path;
        if (l.cross) {
            const QPointF from(queryBox.center().x(), queryBox.top());
            const QPointF to(key.center().x(), key.bottom());
            const double dy = from.y() - to.y();
            path.moveTo(from);
            path.cubicTo(from.x(), from.y() - dy / 2, to.x(), to.y() + dy / 2, to.x(), to.y());
        } else if (j == query) {
            // The query's weight on its own key: a small loop above its box.
            const double y = key.top();
            const double d = std::min(key.width() * 0.25, 10.0);
            const double r = std::min((y - l.arcTop) * 0.3, key.height() * 0.9);
            path.moveTo(key.center().x() - d, y);
            path.cubicTo(key.center().x() - d - r, y - 2.2 * r, key.center().x() + d + r, y - 2.2 * r,
                         key.center().x() + d, y);
        } else {
            const double y = key.top();
            const double room = std::max(10.0, y - l.arcTop);
            const double span = std::abs(key.center().x() - queryBox.center().x());
            const double lift = std::min(room, key.height() * 1.2) +
                                (room - std::min(room, key.height() * 1.2)) * (span / maxSpan);
            // Arcs leave the query's box from a point on the side of their key, so they fan out.
            const double dx = key.center().x() - queryBox.center().x();
            const double start = queryBox.center().x() + queryBox.width() * 0.3 * dx / maxSpan;
            path.moveTo(start, y);
            path.cubicTo(start, y - lift * 4 / 3, key.center().x(), y - lift * 4 / 3, key.center().x(), y);
        }
        painter.drawPath(path);
    }

    // Boxes and labels: the query highlighted, masked keys grey.
    const auto drawBox = [&painter, &l](const QRectF &box, const QString &text, bool isQuery, bool masked) {
        painter.setPen(
            QPen(isQuery ? kQueryColor.darker(130) : (masked ? kMaskedColor : QColor(0x88, 0x88, 0x88)),
                 isQuery ? 2.0 : 1.0));
        painter.setBrush(isQuery ? kQueryColor.lighter(150)
                                 : (masked ? QColor(0xee, 0xee, 0xee) : Qt::white));
        painter.drawRoundedRect(box, 5, 5);
        QFont f = l.tokenFont;
        f.setBold(isQuery);
        painter.setFont(f);
        painter.setPen(masked ? QColor(0x99, 0x99, 0x99) : Qt::black);
        painter.drawText(box, Qt::AlignCenter | Qt::TextSingleLine, text);
    };
    double best = -1; // every key with the largest weight is written in bold
    for (int j = 0; j < nk; ++j)
        if (!std::isnan(weight(j))) best = std::max(best, weight(j));
    for (int j = 0; j < nk; ++j) {
        const QRectF key = l.keyBoxes[static_cast<std::size_t>(j)];
        const bool masked = !isVisibleKey(j);
        drawBox(key, l.keyText.value(j), !l.cross && j == query, masked);
        QFont f = l.smallFont;
        f.setBold(weight(j) == best);
        painter.setFont(f);
        painter.setPen(std::isnan(weight(j)) ? kNanColor : (masked ? QColor(0x99, 0x99, 0x99) : Qt::black));
        const double lineHeight = l.smallFont.pixelSize() * 1.6;
        const QRectF label =
            l.cross ? QRectF(key.left() - 20, key.top() - lineHeight - 2, key.width() + 40, lineHeight)
                    : QRectF(key.left() - 20, key.bottom() + 2, key.width() + 40, lineHeight);
        painter.drawText(label, Qt::AlignCenter | Qt::TextSingleLine, weightText(j));
    }
    if (l.cross)
        for (std::size_t i = 0; i < l.queryBoxes.size(); ++i)
            drawBox(l.queryBoxes[i], l.queryText.value(static_cast<int>(i)), static_cast<int>(i) == query,
                    false);

    // A query that sees no key: say what the policy gave it.
    const AttentionTrace &trace = m_document->trace();
    for (const auto &[head, row] : trace.fully_masked_rows) {
        if (head != m_document->selectedHead() || row != query) continue;
        painter.setFont(l.smallFont);
        painter.setPen(QColor(0x7a, 0x4b, 0x00));
        const QRectF note(l.titleRect.left(), l.titleRect.bottom(), l.titleRect.width(),
                          l.smallFont.pixelSize() * 1.6);
        painter.drawText(
            note, Qt::AlignCenter | Qt::TextSingleLine,
            tr("This query sees no key; the “%1” policy decides its weights.")
                .arg(QString::fromLatin1(toString(m_document->scenario().mask.all_masked_rows))));
    }
    painter.restore();
}

QRectF SentenceArcsView::tokenRect(int index, bool queryRow) const
{
    const Layout l = layout(size());
    const auto &boxes = queryRow ? l.queryBoxes : l.keyBoxes;
    if (index < 0 || index >= static_cast<int>(boxes.size())) return {};
    return boxes[static_cast<std::size_t>(index)];
}

int SentenceArcsView::tokenAt(QPointF pos, bool *queryRow) const
{
    const Layout l = layout(size());
    for (std::size_t i = 0; i < l.keyBoxes.size(); ++i)
        if (l.keyBoxes[i].contains(pos)) {
            *queryRow = !l.cross;
            return static_cast<int>(i);
        }
    if (l.cross)
        for (std::size_t i = 0; i < l.queryBoxes.size(); ++i)
            if (l.queryBoxes[i].contains(pos)) {
                *queryRow = true;
                return static_cast<int>(i);
            }
    return -1;
}

void SentenceArcsView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    paintFigure(painter, size());
    if (hasFocus()) {
        painter.setPen(QPen(palette().color(QPalette::Highlight), 1, Qt::DotLine));
        painter.drawRect(rect().adjusted(1, 1, -2, -2));
        // The keyboard's key: white under black dashes, visible on every box colour.
        const QRectF box = tokenRect(m_keyCursor).adjusted(-3, -3, 3, 3);
        if (!box.isEmpty() && hasRow()) {
            painter.setBrush(Qt::NoBrush);
            painter.setPen(QPen(Qt::white, 4));
            painter.drawRect(box);
            painter.setPen(QPen(Qt::black, 2, Qt::DashLine));
            painter.drawRect(box);
        }
    }
}

void SentenceArcsView::mousePressEvent(QMouseEvent *event)
{
    bool queryRow = false;
    const int index = tokenAt(event->position(), &queryRow);
    if (index >= 0 && queryRow && index < m_document->queryCount()) {
        m_document->setSelectedQuery(index);
        event->accept();
        return;
    }
    QWidget::mousePressEvent(event);
}

std::vector<int> SentenceArcsView::drawnArcs() const
{
    std::vector<int> order;
    if (!hasRow()) return order;
    const int nk = static_cast<int>(m_document->trace().shapes.n_k);
    for (int j = 0; j < nk; ++j)
        if (std::isnan(weight(j)) || arcWidth(j) != 0.0) order.push_back(j);
    const auto fainter = [this](int a, int b) {
        const double wa = weight(a), wb = weight(b);
        return (std::isnan(wa) ? -1 : wa) < (std::isnan(wb) ? -1 : wb);
    };
    if (static_cast<int>(order.size()) > m_maxArcs) {
        // The strongest m_maxArcs to the back (NaN counts as the weakest), then only those.
        std::nth_element(order.begin(), order.end() - m_maxArcs, order.end(), fainter);
        order.erase(order.begin(), order.end() - m_maxArcs);
    }
    std::stable_sort(order.begin(), order.end(), fainter);
    return order;
}

void SentenceArcsView::setMaxArcs(int arcs)
{
    arcs = std::clamp(arcs, 1, 65536);
    if (arcs == m_maxArcs) return;
    m_maxArcs = arcs;
    update();
}

void SentenceArcsView::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Plus || event->key() == Qt::Key_Equal || event->key() == Qt::Key_Minus) {
        setMaxArcs(event->key() == Qt::Key_Minus ? m_maxArcs / 2 : m_maxArcs * 2);
        event->accept();
        return;
    }
    QWidget::keyPressEvent(event);
}

bool SentenceArcsView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        bool queryRow = false;
        const int index = tokenAt(help->pos(), &queryRow);
        QString text;
        if (index >= 0 && (!queryRow || !isCrossAttention()))
            text = keyToolTip(index);
        else if (index >= 0)
            text =
                tr("query “%1”: click to show its weights").arg(m_document->traceQueryLabels().value(index));
        if (text.isEmpty()) text = toolTip();
        QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

QSize SentenceArcsView::sizeHint() const
{
    return {800, 420};
}

QSize SentenceArcsView::minimumSizeHint() const
{
    return {320, 220};
}

bool SentenceArcsView::exportTo(const QString &path, const QString &format, QSize size, QString *error) const
{
    return exportPainted(
        path, format, size, [this](QPainter &painter, QSizeF figure) { paintFigure(painter, figure); },
        error);
}

} // namespace attn::ui
