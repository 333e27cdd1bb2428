#include "ui/plots/heatmapplot.h"

#include "ui/plots/plotexport.h"
#include "ui/plots/viridis.h"

#include <QHelpEvent>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

/// Tick labels at 0 … n−1; long or many labels are rotated so that they never overlap.
void setTokenTicks(QCPAxis *axis, const QStringList &labels, bool mayRotate)
{
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    qsizetype total = 0;
    for (int i = 0; i < labels.size(); ++i) {
        ticker->addTick(i, labels.at(i));
        total += labels.at(i).size() + 2;
    }
    axis->setTicker(ticker);
    axis->setTickLabelRotation(mayRotate && total > 48 ? -40 : 0);
}

/// The colour map's coordinate range for `n` cells centred on 0 … n−1. QCPColorMap gives a
/// single cell no width, so one cell is stretched over [−0.5, 0.5] explicitly.
QCPRange cellRange(int n)
{
    return n == 1 ? QCPRange(-0.5, 0.5) : QCPRange(0, n - 1);
}

} // namespace

/// A colour map that also writes each cell's value (or "—" when masked) inside the cell.
class WeightsColorMap : public QCPColorMap {
public:
    WeightsColorMap(QCPAxis *keyAxis, QCPAxis *valueAxis) : QCPColorMap(keyAxis, valueAxis) {}

    QStringList texts; // (n_q · n_k) row-major: query row i, key column j at i·n_k + j
    int rows = 0;
    int columns = 0;

protected:
    void draw(QCPPainter *painter) override
    {
        QCPColorMap::draw(painter);
        if (texts.isEmpty() || rows == 0 || columns == 0) return;
        QCPAxis *x = keyAxis();
        QCPAxis *y = valueAxis();
        const double cellWidth = std::abs(x->coordToPixel(1) - x->coordToPixel(0));
        const double cellHeight = std::abs(y->coordToPixel(1) - y->coordToPixel(0));

        // One font size for every cell: as large as fits "0.000" with a margin, at most 11 pt.
        QFont font = parentPlot()->font();
        font.setPointSizeF(11);
        const QFontMetricsF metrics(font);
        const double fit = std::min((cellWidth - 6) / metrics.horizontalAdvance(QStringLiteral("0.000")),
                                    (cellHeight - 2) / metrics.height());
        const double pointSize = std::min(11.0, 11.0 * fit);
        if (pointSize < 6.0) return; // cells too small for readable text; the tooltip still gives values
        font.setPointSizeF(pointSize);
        painter->setFont(font);

        for (int i = 0; i < rows; ++i) {
            for (int j = 0; j < columns; ++j) {
                const double value = data()->cell(j, i);
                const QColor background =
                    std::isnan(value) ? maskedColor() : gradient().color(value, dataRange());
                const QPointF centre(x->coordToPixel(j), y->coordToPixel(i));
                const QRectF cell(centre.x() - cellWidth / 2, centre.y() - cellHeight / 2, cellWidth,
                                  cellHeight);
                painter->setPen(std::isnan(value) ? QColor(0x55, 0x55, 0x55)
                                                  : contrastingTextColor(background));
                painter->drawText(cell, Qt::AlignCenter, texts.at(i * columns + j));
            }
        }
    }
};

HeatmapPlot::HeatmapPlot(QWidget *parent) : QCustomPlot(parent)
{
    setMinimumSize(320, 220);
    setupAxes();
    connect(this, &QCustomPlot::mousePress, this, &HeatmapPlot::onMousePress);
}

HeatmapPlot::~HeatmapPlot() = default;

void HeatmapPlot::setupAxes()
{
    plotLayout()->insertRow(0);
    m_title = new QCPTextElement(this, tr("Attention weights A"), QFont(font().family(), 11, QFont::Bold));
    plotLayout()->addElement(0, 0, m_title);

    m_colorMap = new WeightsColorMap(xAxis, yAxis);
    m_colorMap->setInterpolate(false);
    m_colorMap->setTightBoundary(false);
    m_colorMap->setGradient(viridisGradient());
    m_colorMap->setDataRange(QCPRange(0.0, 1.0));

    m_colorScale = new QCPColorScale(this);
    plotLayout()->addElement(1, 1, m_colorScale);
    m_colorScale->setType(QCPAxis::atRight);
    m_colorScale->setGradient(viridisGradient());
    m_colorScale->setDataRange(QCPRange(0.0, 1.0));
    m_colorScale->axis()->setLabel(tr("weight"));
    m_colorScale->setBarWidth(14);
    m_colorMap->setColorScale(m_colorScale);
    // Keep the colour scale as tall as the map.
    auto *group = new QCPMarginGroup(this);
    axisRect()->setMarginGroup(QCP::msTop | QCP::msBottom, group);
    m_colorScale->setMarginGroup(QCP::msTop | QCP::msBottom, group);

    for (QCPAxis *axis : {xAxis, yAxis}) {
        axis->grid()->setVisible(false);
        axis->setSubTicks(false);
        axis->setTickLength(0, 3);
        axis->setTickLabelFont(QFont(font().family(), 10));
    }
    yAxis->setRangeReversed(true); // query 0 on top, as in the matrix A

    m_selectionRect = new QCPItemRect(this);
    m_selectionRect->setPen(QPen(QColor(0xe4, 0x57, 0x2e), 3));
    m_selectionRect->setBrush(Qt::NoBrush);
    m_selectionRect->setVisible(false);
    clear();
}

void HeatmapPlot::clear()
{
    setHead(HeadTrace{}, {}, {});
}

void HeatmapPlot::setTitle(const QString &title)
{
    m_title->setText(title);
}

QString HeatmapPlot::title() const
{
    return m_title->text();
}

void HeatmapPlot::setHead(const HeadTrace &head, const QStringList &queryLabels, const QStringList &keyLabels)
{
    m_weights = head.weights;
    m_logits = head.logits;
    m_visible = head.visible;
    const int nq = queryCount();
    const int nk = keyCount();
    m_queryLabels.clear();
    m_keyLabels.clear();
    for (int i = 0; i < nq; ++i)
        m_queryLabels << (i < queryLabels.size() ? queryLabels.at(i) : QStringLiteral("q%1").arg(i + 1));
    for (int j = 0; j < nk; ++j)
        m_keyLabels << (j < keyLabels.size() ? keyLabels.at(j) : QStringLiteral("k%1").arg(j + 1));

    // Rows that see no key are marked on the axis: "⊘ she".
    QStringList rowTicks = m_queryLabels;
    bool anyFullyMasked = false;
    for (int i = 0; i < nq; ++i) {
        if (m_visible.rows() == nq && nk > 0 && !m_visible.row(i).any()) {
            rowTicks[i] = QStringLiteral("⊘ ") + rowTicks[i];
            anyFullyMasked = true;
        }
    }

    QCPColorMapData *data = m_colorMap->data();
    data->setSize(std::max(nk, 1), std::max(nq, 1));
    data->setRange(cellRange(std::max(nk, 1)), cellRange(std::max(nq, 1)));
    data->fill(std::nan(""));
    m_colorMap->texts.clear();
    m_colorMap->rows = nq;
    m_colorMap->columns = nk;
    for (int i = 0; i < nq; ++i) {
        for (int j = 0; j < nk; ++j) {
            data->setCell(j, i, colorMapData(i, j));
            m_colorMap->texts << cellText(i, j);
        }
    }
    m_colorMap->setVisible(nq > 0 && nk > 0);

    setTokenTicks(xAxis, m_keyLabels, true);
    setTokenTicks(yAxis, rowTicks, false);
    xAxis->setLabel(tr("keys (n_k = %1)").arg(nk));
    yAxis->setLabel(anyFullyMasked ? tr("queries (n_q = %1; ⊘ sees no key)").arg(nq)
                                   : tr("queries (n_q = %1)").arg(nq));
    xAxis->setRange(-0.5, std::max(nk, 1) - 0.5);
    yAxis->setRange(-0.5, std::max(nq, 1) - 0.5);
    updateSelectionRect();
    replot(QCustomPlot::rpQueuedReplot);
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
    m_selectionRect->bottomRight->setCoords(keyCount() - 0.5, m_selectedQuery + 0.5);
}

double HeatmapPlot::colorMapData(int row, int column) const
{
    if (row < 0 || column < 0 || row >= queryCount() || column >= keyCount()) return std::nan("");
    if (m_visible.rows() == m_weights.rows() && m_visible.cols() == m_weights.cols() &&
        !m_visible(row, column))
        return std::nan("");
    return m_weights(row, column);
}

QString HeatmapPlot::cellText(int row, int column) const
{
    const double value = colorMapData(row, column);
    if (std::isnan(value)) return QStringLiteral("—");
    return QString::number(value, 'f', 3);
}

QString HeatmapPlot::cellToolTip(int row, int column) const
{
    if (row < 0 || column < 0 || row >= queryCount() || column >= keyCount()) return {};
    const bool masked = std::isnan(colorMapData(row, column));
    QString text = tr("query “%1” → key “%2”").arg(m_queryLabels.at(row), m_keyLabels.at(column));
    text += QLatin1Char('\n') + tr("weight %1").arg(QString::number(m_weights(row, column), 'f', 6));
    if (row < m_logits.rows() && column < m_logits.cols())
        text += QLatin1Char('\n') + tr("logit %1").arg(QString::number(m_logits(row, column), 'f', 6));
    if (masked) text += QLatin1Char('\n') + tr("masked: this key is not visible to this query");
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

bool HeatmapPlot::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        int row = 0;
        int column = 0;
        if (cellAt(help->pos(), &row, &column))
            QToolTip::showText(help->globalPos(), cellToolTip(row, column), this);
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
