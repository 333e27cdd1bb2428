#include "ui/models/matrixtablemodel.h"

#include "ui/base/numbertext.h"
#include "ui/models/editvalue.h"

#include <cmath>

namespace attn::ui {

MatrixTableModel::MatrixTableModel(doc::ScenarioDocument *document, doc::TensorRole role, QObject *parent)
    : QAbstractTableModel(parent), m_document(document), m_role(role)
{
    connect(document, &doc::ScenarioDocument::shapeAboutToChange, this, [this] { beginResetModel(); });
    connect(document, &doc::ScenarioDocument::shapeChanged, this, [this] { endResetModel(); });
    connect(document, &doc::ScenarioDocument::cellChanged, this, &MatrixTableModel::onCellChanged);
}

bool MatrixTableModel::isCell(const QModelIndex &index) const
{
    return index.isValid() && index.model() == this && !index.parent().isValid() &&
           index.row() < rowCount() && index.column() < columnCount();
}

int MatrixTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_document->tensor(m_role).rows());
}

int MatrixTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_document->tensor(m_role).cols());
}

QVariant MatrixTableModel::data(const QModelIndex &index, int role) const
{
    if (!isCell(index)) return {};
    const double value = m_document->tensor(m_role)(index.row(), index.column());
    switch (role) {
    case Qt::DisplayRole: return compactNumber(value);
    case Qt::EditRole: return exactNumber(value);
    case Qt::ToolTipRole:
        return tr("%1[%2, %3] (%4, column %5) = %6")
            .arg(doc::tensorName(m_role))
            .arg(index.row())
            .arg(index.column())
            .arg(m_document->rowLabel(m_role, index.row()), columnLabel(index.column()), exactNumber(value));
    case Qt::TextAlignmentRole: return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    default: return {};
    }
}

QString MatrixTableModel::columnLabel(int column) const
{
    const int heads = m_document->headCount(m_role);
    const int width = m_document->headWidth(m_role);
    if (heads <= 1 || width <= 0) return QString::number(column);
    return QStringLiteral("h%1·%2").arg(column / width).arg(column % width);
}

QVariant MatrixTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (section < 0) return {};
    if (orientation == Qt::Vertical) {
        if (section >= rowCount()) return {};
        if (role == Qt::DisplayRole) return m_document->rowLabel(m_role, section);
        if (role == Qt::ToolTipRole)
            return m_role == doc::TensorRole::Query ? tr("query %1").arg(section) : tr("key %1").arg(section);
        return {};
    }
    if (section >= columnCount()) return {};
    if (role == Qt::DisplayRole) return columnLabel(section);
    if (role == Qt::ToolTipRole) {
        const QString width =
            m_role == doc::TensorRole::Value ? QStringLiteral("d_v") : QStringLiteral("d_k");
        const int w = std::max(1, m_document->headWidth(m_role));
        return tr("head %1, feature %2 of %3 = %4").arg(section / w).arg(section % w).arg(width).arg(w);
    }
    return {};
}

Qt::ItemFlags MatrixTableModel::flags(const QModelIndex &index) const
{
    if (!isCell(index)) return Qt::NoItemFlags;
    return Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsEditable;
}

bool MatrixTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !isCell(index)) return false;

    double number = 0.0;
    QString text;
    const bool ok = numberFromEditValue(value, &number, &text);

    const double old = m_document->tensor(m_role)(index.row(), index.column());
    if (std::isnan(number) && std::isnan(old)) return true; // a NaN from the file, left as it was
    if (!ok || !std::isfinite(number)) {
        const QString reason = ok ? tr("NaN and infinity are not allowed") : tr("not a number");
        emit inputRejected(tr("%1[%2, %3] (%4, column %5): refused “%6” (%7); kept %8.")
                               .arg(doc::tensorName(m_role))
                               .arg(index.row())
                               .arg(index.column())
                               .arg(m_document->rowLabel(m_role, index.row()), columnLabel(index.column()),
                                    text, reason, exactNumber(old)));
        return false;
    }
    // The document emits cellChanged (→ dataChanged) once the undo command has run, or
    // editRefused when the engine cannot compute the edited scenario.
    return m_document->setCell(m_role, index.row(), index.column(), number);
}

void MatrixTableModel::onCellChanged(doc::TensorRole role, int row, int column)
{
    if (role != m_role) return;
    const QModelIndex changed = index(row, column);
    emit dataChanged(changed, changed, {Qt::DisplayRole, Qt::EditRole, Qt::ToolTipRole});
}

} // namespace attn::ui
