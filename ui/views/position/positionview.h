// The position view (lesson 11): RoPE, ALiBi and a local window applied live to the document's
// scenario; the score of one query/key pair against their distance with and without each
// scheme; the weights with the window as a band; and a check that reversing the keys changes
// nothing without positions.
#pragma once

#include "core/attention.h"
#include "ui/views/common/figureview.h"

class QComboBox;
class QDoubleSpinBox;
class QPainter;
class QSpinBox;

namespace attn::doc {
class ScenarioDocument;
}

namespace attn::ui {

struct PositionFigureData;

/// A figure of the document (paintPositionFigure) with controls that edit the scenario undoably:
/// "positionalKind" (combo; index 0 none, 1 RoPE, 2 ALiBi; data "none", "rope", "alibi"), "ropeBase" (double
/// spin box), "ropeLayout" (combo; data "half_split" / "interleaved"), "alibiSlope" (double spin box: the
/// selected head's slope; the first edit writes out the standard slopes, then changes one),
/// "rotaryDim" (spin box: positional.rotary_dim, partial rotary; 0 shows "all" = d_k),
/// "window" (spin box: keys visible up to W positions back and ahead; −1 = no window; a window
/// that looked only back, right = 0, keeps doing so). The view's own control: "curveKey" (combo;
/// the key of the curves' pair; by default the key with the selected query's largest weight when
/// the step opens or the query changes, until the learner picks one; resetViewState() restores it).
/// Task values: "positional_kind" (0/1/2), "rope_base", "rotary_dim" (d_k when all rotate), "alibi_slope",
/// "window" (−1 = none), "order_effect" (the largest |Δ| of any output entry when the keys are reversed; 0
/// for an order-blind scenario; NaN when an output is NaN or infinite) and "curve_key".
class PositionView : public FigureView {
    Q_OBJECT

public:
    static constexpr int kMaxDistance = 32; ///< the curves run over d = 0 … 32

    /// A view of `document` (not owned; must outlive the view).
    explicit PositionView(doc::ScenarioDocument *document, QWidget *parent = nullptr);
    ~PositionView() override;

    /// The curves of the current pair (kMaxDistance + 1 values each; RoPE empty when it cannot apply).
    const Vector &curveNone() const { return m_none; }
    const Vector &curveRope() const { return m_rope; }
    const Vector &curveAlibi() const { return m_alibi; }
    /// The key of the curves' pair.
    int curveKey() const { return m_curveKey; }
    /// max |O(keys reversed) − O| over every output entry; NaN when an entry is NaN or infinite
    /// in either order (the orders cannot be compared).
    double orderEffect() const { return m_orderEffect; }
    /// The selected query's output (H_q·d_v) with the keys reversed.
    const Vector &reversedOutput() const { return m_reversedOutput; }
    QString title() const;
    /// The line under the figure: the selected query's output both ways and the largest change.
    QString orderText() const;

    /// Draws the whole figure into `size` (pixels); the canvas and every export use it.
    void paintFigure(QPainter &painter, QSizeF size) const;
    /// The tooltip at `pos` of a figure of `size` (a cell: exact weight, logit, positions, distance;
    /// the plot: the three scores at the nearest distance).
    QString toolTipAt(QPointF pos, QSizeF size) const;
    /// Clicking a cell selects its query.
    void clickAt(QPointF pos, QSizeF size);
    QWidget *canvas() const { return m_canvas; }

    bool exportTo(const QString &path, const QString &format, QSize size,
                  QString *error = nullptr) const override;
    /// "positional_kind" (0 none, 1 RoPE, 2 ALiBi), "rope_base", "rotary_dim", "alibi_slope" (the selected
    /// head's slope, 0 without ALiBi), "window" (keys reached on each side; −1 = no window),
    /// "order_effect" (largest change of any output entry when the keys are reversed with their
    /// values) and "curve_key" (the key whose score the distance plot follows).
    QMap<QString, double> taskValues() const override;
    void resetViewState() override;

    QSize sizeHint() const override { return {980, 600}; }

private:
    void sync();
    void recompute();
    void edit(const Scenario &edited, const QString &text);
    void setKind(int kind);
    void setBase(double base);
    void setLayout(const QString &layout);
    void setSlope(double slope);
    void setWindow(int window);
    /// Sets positional.rotary_dim (0 or d_k: every feature rotates) in one undoable edit.
    void setRotaryDim(int rotaryDim);
    int defaultCurveKey() const;
    PositionFigureData figureData() const;

    doc::ScenarioDocument *m_document;
    QWidget *m_canvas = nullptr;
    QComboBox *m_kind = nullptr;
    QDoubleSpinBox *m_base = nullptr;
    QComboBox *m_layout = nullptr;
    QDoubleSpinBox *m_slope = nullptr;
    QSpinBox *m_window = nullptr;
    QSpinBox *m_rotary = nullptr;
    QComboBox *m_key = nullptr;
    int m_curveKey = 0;
    bool m_keyChosen = false;       // the learner chose the curve key: it no longer follows the query
    Vector m_none, m_rope, m_alibi; // (kMaxDistance + 1)
    QString m_curveNote;
    double m_orderEffect = 0;
    Vector m_reversedOutput; // (H_q·d_v)
};

} // namespace attn::ui
