#include "ui/plots/barplot.h"

#include "ui/plots/plotexport.h"

#include <QHelpEvent>
#include <QToolTip>

#include <cmath>

namespace attn::ui {

namespace {

const QColor kBarColor(0x31, 0x68, 0x8e); // viridis at t = 1/3

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
        font.setPointSizeF(10);
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
    setMinimumSize(320, 180);
    plotLayout()->insertRow(0);
    m_title = new QCPTextElement(this, tr("Weights of the selected query"),
                                 QFont(font().family(), 11, QFont::Bold));
    plotLayout()->addElement(0, 0, m_title);

    m_bars = new LabelledBars(xAxis, yAxis);
    m_bars->setWidth(0.6);
    m_bars->setPen(QPen(kBarColor.darker(130)));
    m_bars->setBrush(kBarColor);

    xAxis->grid()->setVisible(false);
    xAxis->setSubTicks(false);
    xAxis->setTickLength(0, 3);
    xAxis->setTickLabelFont(QFont(font().family(), 10));
    yAxis->setRange(0.0, 1.0);
    yAxis->setLabel(tr("weight"));
    yAxis->grid()->setPen(QPen(QColor(0xdd, 0xdd, 0xdd), 1, Qt::DotLine));
    clear();
}

BarPlot::~BarPlot() = default;

void BarPlot::clear()
{
    setWeights(Vector(), {}, {}, {});
}

void BarPlot::setWeights(const Vector &weights, const std::vector<bool> &visible,
                         const QStringList &keyLabels, const QString &queryLabel)
{
    m_weights = weights;
    m_visible = visible;
    m_queryLabel = queryLabel;
    const int nk = keyCount();
    m_keyLabels.clear();
    for (int j = 0; j < nk; ++j)
        m_keyLabels << (j < keyLabels.size() ? keyLabels.at(j) : QStringLiteral("k%1").arg(j + 1));

    QVector<double> keys;
    QVector<double> values;
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    qsizetype total = 0;
    m_bars->texts.clear();
    for (int j = 0; j < nk; ++j) {
        keys << j;
        values << barValue(j);
        m_bars->texts << barText(j);
        ticker->addTick(j, m_keyLabels.at(j));
        total += m_keyLabels.at(j).size() + 2;
    }
    m_bars->setData(keys, values, true);
    xAxis->setTicker(ticker);
    xAxis->setTickLabelRotation(total > 48 ? -40 : 0);
    xAxis->setRange(-0.5, std::max(nk, 1) - 0.5);
    xAxis->setLabel(tr("keys (n_k = %1)").arg(nk));
    m_title->setText(queryLabel.isEmpty() ? tr("Weights of the selected query")
                                          : tr("Weights of query “%1” over the keys").arg(queryLabel));
    replot(QCustomPlot::rpQueuedReplot);
}

bool BarPlot::isVisibleKey(int key) const
{
    return m_visible.empty() || (key < static_cast<int>(m_visible.size()) && m_visible[key]);
}

double BarPlot::barValue(int key) const
{
    if (key < 0 || key >= keyCount()) return std::nan("");
    const double w = m_weights(key);
    return isVisibleKey(key) && std::isfinite(w) ? w : 0.0;
}

QString BarPlot::barText(int key) const
{
    if (key < 0 || key >= keyCount()) return {};
    if (!isVisibleKey(key) || !std::isfinite(m_weights(key))) return QStringLiteral("—");
    return QString::number(m_weights(key), 'f', 3);
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
        const int key = static_cast<int>(std::lround(xAxis->pixelToCoord(help->pos().x())));
        if (keyCount() > 0 && axisRect()->rect().contains(help->pos()) && key >= 0 && key < keyCount()) {
            QString text =
                tr("query “%1” → key “%2”\nweight %3")
                    .arg(m_queryLabel, m_keyLabels.at(key), QString::number(m_weights(key), 'f', 6));
            if (!isVisibleKey(key))
                text += QLatin1Char('\n') + tr("masked: this key is not visible to this query");
            QToolTip::showText(help->globalPos(), text, this);
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QCustomPlot::event(event);
}

} // namespace attn::ui
