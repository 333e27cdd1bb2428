#include "ui/views/scoring/scoringview.h"

#include "core/scorevariant.h"
#include "ui/base/numbertext.h"
#include "ui/document/scenariodocument.h"
#include "ui/plots/plotexport.h"
#include "ui/plots/scoringplot.h"
#include "ui/views/common/queryselector.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace attn::ui {

namespace {

int columnOf(ScoreKind kind)
{
    return kind == ScoreKind::Dot ? 0 : kind == ScoreKind::ScaledDot ? 1 : 2;
}

} // namespace

AdditiveParams ScoringView::defaultAdditive(Index d_k)
{
    const Index h = std::min<Index>(d_k, 4);
    return {Matrix::Identity(h, d_k), Matrix::Identity(h, d_k), Vector::Ones(h)};
}

ScoringView::ScoringView(doc::ScenarioDocument *document, QWidget *parent)
    : FigureView(document, parent), m_document(document)
{
    setObjectName(QStringLiteral("scoringView"));
    auto *top = new QHBoxLayout;
    top->addStretch(1);
    top->addWidget(new QuerySelector(m_document, this));

    m_plot = new ScoringPlot(this);
    m_plot->setObjectName(QStringLiteral("scoringPlot"));

    m_tableCaption = new QLabel(this);
    m_tableCaption->setWordWrap(true);
    m_table = new QTableWidget(this);
    m_table->setObjectName(QStringLiteral("additiveTable"));
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_plot, 1);
    layout->addWidget(m_tableCaption);
    layout->addWidget(m_table);

    connect(m_table, &QTableWidget::itemChanged, this, &ScoringView::onItemChanged);
    connect(m_document, &doc::ScenarioDocument::traceChanged, this, whenShown([this] {
                updateParams();
                updateColumns();
            }));
    const auto columnsShown = whenShown([this] { updateColumns(); });
    connect(m_document, &doc::ScenarioDocument::selectedQueryChanged, this, columnsShown);
    connect(m_document, &doc::ScenarioDocument::selectedHeadChanged, this, columnsShown);
    updateParams();
    updateColumns();
}

ScoringView::~ScoringView() = default;

bool ScoringView::editsScenario() const
{
    const Scenario &s = m_document->scenario();
    return s.score == ScoreKind::Additive && s.additive.has_value();
}

void ScoringView::updateParams()
{
    const Index d = m_document->hasQueryAndKey() ? m_document->keyDim() : 0;
    if (editsScenario())
        m_params = *m_document->scenario().additive;
    else if (d > 0 && m_params.W_q.cols() != d)
        m_params = defaultAdditive(d);
    m_table->setEnabled(d > 0);
    m_tableCaption->setText(
        d == 0 ? tr("Additive parameters: this scenario has no q and k to score.")
        : editsScenario()
            ? tr("Additive parameters of this scenario (h = %1): each edit changes the scenario and can be "
                 "undone.")
                  .arg(m_params.v.size())
            : tr("Additive parameters (h = %1), kept in this view: the scenario itself scores with %2, so "
                 "they change only the additive column.")
                  .arg(m_params.v.size())
                  .arg(QString::fromLatin1(toString(m_document->scenario().score))));
    fillTable();
}

void ScoringView::fillTable()
{
    const QSignalBlocker block(m_table);
    const int h = static_cast<int>(m_params.v.size());
    const int d = static_cast<int>(m_params.W_q.cols());
    m_table->setRowCount(h);
    m_table->setColumnCount(h > 0 ? 2 * d + 1 : 0);
    QStringList headers;
    for (const char *name : {"W_q", "W_k"})
        for (int c = 0; c < d; ++c) headers << QStringLiteral("%1 [%2]").arg(QLatin1String(name)).arg(c);
    headers << QStringLiteral("v");
    m_table->setHorizontalHeaderLabels(headers);
    for (int r = 0; r < h; ++r) {
        m_table->setVerticalHeaderItem(r, new QTableWidgetItem(tr("unit %1").arg(r)));
        for (int c = 0; c <= 2 * d; ++c) {
            const double value = c < d       ? m_params.W_q(r, c)
                                 : c < 2 * d ? m_params.W_k(r, c - d)
                                             : m_params.v(r);
            auto *item = new QTableWidgetItem(compactNumber(value));
            item->setToolTip(
                QStringLiteral("%1[%2] = %3")
                    .arg(headers[c].section(QLatin1Char(' '), 0, 0))
                    .arg(c == 2 * d ? QString::number(r) : QStringLiteral("%1][%2").arg(r).arg(c % d))
                    .arg(exactNumber(value)));
            m_table->setItem(r, c, item);
        }
    }
    // As tall as its rows (up to six), so that the plots keep the room.
    m_table->resizeRowsToContents();
    int height = m_table->horizontalHeader()->height() + 2 * m_table->frameWidth() + 2;
    for (int r = 0; r < std::min(h, 6); ++r) height += m_table->rowHeight(r);
    if (h > 6) height += m_table->horizontalScrollBar()->sizeHint().height();
    m_table->setFixedHeight(height);
}

bool ScoringView::setParameter(int row, int column, double value)
{
    const Index h = m_params.v.size();
    const Index d = m_params.W_q.cols();
    if (!std::isfinite(value) || row < 0 || row >= h || column < 0 || column > 2 * d) return false;
    AdditiveParams p = m_params;
    QString name;
    if (column < d) {
        p.W_q(row, column) = value;
        name = QStringLiteral("W_q[%1][%2]").arg(row).arg(column);
    } else if (column < 2 * d) {
        p.W_k(row, column - d) = value;
        name = QStringLiteral("W_k[%1][%2]").arg(row).arg(column - d);
    } else {
        p.v(row) = value;
        name = QStringLiteral("v[%1]").arg(row);
    }
    if (editsScenario()) {
        Scenario edited = m_document->scenario();
        edited.additive = p;
        if (m_document->replaceScenario(edited, tr("Set additive %1 to %2").arg(name, compactNumber(value))))
            return true; // traceChanged brings the new parameters back here
        fillTable();
        return false;
    }
    m_params = p;
    fillTable();
    updateColumns();
    return true;
}

void ScoringView::onItemChanged(QTableWidgetItem *item)
{
    bool ok = false;
    const double value = item->text().trimmed().toDouble(&ok);
    if (!ok || !setParameter(item->row(), item->column(), value)) fillTable();
}

void ScoringView::updateColumns()
{
    m_message.clear();
    const Scenario &s = m_document->scenario();
    const int head = m_document->selectedHead();
    const int query = m_document->selectedQuery();
    if (!m_document->traceIsCurrent())
        m_message = tr("Nothing to show: %1").arg(m_document->lastError());
    else if (!m_document->hasQueryAndKey())
        m_message = tr("This scenario gives raw scores: there are no q and keys to score.");
    const QStringList headers = {tr("dot: q·k"), tr("scaled dot: q·k / √d_k"),
                                 tr("additive: vᵀ tanh(W_q q + W_k k)")};
    std::array<ScoringColumn, 3> columns;
    for (std::size_t c = 0; c < 3; ++c) {
        const ScoreKind kind = kKinds[c];
        ScoringColumn &col = columns[c];
        col.name = QString::fromLatin1(toString(kind));
        m_columnMessages[c].clear();
        if (m_message.isEmpty()) {
            try {
                const ScoreRow row =
                    scoreRowWith(s, kind, head, query,
                                 kind == ScoreKind::Additive ? std::optional(m_params) : std::nullopt);
                col.logits = row.logits;
                col.weights = row.weights;
            } catch (const std::exception &e) {
                m_columnMessages[c] = tr("cannot be computed: %1").arg(QString::fromUtf8(e.what()));
            }
        }
        col.header = headers[static_cast<int>(c)];
        if (kind == ScoreKind::Additive && m_message.isEmpty() && m_params.v.size() > 0)
            col.header += tr(", h = %1").arg(m_params.v.size());
        col.header += QLatin1Char('\n') +
                      (m_message.isEmpty() && s.score == kind ? tr("(this scenario's score)") : QString());
        if (!m_columnMessages[c].isEmpty()) col.header += QLatin1Char('\n') + m_columnMessages[c];
    }
    QString title = m_message;
    if (title.isEmpty()) {
        title = tr("Three scoring functions on the query “%1” and its %2 keys (d_k = %3)")
                    .arg(m_document->traceQueryLabels().value(query))
                    .arg(m_document->keyCount())
                    .arg(m_document->keyDim());
        if (m_document->trace().heads.size() > 1) title += tr(", head %1").arg(head);
    }
    m_columns = columns;
    m_plot->setColumns(columns, m_document->traceKeyLabels(), m_document->traceQueryLabels().value(query),
                       title);
}

const Vector &ScoringView::scores(ScoreKind kind) const
{
    return m_columns[static_cast<std::size_t>(columnOf(kind))].logits;
}

const Vector &ScoringView::weights(ScoreKind kind) const
{
    return m_columns[static_cast<std::size_t>(columnOf(kind))].weights;
}

QString ScoringView::columnMessage(ScoreKind kind) const
{
    const QString own = m_columnMessages[static_cast<std::size_t>(columnOf(kind))];
    return own.isEmpty() ? m_message : own;
}

QString ScoringView::barToolTip(ScoreKind kind, int key) const
{
    return m_plot->barToolTip(columnOf(kind), key);
}

bool ScoringView::exportTo(const QString &path, const QString &format, QSize size, QString *error) const
{
    return exportPlot(m_plot, path, format, size, error);
}

} // namespace attn::ui
