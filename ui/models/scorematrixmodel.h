// A table over the score matrix S (n_q × n_k) of the selected query head of a ScenarioDocument.
#pragma once

#include "ui/document/scenariodocument.h"

#include <QAbstractTableModel>

#include <optional>

namespace attn::ui {

/// True when `scenario` gives raw scores (its `scores` matrices replace Q·Kᵀ).
bool usesRawScores(const Scenario &scenario);

/// The scenario `scenario` rewritten with raw scores equal to the logits of `trace` (the trace
/// computed from `scenario`): one matrix S_h = trace.heads[h].logits (n_q, n_k) per query head,
/// with scale, temperature and positional bias already folded in. So the scale goes back to
/// its default (1 for raw scores), the temperature to 1 and the positional scheme to none, and
/// logits = 1 · S / 1 are the same numbers: the softmax weights do not change. Q and K are
/// kept (unused while S is given), so choosing a score kind again computes S from them.
/// Returns std::nullopt, with *why set, when the trace has no heads, does not match the
/// scenario's sizes, or comes from the linear kernel (its weights are not a softmax of the logits).
std::optional<Scenario> scenarioWithRawScores(const Scenario &scenario, const AttentionTrace &trace,
                                              QString *why = nullptr);

/// Rows are queries, columns are keys (headers are their labels). With raw scores
/// (usesRawScores) the cells are the raw scores S of the selected head (or the single shared
/// matrix) and are editable: each edit is one undo command of the document (replaceScenario),
/// which refuses a value the engine cannot compute. Otherwise the cells are the trace's logits
/// (scale · score / temperature + positional bias; Vaswani et al. 2017, §3.2.1) and read-only.
/// DisplayRole is compact, EditRole the exact value as text, ToolTipRole says what the number is;
/// masked cells (the key is not visible to the query) are grey and say so in their tooltip.
class ScoreMatrixModel : public QAbstractTableModel {
    Q_OBJECT

public:
    /// A model over `document` (not owned; must outlive the model).
    explicit ScoreMatrixModel(doc::ScenarioDocument *document, QObject *parent = nullptr);

    /// True when the cells are raw scores that can be edited.
    bool isEditable() const { return m_raw; }
    /// The numbers shown, (n_q, n_k).
    const Matrix &values() const { return m_values; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

    /// Sets one raw score. Accepts a double, or text in the C locale or else the user's locale.
    /// Returns false, keeping the old value, when the cells are not editable, for text that is
    /// not a number, for NaN and ±Inf (inputRejected() names the cell and the refused text), and
    /// when the document refuses the edited scenario (its editRefused() gives the reason).
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

signals:
    /// An edit was refused; `message` is one sentence for the learner.
    void inputRejected(const QString &message);

private:
    /// Re-reads the values from the document; resets the model when the size changed.
    void refresh();
    bool isCell(const QModelIndex &index) const;
    /// True when the trace masks (head, row, column): the cell is drawn grey.
    bool isMasked(int row, int column) const;
    /// "S[0, 1] (“q” → “k2”)".
    QString cellName(int row, int column) const;

    doc::ScenarioDocument *m_document;
    Matrix m_values;      // (n_q, n_k) raw scores or logits of the selected head
    Matrix m_logits;      // (n_q, n_k) logits of the selected head (for tooltips)
    BoolMatrix m_visible; // (n_q, n_k) true = may attend; empty when unknown
    bool m_raw = false;
};

} // namespace attn::ui
