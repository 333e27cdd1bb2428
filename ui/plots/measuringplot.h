// The figure of the "measuring honestly" lesson: latency against n (median and p95), the needle
// check at several depths, and the reporting checklist, in one plot that exports as one file.
#pragma once

#include "core/bench.h"

#include <QString>
#include <QStringList>
#include <qcustomplot.h>

#include <vector>

namespace attn::ui {

/// One depth of the needle check.
struct NeedlePoint {
    double depth = 0;   ///< 0 = first key, 1 = last key
    Index position = 0; ///< key index of the needle
    double cosine = 0;  ///< cos(output, needle's value)
    bool retrieved = false;
};

/// Everything one MeasuringPlot shows.
struct MeasuringFigure {
    QString title;
    std::vector<bench::BenchResult> results; ///< the last run, any order
    QString needleTitle;      ///< e.g. "Needle check: windowed, causal window of the last 512 keys, n_k 2048"
    QString needleShortTitle; ///< e.g. "Needle: windowed, last 512 keys", when needleTitle does not fit
    std::vector<NeedlePoint> needle; ///< by increasing depth
    /// The smallest depth whose key the last query still sees (0 = every key; from the window).
    double visibleFromDepth = 0;
    QString checklistHeader; ///< the line above the checklist
    QStringList checklist;   ///< one entry per item, e.g. "✓ head_dim: 64"; the first 6 on the left
};

/// Top left: median latency (solid, markers) and p95 (dashed) against n on log–log axes, one
/// colour per kernel. Top right: the needle's cosine at each depth (green dot = retrieved,
/// cosine ≥ 0.9; red cross = lost), the 0.9 threshold dashed, and the keys outside the window
/// shaded. Below: the checklist. Hovering a point shows its exact values.
class MeasuringPlot : public QCustomPlot {
    Q_OBJECT

public:
    explicit MeasuringPlot(QWidget *parent = nullptr);
    ~MeasuringPlot() override;

    /// Shows `figure`. Replots.
    void setFigure(const MeasuringFigure &figure);
    const MeasuringFigure &figure() const { return m_figure; }

    /// Names of the latency graphs, e.g. "naive median", "naive p95", in drawing order.
    QStringList latencySeries() const;
    /// The checklist text as drawn.
    QString checklistText() const;

    /// The tooltip at widget position `pos` (empty when over nothing).
    QString toolTipAt(const QPoint &pos) const;

    /// Writes the figure to `path` as "png", "svg" or "pdf" at `size`; see exportPlot(). The text
    /// is fitted to `size` (fitTo()) for the file and to the widget again afterwards.
    bool exportTo(const QString &path, const QString &format, QSize size, QString *error = nullptr);

    /// Fits the text to a figure of `size` pixels: below 640 × 420 the checklist, the legend,
    /// the long panel titles and axis names give way to short ones; from 1,400 × 980 up the fonts
    /// grow with the size. Called on resize and by exportTo().
    void fitTo(QSize size);
    /// True while fitTo() dropped the secondary text.
    bool isCompact() const { return m_compact; }

protected:
    bool event(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    /// A new font (presentation mode): the text is fitted again.
    void changeEvent(QEvent *event) override;

private:
    void applyFit();
    void drawLatency();
    void drawNeedle();

    MeasuringFigure m_figure;
    QCPTextElement *m_title = nullptr;
    QCPAxisRect *m_latencyRect = nullptr;
    QCPAxisRect *m_needleRect = nullptr;
    QCPTextElement *m_latencyTitle = nullptr;
    QCPTextElement *m_needleTitle = nullptr;
    QCPTextElement *m_checklistHeader = nullptr;
    QCPTextElement *m_checklist[2] = {nullptr, nullptr}; ///< the shape of the run; what it measured
    QCPLegend *m_legend = nullptr;
    QCPItemText *m_outsideLabel = nullptr; ///< "outside the window", when there is one
    QCPItemText *m_emptyLabel = nullptr;   ///< "No run yet", before the first run
    bool m_compact = false;
    double m_points = 9; ///< the base font size of the current fit, in points
    int m_width = 1000;  ///< the width of the current fit, in pixels
};

} // namespace attn::ui
