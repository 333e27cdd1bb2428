// The figure of the n² lesson: what attention costs as the sequence grows, on log–log axes.
#pragma once

#include <qcustomplot.h>

#include <QString>

#include <cstdint>
#include <vector>

namespace attn::cost {
enum class DType;
}

namespace attn::ui {

/// The model the curves describe (batch 1).
struct CostSettings {
    std::int64_t n = 4096;             ///< the marked sequence length (n_q = n_k = n)
    std::int64_t head_dim = 128;       ///< d_k = d_v per head
    std::int64_t num_query_heads = 32; ///< H_q
    std::int64_t num_kv_heads = 32;    ///< H_kv (K/V heads of the KV cache)
    std::int64_t layers = 32;          ///< layers of the KV cache
    std::int64_t window = 0;           ///< W keys per query, causal, the current one included; 0 = none
    cost::DType dtype;                 ///< element type of scores and cache
    CostSettings();
};

/// Every number of one sequence length n, from core/cost.h (exact integers).
struct CostPoint {
    std::int64_t n = 0;
    std::uint64_t pairs = 0;        ///< pairCount(n, n): every query with every key, n²
    std::uint64_t window_pairs = 0; ///< visiblePairCount, causal window of W (= pairs when W = 0)
    std::uint64_t flops = 0;        ///< attentionFlops over all pairs, d_k = d_v = head_dim, H_q heads
    std::uint64_t window_flops = 0; ///< the same over the window's pairs
    std::uint64_t score_bytes = 0;  ///< naiveScoreBytes(n, n, dtype, H_q): one layer's score matrices
    std::uint64_t kv_bytes = 0;     ///< kvCacheBytes with H_kv K/V heads
    std::uint64_t kv_mha_bytes = 0; ///< … with H_kv = H_q (MHA)
    std::uint64_t kv_mqa_bytes = 0; ///< … with H_kv = 1 (MQA)
};

/// The numbers at `n` for `settings` (its own n is ignored). Throws std::overflow_error or
/// std::invalid_argument from core/cost.h.
CostPoint costAt(const CostSettings &settings, std::int64_t n);

/// The n of the curves: 2^(k/4) rounded, 16 … 1,048,576 (65 points).
const std::vector<std::int64_t> &costCurveSizes();
/// The marked lengths in decimal thousands: 1K = 1,000, 10K, 100K = 100,000 and 1M = 1,000,000.
const std::vector<std::int64_t> &costMarkerSizes();

/// "17,179,869,184": an exact count with thousands separators.
QString groupedInteger(std::uint64_t value);
/// Bytes in binary units, 3 significant digits: "512 B", "1.5 KiB", "16 GiB".
QString binaryBytes(std::uint64_t bytes);
/// A count in short decimal form, 3 significant digits: "1M", "1.05M", "10B", "1T", "640".
QString shortCount(double value);

/// Two log–log panels over n = 16 … 1M: work (pairs and FLOPs, with the window's dashed) and
/// memory (one layer's naive score matrices; the KV cache with H_kv heads, MHA and MQA dashed
/// and dotted), markers with values at costMarkerSizes(), lines at n and 2n, and a caption with
/// the ratios from n to 2n. Hovering shows every exact number of the nearest curve point.
class CostPlot : public QCustomPlot {
    Q_OBJECT

public:
    explicit CostPlot(QWidget *parent = nullptr);
    ~CostPlot() override;

    /// Redraws for `settings`; a model core/cost.h refuses gets `message` in the caption instead.
    void setSettings(const CostSettings &settings);

    /// The caption under the panels (ratios from n to 2n, or why nothing is drawn).
    QString caption() const;
    /// The tooltip of curve size `n`: every exact number, with binary units for bytes.
    QString toolTipAt(std::int64_t n) const;

    /// Fits the text to a figure of `size` pixels: below 640 × 420 the legends, the values at the
    /// markers and the long axis labels are dropped and the caption keeps only the ratios; from
    /// 1,400 × 980 up the fonts grow with the size. The widget calls it on resize; exports call it
    /// for their size and again for the widget's afterwards.
    void fitTo(QSize size);
    /// True while fitTo() dropped the secondary text.
    bool isCompact() const { return m_compact; }

    QCPAxisRect *workRect() const { return m_work; }
    QCPAxisRect *memoryRect() const { return m_memory; }

protected:
    bool event(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    /// A new font (presentation mode): the text is fitted again.
    void changeEvent(QEvent *event) override;

private:
    void clearAll();
    void applyFit();
    QCPGraph *addCurve(QCPAxisRect *rect, QCPLegend *legend, const QString &name, const QPen &pen);

    CostSettings m_settings;
    QCPTextElement *m_title = nullptr;
    QCPTextElement *m_caption = nullptr;
    QCPAxisRect *m_work = nullptr;
    QCPAxisRect *m_memory = nullptr;
    QCPLegend *m_workLegend = nullptr;
    QCPLegend *m_memoryLegend = nullptr;
    QList<QCPItemText *> m_markerLabels; ///< the values at the markers (hidden when compact)
    QString m_fullCaption, m_compactCaption;
    bool m_compact = false;
    double m_fontScale = 1.0;
};

} // namespace attn::ui
