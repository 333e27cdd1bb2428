#include "ui/plots/baselinesplot.h"

#include "ui/base/appsettings.h"
#include "ui/base/numbertext.h"
#include "ui/plots/colorbar.h"
#include "ui/plots/plotexport.h"
#include "ui/plots/plotlayout.h"
#include "ui/plots/tokenticks.h"
#include "ui/plots/vectorcolormap.h"
#include "ui/plots/viridis.h"

#include <QHelpEvent>
#include <QToolTip>

#include <QFontMetricsF>

#include <algorithm>
#include <array>
#include <cmath>

namespace attn::ui {

namespace {

constexpr int kMaxLabelledCells = 64;  // cells get their value written on them up to this many
constexpr double kCellFontScale = 0.8; // the largest cell font, relative to the plot's
constexpr double kMinCellPoints = 6.5; // below this the values are dropped (tooltips remain)

/// Blue (negative) – white (0) – red (positive), the usual diverging scale for signed values.
QCPColorGradient signedGradient()
{
    QCPColorGradient g;
    g.clearColorStops();
    g.setColorStopAt(0.0, QColor(0x21, 0x66, 0xac));
    g.setColorStopAt(0.25, QColor(0x92, 0xc5, 0xde));
    g.setColorStopAt(0.5, QColor(0xf7, 0xf7, 0xf7));
    g.setColorStopAt(0.75, QColor(0xf4, 0xa5, 0x82));
    g.setColorStopAt(1.0, QColor(0xb2, 0x18, 0x2b));
    g.setNanHandling(QCPColorGradient::nhNanColor);
    g.setNanColor(maskedColor());
    return g;
}

void styleRect(QCPAxisRect *rect)
{
    for (QCPAxis *axis : {rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft)}) {
        axis->grid()->setVisible(false);
        axis->setTickLength(0, 0);
        axis->setSubTicks(false);
    }
    rect->axis(QCPAxis::atLeft)->setRangeReversed(true); // token 0 on top
}

QSharedPointer<QCPAxisTickerText> ticks(const QStringList &labels)
{
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (int i = 0; i < labels.size(); ++i) ticker->addTick(i, labels[i]);
    return ticker;
}

} // namespace

BaselinesPlot::BaselinesPlot(QWidget *parent) : QCustomPlot(parent)
{
    QCPLayoutGrid *grid = startTitledFigure(this, &m_title);
    m_grid = grid;
    QFont headerFont = font();
    headerFont.setBold(true);
    QFont noteFont = font();
    noteFont.setPointSizeF(noteFont.pointSizeF() * 0.9);
    for (int p = 0; p < BaselinesFigure::kPanels; ++p) {
        auto *group = new QCPMarginGroup(this); // the two maps of a column line up
        Panel &panel = m_panels[static_cast<std::size_t>(p)];
        panel.header = new QCPTextElement(this, QString(), headerFont);
        panel.outputRect = new QCPAxisRect(this);
        panel.mixingRect = new QCPAxisRect(this);
        panel.note = new QCPTextElement(this, QString(), noteFont);
        panel.note->setTextFlags(Qt::AlignHCenter | Qt::AlignTop);
        for (QCPAxisRect *rect : {panel.outputRect, panel.mixingRect}) {
            styleRect(rect);
            rect->setMarginGroup(QCP::msLeft | QCP::msRight, group);
        }
        grid->addElement(0, p, panel.header);
        grid->addElement(1, p, panel.outputRect);
        grid->addElement(2, p, panel.mixingRect);
        grid->addElement(3, p, panel.note);
        panel.outputMap = new VectorColorMap(panel.outputRect->axis(QCPAxis::atBottom),
                                             panel.outputRect->axis(QCPAxis::atLeft));
        panel.mixingMap = new VectorColorMap(panel.mixingRect->axis(QCPAxis::atBottom),
                                             panel.mixingRect->axis(QCPAxis::atLeft));
        panel.outputMap->setGradient(signedGradient());
        panel.outputMap->setInterpolate(false);
        panel.mixingMap->setGradient(currentGradient());
        panel.mixingMap->setInterpolate(false);
        panel.mixingMap->setDataRange(QCPRange(0, 1));
    }
    for (int p = 1; p < BaselinesFigure::kPanels; ++p) // the rows are the same tokens in every panel
        for (QCPAxisRect *rect : {m_panels[std::size_t(p)].outputRect, m_panels[std::size_t(p)].mixingRect})
            rect->axis(QCPAxis::atLeft)->setTickLabels(false);
    m_outputScale = new ColorBar(this);
    m_outputScale->setGradient(signedGradient());
    m_mixingScale = new ColorBar(this);
    m_mixingScale->setGradient(currentGradient());
    m_mixingScale->setDataRange(QCPRange(0, 1));
    grid->addElement(1, BaselinesFigure::kPanels, m_outputScale);
    grid->addElement(2, BaselinesFigure::kPanels, m_mixingScale);
    connect(&AppSettings::instance(), &AppSettings::colorMapChanged, this, [this] {
        for (Panel &panel : m_panels) panel.mixingMap->setGradient(currentGradient());
        m_mixingScale->setGradient(currentGradient());
        setFigure(BaselinesFigure(m_figure)); // the cell labels' colours follow the map
    });
    grid->setRowStretchFactors({0.01, 1.0, 1.0, 0.01});
    // Which cell labels fit depends on the widths of the last layout.
    connect(this, &QCustomPlot::afterReplot, this, [this] {
        bool changed = balanceColumns();
        changed = fitCellLabels() || changed;
        for (const Panel &panel : m_panels)
            if (panel.mixingMap->visible())
                changed = setTokenTicks(panel.mixingRect->axis(QCPAxis::atBottom), m_figure.tokens, true) ||
                          changed;
        if (changed) replot(rpQueuedReplot);
    });
    grid->setColumnStretchFactors({1.7, 1.0, 1.0, 1.0, 0.01}); // the first column also holds the token labels
    m_points = font().pointSizeF();
}

BaselinesPlot::~BaselinesPlot() = default;

void BaselinesPlot::fillMap(QCPColorMap *map, QCPAxisRect *rect, const Matrix &values, bool mixing)
{
    QCPAxis *x = rect->axis(QCPAxis::atBottom);
    QCPAxis *y = rect->axis(QCPAxis::atLeft);
    const int rows = static_cast<int>(values.rows());
    const int cols = static_cast<int>(values.cols());
    map->data()->clear();
    if (rows == 0 || cols == 0) {
        map->setVisible(false);
        x->setTicker(ticks({}));
        y->setTicker(ticks({}));
        x->setRange(0, 1);
        y->setRange(0, 1);
        return;
    }
    map->setVisible(true);
    map->data()->setSize(cols, rows);
    map->data()->setRange(QCPRange(0, cols - 1), QCPRange(0, rows - 1));
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) map->data()->setCell(c, r, values(r, c));
    if (!mixing) map->setDataRange(QCPRange(-m_outputRange, m_outputRange));
    x->setRange(-0.5, cols - 0.5);
    y->setRange(-0.5, rows - 0.5);
    QStringList features;
    for (int c = 0; c < cols; ++c) features << QString::number(c);
    if (mixing)
        setTokenTicks(x, m_figure.tokens, true); // thinned and rotated when they do not fit
    else
        x->setTicker(ticks(features));
    y->setTicker(ticks(m_figure.tokens));
    if (rows * cols > kMaxLabelledCells) return;
    QFont cellFont = font();
    cellFont.setPointSizeF(m_points * kCellFontScale);
    m_cellLabels.push_back({rect, cols, rows, mixing, {}});
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            const double v = values(r, c);
            const QColor background =
                mixing ? currentMapColor(v) : map->gradient().color(v, map->dataRange(), false);
            auto *label = new QCPItemText(this);
            label->setClipAxisRect(rect);
            label->position->setAxes(x, y);
            label->position->setCoords(c, r);
            label->setFont(cellFont);
            label->setColor(contrastingTextColor(background));
            // Weights with two decimals, so that a row of six still fits (at three the values of five
            // tokens no longer fit a 1100-pixel window); the tooltip is exact.
            label->setText(mixing ? (v == 0 ? QStringLiteral("·") : QString::number(v, 'f', 2))
                                  : compactNumber(v));
            m_cellLabels.back().labels << label;
        }
}

void BaselinesPlot::setFigure(const BaselinesFigure &figure)
{
    m_figure = figure;
    m_title->setText(figure.title);
    clearItems();
    m_cellLabels.clear();
    m_noMixingLabels.clear();
    double high = 0;
    for (const Matrix &m : figure.outputs)
        for (Index i = 0; i < m.size(); ++i)
            if (std::isfinite(m.data()[i])) high = std::max(high, std::abs(m.data()[i]));
    m_outputRange = std::max(high, 1e-9);
    m_outputScale->setDataRange(QCPRange(-m_outputRange, m_outputRange));
    for (int p = 0; p < BaselinesFigure::kPanels; ++p) {
        Panel &panel = m_panels[static_cast<std::size_t>(p)];
        const bool selected = p == figure.selected;
        panel.header->setTextColor(selected ? QColor(0xb2, 0x18, 0x2b) : Qt::black);
        fillMap(panel.outputMap, panel.outputRect, figure.outputs[std::size_t(p)], false);
        const Matrix &mixing = figure.mixing[std::size_t(p)];
        fillMap(panel.mixingMap, panel.mixingRect, mixing, true);
        // The names View → Show as table captions the maps with.
        const QString method = QString(figure.names[std::size_t(p)]).section(QLatin1Char('\n'), 0, 0);
        panel.outputMap->setName(tr("%1: output").arg(method));
        panel.mixingMap->setName(tr("%1: mixing weights").arg(method));
        if (mixing.size() == 0 && !figure.noMixingText.isEmpty()) {
            auto *text = new QCPItemText(this);
            text->setClipAxisRect(panel.mixingRect);
            text->position->setType(QCPItemPosition::ptAxisRectRatio);
            text->position->setAxisRect(panel.mixingRect);
            text->position->setCoords(0.5, 0.5);
            text->setText(figure.noMixingText);
            text->setColor(QColor(0x55, 0x55, 0x55));
            m_noMixingLabels << text;
        }
        const QPen frame(selected ? QColor(0xb2, 0x18, 0x2b) : QColor(0x99, 0x99, 0x99), selected ? 2.5 : 1);
        for (QCPAxisRect *rect : {panel.outputRect, panel.mixingRect}) {
            for (QCPAxis *axis : rect->axes()) {
                axis->setBasePen(frame);
                axis->setVisible(true);
            }
            rect->axis(QCPAxis::atTop)->setTickLabels(false);
            rect->axis(QCPAxis::atRight)->setTickLabels(false);
            rect->axis(QCPAxis::atTop)->setTicks(false);
            rect->axis(QCPAxis::atRight)->setTicks(false);
        }
    }
    applyFit();
    fitCellLabels();
    replot(rpQueuedReplot);
}

void BaselinesPlot::fitTo(QSize size)
{
    const PlotFit fit = plotFitFor(size);
    m_compact = fit.compact;
    m_points = m_compact ? 6.5 : font().pointSizeF() * fit.scale;
    applyFit();
}

void BaselinesPlot::applyFit()
{
    const QString family = font().family();
    const auto sized = [&](double factor, bool bold = false) {
        return pointFont(family, m_points * factor, bold);
    };
    m_title->setFont(sized(1.2, true));
    for (int p = 0; p < BaselinesFigure::kPanels; ++p) {
        Panel &panel = m_panels[static_cast<std::size_t>(p)];
        QString name = m_figure.names[std::size_t(p)];
        if (m_compact) name = name.section(QLatin1Char('\n'), 0, 0); // the method's name only
        // The selected one is red; the arrow too where there is room for it.
        panel.header->setText(p == m_figure.selected && !m_compact ? QStringLiteral("▶ ") + name : name);
        panel.header->setFont(sized(m_compact ? 0.9 : 1.0, true));
        panel.note->setText(m_compact ? QString() : m_figure.notes[std::size_t(p)]);
        panel.note->setFont(sized(0.9));
        for (QCPAxisRect *rect : {panel.outputRect, panel.mixingRect})
            for (QCPAxis *axis : {rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft)}) {
                axis->setTickLabelFont(sized(m_compact ? 0.9 : 1.0));
                axis->setLabelFont(sized(1.0));
            }
        panel.outputRect->axis(QCPAxis::atBottom)->setLabel(m_compact ? QString() : tr("feature"));
        panel.mixingRect->axis(QCPAxis::atBottom)->setLabel(m_compact ? QString() : tr("input token"));
    }
    for (QCPAxisRect *rect : {m_panels[0].outputRect, m_panels[0].mixingRect})
        rect->axis(QCPAxis::atLeft)->setLabel(m_compact ? QString() : tr("output of token"));
    m_outputScale->setLabel(m_compact ? QString() : tr("output value"));
    m_mixingScale->setLabel(m_compact ? QString() : tr("mixing weight"));
    for (ColorBar *scale : {m_outputScale, m_mixingScale}) {
        scale->axis()->setTickLabelFont(sized(m_compact ? 0.9 : 1.0));
        scale->axis()->setLabelFont(sized(1.0));
        scale->setBarWidth(m_compact ? 8 : static_cast<int>(std::lround(m_points * 1.6)));
    }
    for (const CellLabels &map : m_cellLabels)
        for (QCPItemText *label : map.labels) label->setFont(sized(kCellFontScale));
    for (QCPItemText *text : m_noMixingLabels) {
        text->setFont(sized(0.85));
        text->setText(m_compact ? tr("no weights") : m_figure.noMixingText);
    }
}

void BaselinesPlot::resizeEvent(QResizeEvent *event)
{
    QCustomPlot::resizeEvent(event);
    fitTo(size());
}

void BaselinesPlot::changeEvent(QEvent *event)
{
    QCustomPlot::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        fitTo(size());
        replot(rpQueuedReplot);
    }
}

bool BaselinesPlot::fitCellLabels()
{
    bool changed = false;
    for (const bool mixing : {false, true}) {
        double cellWidth = 1e9, cellHeight = 1e9;
        QStringList texts;
        bool laidOut = true;
        for (const CellLabels &map : m_cellLabels) {
            if (map.mixing != mixing || map.labels.isEmpty()) continue;
            laidOut = laidOut && map.rect->width() > 0;
            cellWidth = std::min(cellWidth, double(map.rect->width()) / map.columns);
            cellHeight = std::min(cellHeight, double(map.rect->height()) / map.rows);
            for (const QCPItemText *label : map.labels) texts << label->text();
        }
        if (texts.isEmpty()) continue;
        const double largest = m_points * kCellFontScale;
        double points = laidOut ? 0.0 : largest; // before the first layout: the largest
        for (double p = largest; laidOut && p >= kMinCellPoints - 1e-9; p -= 0.5) {
            QFont f = font();
            f.setPointSizeF(p);
            const QFontMetricsF metrics(f);
            double widest = 0;
            for (const QString &text : texts) widest = std::max(widest, metrics.horizontalAdvance(text));
            // A margin of at least one average character across, so a value never touches the edge.
            if (widest + std::max(4.0, metrics.averageCharWidth()) <= cellWidth &&
                metrics.height() + 2 <= cellHeight) {
                points = p;
                break;
            }
        }
        for (const CellLabels &map : m_cellLabels) {
            if (map.mixing != mixing) continue;
            for (QCPItemText *label : map.labels) {
                const bool show = points > 0;
                changed = changed || label->visible() != show;
                label->setVisible(show);
                if (show && std::abs(label->font().pointSizeF() - points) > 1e-6) {
                    QFont f = label->font();
                    f.setPointSizeF(points);
                    label->setFont(f);
                    changed = true;
                }
            }
        }
    }
    return changed;
}

bool BaselinesPlot::balanceColumns()
{
    constexpr int n = BaselinesFigure::kPanels;
    std::array<double, n> margins{};
    std::array<double, n> inner{};
    double total = 0, marginSum = 0;
    for (int p = 0; p < n; ++p) {
        const QCPAxisRect *rect = m_panels[std::size_t(p)].mixingRect;
        inner[std::size_t(p)] = rect->rect().width();
        if (inner[std::size_t(p)] <= 0) return false;
        margins[std::size_t(p)] = rect->outerRect().width() - inner[std::size_t(p)];
        total += rect->outerRect().width();
        marginSum += margins[std::size_t(p)];
    }
    const double share = (total - marginSum) / n;
    bool unequal = false;
    for (int p = 0; p < n; ++p) unequal = unequal || std::abs(inner[std::size_t(p)] - share) > 1.5;
    if (!unequal || share <= 0) return false;
    QList<double> factors;
    for (int p = 0; p < n; ++p) factors << (share + margins[std::size_t(p)]) / total;
    factors << 0.01; // the colour scales keep their minimum width
    m_grid->setColumnStretchFactors(factors);
    return true;
}

QString BaselinesPlot::cellToolTip(int panel, bool mixing, int row, int column) const
{
    if (panel < 0 || panel >= BaselinesFigure::kPanels) return {};
    const Matrix &m = mixing ? m_figure.mixing[std::size_t(panel)] : m_figure.outputs[std::size_t(panel)];
    if (row < 0 || column < 0 || row >= m.rows() || column >= m.cols()) return {};
    const QString name =
        QString(m_figure.names[std::size_t(panel)]).replace(QLatin1Char('\n'), QStringLiteral(", "));
    const QString token = m_figure.tokens.value(row);
    if (mixing)
        return tr("%1: output of “%2” takes %3 of input token “%4”")
            .arg(name, token, exactNumber(m(row, column)), m_figure.tokens.value(column));
    return tr("%1: output of “%2”, feature %3 = %4")
        .arg(name, token)
        .arg(column)
        .arg(exactNumber(m(row, column)));
}

bool BaselinesPlot::exportTo(const QString &path, const QString &format, QSize size, QString *error)
{
    // Settle what depends on the size (equal map widths, then ticks and cell values) before
    // exportPlot's own two layouts at that size.
    fitTo(size);
    const QRect viewport = this->viewport();
    setViewport(QRect(QPoint(0, 0), size));
    for (int pass = 0; pass < 2; ++pass) replot(rpImmediateRefresh);
    setViewport(viewport);
    const bool ok = exportPlot(this, path, format, size, error);
    fitTo(this->size());
    replot(rpQueuedReplot);
    return ok;
}

bool BaselinesPlot::event(QEvent *event)
{
    if (event->type() != QEvent::ToolTip) return QCustomPlot::event(event);
    const auto *help = static_cast<QHelpEvent *>(event);
    QString text;
    for (int p = 0; p < BaselinesFigure::kPanels; ++p) {
        const Panel &panel = m_panels[std::size_t(p)];
        for (const bool mixing : {false, true}) {
            QCPAxisRect *rect = mixing ? panel.mixingRect : panel.outputRect;
            if (!rect->rect().contains(help->pos())) continue;
            const int column =
                static_cast<int>(std::lround(rect->axis(QCPAxis::atBottom)->pixelToCoord(help->pos().x())));
            const int row =
                static_cast<int>(std::lround(rect->axis(QCPAxis::atLeft)->pixelToCoord(help->pos().y())));
            text = cellToolTip(p, mixing, row, column);
        }
    }
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(help->globalPos(), text, this);
    return true;
}

} // namespace attn::ui
