// An editable table over one tensor (Q, K or V) of a ScenarioDocument.
#pragma once

#include "ui/document/scenariodocument.h"

#include <QAbstractTableModel>

namespace attn::ui {

/// Rows are tokens (vertical header = token label), columns are features (horizontal header
/// "0", "1", … or "h0·0", "h0·1", "h1·0", … when the tensor holds several heads).
/// DisplayRole is compact (ui/numbertext.h: 3 decimals, or 4 significant digits for huge and
/// tiny values); EditRole is the exact value as text, so the default delegate is a line edit;
/// ToolTipRole gives the exact value. Edits become undo commands of the document, which
/// refuses (editRefused) a value whose scenario the engine cannot compute.
class MatrixTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    /// A model over tensor `role` of `document` (not owned; must outlive the model).
    MatrixTableModel(doc::ScenarioDocument *document, doc::TensorRole role, QObject *parent = nullptr);

    doc::TensorRole role() const { return m_role; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

    /// Accepts a double, or text parsed with the C locale or else the user's locale (QLocale()),
    /// without group separators.
    /// Refuses text that is not a number, NaN and ±Inf: returns false, keeps the old value and
    /// emits inputRejected() naming the tensor, row, column and the refused text. Returns false
    /// too when the document refuses the value (its editRefused() gives the reason).
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

    /// Header text of column `column`: "3", or "h1·0" when the tensor holds several heads.
    QString columnLabel(int column) const;

signals:
    /// An edit was refused; `message` is one sentence for the learner.
    void inputRejected(const QString &message);

private:
    /// True for a valid index of this model (no warning for an invalid one, unlike checkIndex).
    bool isCell(const QModelIndex &index) const;
    void onCellChanged(doc::TensorRole role, int row, int column);

    doc::ScenarioDocument *m_document;
    doc::TensorRole m_role;
};

} // namespace attn::ui
