// The n² cost view (lesson 12): pairs, FLOPs, score memory and KV cache against n.
#pragma once

#include "ui/views/common/figureview.h"

#include <cstdint>

class QComboBox;
class QLabel;
class QSlider;
class QSpinBox;
class QTableWidget;

namespace attn::doc {
class ScenarioDocument;
}

namespace attn::ui {

class CostPlot;
struct CostPoint;
struct CostSettings;

/// One CostPlot figure and its controls, which are the view's own (the scenario is not used):
/// n (a spin box and a slider in quarter octaves, 16 … 1,048,576), head_dim, query heads H_q,
/// K/V heads H_kv (at most H_q; a note when H_q is not a multiple of H_kv), the element type,
/// the layers of the KV cache and a causal window of W keys, itself included (0 = none: no mask,
/// all n² pairs; a window W ≥ n leaves the causal n(n + 1)/2 pairs). Below the plot, a table
/// of the four quantities at n and at 2n with their ratio, so that "doubling n quadruples the
/// pairs" can be read off; hovering a cell gives the exact integer and binary units. Every
/// number comes from core/cost.h (costAt()); see there for the formulas and their sources.
class CostView : public FigureView {
    Q_OBJECT

public:
    /// A view of `document` (not owned; must outlive the view).
    explicit CostView(doc::ScenarioDocument *document, QWidget *parent = nullptr);
    ~CostView() override;

    /// The current settings (n, head_dim, heads, dtype, layers, window).
    CostSettings settings() const;
    /// The numbers at n and at 2n.
    CostPoint atN() const;
    CostPoint atTwoN() const;

    /// "n", "head_dim", "num_query_heads", "num_kv_heads", "bytes_per_element", "layers",
    /// "window", "pairs" (with the window when W > 0), "flops" (likewise), "score_bytes",
    /// "kv_cache_bytes", and the ratios from n to 2n "ratio_2n" (of "pairs"), "score_ratio_2n",
    /// "kv_ratio_2n". Bytes and counts are exact below 2^53.
    QMap<QString, double> taskValues() const override;
    /// n = 4,096, head_dim 128, 32 query and 32 K/V heads (MHA), f16, 32 layers, no window.
    void resetViewState() override;

    /// The readout: text of cell (row, column), rows pairs, FLOP, score bytes, KV cache;
    /// columns "at n", "at 2n", "ratio".
    QString readoutText(int row, int column) const;
    QString readoutToolTip(int row, int column) const;
    /// Why H_kv does not form groups (H_q not a multiple of H_kv); empty otherwise.
    QString note() const;

    CostPlot *plot() const { return m_plot; }

    /// Writes the figure (the two panels and their caption) to `path` as "png", "svg" (vector)
    /// or "pdf" at `size` through exportPlot(); false with *error (one sentence) on a bad format
    /// or size or an unwritable file.
    bool exportTo(const QString &path, const QString &format, QSize size,
                  QString *error = nullptr) const override;

    QSize sizeHint() const override { return {1000, 700}; }

private:
    void refresh();
    void setNFromSlider(int quarterOctaves);

    CostPlot *m_plot = nullptr;
    QSpinBox *m_n = nullptr;
    QSlider *m_nSlider = nullptr;
    QSpinBox *m_headDim = nullptr;
    QSpinBox *m_queryHeads = nullptr;
    QSpinBox *m_kvHeads = nullptr;
    QComboBox *m_dtype = nullptr;
    QSpinBox *m_layers = nullptr;
    QSpinBox *m_window = nullptr;
    QLabel *m_note = nullptr;
    QTableWidget *m_readout = nullptr;
};

} // namespace attn::ui
