// The scoring-functions view (lesson 5): plain dot, scaled dot and additive scores of the same
// query and keys, side by side.
#pragma once

#include "core/scenario.h"
#include "ui/plots/scoringplot.h"
#include "ui/views/common/figureview.h"

#include <QString>

#include <array>

class QLabel;
class QTableWidget;
class QTableWidgetItem;

namespace attn::doc {
class ScenarioDocument;
}

namespace attn::ui {

/// Three columns, one per scoring function, on the document's selected query and its keys
/// (selected head):
///   dot q·k (Luong et al. 2015, §3.1), scaled dot q·k/√d_k (Vaswani et al. 2017, §3.2.1) and
///   additive vᵀ tanh(W_q q + W_k k) (Bahdanau et al. 2015, §3.1; appendix A.1.2).
/// Each column has a bar chart of the scores (logits, n_k) and one of the softmax weights
/// (n_k); hovering a bar shows its exact values. Every number comes from the engine
/// (attn::scoreRowWith), with the scenario's masks, temperature and positions.
/// The additive parameters W_q (h, d_k), W_k (h, d_k) and v (h) are edited in a table below
/// the plot: the scenario's own when it scores additively (each edit is then one undoable
/// ScenarioDocument::replaceScenario), otherwise parameters local to the view, starting from
/// defaultAdditive(). Raw-score scenarios get a message: they have no q and k to score.
class ScoringView : public FigureView {
    Q_OBJECT

public:
    /// The columns, left to right.
    static constexpr std::array<ScoreKind, 3> kKinds = {ScoreKind::Dot, ScoreKind::ScaledDot,
                                                        ScoreKind::Additive};

    /// A view of `document` (not owned; must outlive the view).
    explicit ScoringView(doc::ScenarioDocument *document, QWidget *parent = nullptr);
    ~ScoringView() override;

    /// The default additive parameters for width d_k ≥ 1: h = min(d_k, 4) hidden units,
    /// W_q = W_k = the first h rows of the identity, v = (1, …, 1); so hidden unit r computes
    /// tanh(q_r + k_r).
    static AdditiveParams defaultAdditive(Index d_k);

    /// The logits (n_k) of score `kind` for the selected query; empty when not computed.
    const Vector &scores(ScoreKind kind) const;
    /// The softmax weights (n_k) of score `kind`; empty when not computed.
    const Vector &weights(ScoreKind kind) const;
    /// Why column `kind` is empty (its own error, else message()); empty when it is shown.
    QString columnMessage(ScoreKind kind) const;
    /// Why nothing can be shown (no trace, raw scores); empty otherwise.
    QString message() const { return m_message; }

    /// The additive parameters the third column uses.
    const AdditiveParams &additiveParams() const { return m_params; }
    /// True when they are the scenario's own (its score is additive), so edits go to the document.
    bool editsScenario() const;

    /// Sets one additive parameter: column c < d_k is W_q(row, c), d_k ≤ c < 2·d_k is
    /// W_k(row, c − d_k), c = 2·d_k is v(row), as in the table. Returns false, changing nothing,
    /// for an index out of range, a non-finite value, or an edit the document refuses.
    bool setParameter(int row, int column, double value);

    /// The tooltip of key `key` in column `kind`: query, key, exact logit and weight.
    QString barToolTip(ScoreKind kind, int key) const;

    ScoringPlot *plot() const { return m_plot; }
    QTableWidget *parameterTable() const { return m_table; }

    /// Writes the figure (the three columns of plots, without the table) to `path` as "png",
    /// "svg" (vector, no embedded image) or "pdf" at `size` through exportPlot(); false with
    /// *error (one sentence) on a bad format or size or an unwritable file.
    bool exportTo(const QString &path, const QString &format, QSize size,
                  QString *error = nullptr) const override;

    QSize sizeHint() const override { return {900, 640}; }

private:
    void updateParams();
    void fillTable();
    void updateColumns();
    void onItemChanged(QTableWidgetItem *item);

    doc::ScenarioDocument *m_document;
    ScoringPlot *m_plot = nullptr;
    QLabel *m_tableCaption = nullptr;
    QTableWidget *m_table = nullptr;
    std::array<ScoringColumn, 3> m_columns;  // as shown, left to right
    std::array<QString, 3> m_columnMessages; // why a column is empty
    AdditiveParams m_params;
    QString m_message;
};

} // namespace attn::ui
