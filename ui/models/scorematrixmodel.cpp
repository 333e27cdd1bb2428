#include "ui/models/scorematrixmodel.h"

#include "ui/base/numbertext.h"

#include <QColor>

#include <cmath>

namespace attn::ui {

namespace {

/// Index of the raw score matrix query head `head` reads: 0 when one matrix is shared.
std::size_t scoreMatrixFor(const Scenario &scenario, int head)
{
    return scenario.scores.size() == 1 ? 0 : static_cast<std::size_t>(head);
}

} // namespace

bool usesRawScores(const Scenario &scenario)
{
    return !scenario.scores.empty();
}

std::optional<Scenario> scenarioWithRawScores(const Scenario &scenario, const AttentionTrace &trace,
                                              QString *why)
{
    const auto fail = [why](const QString &message) {
        if (why) *why = message;
        return std::optional<Scenario>();
    };
    if (trace.heads.empty()) return fail(ScoreMatrixModel::tr("nothing has been computed yet"));
    if (scenario.kernel == KernelKind::Linear)
        return fail(ScoreMatrixModel::tr("the linear kernel does not take a softmax of the scores, "
                                         "so raw scores could not keep its weights"));
    Scenario edited = scenario;
    edited.scores.clear();
    for (const HeadTrace &head : trace.heads) {
        if (head.logits.rows() != trace.shapes.n_q || head.logits.cols() != trace.shapes.n_k)
            return fail(ScoreMatrixModel::tr("the result does not match the scenario"));
        edited.scores.push_back(head.logits); // (n_q, n_k), already scaled, divided and biased
    }
    // logits = scale · S / temperature + bias: with scale 1, temperature 1 and no bias they are
    // S itself, bit for bit.
    edited.scale.reset();
    edited.temperature = 1.0;
    edited.positional = PositionalSpec{};
    if (edited.score == ScoreKind::Additive) edited.score = ScoreKind::ScaledDot; // needs no S
    return edited;
}

ScoreMatrixModel::ScoreMatrixModel(doc::ScenarioDocument *document, QObject *parent)
    : QAbstractTableModel(parent), m_document(document)
{
    connect(document, &doc::ScenarioDocument::scenarioChanged, this, &ScoreMatrixModel::refresh);
    connect(document, &doc::ScenarioDocument::traceChanged, this, &ScoreMatrixModel::refresh);
    connect(document, &doc::ScenarioDocument::selectedHeadChanged, this, &ScoreMatrixModel::refresh);
    refresh();
}

void ScoreMatrixModel::refresh()
{
    const Scenario &s = m_document->scenario();
    const AttentionTrace &trace = m_document->trace();
    const int head = m_document->selectedHead();
    const bool raw = usesRawScores(s);
    Matrix logits;
    BoolMatrix visible;
    if (head >= 0 && head < static_cast<int>(trace.heads.size())) {
        logits = trace.heads[head].logits;
        visible = trace.heads[head].visible;
    }
    Matrix values = logits;
    if (raw) {
        const std::size_t m = scoreMatrixFor(s, head);
        values = m < s.scores.size() ? s.scores[m] : Matrix();
    }
    if (raw && (logits.rows() != values.rows() || logits.cols() != values.cols())) logits = Matrix();
    if (visible.rows() != values.rows() || visible.cols() != values.cols()) visible = BoolMatrix();

    const bool resized = values.rows() != m_values.rows() || values.cols() != m_values.cols() || raw != m_raw;
    if (resized) beginResetModel();
    m_values = std::move(values);
    m_logits = std::move(logits);
    m_visible = std::move(visible);
    m_raw = raw;
    if (resized) {
        endResetModel();
        return;
    }
    if (rowCount() > 0 && columnCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1),
                         {Qt::DisplayRole, Qt::EditRole, Qt::ToolTipRole});
    emit headerDataChanged(Qt::Vertical, 0, std::max(0, rowCount() - 1));
    emit headerDataChanged(Qt::Horizontal, 0, std::max(0, columnCount() - 1));
}

bool ScoreMatrixModel::isCell(const QModelIndex &index) const
{
    return index.isValid() && index.model() == this && !index.parent().isValid() &&
           index.row() < rowCount() && index.column() < columnCount();
}

int ScoreMatrixModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_values.rows());
}

int ScoreMatrixModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_values.cols());
}

QString ScoreMatrixModel::cellName(int row, int column) const
{
    return tr("S[%1, %2] (“%3” → “%4”)")
        .arg(row)
        .arg(column)
        .arg(m_document->queryLabel(row), m_document->keyLabel(column));
}

QVariant ScoreMatrixModel::data(const QModelIndex &index, int role) const
{
    if (!isCell(index)) return {};
    const double value = m_values(index.row(), index.column());
    const bool masked = isMasked(index.row(), index.column());
    switch (role) {
    case Qt::DisplayRole: return compactNumber(value);
    case Qt::EditRole: return exactNumber(value);
    case Qt::ForegroundRole: return masked ? QVariant::fromValue(QColor(Qt::gray)) : QVariant();
    case Qt::ToolTipRole: {
        const QString maskNote =
            masked ? tr("\nmasked: this key is not attended, whatever its score") : QString();
        if (!m_raw)
            return tr("%1: logit = scale · score / temperature = %2 (computed; read-only)")
                       .arg(cellName(index.row(), index.column()), exactNumber(value)) +
                   maskNote;
        QString tip = tr("%1: raw score = %2").arg(cellName(index.row(), index.column()), exactNumber(value));
        if (index.row() < m_logits.rows() && index.column() < m_logits.cols())
            tip += tr("\nlogit = scale · S / temperature = %1")
                       .arg(exactNumber(m_logits(index.row(), index.column())));
        return tip + maskNote;
    }
    case Qt::TextAlignmentRole: return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    default: return {};
    }
}

bool ScoreMatrixModel::isMasked(int row, int column) const
{
    return row < m_visible.rows() && column < m_visible.cols() && !m_visible(row, column);
}

QVariant ScoreMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (section < 0) return {};
    const bool vertical = orientation == Qt::Vertical;
    if (section >= (vertical ? rowCount() : columnCount())) return {};
    if (role == Qt::DisplayRole)
        return vertical ? m_document->queryLabel(section) : m_document->keyLabel(section);
    if (role == Qt::ToolTipRole) return vertical ? tr("query %1").arg(section) : tr("key %1").arg(section);
    return {};
}

Qt::ItemFlags ScoreMatrixModel::flags(const QModelIndex &index) const
{
    if (!isCell(index)) return Qt::NoItemFlags;
    const Qt::ItemFlags base = Qt::ItemIsSelectable | Qt::ItemIsEnabled;
    return m_raw ? base | Qt::ItemIsEditable : base;
}

bool ScoreMatrixModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !isCell(index) || !m_raw) return false;

    double number = 0.0;
    bool ok = false;
    QString text;
    const int type = value.metaType().id();
    if (type == QMetaType::Double || type == QMetaType::Float || type == QMetaType::Int ||
        type == QMetaType::LongLong) {
        number = value.toDouble(&ok);
        text = exactNumber(number);
    } else {
        text = value.toString();
        ok = parseTypedNumber(text, &number);
    }
    const double old = m_values(index.row(), index.column());
    if (std::isnan(number) && std::isnan(old)) return true; // a NaN from the file, left as it was
    if (!ok || !std::isfinite(number)) {
        const QString reason = ok ? tr("NaN and infinity are not allowed") : tr("not a number");
        emit inputRejected(tr("%1: refused “%2” (%3); kept %4.")
                               .arg(cellName(index.row(), index.column()), text, reason, exactNumber(old)));
        return false;
    }
    if (number == old) return true;

    Scenario edited = m_document->scenario();
    const std::size_t m = scoreMatrixFor(edited, m_document->selectedHead());
    if (m >= edited.scores.size()) return false;
    edited.scores[m](index.row(), index.column()) = number;
    // The document sends scenarioChanged (→ refresh → dataChanged) once the command has run.
    return m_document->replaceScenario(edited,
                                       tr("Set S[%1, %2] = %3")
                                           .arg(m_document->queryLabel(index.row()),
                                                m_document->keyLabel(index.column()), exactNumber(number)));
}

} // namespace attn::ui
