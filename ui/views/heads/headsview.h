// The multi-head view (lesson 10): every query head's weights side by side, grouped by the K/V
// head they read (MHA, GQA, MQA switchable), and the selected query's head outputs,
// concatenation and output projection.
#pragma once

#include "core/scenario.h"
#include "ui/views/common/figureview.h"

#include <cstdint>

class QComboBox;
class QPainter;

namespace attn::doc {
class ScenarioDocument;
}

namespace attn::ui {

struct HeadsFigureData;

/// `scenario` with `numKvHeads` K/V heads instead of its own H_kv, K (n_k, H_kv·d_k) and V
/// (n_k, H_kv·d_v) rebuilt by one rule: new K/V head g is the mean of the K/V heads the query
/// heads of its new group read before. Going down from H_q (MHA → GQA/MQA) this is the "mean
/// pooling" conversion of Ainslie et al. 2023 (GQA, §2.1); going up it copies each group's head
/// to its new heads, which leaves every weight and output unchanged. Raw scores and masks are per
/// query head and stay as they are; an empty K (raw scores) stays empty.
/// Throws ScenarioError("heads") unless 1 ≤ numKvHeads and H_q is a multiple of it.
Scenario withKvHeads(const Scenario &scenario, int numKvHeads);

/// A figure of the document (HeadsFigureData, painted by paintHeadsFigure):
/// - one heatmap of trace().heads[h].weights per query head h (never an average), in boxes
///   that show which query heads share a K/V head (query head h reads ⌊h·H_kv/H_q⌋);
/// - for the selected query: each head's output (d_v entries, trace().heads[h].output) side by
///   side, which is the concatenation trace().output (1 × H_q·d_v), times W_o, equal to the
///   projected output (1 × d_model).
/// W_o is the scenario's when it has one of H_q·d_v rows (with b_o: output = concat · W_o + b_o,
/// edited in the Q/K/V editor's W_o table); otherwise the view's own, fixed: attn::initMultiHead's
/// Xavier-uniform W_o for d_model = H_q·d_v and seed kOutputSeed.
/// Controls: "kvGrouping" (a combo box whose item data is H_kv as text: every divisor of H_q, from MHA
/// down to MQA), which changes the scenario undoably through withKvHeads; "headSelector" and
/// "queryChooser" (combo boxes for the document's selected head and query). Clicking a map
/// selects its head and the clicked query. Task values: "num_kv_heads" (H_kv) and
/// "selected_head". resetViewState() selects head 0.
class HeadsView : public FigureView {
    Q_OBJECT

public:
    static constexpr std::uint32_t kOutputSeed = 10; ///< seed of W_o

    /// A view of `document` (not owned; must outlive the view).
    explicit HeadsView(doc::ScenarioDocument *document, QWidget *parent = nullptr);
    ~HeadsView() override;

    /// W_o (H_q·d_v, d_model = H_q·d_v); empty when nothing is computed.
    const Matrix &outputProjection() const;
    /// The selected query's projected output (d_model): its concatenated head outputs · W_o.
    const Vector &projectedOutput() const;
    /// The title line, e.g. "4 query heads, 2 K/V heads (GQA)".
    QString title() const;

    /// Changes the scenario to `numKvHeads` K/V heads (withKvHeads) as one undoable edit.
    /// False, changing nothing, when H_q is not a multiple of it or the engine refuses.
    bool setNumKvHeads(int numKvHeads);

    /// The tooltip at `pos` of a figure of `size`: a cell's query, key, exact weight and logit,
    /// head and K/V head; an entry of the concatenation, of W_o or of the output. Empty elsewhere.
    QString toolTipAt(QPointF pos, QSizeF size) const;
    /// The box of cell (query `row`, key `column`) of head `head` in the canvas (widget
    /// coordinates of canvas()); empty when out of range.
    QRectF cellRect(int head, int row, int column) const;
    /// The widget the figure is painted on.
    QWidget *canvas() const { return m_canvas; }

    /// Draws the whole figure into `size` (pixels); the canvas and every export use it.
    void paintFigure(QPainter &painter, QSizeF size, bool onScreen = false) const;
    /// Clicks at `pos` of a figure of `size`: a heatmap cell selects its head and query.
    void clickAt(QPointF pos, QSizeF size);

    bool exportTo(const QString &path, const QString &format, QSize size,
                  QString *error = nullptr) const override;
    /// "num_kv_heads" (the scenario's H_kv) and "selected_head" (the highlighted query head).
    QMap<QString, double> taskValues() const override;
    void resetViewState() override;

    QSize sizeHint() const override { return {960, 680}; }

private:
    void refresh();
    HeadsFigureData figureData() const;

    doc::ScenarioDocument *m_document;
    QWidget *m_canvas = nullptr;
    QComboBox *m_grouping = nullptr;
    QComboBox *m_head = nullptr;
    QComboBox *m_query = nullptr;
    Matrix m_Wo; // (H_q·d_v, d_model)
    bool m_WoFromScenario = false;
    Vector m_output; // (d_model)
};

} // namespace attn::ui
