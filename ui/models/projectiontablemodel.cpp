#include "ui/models/projectiontablemodel.h"

#include "ui/base/numbertext.h"
#include "ui/models/editvalue.h"

#include <cmath>

namespace attn::ui {

namespace {

const Matrix &emptyMatrix()
{
    static const Matrix empty;
    return empty;
}

/// The matrix `matrix` of `s` (const or not), or null when the scenario has none.
template <class S> auto *matrixOf(S &s, ProjectionMatrix matrix)
{
    using Pointer = decltype(&s.W_o);
    if (matrix == ProjectionMatrix::W_o) return &s.W_o;
    if (!s.projection) return Pointer{nullptr};
    auto &p = *s.projection;
    switch (matrix) {
    case ProjectionMatrix::X: return &p.X;
    case ProjectionMatrix::X_kv: return &p.X_kv;
    case ProjectionMatrix::W_q: return &p.W_q;
    case ProjectionMatrix::W_k: return &p.W_k;
    case ProjectionMatrix::W_v: return &p.W_v;
    case ProjectionMatrix::W_o: break;
    }
    return Pointer{nullptr};
}

} // namespace

QString projectionMatrixName(ProjectionMatrix matrix)
{
    switch (matrix) {
    case ProjectionMatrix::X: return QStringLiteral("X");
    case ProjectionMatrix::X_kv: return QStringLiteral("X_kv");
    case ProjectionMatrix::W_q: return QStringLiteral("W_q");
    case ProjectionMatrix::W_k: return QStringLiteral("W_k");
    case ProjectionMatrix::W_v: return QStringLiteral("W_v");
    case ProjectionMatrix::W_o: break;
    }
    return QStringLiteral("W_o");
}

const Matrix &projectionMatrix(const Scenario &scenario, ProjectionMatrix matrix)
{
    const Matrix *m = matrixOf(scenario, matrix);
    return m ? *m : emptyMatrix();
}

ProjectionTableModel::ProjectionTableModel(doc::ScenarioDocument *document, ProjectionMatrix matrix,
                                           QObject *parent)
    : QAbstractTableModel(parent), m_document(document), m_matrix(matrix)
{
    connect(document, &doc::ScenarioDocument::shapeAboutToChange, this, [this] { beginResetModel(); });
    connect(document, &doc::ScenarioDocument::shapeChanged, this, [this] { endResetModel(); });
}

const Matrix &ProjectionTableModel::current() const
{
    return projectionMatrix(m_document->scenario(), m_matrix);
}

bool ProjectionTableModel::isCell(const QModelIndex &index) const
{
    return index.isValid() && index.model() == this && !index.parent().isValid() &&
           index.row() < rowCount() && index.column() < columnCount();
}

int ProjectionTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(current().rows());
}

int ProjectionTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(current().cols());
}

QVariant ProjectionTableModel::data(const QModelIndex &index, int role) const
{
    if (!isCell(index)) return {};
    const double value = current()(index.row(), index.column());
    switch (role) {
    case Qt::DisplayRole: return compactNumber(value);
    case Qt::EditRole: return exactNumber(value);
    case Qt::ToolTipRole:
        return tr("%1[%2, %3] = %4")
            .arg(projectionMatrixName(m_matrix))
            .arg(index.row())
            .arg(index.column())
            .arg(exactNumber(value));
    case Qt::TextAlignmentRole: return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    default: return {};
    }
}

QVariant ProjectionTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (section < 0 || role != Qt::DisplayRole) return {};
    if (orientation == Qt::Vertical) {
        if (section >= rowCount()) return {};
        // Rows of X are the queries' tokens, rows of X_kv the keys'; rows of a W are input features.
        if (m_matrix == ProjectionMatrix::X) return m_document->queryLabel(section);
        if (m_matrix == ProjectionMatrix::X_kv) return m_document->keyLabel(section);
        return QString::number(section);
    }
    return section < columnCount() ? QVariant(QString::number(section)) : QVariant();
}

Qt::ItemFlags ProjectionTableModel::flags(const QModelIndex &index) const
{
    if (!isCell(index)) return Qt::NoItemFlags;
    return Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsEditable;
}

bool ProjectionTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !isCell(index)) return false;
    double number = 0.0;
    QString text;
    const bool ok = numberFromEditValue(value, &number, &text);
    const QString name = projectionMatrixName(m_matrix);
    const double old = current()(index.row(), index.column());
    if (!ok || !std::isfinite(number)) {
        const QString reason = ok ? tr("NaN and infinity are not allowed") : tr("not a number");
        emit inputRejected(tr("%1[%2, %3]: refused “%4” (%5); kept %6.")
                               .arg(name)
                               .arg(index.row())
                               .arg(index.column())
                               .arg(text, reason, exactNumber(old)));
        return false;
    }
    if (number == old) return true;
    Scenario edited = m_document->scenario();
    (*matrixOf(edited, m_matrix))(index.row(), index.column()) = number;
    try {
        project(edited); // Q, K and V follow X and the W matrices
    } catch (const ScenarioError &e) {
        emit inputRejected(tr("%1[%2, %3] = %4: refused (%5); kept %6.")
                               .arg(name)
                               .arg(index.row())
                               .arg(index.column())
                               .arg(exactNumber(number), QString::fromUtf8(e.what()), exactNumber(old)));
        return false;
    }
    const QString edit = QStringLiteral("%1[%2, %3] = %4")
                             .arg(name)
                             .arg(index.row())
                             .arg(index.column())
                             .arg(QString::number(number, 'g', QLocale::FloatingPointShortest));
    return m_document->replaceScenario(edited, edit);
}

} // namespace attn::ui
