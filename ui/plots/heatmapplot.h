// The attention weights of one head as a heatmap: queries top to bottom, keys left to right.
#pragma once

#include "core/attention.h"
#include "ui/base/cellgrid.h"

#include <QStringList>
#include <qcustomplot.h>

namespace attn::ui {

class ColorBar;
class WeightsColorMap;

/// Draws the weights (n_q, n_k) of one head of an AttentionTrace. Colours are the colour map of
/// AppSettings (viridis or cividis, followed when it changes) over the fixed range [0, 1], with a
/// colour bar labelled "weight"; SVG and PDF exports draw the cells as touching vector
/// rectangles (no raster image); every cell shows its value in
/// compact form (ui/numbertext.h). Masked means not visible in HeadTrace::visible: masked
/// cells are grey with "—" (or the weight the masked-row policy gave them); a NaN weight on a
/// visible cell is pink with "NaN". A query row that sees no key is marked "⊘" on the axis.
/// Clicking a cell selects its query row; hovering shows the exact weight and logit. With
/// many tokens only every k-th tick label is shown, so that they never overlap.
class HeatmapPlot : public QCustomPlot, public CellGrid {
    Q_OBJECT

public:
    explicit HeatmapPlot(QWidget *parent = nullptr);
    ~HeatmapPlot() override;

    /// Shows `head` (its weights, logits and visibility, each (n_q, n_k)) with the token labels
    /// of the queries (n_q) and keys (n_k). Missing labels are numbered. `policy` is the
    /// scenario's all_masked_rows, named for rows that see no key. Replots.
    void setHead(const HeadTrace &head, const QStringList &queryLabels, const QStringList &keyLabels,
                 MaskedRowPolicy policy = MaskedRowPolicy::Zero);

    /// Removes every cell (e.g. before the first successful computation).
    void clear();

    /// The title above the map, e.g. "Attention weights, head 1 (K/V head 0)".
    void setTitle(const QString &title);
    QString title() const;

    /// Replaces the axis titles ("keys (n_k = …)", "queries (n_q = …)") by these, e.g. "source
    /// tokens" and "decoder steps" of an encoder–decoder's alignment; empty: the defaults again.
    void setAxisTitles(const QString &keys, const QString &queries);

    /// Compact: no colour bar and no axis titles (the tick labels stay), for small maps side by side
    /// whose colours a neighbour's bar, or the caption, explains.
    void setCompact(bool compact);
    bool isCompact() const { return m_compact; }

    /// Outlines query row `row` (no outline when n_q = 1 or row is out of range).
    void setSelectedQuery(int row);

    int queryCount() const { return static_cast<int>(m_weights.rows()); }
    int keyCount() const { return static_cast<int>(m_weights.cols()); }

    /// The value stored in the colour map for cell (query `row`, key `column`): the weight,
    /// or NaN for a masked cell and for a NaN weight. NaN also when out of range.
    double colorMapData(int row, int column) const;

    /// True when key `column` is not visible to query `row` (HeadTrace::visible).
    bool isMasked(int row, int column) const;

    /// True when query `row` sees no key at all (its weights come from the masked-row policy).
    bool isFullyMaskedRow(int row) const;

    /// True when the head has an attention sink: a "sink" column drawn half a cell to the right
    /// of the last key, coloured by each row's sink weight (HeadTrace::sink_weights).
    bool hasSink() const;
    /// The key-axis coordinate of the sink column's centre: n_k + 0.5.
    double sinkColumn() const;
    /// The sink weight of query `row`; NaN without a sink or out of range.
    double sinkWeight(int row) const;
    /// The tooltip of the sink cell of query `row`: its exact weight and what the sink is.
    QString sinkToolTip(int row) const;

    /// The text drawn in cell (row, column): the compact weight ("0.670", "NaN"), or "—" for a
    /// masked cell of weight 0.
    QString cellText(int row, int column) const;

    /// The tooltip of cell (row, column): labels, exact weight and logit, and why a cell is
    /// masked or NaN.
    QString cellToolTip(int row, int column) const;

    /// The tick labels shown on the key axis (x) and the query axis (y), by position: every
    /// k-th label when there are too many to fit.
    QMap<double, QString> keyTicks() const;
    QMap<double, QString> queryTicks() const;

    /// Writes the plot to `path` as "png", "svg" or "pdf" at `size`; see exportPlot().
    bool exportTo(const QString &path, const QString &format, QSize size, QString *error = nullptr);

    QCPColorMap *colorMap() const;
    ColorBar *colorScale() const { return m_colorScale; }

    // CellGrid (heatmapgrid.cpp): the keyboard cursor is outlined while the plot has the focus;
    // moving it to another row selects that query, as a click does.
    int gridRows() const override { return queryCount(); }
    int gridColumns() const override { return keyCount(); }
    QString gridRowHeader(int row) const override;
    QString gridColumnHeader(int column) const override;
    QString gridCellValue(int row, int column) const override;
    bool gridCellMasked(int row, int column) const override { return isMasked(row, column); }
    QRect gridCellRect(int row, int column) const override;
    QString gridCaption() const override { return m_fullTitle; }
    bool gridActivateCell(int row, int column) override;

signals:
    /// The user clicked a cell of query row `row`.
    void querySelected(int row);

protected:
    bool event(QEvent *event) override;
    void gridCurrentCellChanged() override;

private:
    void setupAxes();
    /// Sets the fonts for presentation mode's text factor (AppSettings::figureTextScale()).
    void applyTextScale();
    /// Takes the colour map of AppSettings (map, bar and cell text) and replots.
    void applyColorMap();
    /// Sizes (8–11 pt) and, if still too long, cuts the title to the width it is drawn at.
    void fitTitle();
    /// The cell under widget position `pos`, or false when outside the map.
    bool cellAt(const QPoint &pos, int *row, int *column) const;
    /// The query row whose sink cell is under `pos`, or false.
    bool sinkAt(const QPoint &pos, int *row) const;
    void onMousePress(QMouseEvent *event);
    void updateSelectionRect();
    /// Thins the tick labels to the current axis lengths; true when they changed.
    bool updateTicks();
    /// After a replot: thin the ticks to the new layout, and replot once more if they changed.
    void onAfterReplot();

    WeightsColorMap *m_colorMap = nullptr;
    WeightsColorMap *m_sinkMap = nullptr; // one column: each row's sink weight
    Vector m_sinkWeights;                 // (n_q) or empty
    ColorBar *m_colorScale = nullptr;
    QCPTextElement *m_title = nullptr;
    QString m_fullTitle;      ///< as set; m_title shows it fitted (fitTitle)
    QString m_keyAxisTitle;   ///< setAxisTitles(); empty: "keys (n_k = …)"
    QString m_queryAxisTitle; ///< setAxisTitles(); empty: "queries (n_q = …)"
    bool m_compact = false;   ///< setCompact()
    QCPItemRect *m_selectionRect = nullptr;
    QCPItemRect *m_cursorRect = nullptr;   ///< the keyboard cursor, white (heatmapgrid.cpp)
    QCPItemRect *m_cursorDashes = nullptr; ///< and black dashes over it
    Matrix m_weights;                      // (n_q, n_k)
    Matrix m_logits;                       // (n_q, n_k)
    BoolMatrix m_visible;                  // (n_q, n_k)
    QStringList m_queryLabels;
    QStringList m_keyLabels;
    QStringList m_rowTicks; // query labels, "⊘ " before those that see no key
    MaskedRowPolicy m_policy = MaskedRowPolicy::Zero;
    int m_selectedQuery = 0;
    bool m_fixingTicks = false;
};

} // namespace attn::ui
