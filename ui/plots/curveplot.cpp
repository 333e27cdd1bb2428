#include "ui/plots/curveplot.h"

#include "ui/base/appsettings.h"
#include "ui/base/numbertext.h"
#include "ui/plots/plotlayout.h"

#include <QHelpEvent>
#include <QToolTip>

#include <cmath>

namespace attn::ui {

CurvePlot::CurvePlot(QWidget *parent) : QCustomPlot(parent)
{
    QCPLayoutGrid *grid = startTitledFigure(this, &m_title);
    m_rect = new QCPAxisRect(this);
    grid->addElement(0, 0, m_rect);
    for (QCPAxis *axis : m_rect->axes()) axis->grid()->setPen(QPen(QColor(0xe4, 0xe4, 0xe4), 0));
    m_legend = new QCPLegend;
    m_rect->insetLayout()->addElement(m_legend, Qt::AlignVCenter | Qt::AlignRight);
    m_legend->setLayer(QStringLiteral("legend"));
    m_legend->setBrush(QColor(255, 255, 255, 220));
    m_legend->setBorderPen(QPen(QColor(0xcc, 0xcc, 0xcc)));
    m_rect->axis(QCPAxis::atLeft)->setRange(0, 1);
    m_rect->axis(QCPAxis::atRight)->setRange(0, 1);
    m_rect->axis(QCPAxis::atBottom)->setRange(0, 1);
    connect(&AppSettings::instance(), &AppSettings::presentationModeChanged, this,
            &CurvePlot::applyTextScale);
    applyTextScale();
}

void CurvePlot::applyTextScale()
{
    // Fixed point sizes rather than the widget's font, so that text drawn before and after a change
    // of the application's font agrees with the margins laid out for it.
    const double k = AppSettings::instance().figureTextScale();
    const QString family = font().family();
    m_title->setFont(QFont(family, qRound(11 * k), QFont::Bold));
    for (QCPAxis *axis : m_rect->axes()) {
        axis->setTickLabelFont(QFont(family, qRound(9 * k)));
        axis->setLabelFont(QFont(family, qRound(9 * k)));
    }
    m_legend->setFont(QFont(family, qRound(7 * k)));
    // Fewer step ticks in large text: "100150200" would run together.
    m_rect->axis(QCPAxis::atBottom)->ticker()->setTickCount(k > 1 ? 3 : 5);
    for (int i = 0; i < m_legend->itemCount(); ++i) m_legend->item(i)->setFont(m_legend->font());
    replot(rpQueuedReplot);
}

CurvePlot::~CurvePlot() = default;

void CurvePlot::setTitle(const QString &title)
{
    m_title->setText(title);
    replot(rpQueuedReplot);
}

QString CurvePlot::title() const
{
    return m_title->text();
}

void CurvePlot::setLabels(const QString &xLabel, const QString &leftLabel, const QString &rightLabel)
{
    m_rect->axis(QCPAxis::atBottom)->setLabel(xLabel);
    m_rect->axis(QCPAxis::atLeft)->setLabel(leftLabel);
    m_rect->axis(QCPAxis::atRight)->setLabel(rightLabel);
    m_rect->axis(QCPAxis::atRight)->setVisible(!rightLabel.isEmpty());
    replot(rpQueuedReplot);
}

void CurvePlot::setCurves(const std::vector<CurveData> &curves, double leftTop, double rightTop)
{
    clearGraphs();
    m_legend->clearItems();
    double top = leftTop;
    for (const CurveData &c : curves) {
        QCPGraph *g = addGraph(m_rect->axis(QCPAxis::atBottom),
                               m_rect->axis(c.rightAxis ? QCPAxis::atRight : QCPAxis::atLeft));
        g->setName(c.name);
        g->setPen(QPen(c.color, c.width, c.style));
        if (c.markers) g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, c.color, Qt::white, 7));
        g->setData(QVector<double>(c.x.begin(), c.x.end()), QVector<double>(c.y.begin(), c.y.end()), true);
        g->addToLegend(m_legend);
        if (!c.rightAxis)
            for (double v : c.y)
                if (std::isfinite(v)) top = std::max(top, v);
    }
    m_legend->setVisible(!curves.empty());
    m_rect->axis(QCPAxis::atLeft)->setRange(0, top * 1.04);
    m_rect->axis(QCPAxis::atRight)->setRange(0, rightTop * 1.04);
    replot(rpQueuedReplot);
}

void CurvePlot::setLegendCorner(Qt::Alignment where)
{
    m_rect->insetLayout()->setInsetAlignment(0, where);
    replot(rpQueuedReplot);
}

void CurvePlot::setXRange(double lo, double hi)
{
    m_rect->axis(QCPAxis::atBottom)->setRange(lo, std::max(hi, lo + 1e-9));
    replot(rpQueuedReplot);
}

void CurvePlot::setXTicks(const std::vector<double> &ticks)
{
    QCPAxis *x = m_rect->axis(QCPAxis::atBottom);
    if (ticks.empty()) {
        QSharedPointer<QCPAxisTicker> automatic(new QCPAxisTicker);
        automatic->setTickCount(AppSettings::instance().figureTextScale() > 1 ? 3 : 5);
        x->setTicker(automatic);
    } else {
        QSharedPointer<QCPAxisTickerFixed> fixed(new QCPAxisTickerFixed);
        // The measured x values are evenly spaced (the view's lengths): one tick each.
        fixed->setTickStep(ticks.size() > 1 ? ticks[1] - ticks[0] : 1.0);
        fixed->setScaleStrategy(QCPAxisTickerFixed::ssNone);
        x->setTicker(fixed);
    }
    replot(rpQueuedReplot);
}

QString CurvePlot::toolTipAt(const QPoint &pos) const
{
    QString best;
    double bestDistance = 12; // pixels
    for (int g = 0; g < graphCount(); ++g) {
        QCPGraph *graph = this->graph(g);
        if (graph->data()->isEmpty() || !m_rect->rect().contains(pos)) continue;
        const double key = graph->keyAxis()->pixelToCoord(pos.x());
        auto it = graph->data()->findBegin(key, true);
        for (int k = 0; k < 2 && it != graph->data()->constEnd(); ++k, ++it) {
            if (!std::isfinite(it->value)) continue;
            const QPointF at(graph->keyAxis()->coordToPixel(it->key),
                             graph->valueAxis()->coordToPixel(it->value));
            const double d = std::hypot(at.x() - pos.x(), at.y() - pos.y());
            if (d < bestDistance) {
                bestDistance = d;
                best = tr("%1 at %2 %3: %4")
                           .arg(graph->name(), m_rect->axis(QCPAxis::atBottom)->label())
                           .arg(it->key)
                           .arg(exactNumber(it->value));
            }
        }
    }
    return best;
}

bool CurvePlot::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QCustomPlot::event(event);
}

} // namespace attn::ui
