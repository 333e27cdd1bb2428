// The weights of the selected query over the keys, as bars.
#pragma once

#include "core/tensor.h"

#include <QStringList>
#include <qcustomplot.h>

namespace attn::ui {

class LabelledBars;

/// One bar per key (left to right, token labels below), height = weight of the selected query,
/// y range fixed to [0, 1], the value written above each bar. Masked keys get no bar and "—".
class BarPlot : public QCustomPlot {
    Q_OBJECT

public:
    explicit BarPlot(QWidget *parent = nullptr);
    ~BarPlot() override;

    /// Shows the weights (n_k) of query `queryLabel` and which keys it sees (n_k, true =
    /// visible; empty = all visible), labelled with `keyLabels` (n_k). Replots.
    void setWeights(const Vector &weights, const std::vector<bool> &visible, const QStringList &keyLabels,
                    const QString &queryLabel);

    /// Removes every bar.
    void clear();

    int keyCount() const { return static_cast<int>(m_weights.size()); }
    /// Height of bar `key` (0 for a masked key), NaN when out of range.
    double barValue(int key) const;
    /// Text written above bar `key`: the weight with 3 decimals, or "—" for a masked key.
    QString barText(int key) const;
    QString title() const;

    /// Writes the plot to `path` as "png", "svg" or "pdf" at `size`; see exportPlot().
    bool exportTo(const QString &path, const QString &format, QSize size, QString *error = nullptr);

protected:
    bool event(QEvent *event) override;

private:
    bool isVisibleKey(int key) const;

    LabelledBars *m_bars = nullptr;
    QCPTextElement *m_title = nullptr;
    Vector m_weights;            // (n_k)
    std::vector<bool> m_visible; // (n_k) or empty
    QStringList m_keyLabels;
    QString m_queryLabel;
};

} // namespace attn::ui
