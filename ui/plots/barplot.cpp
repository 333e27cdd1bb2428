#include "ui/plots/barplot.h"

#include "ui/base/appsettings.h"
#include "ui/base/numbertext.h"
#include "ui/plots/plotexport.h"
#include "ui/plots/tokenticks.h"
#include "ui/plots/viridis.h"

#include <QHelpEvent>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

/// The bars: the colour map of AppSettings at t = 1/3 (a blue in viridis, a grey blue in cividis).
QColor barColor()
{
    return currentMapColor(1.0 / 3);
}

} // namespace

/// Bars that write their label (one per bar, same order as the data) above themselves, or
/// just inside the top of a bar too tall to leave room above it.
class LabelledBars : public QCPBars {
public:
    LabelledBars(QCPAxis *keyAxis, QCPAxis *valueAxis) : QCPBars(keyAxis, valueAxis) {}

    QStringList texts;

protected:
    void draw(QCPPainter *painter) override
    {
        QCPBars::draw(painter);
        QFont font = parentPlot()->font();
        font.setPointSizeF(10 * AppSettings::instance().figureTextScale()); // presentation mode: larger
        painter->setFont(font);
        const QFontMetricsF metrics(font);
        const double barPixels = std::abs(keyAxis()->coordToPixel(width()) - keyAxis()->coordToPixel(0));
        if (metrics.horizontalAdvance(QStringLiteral("0.000")) > barPixels / width() - 2)
            return; // too many bars for readable labels; the tooltip gives the values
        const double top = valueAxis()->coordToPixel(valueAxis()->range().upper);
        int i = 0;
        for (auto it = data()->constBegin(); it != data()->constEnd() && i < texts.size(); ++it, ++i) {
            const double x = keyAxis()->coordToPixel(it->key);
            const double y = valueAxis()->coordToPixel(it->value);
            const double h = metrics.height();
            const bool inside = y - h - 2 < top;
            const QRectF box(x - 40, inside ? y + 1 : y - h - 2, 80, h);
            painter->setPen(inside ? QColor(Qt::white) : QColor(Qt::black));
            painter->drawText(box, Qt::AlignCenter, texts.at(i));
        }
    }
};

BarPlot::BarPlot(QWidget *parent) : QCustomPlot(parent)
{
    setMinimumSize(320, 120);
    plotLayout()->insertRow(0);
    m_title = new QCPTextElement(this, tr("Weights of the selected query"));
    plotLayout()->addElement(0, 0, m_title);

    m_bars = new LabelledBars(xAxis, yAxis);
    m_bars->setWidth(0.6);
    const auto colorBars = [this] {
        m_bars->setPen(QPen(barColor().darker(130)));
        m_bars->setBrush(barColor());
    };
    colorBars();
    connect(&AppSettings::instance(), &AppSettings::colorMapChanged, this, [this, colorBars] {
        colorBars();
        replot(QCustomPlot::rpQueuedReplot);
    });

    m_sinkBar = new LabelledBars(xAxis, yAxis);
    m_sinkBar->setWidth(0.6);
    m_sinkBar->setPen(QPen(QColor(0x55, 0x55, 0x55)));
    m_sinkBar->setBrush(QBrush(QColor(0x99, 0x99, 0x99), Qt::BDiagPattern));
    m_sinkBar->setVisible(false);

    xAxis->grid()->setVisible(false);
    xAxis->setSubTicks(false);
    xAxis->setTickLength(0, 3);
    yAxis->setRange(0.0, 1.0);
    yAxis->setLabel(tr("weight"));
    yAxis->grid()->setPen(QPen(QColor(0xdd, 0xdd, 0xdd), 1, Qt::DotLine));
    connect(this, &QCustomPlot::afterReplot, this, &BarPlot::onAfterReplot);
    connect(&AppSettings::instance(), &AppSettings::presentationModeChanged, this, &BarPlot::applyTextScale);
    applyTextScale();
    clear();
}

void BarPlot::applyTextScale()
{
    // Title 11 pt bold, tick and axis labels 10 pt, times presentation mode's factor.
    const double k = AppSettings::instance().figureTextScale();
    setMinimumHeight(qRound(120 * k));            // room for the larger labels around the bars
    yAxis->ticker()->setTickCount(k > 1 ? 3 : 5); // 0, 0.5, 1 in large text: no labels on top of each other
    const QFont ticks(font().family(), qRound(10 * k));
    m_title->setFont(QFont(font().family(), qRound(11 * k), QFont::Bold));
    for (QCPAxis *axis : {xAxis, yAxis}) {
        axis->setTickLabelFont(ticks);
        axis->setLabelFont(ticks);
    }
    // Half a tick label under the title: the value axis's top label ("1.0") sits on the plot's
    // top edge, and a bar's number above a tall bar reaches up to it.
    m_title->setMargins(QMargins(2, 2, 2, 2 + QFontMetrics(ticks).height() / 2));
    replot(QCustomPlot::rpQueuedReplot);
}

BarPlot::~BarPlot() = default;

void BarPlot::clear()
{
    setWeights(Vector(), {}, {}, {});
}

void BarPlot::setWeights(const Vector &weights, const std::vector<bool> &visible,
                         const QStringList &keyLabels, const QString &queryLabel, const Vector &logits,
                         MaskedRowPolicy policy)
{
    m_weights = weights;
    m_visible = visible;
    m_logits = logits.size() == weights.size() ? logits : Vector();
    m_policy = policy;
    m_queryLabel = queryLabel;
    const int nk = keyCount();
    m_keyLabels.clear();
    for (int j = 0; j < nk; ++j)
        m_keyLabels << (j < keyLabels.size() ? keyLabels.at(j) : QStringLiteral("k%1").arg(j + 1));

    QVector<double> keys;
    QVector<double> values;
    m_bars->texts.clear();
    for (int j = 0; j < nk; ++j) {
        keys << j;
        values << barValue(j);
        m_bars->texts << barText(j);
    }
    m_bars->setData(keys, values, true);
    m_sinkWeight = std::numeric_limits<double>::quiet_NaN();
    m_sinkBar->setVisible(false);
    updateTicks();
    xAxis->setRange(-0.5, std::max(nk, 1) - 0.5);
    xAxis->setLabel(seesNoKey() ? tr("keys (n_k = %1; this query sees none: all_masked_rows “%2”)")
                                      .arg(nk)
                                      .arg(QString::fromLatin1(toString(policy)))
                                : tr("keys (n_k = %1)").arg(nk));
    m_title->setText(queryLabel.isEmpty() ? tr("Weights of the selected query")
                                          : tr("Weights of query “%1” over the keys").arg(queryLabel));
    replot(QCustomPlot::rpQueuedReplot);
}

void BarPlot::setQueryRow(const HeadTrace &head, Index row, const QStringList &keyLabels,
                          const QString &queryLabel, MaskedRowPolicy policy)
{
    std::vector<bool> visible(static_cast<std::size_t>(head.visible.cols()));
    for (Index j = 0; j < head.visible.cols(); ++j)
        visible[static_cast<std::size_t>(j)] = head.visible(row, j);
    setWeights(head.weights.row(row).transpose(), visible, keyLabels, queryLabel,
               head.logits.row(row).transpose(), policy);
    if (row >= 0 && row < head.sink_weights.size()) setSinkWeight(head.sink_weights(row));
}

void BarPlot::setSinkWeight(double sinkWeight)
{
    m_sinkWeight = sinkWeight;
    m_sinkBar->setVisible(!std::isnan(sinkWeight) && keyCount() > 0);
    if (m_sinkBar->visible()) {
        m_sinkBar->setData(QVector<double>{sinkPosition()}, QVector<double>{sinkWeight}, true);
        m_sinkBar->texts = QStringList{weightNumber(sinkWeight)};
        xAxis->setRange(-0.5, sinkPosition() + 0.5);
        xAxis->setLabel(tr("keys (n_k = %1) and the sink, which carries no value").arg(keyCount()));
    }
    updateTicks();
    replot(QCustomPlot::rpQueuedReplot);
}

QString BarPlot::sinkToolTip() const
{
    if (std::isnan(m_sinkWeight)) return {};
    return tr("query “%1” → the sink\nweight %2\nThe sink's term exp(s) is in the softmax denominator but "
              "carries no value: this share of the row attends to nothing.")
        .arg(m_queryLabel, exactNumber(m_sinkWeight));
}

void BarPlot::updateTicks()
{
    QMap<double, QString> extra;
    if (!std::isnan(m_sinkWeight) && keyCount() > 0) extra.insert(sinkPosition(), tr("sink"));
    if (setTokenTicks(xAxis, m_keyLabels, true, extra)) m_ticksChanged = true;
}

void BarPlot::onAfterReplot()
{
    // The axis length is known only after a layout: thin the labels to it, once per replot.
    if (m_fixingTicks) {
        m_fixingTicks = false;
        return;
    }
    m_ticksChanged = false;
    updateTicks();
    if (m_ticksChanged) {
        m_fixingTicks = true;
        replot(QCustomPlot::rpQueuedReplot);
    }
}

QMap<double, QString> BarPlot::keyTicks() const
{
    auto *ticker = dynamic_cast<QCPAxisTickerText *>(xAxis->ticker().data());
    return ticker ? ticker->ticks() : QMap<double, QString>();
}

bool BarPlot::isVisibleKey(int key) const
{
    return m_visible.empty() || (key < static_cast<int>(m_visible.size()) && m_visible[key]);
}

bool BarPlot::seesNoKey() const
{
    return !m_visible.empty() && std::none_of(m_visible.begin(), m_visible.end(), [](bool v) { return v; });
}

double BarPlot::barValue(int key) const
{
    if (key < 0 || key >= keyCount()) return std::nan("");
    const double w = m_weights(key);
    return std::isfinite(w) ? w : 0.0; // a masked key has weight 0 unless its row's policy says otherwise
}

QString BarPlot::barText(int key) const
{
    if (key < 0 || key >= keyCount()) return {};
    const double w = m_weights(key);
    if (!isVisibleKey(key) && w == 0.0) return QStringLiteral("—");
    return weightNumber(w);
}

QString BarPlot::barToolTip(int key) const
{
    if (key < 0 || key >= keyCount()) return {};
    QString text = tr("query “%1” → key “%2”\nweight %3")
                       .arg(m_queryLabel, m_keyLabels.at(key), exactNumber(m_weights(key)));
    if (m_logits.size() == m_weights.size())
        text += QLatin1Char('\n') + tr("logit %1").arg(exactNumber(m_logits(key)));
    if (seesNoKey())
        text += QLatin1Char('\n') + tr("masked: this query sees no key; its weights come from "
                                       "all_masked_rows “%1”")
                                        .arg(QString::fromLatin1(toString(m_policy)));
    else if (!isVisibleKey(key))
        text += QLatin1Char('\n') + tr("masked: this key is not visible to this query (it takes no weight)");
    else if (std::isnan(m_weights(key)))
        text += QLatin1Char('\n') +
                tr("not a number: a logit of this row is not finite, so its softmax is undefined");
    return text;
}

QString BarPlot::title() const
{
    return m_title->text();
}

bool BarPlot::exportTo(const QString &path, const QString &format, QSize size, QString *error)
{
    return exportPlot(this, path, format, size, error);
}

bool BarPlot::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const double x = xAxis->pixelToCoord(help->pos().x());
        const int key = static_cast<int>(std::lround(x));
        const bool inside = keyCount() > 0 && axisRect()->rect().contains(help->pos());
        if (inside && key >= 0 && key < keyCount())
            QToolTip::showText(help->globalPos(), barToolTip(key), this);
        else if (inside && !std::isnan(m_sinkWeight) && std::abs(x - sinkPosition()) <= 0.5)
            QToolTip::showText(help->globalPos(), sinkToolTip(), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QCustomPlot::event(event);
}

} // namespace attn::ui
