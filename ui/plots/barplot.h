// The weights of the selected query over the keys, as bars.
#pragma once

#include "core/attention.h"

#include <QStringList>

#include <limits>
#include <qcustomplot.h>

namespace attn::ui {

class LabelledBars;

/// One bar per key (left to right, token labels below), height = weight of the selected query,
/// y range fixed to [0, 1], the compact value written above each bar (ui/numbertext.h).
/// A masked key gets no bar and "—" (unless the masked-row policy gave it a weight); a NaN
/// weight gets no bar and "NaN". Hovering a bar shows the exact weight and logit. With many
/// keys only every k-th tick label is shown, so that they never overlap.
class BarPlot : public QCustomPlot {
    Q_OBJECT

public:
    explicit BarPlot(QWidget *parent = nullptr);
    ~BarPlot() override;

    /// Shows the weights (n_k) of query `queryLabel` and which keys it sees (n_k, true =
    /// visible; empty = all visible), labelled with `keyLabels` (n_k). `logits` (n_k, or empty
    /// when unknown) are shown in the tooltips; `policy` names what a query that sees no key
    /// gets. Replots.
    void setWeights(const Vector &weights, const std::vector<bool> &visible, const QStringList &keyLabels,
                    const QString &queryLabel, const Vector &logits = Vector(),
                    MaskedRowPolicy policy = MaskedRowPolicy::Zero);

    /// The share of the row the attention sink took, drawn as a bar of its own ("sink", in grey,
    /// half a bar apart to the right of the keys); NaN = no sink. Call after setWeights().
    void setSinkWeight(double sinkWeight);
    /// The sink's share shown, NaN when there is no sink bar.
    double sinkWeight() const { return m_sinkWeight; }
    /// The key-axis coordinate of the sink bar: n_k + 0.5.
    double sinkPosition() const { return keyCount() + 0.5; }
    /// The tooltip of the sink bar (empty without a sink).
    QString sinkToolTip() const;

    /// Shows query row `row` of `head`: its weights, logits and visibility, each (n_k), and its
    /// sink weight when the head has a sink.
    void setQueryRow(const HeadTrace &head, Index row, const QStringList &keyLabels,
                     const QString &queryLabel, MaskedRowPolicy policy = MaskedRowPolicy::Zero);

    /// Removes every bar.
    void clear();

    int keyCount() const { return static_cast<int>(m_weights.size()); }
    /// Height of bar `key` (0 for a masked key of weight 0 and for NaN), NaN when out of range.
    double barValue(int key) const;
    /// Text written above bar `key`: the compact weight, "—" for a masked key of weight 0,
    /// "NaN" for a NaN weight.
    QString barText(int key) const;
    /// The tooltip of bar `key`: labels, exact weight and logit, and why a key is masked.
    QString barToolTip(int key) const;
    QString title() const;

    /// The tick labels shown under the bars, by position (every k-th when there are many).
    QMap<double, QString> keyTicks() const;

    /// Writes the plot to `path` as "png", "svg" or "pdf" at `size`; see exportPlot().
    bool exportTo(const QString &path, const QString &format, QSize size, QString *error = nullptr);

protected:
    bool event(QEvent *event) override;

private:
    /// Sets the fonts for presentation mode's text factor (AppSettings::figureTextScale()).
    void applyTextScale();
    bool isVisibleKey(int key) const;
    bool seesNoKey() const;
    void onAfterReplot();

    void updateTicks();

    LabelledBars *m_bars = nullptr;
    LabelledBars *m_sinkBar = nullptr;
    double m_sinkWeight = std::numeric_limits<double>::quiet_NaN();
    QCPTextElement *m_title = nullptr;
    Vector m_weights;            // (n_k)
    Vector m_logits;             // (n_k) or empty
    std::vector<bool> m_visible; // (n_k) or empty
    MaskedRowPolicy m_policy = MaskedRowPolicy::Zero;
    QStringList m_keyLabels;
    QString m_queryLabel;
    bool m_fixingTicks = false;
    bool m_ticksChanged = false;
};

} // namespace attn::ui
