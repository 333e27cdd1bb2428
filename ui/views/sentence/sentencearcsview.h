// The sentence arcs view: the words of a sentence in a row, the selected query's weights drawn
// as arcs to every word. Line width and opacity follow the weight.
#pragma once

#include "ui/base/cellgrid.h"
#include "ui/views/common/figureview.h"

#include <QRectF>

#include <vector>

class QPainter;

namespace attn::doc {
class ScenarioDocument;
}

namespace attn::ui {

/// Draws the weights of the document's selected query (and selected head) over the keys.
/// Self-attention (the query labels equal the key labels): one row of words, arcs above it from
/// the query to each word, the weight written under each word. Cross-attention (different
/// query and key tokens): the keys (source) on top, the queries (target) below, a curve from
/// the selected query to each key. Masked keys are grey with "—" and get no arc; a NaN weight
/// is a dashed pink arc. Hovering a word shows its exact weight and logit; clicking a word
/// makes it the query. Everything drawn comes from the document's trace.
/// As a CellGrid (sentencegrid.cpp) its rows are the queries and its columns the keys of the
/// selected head: ↑/↓ step through the queries, ←/→ walk the keys of the query shown (the
/// status line and a tooltip read each weight), Enter makes the key under the cursor the query;
/// the screen reader and View → Show as table read the same grid.
class SentenceArcsView : public FigureView, public CellGrid {
    Q_OBJECT

public:
    /// A view of `document` (not owned; must outlive the view).
    explicit SentenceArcsView(doc::ScenarioDocument *document, QWidget *parent = nullptr);
    ~SentenceArcsView() override;

    /// True when queries and keys are two different sequences (two rows are drawn).
    bool isCrossAttention() const;

    /// Pen width in pixels of the arc to key `key`: 0.6 + 12 · weight (0 for a masked key).
    double arcWidth(int key) const;
    /// Opacity of the arc to key `key`: 0.12 + 0.88 · weight (0 for a masked key).
    double arcOpacity(int key) const;
    /// The text under (or above) key `key`: its compact weight, "—" when masked, "NaN".
    QString weightText(int key) const;
    /// The tooltip of key `key`: query, key, exact weight and logit, head.
    QString keyToolTip(int key) const;
    /// The title line, e.g. "Weights of the query “she” over every word".
    QString title() const;

    /// How many arcs are drawn at most: the strongest ones (32 by default; + and − on the
    /// keyboard double and halve it). The others are summed up in one line ("+ 4,064 weaker").
    int maxArcs() const { return m_maxArcs; }
    /// Sets maxArcs(), clamped to 1 … 65536.
    void setMaxArcs(int arcs);
    /// The keys whose arcs are drawn, faintest first: the maxArcs() strongest of those with a
    /// weight above 0 (or NaN), the order in which they are painted.
    std::vector<int> drawnArcs() const;

    /// The box of key `key` (or, with `queryRow`, of query `index` in the lower row of a
    /// cross-attention figure; in self-attention queries and keys share the boxes), in widget
    /// coordinates. Empty when out of range.
    QRectF tokenRect(int index, bool queryRow = false) const;

    /// Draws the whole figure into `size` (pixels) with `painter`: the widget, PNG, SVG and PDF
    /// exports all use it, so the file shows what the screen shows.
    void paintFigure(QPainter &painter, QSizeF size) const;

    /// Writes the figure to `path` as "png" (QImage), "svg" (QSvgGenerator) or "pdf"
    /// (QPdfWriter, one page of `size` points) at `size`. Returns false and sets *error (if
    /// given) to one sentence when the format is unknown, the size is empty or the file cannot
    /// be written. The file is replaced only when complete.
    bool exportTo(const QString &path, const QString &format, QSize size,
                  QString *error = nullptr) const override;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    // CellGrid (sentencegrid.cpp): queries × keys of the selected head; the cursor's row is the
    // selected query.
    int gridRows() const override;
    int gridColumns() const override;
    QString gridRowHeader(int row) const override;
    QString gridColumnHeader(int column) const override;
    QString gridCellValue(int row, int column) const override;
    bool gridCellMasked(int row, int column) const override;
    QRect gridCellRect(int row, int column) const override;
    QString gridCaption() const override;
    int gridCurrentRow() const override;
    int gridCurrentColumn() const override;
    void gridSetCurrentCell(int row, int column) override;
    bool gridActivateCell(int row, int column) override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool event(QEvent *event) override;
    void gridCurrentCellChanged() override { update(); }

private:
    struct Layout;
    Layout layout(QSizeF size) const;
    /// The key under `pos` (widget coordinates), or −1; *queryRow tells which row was hit.
    int tokenAt(QPointF pos, bool *queryRow) const;
    /// The selected query's weight of key `key` (NaN when out of range).
    double weight(int key) const;
    bool isVisibleKey(int key) const;
    /// True when the trace can be drawn (computed, selected head and query in range).
    bool hasRow() const;

    doc::ScenarioDocument *m_document;
    int m_maxArcs = 32;
    int m_keyCursor = 0; ///< the key the keyboard is on
};

} // namespace attn::ui
