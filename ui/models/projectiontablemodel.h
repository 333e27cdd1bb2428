// An editable table over one matrix of a scenario's learned projections (X, X_kv, W_q, W_k, W_v)
// or its output projection W_o (core/projection.h).
#pragma once

#include "ui/document/scenariodocument.h"

#include <QAbstractTableModel>

namespace attn::ui {

/// The matrices of core/projection.h a learner can edit.
enum class ProjectionMatrix { X, X_kv, W_q, W_k, W_v, W_o };

/// The scenario's name of `matrix`: "X", "X_kv", "W_q", "W_k", "W_v" or "W_o".
QString projectionMatrixName(ProjectionMatrix matrix);

/// The matrix `matrix` of `scenario`; empty when the scenario has none.
const Matrix &projectionMatrix(const Scenario &scenario, ProjectionMatrix matrix);

/// Rows and columns of the matrix as in the scenario file; DisplayRole compact, EditRole and
/// ToolTipRole exact (ui/base/numbertext.h). An edit recomputes Q, K and V (project()) and goes
/// to the document as one undoable edit ("W_q[0, 1] = 2"), so every view follows; text that is
/// not a number, NaN, ±Inf and a scenario the engine cannot compute are refused with a message
/// (inputRejected, or the document's editRefused) and nothing changes.
class ProjectionTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    /// A model over `matrix` of `document` (not owned; must outlive the model).
    ProjectionTableModel(doc::ScenarioDocument *document, ProjectionMatrix matrix, QObject *parent = nullptr);

    ProjectionMatrix matrix() const { return m_matrix; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

signals:
    /// An edit was refused; `message` is one sentence for the learner.
    void inputRejected(const QString &message);

private:
    bool isCell(const QModelIndex &index) const;
    const Matrix &current() const;

    doc::ScenarioDocument *m_document;
    ProjectionMatrix m_matrix;
};

} // namespace attn::ui
