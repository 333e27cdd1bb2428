// The mask editor: the selected head's visibility and weights as a query × key grid that the
// learner edits cell by cell or with presets (causal, window, key_padding, clear), the policy for
// rows that see no key, and a live check that hidden values never reach a visible output.
#pragma once

#include "core/scenario.h"
#include "ui/views/common/figureview.h"

#include <QRectF>

#include <functional>
#include <optional>

class QLabel;
class QPainter;

namespace attn::doc {
class ScenarioDocument;
}

namespace attn::ui {

class MaskCanvas;
class MaskControls;
struct MaskFigureData;
struct MaskedValueCheck;

/// A grid of n_q rows (queries) × n_k columns (keys) for the document's selected head: each
/// visible cell filled with its weight (viridis, fixed range [0, 1]), masked cells grey with a
/// cross, rows that see no key hatched with the all-masked-row policy named beside them, a
/// key_padding strip under the columns. A click on a cell (or Space on the keyboard cursor,
/// moved with the arrow keys) hides or shows that key for that query; a click on a padding box
/// marks the key as padding or real. Presets: causal (Vaswani et al. 2017, §3.2.3), window
/// (Beltagy et al. 2020, §3.1) and clear. Every edit is one undoable
/// ScenarioDocument::replaceScenario step, refused with the engine's message when it cannot be
/// computed (e.g. the "error" policy and a row with no visible key). Under the grid: the
/// masked-token check of the selected query (checkMaskedValues in maskedits.h).
class MaskEditorView : public FigureView {
    Q_OBJECT

public:
    /// A view of `document` (not owned; must outlive the view).
    explicit MaskEditorView(doc::ScenarioDocument *document, QWidget *parent = nullptr);
    ~MaskEditorView() override;

    /// Hides (or shows) key `key` for query `query` under the selected head: "Hide q→k" or
    /// "Show q→k" on the undo stack. Returns false when out of range or refused.
    bool toggleCell(int query, int key);
    /// The causal preset with the alignment chosen in the view (used when n_q ≠ n_k).
    bool applyCausal();
    /// The window preset [pos_q − left, pos_q + right]; an empty side is unbounded.
    bool applyWindow(std::optional<int> left, std::optional<int> right);
    /// Marks key `key` as padding (or as a real token again).
    bool setKeyPadding(int key, bool padding);
    /// Every key visible to every query.
    bool clearMask();
    /// The policy for rows that see no key.
    bool setMaskedRowPolicy(MaskedRowPolicy policy);
    /// Sets the document ids of the queries (n_q) and keys (n_k) in one undoable edit; both empty
    /// remove the document mask. False when refused (wrong lengths: the message names the field).
    bool setDocumentIds(const std::vector<std::int64_t> &queryIds, const std::vector<std::int64_t> &keyIds);
    /// Sets the prefix-LM length (std::nullopt = none; a prefix turns causal on), one undoable edit.
    bool setPrefixLength(std::optional<std::int64_t> prefix);
    /// The alignment the causal and window presets use when n_q ≠ n_k (bottom_right by default).
    void setAlignmentChoice(Alignment alignment);
    Alignment alignmentChoice() const;

    /// The tooltip of cell (query, key): labels, exact weight and logit, and why it is masked.
    QString cellToolTip(int query, int key) const;
    /// The text next to query `query` when it sees no key (naming the policy); empty otherwise.
    QString rowNote(int query) const;
    /// The masked-token check line of the selected query.
    QString checkText() const;
    /// True when that check found max |ΔO| ≤ 1e-12 (or had nothing to check).
    bool checkPassed() const;
    /// The keyboard cursor: (query, key).
    int cursorQuery() const { return m_cursorQuery; }
    int cursorKey() const { return m_cursorKey; }
    /// The last refusal or note shown under the grid (empty when none).
    QString message() const;

    /// The box of cell (query, key) in this view's coordinates; empty when out of range.
    QRectF cellRect(int query, int key) const;
    /// The key_padding box of key `key` in this view's coordinates; empty when out of range.
    QRectF paddingRect(int key) const;

    /// Draws the figure (title, grid, legend, check) into `size` pixels; exports use it.
    void paintFigure(QPainter &painter, QSizeF size) const;

    /// Writes the figure to `path` as "png", "svg" or "pdf" (vector, no raster image) at `size`.
    /// Returns false and sets *error (if given) to one sentence when the format is unknown, the
    /// size is empty or the file cannot be written. The file is replaced only when complete.
    bool exportTo(const QString &path, const QString &format, QSize size,
                  QString *error = nullptr) const override;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void keyPressEvent(QKeyEvent *event) override;

private:
    /// True when the trace can be drawn (computed, selected head in range).
    bool hasTrace() const;
    MaskFigureData figureData(bool screen) const;
    /// Pushes edit(current scenario) as one undo step named `text`; reports a refusal under the grid.
    bool push(const std::function<Scenario(const Scenario &)> &edit, const QString &text);
    void syncControls();
    void moveCursor(int dq, int dk);
    void refreshCheck();

    doc::ScenarioDocument *m_document;
    MaskControls *m_controls = nullptr;
    MaskCanvas *m_canvas = nullptr;
    QLabel *m_message = nullptr;
    int m_cursorQuery = 0;
    int m_cursorKey = 0;
    QString m_checkText;
    bool m_checkPassed = true;
};

} // namespace attn::ui
