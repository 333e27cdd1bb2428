// The figure of the scoring-functions view: three columns of bars, scores above weights.
#pragma once

#include "core/tensor.h"

#include <QStringList>
#include <qcustomplot.h>

#include <array>

namespace attn::ui {

/// What one column of a ScoringPlot shows.
struct ScoringColumn {
    QString name;   ///< short name for tooltips, e.g. "scaled_dot"
    QString header; ///< the column's heading (may hold a second line)
    Vector logits;  ///< (n_k) scores after scale and temperature; empty = no bars
    Vector weights; ///< (n_k) softmax weights; empty = no bars
};

/// Three columns side by side (orange, blue, green), each a bar chart of the scores (logits)
/// on top and one of the softmax weights below, one bar per key with its label underneath.
/// The score charts share one y range so that bar heights compare across columns; weights
/// run from 0 to 1. With few keys the compact value is written on each bar; hovering a bar
/// shows the exact score and weight.
class ScoringPlot : public QCustomPlot {
    Q_OBJECT

public:
    explicit ScoringPlot(QWidget *parent = nullptr);
    ~ScoringPlot() override;

    /// Shows `columns` (left to right) for the query `queryLabel` over keys `keyLabels` (n_k),
    /// under `title`. Replots.
    void setColumns(const std::array<ScoringColumn, 3> &columns, const QStringList &keyLabels,
                    const QString &queryLabel, const QString &title);

    /// The tooltip of key `key` in column `column` (0–2): query, key, exact score and weight.
    QString barToolTip(int column, int key) const;

protected:
    bool event(QEvent *event) override;

private:
    struct Column {
        QCPTextElement *header = nullptr;
        QCPAxisRect *scoreRect = nullptr;
        QCPAxisRect *weightRect = nullptr;
        QCPBars *scoreBars = nullptr;
        QCPBars *weightBars = nullptr;
        ScoringColumn data;
    };

    QCPTextElement *m_title = nullptr;
    std::array<Column, 3> m_columns;
    QStringList m_keyLabels;
    QString m_queryLabel;
};

} // namespace attn::ui
