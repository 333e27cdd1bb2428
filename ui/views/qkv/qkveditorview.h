// The main teaching view: edit Q, K and V, watch the weights and the output change.
#pragma once

#include "ui/document/matrixblocks.h"
#include "ui/document/scenariodocument.h"

#include <QPointer>
#include <QWidget>

class QComboBox;
class QLabel;
class QTableView;

namespace attn::ui {

class BarPlot;
class HeatmapPlot;
class MatrixClipboard;
class MatrixTableModel;
class ProjectionPanel;
class ScoresTable;
class TableLock;

/// A strip of score controls (score kind, scale, temperature: ScoreControls), three editable
/// tables (Q, K, V) with buttons that add and remove tokens and feature columns, the score table
/// S (editable for raw scores, else the computed logits: ScoresTable),
/// the shapes of every tensor in words, the weights heatmap of one head, the bars of the selected
/// query, its output vector and a message line: red for refused input and refused edits (the
/// document's editRefused), brown for notes such as NaN entries loaded from a file.
/// Everything shown comes from the document's trace; any edit repaints at once. The scores,
/// weights and output lines write at most 16 entries, then "… (1000 keys)".
class QkvEditorView : public QWidget {
    Q_OBJECT

public:
    /// A view of `document` (not owned; must outlive the view).
    explicit QkvEditorView(doc::ScenarioDocument *document, QWidget *parent = nullptr);
    ~QkvEditorView() override;

    doc::ScenarioDocument *document() const { return m_document; }

    /// The table model of tensor `role` (owned by the view).
    MatrixTableModel *model(doc::TensorRole role) const;
    /// The table view of tensor `role`.
    QTableView *tableView(doc::TensorRole role) const;

    /// X and the W matrices, shown when the scenario has learned projections (Q, K and V are
    /// then read-only products).
    ProjectionPanel *projectionPanel() const { return m_projectionPanel; }

    /// The score table S (ScoresTable).
    ScoresTable *scoresTable() const { return m_scoresTable; }
    /// Copy, paste and CSV files of the table of `kind` (Q, K, V or S; owned by its table).
    MatrixClipboard *matrixClipboard(doc::MatrixKind kind) const;

    HeatmapPlot *heatmap() const { return m_heatmap; }
    BarPlot *barPlot() const { return m_barPlot; }
    /// The plots and lines below the score table (weights, bars, output): what a lesson step
    /// that waits for a prediction covers.
    QWidget *weightsArea() const { return m_weightsArea; }

    /// The shapes line, e.g. "Q 1×2, K 2×2, V 2×2 → A 1×2, O 1×2".
    QString shapesText() const;
    /// The output of the selected query, e.g. "O = [1.340, 1.321]".
    QString outputText() const;
    /// The scores and weights of the selected query, e.g. "scores = [0.707, 0.000] → weights = […]".
    QString scoresText() const;
    /// The message line: a refused input or edit, or a note about NaN entries; empty when all
    /// is well.
    QString messageText() const;

    /// A short explanation of the scenario (its file's "comment"), shown under the V table's
    /// title; empty hides it.
    void setScenarioNote(const QString &note);
    QString scenarioNote() const;

    /// Locks the table of `role` with `reason` (a lesson step's: shown as its tooltip, beside a
    /// padlock at its title, and on the message line when the learner types into it), or
    /// unlocks it for an empty reason.
    void setTensorLocked(doc::TensorRole role, const QString &reason);
    /// The reason the table of `role` is locked, empty when it is not.
    QString lockReason(doc::TensorRole role) const;

protected:
    void changeEvent(QEvent *event) override;

private:
    QWidget *createTensorPanel(doc::TensorRole role);
    QWidget *createPlotsPanel();
    void updateScenario();
    void updateTrace();
    void updateSelection();
    void updateSelectors();
    /// Row heights for the font, and each table's minimum height: two rows in sight.
    void fitTableRows();
    /// Shows `message` in red on the message line (empty hides the line).
    void showMessage(const QString &message);
    /// Shows `note` in brown on the message line (empty hides the line).
    void showNote(const QString &note);
    /// The row of `role` the remove button acts on: the current row, else the last.
    int targetRow(doc::TensorRole role) const;
    /// The feature (within a head block) the remove-column button acts on.
    int targetDim(doc::TensorRole role) const;

    doc::ScenarioDocument *m_document;
    /// Null once the document is gone (in the main window it is destroyed before the views).
    QPointer<doc::ScenarioDocument> m_documentAlive;
    MatrixTableModel *m_models[3] = {};
    QTableView *m_tables[3] = {};
    QLabel *m_panelTitles[3] = {};
    QLabel *m_lockIcons[3] = {};
    TableLock *m_locks[3] = {};
    QLabel *m_shapesLabel = nullptr;
    QLabel *m_scoresLabel = nullptr;
    QLabel *m_outputLabel = nullptr;
    QLabel *m_outputCaption = nullptr;
    QLabel *m_messageLabel = nullptr;
    QLabel *m_scenarioNote = nullptr;
    QComboBox *m_querySelector = nullptr;
    QComboBox *m_headSelector = nullptr;
    QLabel *m_headCaption = nullptr;
    MatrixClipboard *m_clipboards[3] = {}; // Q, K, V (S: m_scoresTable->clipboard())
    ScoresTable *m_scoresTable = nullptr;
    ProjectionPanel *m_projectionPanel = nullptr;
    HeatmapPlot *m_heatmap = nullptr;
    BarPlot *m_barPlot = nullptr;
    QWidget *m_weightsArea = nullptr;
};

} // namespace attn::ui
