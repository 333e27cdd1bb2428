// The interventions view (lesson 15, what weights do not tell): delete, blank or duplicate a key
// and measure how far the output actually moves, next to the weight the query gave that key.
#pragma once

#include "core/scenario.h"
#include "ui/views/common/figureview.h"

#include <memory>

class QComboBox;

namespace attn::doc {
class ScenarioDocument;
}

namespace attn::ui {

struct InterventionFigureData;

/// For the document's selected query and head: every key's weight beside ‖Δ output‖ when that
/// key is deleted (attn::deletionSweep), the keys in a discordant pair of the two rankings
/// marked (attn::compareRankings: a higher weight but a smaller effect, Goodman–Kruskal γ), and
/// one chosen intervention on key "interventionKey" (combo box; "none" first) of kind
/// "interventionKind" (combo box: "delete" — attn::measureDeletion; "zero_value" and
/// "zero_key" — attn::measureReplacement with a zero V or K row; "duplicate" — a second,
/// identical copy of the key). The text panel also shows the permutation invariant (keys
/// reversed with their values: the output does not move) and the duplicate invariant (two
/// copies weigh like one key with its logit raised by ln 2), both computed by attend().
/// taskValues(): "key" (the chosen key, −1 none), "kind" (0 none, 1 delete, 2 zero_value,
/// 3 zero_key, 4 duplicate), "deleted_key" (the key when the kind is delete, else −1), "effect"
/// (‖Δ output‖ of the selected query's head under the chosen intervention, 0 without one),
/// "weight" (the query's original weight on the chosen key), "weight_after" (its weight after
/// the intervention: 0 when deleted, both copies together when duplicated), "disagreements" (keys in a
/// discordant pair), "discordant_pairs", "gamma".
class InterventionView : public FigureView {
    Q_OBJECT

public:
    /// A view of `document` (not owned; must outlive the view).
    explicit InterventionView(doc::ScenarioDocument *document, QWidget *parent = nullptr);
    ~InterventionView() override;

    /// The figure's data (what paintFigure draws).
    const InterventionFigureData &figure() const { return *m_figure; }
    /// Tooltip at `pos` of the figure drawn at `size`: a bar's exact weight or effect.
    QString toolTipAt(QPointF pos, QSizeF size) const;

    void paintFigure(QPainter &painter, QSizeF size) const;
    bool exportTo(const QString &path, const QString &format, QSize size,
                  QString *error = nullptr) const override;
    /// "key" (the key chosen, −1 none), "kind" (0 none, 1 delete, 2 zero its value, 3 zero its
    /// key, 4 duplicate), "deleted_key" (−1 unless a key is deleted), "effect" (‖Δ output‖ of the selected
    /// query), "weight" and "weight_after" (its weight on the key before and after), "disagreements" (keys in
    /// a discordant pair), "discordant_pairs" and "gamma" (Goodman–Kruskal γ of weight vs deletion effect).
    QMap<QString, double> taskValues() const override;
    void resetViewState() override;
    QSize sizeHint() const override { return {1000, 600}; }

private:
    void rebuild();
    void fillKeys();
    /// The chosen intervention's lines and task values.
    void measureChosen();

    doc::ScenarioDocument *m_document;
    std::unique_ptr<InterventionFigureData> m_figure;
    QComboBox *m_key = nullptr;
    QComboBox *m_kind = nullptr;
    QWidget *m_canvas = nullptr;
    QMap<QString, double> m_values;
    Scenario m_cut; ///< the document's scenario cut to the selected query and head (restrictToQuery)
};

} // namespace attn::ui
