// The tiling view (lesson 13, efficient designs): FlashAttention's tiles and online softmax
// played step by step on the document's scenario, next to the naive output, with the cost of
// each design computed by the engine.
#pragma once

#include "core/tensor.h"
#include "ui/views/common/figureview.h"

#include <memory>

class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTimer;

namespace attn::doc {
class ScenarioDocument;
}

namespace attn::ui {

struct TilingFigureData;

/// Plays the forward pass of FlashAttention-2 (Dao 2023, Algorithm 1, §3.1: query tiles outer,
/// key tiles inner, unnormalised output divided by ℓ at the end) on the selected head of the
/// document's scenario with attn::visitTile (core/onlinesoftmax.h): the (n_q, n_k) logits cut into
/// B_r × B_c tiles (spin boxes "blockQuery" and "blockKey"), visited one per "Step" (button
/// "stepButton"), or on a timer ("playButton"), back to the start with "resetButton". A table
/// gives each query row's running max m, running sum ℓ and output so far beside attend()'s
/// naive output; the line under it the largest |difference|, which is exactly 0 up to rounding
/// once every tile has been visited.
/// Four panels at the bottom (tilingdesigns.h), all from core/cost.h and the engine,
/// their exact sentences in the tooltips: the FLOP count (the same for both kernels) and the
/// memory of the naive scores vs the tiled working set; the KV cache of a
/// reference model with H_kv K/V heads (combo box "kvHeadsCombo": MHA, GQA, MQA); how far a
/// sliding window of w keys back reaches after L layers (spin boxes "windowSpin",
/// "layersSpin"; attn::pathLength); and linear attention's output on the same input against
/// softmax's (attend() with KernelKind::Linear), with the selected query's weights both ways
/// ("querySelector" chooses the query and, with several heads, the head). When the scenario
/// itself is computed by the linear kernel, that comparison is drawn large in place of the
/// tiles (TilingFigureData::linearFocus) and the tile controls are hidden.
/// taskValues(): "tiles_done", "tiles_total", "block_query", "block_key", "max_difference",
/// "kv_heads", "kv_cache_ratio" (MHA bytes / these bytes), "window", "layers", "reaches_first"
/// (1 when the last token reaches the first one through the layers, else 0).
class TilingView : public FigureView {
    Q_OBJECT

public:
    /// The reference model of the KV-cache panel (the example of attn::cost::kvCacheBytes).
    static constexpr int kModelLayers = 32;
    static constexpr int kModelQueryHeads = 32;
    static constexpr int kModelHeadDim = 128;
    static constexpr int kModelTokens = 4096;
    /// B_r = B_c of the reference size in the tiling panel.
    static constexpr int kReferenceTile = 128;

    /// A view of `document` (not owned; must outlive the view).
    explicit TilingView(doc::ScenarioDocument *document, QWidget *parent = nullptr);
    ~TilingView() override;

    /// Visits the next tile (no-op after the last one).
    void step();
    /// Back to before the first tile.
    void restart();

    int tilesDone() const;
    int tilesTotal() const;
    /// max |output so far − naive output| over the selected head's outputs (NaN when there is
    /// no trace). Rows with no visible key are left out: their output is the masked-row
    /// policy's, not a softmax. A scenario computed by the linear kernel is compared with the
    /// naive softmax of the same scenario.
    double maxDifference() const;
    /// The figure's data (what paintFigure draws).
    const TilingFigureData &figure() const { return *m_figure; }
    /// The tooltip at `pos` of the figure drawn at `size`: a cell's exact logit, visibility and
    /// weight, or a table row's exact m, ℓ and outputs; empty elsewhere.
    QString toolTipAt(QPointF pos, QSizeF size) const;

    void paintFigure(QPainter &painter, QSizeF size) const;
    bool exportTo(const QString &path, const QString &format, QSize size,
                  QString *error = nullptr) const override;
    /// "tiles_done" and "tiles_total" (of the animation), "block_query" (B_r), "block_key" (B_c),
    /// "max_difference" (max |output so far − naive output|), "kv_heads" and "kv_cache_ratio"
    /// (MHA cache / this cache) of the K/V-head panel, "window" and "layers" of the reach panel,
    /// "reaches_first" (1 when the last token reaches the first within those layers).
    QMap<QString, double> taskValues() const override;
    void resetViewState() override;
    QSize sizeHint() const override { return {1000, 660}; }

private:
    /// Recomputes tiles, naive output and notes from the document, keeping the tile sizes.
    void rebuild();
    /// Replays the first `done` tiles and refreshes the figure.
    void replay(Index done);
    void updateNotes();
    void refresh();

    doc::ScenarioDocument *m_document;
    std::unique_ptr<TilingFigureData> m_figure;
    Matrix m_value;                    // (n_k, d_v) the V block the head reads
    QWidget *m_tileControls = nullptr; // the tile sizes, Step, Play, Reset and the status
    QSpinBox *m_blockQuery = nullptr;
    QSpinBox *m_blockKey = nullptr;
    QPushButton *m_step = nullptr;
    QPushButton *m_play = nullptr;
    QPushButton *m_reset = nullptr;
    QComboBox *m_kvHeads = nullptr;
    QSpinBox *m_window = nullptr;
    QSpinBox *m_layers = nullptr;
    QLabel *m_status = nullptr;
    QTimer *m_timer = nullptr;
    QWidget *m_canvas = nullptr;
    double m_linearDifference = 0;
    Matrix m_linearWeights;  // (n_q, n_k) the selected head's linear-attention weights
    Matrix m_softmaxWeights; // (n_q, n_k) the selected head's softmax weights (naive)
    QString m_linearMessage;
};

} // namespace attn::ui
