#include "ui/plots/scoringplot.h"

#include "ui/base/numbertext.h"
#include "ui/plots/plotlayout.h"
#include "ui/plots/tokenticks.h"

#include <QHelpEvent>
#include <QToolTip>

#include <cmath>

namespace attn::ui {

namespace {

const QColor kColors[3] = {QColor(0xd9, 0x5f, 0x02), QColor(0x1b, 0x6c, 0x8c), QColor(0x1b, 0x9e, 0x77)};
constexpr Index kMaxLabelledKeys = 5; // bars get their value written on them up to this many keys

QCPBars *newBars(QCPAxisRect *rect, const QColor &color)
{
    auto *bars = new QCPBars(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    bars->setWidth(0.6);
    bars->setPen(QPen(color.darker(120)));
    bars->setBrush(color);
    rect->axis(QCPAxis::atBottom)->grid()->setVisible(false);
    rect->axis(QCPAxis::atLeft)->grid()->setPen(QPen(QColor(0xe4, 0xe4, 0xe4), 0));
    rect->axis(QCPAxis::atLeft)->grid()->setZeroLinePen(QPen(QColor(0x99, 0x99, 0x99), 0));
    return bars;
}

} // namespace

ScoringPlot::ScoringPlot(QWidget *parent) : QCustomPlot(parent)
{
    QCPLayoutGrid *grid = startTitledFigure(this, &m_title);
    QFont headerFont = font();
    headerFont.setBold(true);
    for (int c = 0; c < 3; ++c) {
        Column &col = m_columns[static_cast<std::size_t>(c)];
        col.header = new QCPTextElement(this, QString(), headerFont);
        col.scoreRect = new QCPAxisRect(this);
        col.weightRect = new QCPAxisRect(this);
        auto *group = new QCPMarginGroup(this); // the two charts of a column line up
        col.scoreRect->setMarginGroup(QCP::msLeft | QCP::msRight, group);
        col.weightRect->setMarginGroup(QCP::msLeft | QCP::msRight, group);
        grid->addElement(0, c, col.header);
        grid->addElement(1, c, col.scoreRect);
        grid->addElement(2, c, col.weightRect);
        col.scoreBars = newBars(col.scoreRect, kColors[c]);
        col.weightBars = newBars(col.weightRect, kColors[c]);
        col.weightRect->axis(QCPAxis::atLeft)->setRange(0, 1.15);
    }
    m_columns[0].scoreRect->axis(QCPAxis::atLeft)->setLabel(tr("score (logit)"));
    m_columns[0].weightRect->axis(QCPAxis::atLeft)->setLabel(tr("weight"));
    grid->setRowStretchFactors({0.01, 1.0, 1.0});
    // Which token labels fit depends on the axis length of the last layout.
    connect(this, &QCustomPlot::afterReplot, this, [this] {
        bool changed = false;
        for (Column &c : m_columns) {
            const QStringList labels = c.data.weights.size() > 0 ? m_keyLabels : QStringList();
            for (QCPAxisRect *rect : {c.scoreRect, c.weightRect})
                changed = setTokenTicks(rect->axis(QCPAxis::atBottom), labels, true) || changed;
        }
        if (changed) replot(rpQueuedReplot);
    });
}

ScoringPlot::~ScoringPlot() = default;

void ScoringPlot::setColumns(const std::array<ScoringColumn, 3> &columns, const QStringList &keyLabels,
                             const QString &queryLabel, const QString &title)
{
    m_keyLabels = keyLabels;
    m_queryLabel = queryLabel;
    m_title->setText(title);
    clearItems();
    double high = 0, low = 0; // one score range for every column, so that the bars compare
    for (std::size_t c = 0; c < 3; ++c) {
        Column &col = m_columns[c];
        col.data = columns[c];
        col.header->setText(col.data.header);
        col.scoreBars->data()->clear();
        col.weightBars->data()->clear();
        const Index n = std::min(col.data.logits.size(), col.data.weights.size());
        for (Index j = 0; j < n; ++j) {
            col.scoreBars->addData(double(j), col.data.logits(j));
            col.weightBars->addData(double(j), col.data.weights(j));
            if (std::isfinite(col.data.logits(j))) {
                high = std::max(high, col.data.logits(j));
                low = std::min(low, col.data.logits(j));
            }
            if (n > kMaxLabelledKeys) continue;
            for (const auto &[rect, value] : {std::pair(col.scoreRect, col.data.logits(j)),
                                              std::pair(col.weightRect, col.data.weights(j))}) {
                auto *label = new QCPItemText(this);
                label->setClipAxisRect(rect);
                label->position->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
                label->position->setCoords(double(j), std::isfinite(value) ? value : 0.0);
                label->setPositionAlignment(value < 0 ? (Qt::AlignHCenter | Qt::AlignTop)
                                                      : (Qt::AlignHCenter | Qt::AlignBottom));
                label->setText(compactNumber(value));
                label->setPadding(QMargins(0, 2, 0, 2));
            }
        }
    }
    if (high - low < 1e-9) high = 1.0 / 1.15; // no bars, or all zero: show 0 … 1
    const double span = high - low;
    for (Column &col : m_columns) {
        const double n = std::max<double>(1, col.data.weights.size());
        col.scoreRect->axis(QCPAxis::atLeft)->setRange(low - (low < 0 ? 0.15 * span : 0), high + 0.15 * span);
        col.scoreRect->axis(QCPAxis::atBottom)->setRange(-0.6, n - 0.4);
        col.weightRect->axis(QCPAxis::atBottom)->setRange(-0.6, n - 0.4);
        const QStringList labels = col.data.weights.size() > 0 ? keyLabels : QStringList();
        setTokenTicks(col.scoreRect->axis(QCPAxis::atBottom), labels, true);
        setTokenTicks(col.weightRect->axis(QCPAxis::atBottom), labels, true);
    }
    replot(rpQueuedReplot);
}

QString ScoringPlot::barToolTip(int column, int key) const
{
    if (column < 0 || column >= 3) return {};
    const ScoringColumn &data = m_columns[static_cast<std::size_t>(column)].data;
    if (key < 0 || key >= data.weights.size() || key >= data.logits.size()) return {};
    return tr("%1: query “%2” → key “%3”\nscore (logit) = %4\nweight = %5")
        .arg(data.name, m_queryLabel, m_keyLabels.value(key), exactNumber(data.logits(key)),
             exactNumber(data.weights(key)));
}

bool ScoringPlot::event(QEvent *event)
{
    if (event->type() != QEvent::ToolTip) return QCustomPlot::event(event);
    const auto *help = static_cast<QHelpEvent *>(event);
    QString text;
    for (int c = 0; c < 3; ++c) {
        const Column &col = m_columns[static_cast<std::size_t>(c)];
        for (QCPAxisRect *rect : {col.scoreRect, col.weightRect})
            if (rect->rect().contains(help->pos()))
                text = barToolTip(c, static_cast<int>(std::lround(
                                         rect->axis(QCPAxis::atBottom)->pixelToCoord(help->pos().x()))));
    }
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(help->globalPos(), text, this);
    return true;
}

} // namespace attn::ui
