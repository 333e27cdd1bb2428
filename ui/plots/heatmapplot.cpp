#include "ui/plots/heatmapplot.h"

#include "ui/base/appsettings.h"
#include "ui/base/cellgridkeys.h"
#include "ui/base/numbertext.h"
#include "ui/plots/colorbar.h"
#include "ui/plots/plotexport.h"
#include "ui/plots/tokenticks.h"
#include "ui/plots/vectorcolormap.h"
#include "ui/plots/viridis.h"

#include <QHelpEvent>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

/// The colour map's coordinate range for `n` cells centred on 0 … n−1. QCPColorMap gives a
/// single cell no width, so one cell is stretched over [−0.5, 0.5] explicitly.
QCPRange cellRange(int n)
{
    return n == 1 ? QCPRange(-0.5, 0.5) : QCPRange(0, n - 1);
}

/// Background of a visible cell whose weight is NaN: pink, unlike any colour of the maps and
/// unlike the grey of masked cells.
QColor notANumberColor()
{
    return QColor(0xf4, 0xc2, 0xc2);
}

/// What the masked-row policy gives a row that sees no key, in words.
QString policyEffect(MaskedRowPolicy policy)
{
    switch (policy) {
    case MaskedRowPolicy::Zero: return HeatmapPlot::tr("weight 0 on every key, output 0");
    case MaskedRowPolicy::NaN: return HeatmapPlot::tr("weight NaN on every key, output NaN");
    case MaskedRowPolicy::Uniform: return HeatmapPlot::tr("weight 1/n_k on every key, output the mean of V");
    case MaskedRowPolicy::Error: return HeatmapPlot::tr("an error");
    }
    return {};
}

} // namespace

/// A colour map that also writes each cell's text inside the cell and paints visible cells
/// whose weight is NaN in their own colour (the colour map itself draws every NaN grey).
class WeightsColorMap : public VectorColorMap {
public:
    WeightsColorMap(QCPAxis *keyAxis, QCPAxis *valueAxis) : VectorColorMap(keyAxis, valueAxis) {}

    QStringList texts;           // (n_q · n_k) row-major: query row i, key column j at i·n_k + j
    std::vector<char> masked;    // (n_q · n_k) 1 = not visible
    std::vector<int> notANumber; // indices i·n_k + j of visible cells with a NaN weight
    int rows = 0;
    int columns = 0;
    double firstColumn = 0.0; // the key coordinate of column 0 (the sink column sits apart)

protected:
    void draw(QCPPainter *painter) override
    {
        VectorColorMap::draw(painter);
        if (rows == 0 || columns == 0) return;
        QCPAxis *x = keyAxis();
        QCPAxis *y = valueAxis();
        const double cellWidth = std::abs(x->coordToPixel(1) - x->coordToPixel(0));
        const double cellHeight = std::abs(y->coordToPixel(1) - y->coordToPixel(0));
        const auto cellRect = [&](int i, int j) {
            return QRectF(x->coordToPixel(firstColumn + j) - cellWidth / 2,
                          y->coordToPixel(i) - cellHeight / 2, cellWidth, cellHeight);
        };
        for (int index : notANumber)
            painter->fillRect(cellRect(index / columns, index % columns), notANumberColor());
        QVector<QLineF> hatch; // masked cells: a pattern as well as a colour
        for (int index = 0; index < rows * columns; ++index)
            if (masked[index]) appendMaskedHatch(hatch, cellRect(index / columns, index % columns));
        painter->setPen(maskedHatchPen());
        painter->drawLines(hatch);

        // One font size for every cell: as large as fits "0.000" with a margin, at most 11 pt
        // (larger in presentation mode).
        const double largest = 11.0 * AppSettings::instance().figureTextScale();
        QFont font = parentPlot()->font();
        font.setPointSizeF(largest);
        const QFontMetricsF metrics(font);
        const double fit = std::min((cellWidth - 6) / metrics.horizontalAdvance(QStringLiteral("0.000")),
                                    (cellHeight - 2) / metrics.height());
        const double pointSize = std::min(largest, largest * fit);
        if (pointSize < 6.0) return; // cells too small for readable text; the tooltip still gives values
        font.setPointSizeF(pointSize);
        painter->setFont(font);

        for (int i = 0; i < rows; ++i) {
            for (int j = 0; j < columns; ++j) {
                const int index = i * columns + j;
                const double value = data()->cell(j, i);
                QColor pen;
                if (masked[index])
                    pen = QColor(0x55, 0x55, 0x55);
                else if (std::isnan(value))
                    pen = QColor(0x8b, 0x1a, 0x1a);
                else
                    pen = contrastingTextColor(gradient().color(value, dataRange()));
                painter->setPen(pen);
                painter->drawText(cellRect(i, j), Qt::AlignCenter, texts.at(index));
            }
        }
    }
};

HeatmapPlot::HeatmapPlot(QWidget *parent) : QCustomPlot(parent)
{
    setMinimumSize(320, 160); // low enough for the editor at 1280 × 720 beside the scores
    setupAxes();
    connect(this, &QCustomPlot::mousePress, this, &HeatmapPlot::onMousePress);
    connect(this, &QCustomPlot::afterReplot, this, &HeatmapPlot::onAfterReplot);
    connect(this, &QCustomPlot::beforeReplot, this, &HeatmapPlot::fitTitle);
    connect(&AppSettings::instance(), &AppSettings::colorMapChanged, this, &HeatmapPlot::applyColorMap);
    connect(&AppSettings::instance(), &AppSettings::presentationModeChanged, this,
            &HeatmapPlot::applyTextScale);
    new CellGridKeys(this); // arrow keys walk the cells (heatmapgrid.cpp)
}

HeatmapPlot::~HeatmapPlot() = default;

void HeatmapPlot::setupAxes()
{
    // Row 0: the title across the whole width; row 1: the map and its colour bar side by side
    // (in a grid of their own, so that the title is not limited to the map's column).
    m_fullTitle = tr("Attention weights A");
    m_title = new QCPTextElement(this, m_fullTitle, QFont(font().family(), 11, QFont::Bold));
    QCPAxisRect *map = axisRect();
    plotLayout()->take(map);
    plotLayout()->simplify();
    auto *body = new QCPLayoutGrid;
    plotLayout()->addElement(0, 0, m_title);
    plotLayout()->addElement(1, 0, body);
    body->addElement(0, 0, map);

    m_colorMap = new WeightsColorMap(xAxis, yAxis);
    m_colorMap->setInterpolate(false);
    m_colorMap->setTightBoundary(false);
    m_colorMap->setDataRange(QCPRange(0.0, 1.0)); // probabilities: always the whole of [0, 1]

    // The sink column (with sinks): one cell per query, half a cell apart from the real keys.
    m_sinkMap = new WeightsColorMap(xAxis, yAxis);
    m_sinkMap->setInterpolate(false);
    m_sinkMap->setTightBoundary(false);
    m_sinkMap->setDataRange(QCPRange(0.0, 1.0));
    m_sinkMap->setVisible(false);

    m_colorScale = new ColorBar(this, 14);
    body->addElement(0, 1, m_colorScale);
    m_colorScale->setDataRange(QCPRange(0.0, 1.0));
    m_colorScale->axis()->setLabel(tr("weight"));
    m_colorMap->setGradient(currentGradient());
    m_sinkMap->setGradient(currentGradient());
    m_colorScale->setGradient(currentGradient());
    // Keep the colour scale as tall as the map.
    auto *group = new QCPMarginGroup(this);
    axisRect()->setMarginGroup(QCP::msTop | QCP::msBottom, group);
    m_colorScale->setMarginGroup(QCP::msTop | QCP::msBottom, group);

    for (QCPAxis *axis : {xAxis, yAxis}) {
        axis->grid()->setVisible(false);
        axis->setSubTicks(false);
        axis->setTickLength(0, 3);
    }
    yAxis->setRangeReversed(true); // query 0 on top, as in the matrix A
    applyTextScale();

    m_selectionRect = new QCPItemRect(this);
    m_selectionRect->setPen(QPen(QColor(0xe4, 0x57, 0x2e), 3));
    m_selectionRect->setBrush(Qt::NoBrush);
    m_selectionRect->setVisible(false);
    clear();
}

void HeatmapPlot::applyTextScale()
{
    // Axis labels 10 pt, the colour bar's 9 pt, times presentation mode's factor; the cells and
    // the title read the factor when they are drawn and fitted.
    const double k = AppSettings::instance().figureTextScale();
    setMinimumHeight(qRound(160 * k)); // room for the larger labels around the cells
    for (QCPAxis *axis : {xAxis, yAxis}) {
        axis->setTickLabelFont(QFont(font().family(), qRound(10 * k)));
        axis->setLabelFont(QFont(font().family(), qRound(10 * k)));
    }
    m_colorScale->axis()->setTickLabelFont(QFont(font().family(), qRound(9 * k)));
    m_colorScale->axis()->setLabelFont(QFont(font().family(), qRound(9 * k)));
    // Half a tick label under the title: the colour bar's top label ("1.0") sits on its edge.
    const int half = QFontMetrics(m_colorScale->axis()->tickLabelFont()).height() / 2;
    m_title->setMargins(QMargins(2, 2, 2, 2 + half));
    fitTitle();
    replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapPlot::applyColorMap()
{
    m_colorMap->setGradient(currentGradient());
    m_sinkMap->setGradient(currentGradient());
    m_colorScale->setGradient(currentGradient());
    replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapPlot::clear()
{
    setHead(HeadTrace{}, {}, {});
}

void HeatmapPlot::setTitle(const QString &title)
{
    m_fullTitle = title;
    fitTitle();
}

QString HeatmapPlot::title() const
{
    return m_fullTitle;
}

void HeatmapPlot::setCompact(bool compact)
{
    if (compact == m_compact) return;
    m_compact = compact;
    auto *body = qobject_cast<QCPLayoutGrid *>(plotLayout()->element(1, 0));
    if (compact)
        body->take(m_colorScale);
    else
        body->addElement(0, 1, m_colorScale); // the axis titles come back with the next setHead()
    body->simplify();
    m_colorScale->setVisible(!compact);
    setAxisTitles(m_keyAxisTitle, m_queryAxisTitle);
}

void HeatmapPlot::setAxisTitles(const QString &keys, const QString &queries)
{
    m_keyAxisTitle = keys;
    m_queryAxisTitle = queries;
    if (!keys.isEmpty() || m_compact) xAxis->setLabel(m_compact ? QString() : keys);
    if (!queries.isEmpty() || m_compact) yAxis->setLabel(m_compact ? QString() : queries);
    replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapPlot::fitTitle()
{
    // The title fits the width it is drawn at (the window, or an export's viewport): 11 pt bold,
    // smaller down to 8 pt, then cut with "…" (the whole title stays in the tooltip).
    const double available = std::max(40, viewport().width() - 12);
    const double k = AppSettings::instance().figureTextScale(); // presentation mode
    QFont font = m_title->font();
    const QFontMetricsF full(QFont(font.family(), qRound(11 * k), QFont::Bold));
    const double width = full.horizontalAdvance(m_fullTitle);
    const double points = std::clamp(11.0 * k * available / std::max(1.0, width), 8.0 * k, 11.0 * k);
    font.setPointSizeF(points);
    font.setBold(true);
    const QString shown = QFontMetricsF(font).elidedText(m_fullTitle, Qt::ElideRight, available);
    if (m_title->font() != font) m_title->setFont(font);
    if (m_title->text() != shown) m_title->setText(shown);
}

void HeatmapPlot::setHead(const HeadTrace &head, const QStringList &queryLabels, const QStringList &keyLabels,
                          MaskedRowPolicy policy)
{
    m_weights = head.weights;
    m_logits = head.logits;
    m_visible = head.visible;
    m_policy = policy;
    const int nq = queryCount();
    const int nk = keyCount();
    m_queryLabels.clear();
    m_keyLabels.clear();
    for (int i = 0; i < nq; ++i)
        m_queryLabels << (i < queryLabels.size() ? queryLabels.at(i) : QStringLiteral("q%1").arg(i + 1));
    for (int j = 0; j < nk; ++j)
        m_keyLabels << (j < keyLabels.size() ? keyLabels.at(j) : QStringLiteral("k%1").arg(j + 1));

    // Rows that see no key are marked on the axis: "⊘ she".
    m_rowTicks = m_queryLabels;
    bool anyFullyMasked = false;
    for (int i = 0; i < nq; ++i) {
        if (isFullyMaskedRow(i)) {
            m_rowTicks[i] = QStringLiteral("⊘ ") + m_rowTicks[i];
            anyFullyMasked = true;
        }
    }

    QCPColorMapData *data = m_colorMap->data();
    data->setSize(std::max(nk, 1), std::max(nq, 1));
    data->setRange(cellRange(std::max(nk, 1)), cellRange(std::max(nq, 1)));
    data->fill(std::nan(""));
    m_colorMap->texts.clear();
    m_colorMap->masked.assign(static_cast<std::size_t>(nq) * nk, 0);
    m_colorMap->notANumber.clear();
    m_colorMap->rows = nq;
    m_colorMap->columns = nk;
    for (int i = 0; i < nq; ++i) {
        for (int j = 0; j < nk; ++j) {
            data->setCell(j, i, colorMapData(i, j));
            m_colorMap->texts << cellText(i, j);
            const bool masked = isMasked(i, j);
            m_colorMap->masked[static_cast<std::size_t>(i) * nk + j] = masked;
            if (!masked && std::isnan(m_weights(i, j))) m_colorMap->notANumber.push_back(i * nk + j);
        }
    }
    m_colorMap->setVisible(nq > 0 && nk > 0);

    m_sinkWeights = head.sink_weights.size() == nq ? head.sink_weights : Vector();
    const bool sinks = hasSink();
    m_sinkMap->setVisible(sinks && nq > 0);
    if (sinks) {
        QCPColorMapData *column = m_sinkMap->data();
        column->setSize(1, std::max(nq, 1));
        column->setRange(QCPRange(sinkColumn() - 0.5, sinkColumn() + 0.5), cellRange(std::max(nq, 1)));
        m_sinkMap->texts.clear();
        m_sinkMap->masked.assign(static_cast<std::size_t>(nq), 0);
        m_sinkMap->notANumber.clear();
        m_sinkMap->rows = nq;
        m_sinkMap->columns = 1;
        m_sinkMap->firstColumn = sinkColumn();
        for (int i = 0; i < nq; ++i) {
            const double w = m_sinkWeights(i);
            column->setCell(0, i, w);
            m_sinkMap->texts << weightNumber(w);
            if (std::isnan(w)) m_sinkMap->notANumber.push_back(i);
        }
    }

    updateTicks();
    xAxis->setLabel(sinks ? tr("keys (n_k = %1) and the sink, which carries no value").arg(nk)
                          : tr("keys (n_k = %1)").arg(nk));
    yAxis->setLabel(
        anyFullyMasked
            ? tr("queries (n_q = %1; ⊘ sees no key: “%2”)").arg(nq).arg(QString::fromLatin1(toString(policy)))
            : tr("queries (n_q = %1)").arg(nq));
    if (!m_keyAxisTitle.isEmpty() || m_compact) xAxis->setLabel(m_compact ? QString() : m_keyAxisTitle);
    if ((!m_queryAxisTitle.isEmpty() && !anyFullyMasked) || m_compact)
        yAxis->setLabel(m_compact ? QString() : m_queryAxisTitle);
    xAxis->setRange(-0.5, sinks ? sinkColumn() + 0.5 : std::max(nk, 1) - 0.5);
    yAxis->setRange(-0.5, std::max(nq, 1) - 0.5);
    updateSelectionRect();
    replot(QCustomPlot::rpQueuedReplot);
}

bool HeatmapPlot::updateTicks()
{
    QMap<double, QString> extra;
    if (hasSink()) extra.insert(sinkColumn(), tr("sink"));
    const bool keys = setTokenTicks(xAxis, m_keyLabels, true, extra);
    const bool queries = setTokenTicks(yAxis, m_rowTicks, false);
    return keys || queries;
}

void HeatmapPlot::onAfterReplot()
{
    // The axis lengths are known only after a layout: thin the labels to them, once per replot
    // (a second pass would only follow the margins its own labels changed).
    if (m_fixingTicks) {
        m_fixingTicks = false;
        return;
    }
    if (updateTicks()) {
        m_fixingTicks = true;
        replot(QCustomPlot::rpQueuedReplot);
    }
}

QMap<double, QString> HeatmapPlot::keyTicks() const
{
    auto *ticker = dynamic_cast<QCPAxisTickerText *>(xAxis->ticker().data());
    return ticker ? ticker->ticks() : QMap<double, QString>();
}

QMap<double, QString> HeatmapPlot::queryTicks() const
{
    auto *ticker = dynamic_cast<QCPAxisTickerText *>(yAxis->ticker().data());
    return ticker ? ticker->ticks() : QMap<double, QString>();
}

void HeatmapPlot::setSelectedQuery(int row)
{
    m_selectedQuery = row;
    updateSelectionRect();
    replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapPlot::updateSelectionRect()
{
    const bool show = queryCount() > 1 && m_selectedQuery >= 0 && m_selectedQuery < queryCount();
    m_selectionRect->setVisible(show);
    if (!show) return;
    m_selectionRect->topLeft->setCoords(-0.5, m_selectedQuery - 0.5);
    m_selectionRect->bottomRight->setCoords(hasSink() ? sinkColumn() + 0.5 : keyCount() - 0.5,
                                            m_selectedQuery + 0.5);
}

bool HeatmapPlot::isMasked(int row, int column) const
{
    if (row < 0 || column < 0 || row >= queryCount() || column >= keyCount()) return false;
    return m_visible.rows() == m_weights.rows() && m_visible.cols() == m_weights.cols() &&
           !m_visible(row, column);
}

bool HeatmapPlot::isFullyMaskedRow(int row) const
{
    if (row < 0 || row >= queryCount() || keyCount() == 0 || m_visible.rows() != m_weights.rows() ||
        m_visible.cols() != m_weights.cols())
        return false;
    return !m_visible.row(row).any();
}

double HeatmapPlot::colorMapData(int row, int column) const
{
    if (row < 0 || column < 0 || row >= queryCount() || column >= keyCount()) return std::nan("");
    if (isMasked(row, column)) return std::nan("");
    return m_weights(row, column);
}

QString HeatmapPlot::cellText(int row, int column) const
{
    if (row < 0 || column < 0 || row >= queryCount() || column >= keyCount()) return {};
    const double weight = m_weights(row, column);
    // A masked key takes nothing ("—"), unless the masked-row policy gave it NaN or 1/n_k.
    if (isMasked(row, column) && weight == 0.0) return QStringLiteral("—");
    // Weights lie in [0, 1]: below 0.001 a cell says so in the room of "0.000" (a number like
    // 4.458e-05 would spill into its neighbours); the tooltip keeps the exact value.
    return weightNumber(weight);
}

QString HeatmapPlot::cellToolTip(int row, int column) const
{
    if (row < 0 || column < 0 || row >= queryCount() || column >= keyCount()) return {};
    const double weight = m_weights(row, column);
    QString text = tr("query “%1” → key “%2”").arg(m_queryLabels.at(row), m_keyLabels.at(column));
    text += QLatin1Char('\n') + tr("weight %1").arg(exactNumber(weight));
    const bool haveLogits = m_logits.rows() == m_weights.rows() && m_logits.cols() == m_weights.cols();
    if (haveLogits) text += QLatin1Char('\n') + tr("logit %1").arg(exactNumber(m_logits(row, column)));

    if (isFullyMaskedRow(row)) {
        text += QLatin1Char('\n') + tr("masked: this query sees no key; all_masked_rows “%1” gives %2")
                                        .arg(QString::fromLatin1(toString(m_policy)), policyEffect(m_policy));
    } else if (isMasked(row, column)) {
        text += QLatin1Char('\n') + tr("masked: this key is not visible to this query (it takes no weight)");
    } else if (std::isnan(weight)) {
        // Say which logit made the softmax of this row undefined, if one did.
        QString reason = tr("the engine returned NaN for this row");
        if (haveLogits) {
            for (int j = 0; j < keyCount(); ++j) {
                if (isMasked(row, j) || std::isfinite(m_logits(row, j))) continue;
                reason = tr("the logit of key “%1” is %2, so the softmax of this row is undefined")
                             .arg(m_keyLabels.at(j), exactNumber(m_logits(row, j)));
                break;
            }
        }
        text += QLatin1Char('\n') + tr("not a number: %1").arg(reason);
    }
    return text;
}

bool HeatmapPlot::hasSink() const
{
    return m_sinkWeights.size() > 0 && m_sinkWeights.size() == queryCount();
}

double HeatmapPlot::sinkColumn() const
{
    return keyCount() + 0.5;
}

double HeatmapPlot::sinkWeight(int row) const
{
    return hasSink() && row >= 0 && row < queryCount() ? m_sinkWeights(row) : std::nan("");
}

QString HeatmapPlot::sinkToolTip(int row) const
{
    if (!hasSink() || row < 0 || row >= queryCount()) return {};
    QString text = tr("query “%1” → the sink").arg(m_queryLabels.at(row));
    text += QLatin1Char('\n') + tr("weight %1").arg(exactNumber(m_sinkWeights(row)));
    text += QLatin1Char('\n') + tr("The sink's term exp(s) is in the softmax denominator but carries no "
                                   "value: this share of the row attends to nothing, and the weights on "
                                   "the keys sum to 1 − %1.")
                                    .arg(compactNumber(m_sinkWeights(row)));
    return text;
}

bool HeatmapPlot::exportTo(const QString &path, const QString &format, QSize size, QString *error)
{
    return exportPlot(this, path, format, size, error);
}

QCPColorMap *HeatmapPlot::colorMap() const
{
    return m_colorMap;
}

bool HeatmapPlot::cellAt(const QPoint &pos, int *row, int *column) const
{
    if (queryCount() == 0 || keyCount() == 0 || !axisRect()->rect().contains(pos)) return false;
    *column = static_cast<int>(std::lround(xAxis->pixelToCoord(pos.x())));
    *row = static_cast<int>(std::lround(yAxis->pixelToCoord(pos.y())));
    return *row >= 0 && *row < queryCount() && *column >= 0 && *column < keyCount();
}

bool HeatmapPlot::sinkAt(const QPoint &pos, int *row) const
{
    if (!hasSink() || !axisRect()->rect().contains(pos)) return false;
    const double x = xAxis->pixelToCoord(pos.x());
    *row = static_cast<int>(std::lround(yAxis->pixelToCoord(pos.y())));
    return std::abs(x - sinkColumn()) <= 0.5 && *row >= 0 && *row < queryCount();
}

bool HeatmapPlot::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        int row = 0;
        int column = 0;
        if (cellAt(help->pos(), &row, &column))
            QToolTip::showText(help->globalPos(), cellToolTip(row, column), this);
        else if (sinkAt(help->pos(), &row))
            QToolTip::showText(help->globalPos(), sinkToolTip(row), this);
        else if (m_title->text() != m_fullTitle && m_title->outerRect().contains(help->pos()))
            QToolTip::showText(help->globalPos(), m_fullTitle, this); // the title was cut to fit
        else if (const QString full = abbreviatedTickAt(xAxis, help->pos()); !full.isEmpty())
            QToolTip::showText(help->globalPos(), full, this); // a key label cut to fit
        else
            QToolTip::hideText();
        return true;
    }
    return QCustomPlot::event(event);
}

void HeatmapPlot::onMousePress(QMouseEvent *event)
{
    int row = 0;
    int column = 0;
    if (event->button() == Qt::LeftButton && cellAt(event->position().toPoint(), &row, &column))
        emit querySelected(row);
}

} // namespace attn::ui
