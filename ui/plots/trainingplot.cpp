#include "ui/plots/trainingplot.h"

#include "ui/base/numbertext.h"
#include "ui/plots/plotlayout.h"

#include <QHelpEvent>
#include <QToolTip>

#include <cmath>

namespace attn::ui {

namespace {

const QColor kTrainColor(0x9a, 0xb8, 0xd0);
const QColor kHeldOutColor(0x1b, 0x6c, 0x8c);
const QColor kAccuracyColor(0xd9, 0x5f, 0x02);

QCPAxisRect *newRect(QCustomPlot *plot, const QString &xLabel, const QString &yLabel)
{
    auto *rect = new QCPAxisRect(plot);
    rect->axis(QCPAxis::atBottom)->setLabel(xLabel);
    rect->axis(QCPAxis::atLeft)->setLabel(yLabel);
    for (QCPAxis *axis : rect->axes()) axis->grid()->setPen(QPen(QColor(0xe4, 0xe4, 0xe4), 0));
    return rect;
}

QCPLegend *newLegend(QCPAxisRect *rect, Qt::Alignment where)
{
    auto *legend = new QCPLegend;
    rect->insetLayout()->addElement(legend, where);
    legend->setLayer(QStringLiteral("legend"));
    legend->setBrush(QColor(255, 255, 255, 220));
    legend->setBorderPen(QPen(QColor(0xcc, 0xcc, 0xcc)));
    QFont font = legend->font();
    font.setPointSizeF(font.pointSizeF() * 0.85);
    legend->setFont(font);
    return legend;
}

QCPItemStraightLine *newMarker(QCustomPlot *plot, QCPAxisRect *rect)
{
    auto *line = new QCPItemStraightLine(plot);
    line->setClipAxisRect(rect);
    line->setPen(QPen(Qt::black, 1, Qt::DotLine));
    for (QCPItemPosition *p : {line->point1, line->point2})
        p->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    line->setVisible(false);
    return line;
}

void setCurve(QCPGraph *graph, const TrainingCurve &curve)
{
    QVector<double> x(curve.steps.begin(), curve.steps.end());
    QVector<double> y(curve.values.begin(), curve.values.end());
    graph->setData(x, y, true);
}

} // namespace

QColor TrainingPlot::headColor(int head)
{
    static const QColor colors[] = {QColor(0x1b, 0x9e, 0x77), QColor(0xd9, 0x5f, 0x02),
                                    QColor(0x75, 0x70, 0xb3), QColor(0xe7, 0x29, 0x8a),
                                    QColor(0x66, 0xa6, 0x1e), QColor(0xe6, 0xab, 0x02),
                                    QColor(0xa6, 0x76, 0x1d), QColor(0x55, 0x55, 0x55)};
    return colors[head % 8];
}

TrainingPlot::TrainingPlot(QWidget *parent) : QCustomPlot(parent)
{
    QCPLayoutGrid *grid = startTitledFigure(this, &m_title);
    m_title->setText(tr("Loss and accuracy"));
    m_lossRect = newRect(this, tr("training step"), tr("loss (nats)"));
    m_rolesRect = newRect(this, tr("training step"), tr("score"));
    // Stacked: the view gives the curves a tall, narrow pane beside the heads.
    grid->addElement(0, 0, m_lossRect);
    m_rolesTitle = new QCPTextElement(this, QString(), font());
    grid->addElement(1, 0, m_rolesTitle);
    grid->addElement(2, 0, m_rolesRect);
    grid->setRowStretchFactors({1.0, 0.01, 1.0});

    QCPAxis *steps = m_lossRect->axis(QCPAxis::atBottom);
    QCPAxis *loss = m_lossRect->axis(QCPAxis::atLeft);
    QCPAxis *accuracy = m_lossRect->axis(QCPAxis::atRight);
    accuracy->setVisible(true);
    accuracy->setLabel(tr("accuracy"));
    accuracy->setRange(0, 1.02);
    QCPLegend *legend = newLegend(m_lossRect, Qt::AlignVCenter | Qt::AlignRight);
    m_trainLoss = addGraph(steps, loss);
    m_trainLoss->setPen(QPen(kTrainColor, 1));
    m_trainLoss->setName(tr("train loss"));
    m_heldOutLoss = addGraph(steps, loss);
    m_heldOutLoss->setPen(QPen(kHeldOutColor, 2.5));
    m_heldOutLoss->setName(tr("held-out loss"));
    m_trainAccuracy = addGraph(steps, accuracy);
    m_trainAccuracy->setPen(QPen(kAccuracyColor.lighter(150), 1, Qt::DashLine));
    m_trainAccuracy->setName(tr("train accuracy"));
    m_heldOutAccuracy = addGraph(steps, accuracy);
    m_heldOutAccuracy->setPen(QPen(kAccuracyColor, 2.5, Qt::DashLine));
    m_heldOutAccuracy->setName(tr("held-out accuracy"));
    for (QCPGraph *g : {m_trainLoss, m_heldOutLoss, m_trainAccuracy, m_heldOutAccuracy})
        g->addToLegend(legend);

    m_rolesRect->axis(QCPAxis::atLeft)->setRange(0, 1.02);
    m_lossLine = newMarker(this, m_lossRect);
    m_rolesLine = newMarker(this, m_rolesRect);
    setStepRange(1);
}

TrainingPlot::~TrainingPlot() = default;

void TrainingPlot::setLoss(const TrainingCurve &trainLoss, const TrainingCurve &heldOutLoss,
                           const TrainingCurve &trainAccuracy, const TrainingCurve &heldOutAccuracy)
{
    setCurve(m_trainLoss, trainLoss);
    setCurve(m_heldOutLoss, heldOutLoss);
    setCurve(m_trainAccuracy, trainAccuracy);
    setCurve(m_heldOutAccuracy, heldOutAccuracy);
    double top = 1;
    for (const TrainingCurve *c : {&trainLoss, &heldOutLoss})
        for (double v : c->values)
            if (std::isfinite(v)) top = std::max(top, v);
    m_lossRect->axis(QCPAxis::atLeft)->setRange(0, top * 1.05);
    replot(rpQueuedReplot);
}

void TrainingPlot::setRoles(const QString &role, const std::vector<TrainingCurve> &curves, int heads,
                            double top)
{
    static const Qt::PenStyle styles[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine};
    while (m_roles.size() > curves.size()) {
        removeGraph(m_roles.back());
        m_roles.pop_back();
    }
    while (m_roles.size() < curves.size())
        m_roles.push_back(addGraph(m_rolesRect->axis(QCPAxis::atBottom), m_rolesRect->axis(QCPAxis::atLeft)));
    for (std::size_t i = 0; i < curves.size(); ++i) {
        const int layer = heads > 0 ? int(i) / heads : 0;
        const int head = heads > 0 ? int(i) % heads : 0;
        m_roles[i]->setPen(QPen(headColor(head), 2, styles[layer % 4]));
        m_roles[i]->setName(curves[i].name);
        setCurve(m_roles[i], curves[i]);
    }
    // No legend over the curves: the heads' captions in the grid have the same colours.
    m_rolesTitle->setText(tr("%1 score of each head (colour: head; line: layer)").arg(role));
    m_rolesRect->axis(QCPAxis::atLeft)->setLabel(role);
    m_rolesRect->axis(QCPAxis::atLeft)->setRange(0, top * 1.02);
    replot(rpQueuedReplot);
}

void TrainingPlot::setStepRange(int lastStep)
{
    for (QCPAxisRect *rect : {m_lossRect, m_rolesRect})
        rect->axis(QCPAxis::atBottom)->setRange(0, std::max(1, lastStep));
    replot(rpQueuedReplot);
}

void TrainingPlot::setMarker(int step)
{
    m_marker = step;
    for (QCPItemStraightLine *line : {m_lossLine, m_rolesLine}) {
        line->setVisible(step >= 0);
        line->point1->setCoords(step, 0);
        line->point2->setCoords(step, 1);
    }
    replot(rpQueuedReplot);
}

QString TrainingPlot::toolTipAt(const QPoint &pos) const
{
    QString best;
    double bestDistance = 12; // pixels
    for (int g = 0; g < graphCount(); ++g) {
        QCPGraph *graph = this->graph(g);
        if (graph->data()->isEmpty() || !graph->keyAxis()->axisRect()->rect().contains(pos)) continue;
        const double key = graph->keyAxis()->pixelToCoord(pos.x());
        auto it = graph->data()->findBegin(key, true);
        for (int k = 0; k < 2 && it != graph->data()->constEnd(); ++k, ++it) {
            if (!std::isfinite(it->value)) continue;
            const QPointF at(graph->keyAxis()->coordToPixel(it->key),
                             graph->valueAxis()->coordToPixel(it->value));
            const double d = std::hypot(at.x() - pos.x(), at.y() - pos.y());
            if (d < bestDistance) {
                bestDistance = d;
                best = tr("%1 at step %2: %3").arg(graph->name()).arg(it->key).arg(exactNumber(it->value));
            }
        }
    }
    return best;
}

bool TrainingPlot::event(QEvent *event)
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
