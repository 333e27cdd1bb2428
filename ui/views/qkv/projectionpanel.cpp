#include "ui/views/qkv/projectionpanel.h"

#include "ui/base/numbertext.h"

#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace attn::ui {

namespace {

constexpr ProjectionMatrix kOrder[] = {ProjectionMatrix::X,   ProjectionMatrix::X_kv, ProjectionMatrix::W_q,
                                       ProjectionMatrix::W_k, ProjectionMatrix::W_v,  ProjectionMatrix::W_o};

QString shape(const Matrix &m)
{
    return QStringLiteral("%1 × %2").arg(m.rows()).arg(m.cols());
}

/// "Q = X·W_q + b_q: (1 × 2)·(2 × 2) → 1 × 2".
QString productLine(const char *out, const char *in, const char *weight, const char *bias, const Matrix &x,
                    const Matrix &w, bool hasBias)
{
    const QString formula = QStringLiteral("%1 = %2·%3%4")
                                .arg(QLatin1String(out), QLatin1String(in), QLatin1String(weight),
                                     hasBias ? QStringLiteral(" + ") + QLatin1String(bias) : QString());
    return QStringLiteral("%1: (%2)·(%3) → %4 × %5")
        .arg(formula, shape(x), shape(w))
        .arg(x.rows())
        .arg(w.cols());
}

} // namespace

ProjectionPanel::ProjectionPanel(doc::ScenarioDocument *document, QWidget *parent)
    : QGroupBox(tr("Learned projections: Q, K and V are computed from the tokens X"), parent),
      m_document(document)
{
    setObjectName(QStringLiteral("projectionPanel"));
    auto *grid = new QGridLayout;
    for (int i = 0; i < kMatrices; ++i) {
        const ProjectionMatrix matrix = kOrder[i];
        m_titles[i] = new QLabel(this);
        m_models[i] = new ProjectionTableModel(document, matrix, this);
        connect(m_models[i], &ProjectionTableModel::inputRejected, this, &ProjectionPanel::inputRejected);
        auto *table = new QTableView(this);
        table->setObjectName(projectionMatrixName(matrix) + QStringLiteral("Table"));
        table->setModel(m_models[i]);
        table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
        table->horizontalHeader()->setMinimumSectionSize(48);
        table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
        table->verticalHeader()->setDefaultSectionSize(22);
        table->setEditTriggers(QAbstractItemView::AllEditTriggers);
        table->setMinimumHeight(70);
        m_tables[i] = table;
        grid->addWidget(m_titles[i], 0, i);
        grid->addWidget(table, 1, i);
    }
    m_products = new QLabel(this);
    m_products->setObjectName(QStringLiteral("projectionProducts"));
    m_products->setWordWrap(true);
    m_products->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(grid);
    layout->addWidget(m_products);
    connect(document, &doc::ScenarioDocument::scenarioChanged, this, &ProjectionPanel::updateScenario);
    connect(document, &doc::ScenarioDocument::traceChanged, this, &ProjectionPanel::updateScenario);
    connect(document, &doc::ScenarioDocument::selectedQueryChanged, this, &ProjectionPanel::updateScenario);
    updateScenario();
}

QTableView *ProjectionPanel::tableView(ProjectionMatrix matrix) const
{
    return m_tables[static_cast<int>(matrix)];
}

ProjectionTableModel *ProjectionPanel::model(ProjectionMatrix matrix) const
{
    return m_models[static_cast<int>(matrix)];
}

QString ProjectionPanel::productsText() const
{
    return m_products->text();
}

void ProjectionPanel::updateScenario()
{
    const Scenario &s = m_document->scenario();
    setVisible(s.projection.has_value());
    for (int i = 0; i < kMatrices; ++i) {
        const Matrix &m = projectionMatrix(s, kOrder[i]);
        const bool shown = s.projection && m.size() > 0;
        m_titles[i]->setText(QStringLiteral("%1  (%2)").arg(projectionMatrixName(kOrder[i]), shape(m)));
        m_titles[i]->setVisible(shown);
        m_tables[i]->setVisible(shown);
    }
    if (!s.projection) {
        m_products->clear();
        return;
    }
    const Projection &p = *s.projection;
    const bool cross = p.X_kv.size() > 0;
    const char *in = cross ? "X_kv" : "X";
    QStringList lines{productLine("Q", "X", "W_q", "b_q", p.X, p.W_q, p.b_q.size() > 0),
                      productLine("K", in, "W_k", "b_k", p.keyValueInput(), p.W_k, p.b_k.size() > 0),
                      productLine("V", in, "W_v", "b_v", p.keyValueInput(), p.W_v, p.b_v.size() > 0)};
    if (s.W_o.size() > 0)
        lines << tr("projected output = O·W_o%1: (%2 × %3)·(%4) → %2 × %5")
                     .arg(s.b_o.size() > 0 ? QStringLiteral(" + b_o") : QString())
                     .arg(s.query.rows())
                     .arg(s.W_o.rows())
                     .arg(shape(s.W_o))
                     .arg(s.W_o.cols());
    // The selected query's row of output · W_o + b_o (core/projection.h), once the trace is current.
    const int q = m_document->selectedQuery();
    if (s.W_o.size() > 0 && m_document->traceIsCurrent() && q < m_document->trace().output.rows()) {
        const Matrix y = projectOutput(s, m_document->trace().output.row(q));
        QStringList entries;
        for (Index j = 0; j < y.cols(); ++j) entries << compactNumber(y(0, j));
        lines << tr("projected output of “%1” = [%2]")
                     .arg(m_document->queryLabel(q), entries.join(QStringLiteral(", ")));
    }
    m_products->setText(lines.join(QStringLiteral("   ")));
}

} // namespace attn::ui
