#include "ui/views/qkv/projectionpanel.h"

#include "ui/base/numbertext.h"

#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace attn::ui {

namespace {

// In enum order: the matrices in row 1 of the grid, then the biases under W_q, W_k, W_v and W_o.
constexpr ProjectionMatrix kOrder[] = {ProjectionMatrix::X,   ProjectionMatrix::X_kv, ProjectionMatrix::W_q,
                                       ProjectionMatrix::W_k, ProjectionMatrix::W_v,  ProjectionMatrix::W_o,
                                       ProjectionMatrix::b_q, ProjectionMatrix::b_k,  ProjectionMatrix::b_v,
                                       ProjectionMatrix::b_o};
constexpr int kFirstBias = 6;

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
        const bool bias = i >= kFirstBias;
        table->setMinimumHeight(bias ? 44 : 70);
        if (bias) table->setMaximumHeight(56);
        m_tables[i] = table;
        // A bias sits under its weight matrix: b_q under W_q (column 2), …, b_o under W_o (column 5).
        const int column = bias ? i - kFirstBias + 2 : i;
        grid->addWidget(m_titles[i], bias ? 2 : 0, column);
        grid->addWidget(table, bias ? 3 : 1, column);
    }
    m_biases = new QPushButton(this);
    m_biases->setObjectName(QStringLiteral("projectionBiases"));
    connect(m_biases, &QPushButton::clicked, this, &ProjectionPanel::toggleBiases);
    grid->addWidget(m_biases, 3, 0, 1, 2, Qt::AlignLeft | Qt::AlignTop);
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
    // Shown with learned projections, and for an output projection W_o alone (its table and b_o's).
    setVisible(s.projection.has_value() || s.W_o.size() > 0);
    for (int i = 0; i < kMatrices; ++i) {
        const Matrix &m = projectionMatrix(s, kOrder[i]);
        const bool output = kOrder[i] == ProjectionMatrix::W_o || kOrder[i] == ProjectionMatrix::b_o;
        const bool shown = (s.projection || output) && m.size() > 0;
        m_titles[i]->setText(QStringLiteral("%1  (%2)").arg(projectionMatrixName(kOrder[i]), shape(m)));
        m_titles[i]->setVisible(shown);
        m_tables[i]->setVisible(shown);
    }
    m_biases->setVisible(s.projection.has_value());
    if (!s.projection) {
        setTitle(tr("Output projection: output · W_o"));
        m_products->setText(projectedOutputLines(s).join(QStringLiteral("   ")));
        return;
    }
    setTitle(tr("Learned projections: Q, K and V are computed from the tokens X"));
    const Projection &p = *s.projection;
    const bool hasBiases = p.b_q.size() > 0 || p.b_k.size() > 0 || p.b_v.size() > 0 || s.b_o.size() > 0;
    m_biases->setText(hasBiases ? tr("Remove &biases") : tr("Add &biases"));
    m_biases->setToolTip(
        hasBiases ? tr("Drop b_q, b_k, b_v and b_o (one undoable edit)")
                  : tr("Add zero biases b_q, b_k, b_v (and b_o with W_o) to edit: Q = X·W_q + b_q, …"));
    const bool cross = p.X_kv.size() > 0;
    const char *in = cross ? "X_kv" : "X";
    QStringList lines{productLine("Q", "X", "W_q", "b_q", p.X, p.W_q, p.b_q.size() > 0),
                      productLine("K", in, "W_k", "b_k", p.keyValueInput(), p.W_k, p.b_k.size() > 0),
                      productLine("V", in, "W_v", "b_v", p.keyValueInput(), p.W_v, p.b_v.size() > 0)};
    lines << projectedOutputLines(s);
    m_products->setText(lines.join(QStringLiteral("   ")));
}

QStringList ProjectionPanel::projectedOutputLines(const Scenario &s) const
{
    QStringList lines;
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
    return lines;
}

void ProjectionPanel::toggleBiases()
{
    Scenario edited = m_document->scenario();
    if (!edited.projection) return;
    Projection &p = *edited.projection;
    const bool hasBiases = p.b_q.size() > 0 || p.b_k.size() > 0 || p.b_v.size() > 0 || edited.b_o.size() > 0;
    QString text;
    if (hasBiases) {
        p.b_q = p.b_k = p.b_v = Matrix();
        edited.b_o = Matrix();
        text = tr("Remove biases");
    } else {
        p.b_q = Matrix::Zero(1, p.W_q.cols());
        p.b_k = Matrix::Zero(1, p.W_k.cols());
        p.b_v = Matrix::Zero(1, p.W_v.cols());
        if (edited.W_o.size() > 0) edited.b_o = Matrix::Zero(1, edited.W_o.cols());
        text = tr("Add biases");
    }
    try {
        project(edited);
    } catch (const ScenarioError &e) {
        emit inputRejected(QString::fromUtf8(e.what()));
        return;
    }
    m_document->replaceScenario(edited, text);
}

} // namespace attn::ui
