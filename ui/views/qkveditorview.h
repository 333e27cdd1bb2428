// The main teaching view: edit Q, K and V, watch the weights and the output change.
#pragma once

#include "ui/document/scenariodocument.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QTableView;

namespace attn::ui {

class BarPlot;
class HeatmapPlot;
class MatrixTableModel;

/// Three editable tables (Q, K, V) with buttons that add and remove tokens and feature columns,
/// the shapes of every tensor in words, the weights heatmap of one head, the bars of the selected
/// query, its output vector and a red message line for refused input and invalid scenarios.
/// Everything shown comes from the document's trace; any edit repaints at once.
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

    HeatmapPlot *heatmap() const { return m_heatmap; }
    BarPlot *barPlot() const { return m_barPlot; }

    /// The shapes line, e.g. "Q 1×2, K 2×2, V 2×2 → A 1×2, O 1×2".
    QString shapesText() const;
    /// The output of the selected query, e.g. "O = [1.340, 1.321]".
    QString outputText() const;
    /// The scores and weights of the selected query, e.g. "scores = [0.707, 0.000] → weights = […]".
    QString scoresText() const;
    /// The message line: a refused input or the current ScenarioError; empty when all is well.
    QString messageText() const;

private:
    QWidget *createTensorPanel(doc::TensorRole role);
    QWidget *createPlotsPanel();
    void updateScenario();
    void updateTrace();
    void updateSelection();
    void updateSelectors();
    void showMessage(const QString &message);
    /// The row of `role` the remove button acts on: the current row, else the last.
    int targetRow(doc::TensorRole role) const;
    /// The feature (within a head block) the remove-column button acts on.
    int targetDim(doc::TensorRole role) const;

    doc::ScenarioDocument *m_document;
    MatrixTableModel *m_models[3] = {};
    QTableView *m_tables[3] = {};
    QLabel *m_panelTitles[3] = {};
    QLabel *m_shapesLabel = nullptr;
    QLabel *m_scoresLabel = nullptr;
    QLabel *m_outputLabel = nullptr;
    QLabel *m_outputCaption = nullptr;
    QLabel *m_messageLabel = nullptr;
    QComboBox *m_querySelector = nullptr;
    QComboBox *m_headSelector = nullptr;
    QLabel *m_headCaption = nullptr;
    HeatmapPlot *m_heatmap = nullptr;
    BarPlot *m_barPlot = nullptr;
};

} // namespace attn::ui
