#include "ui/bench/benchresultsview.h"

#include "ui/bench/benchplot.h"
#include "ui/bench/benchresultsmodel.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace attn::ui {

namespace {

const QSize kFigureSize(800, 600);

} // namespace

BenchResultsView::BenchResultsView(QWidget *parent) : QWidget(parent)
{
    m_model = new BenchResultsModel(this);
    auto *proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(m_model);
    proxy->setSortRole(BenchResultsModel::SortRole);
    m_table = new QTableView;
    m_table->setModel(proxy);
    m_table->setSortingEnabled(true);
    m_table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder); // run order until clicked
    m_table->verticalHeader()->setVisible(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->setAlternatingRowColors(true);
    m_table->setToolTip(
        tr("One row per kernel and size; click a header to sort, hover a cell for the exact value"));

    m_exportTable = new QPushButton(tr("Export table…"));
    m_exportTable->setToolTip(
        tr("Write the results as CSV or JSON (the same fields as `attention-lab bench --json`)"));
    connect(m_exportTable, &QPushButton::clicked, this, &BenchResultsView::exportTableInteractively);
    m_exportPlots = new QPushButton(tr("Export plots…"));
    m_exportPlots->setToolTip(tr("Write the three plots as PNG, SVG or PDF"));
    connect(m_exportPlots, &QPushButton::clicked, this, &BenchResultsView::exportPlotsInteractively);
    auto *exports = new QHBoxLayout;
    exports->addWidget(m_exportTable);
    exports->addWidget(m_exportPlots);
    exports->addStretch(1);

    m_latencyPlot = new BenchPlot(BenchMetric::Latency);
    m_memoryPlot = new BenchPlot(BenchMetric::WorkMemory);
    m_throughputPlot = new BenchPlot(BenchMetric::Throughput);
    m_latencyPlot->setToolTip(tr("Median latency against n; hover a point for its value"));
    m_memoryPlot->setToolTip(tr("The kernel's own buffers beyond Q, K, V and O against n"));
    m_throughputPlot->setToolTip(tr("GFLOP/s against n, under the machine's FMA peak and SGEMM figure"));
    auto *plots = new QWidget;
    auto *plotRow = new QHBoxLayout(plots);
    plotRow->setContentsMargins(0, 0, 0, 0);
    plotRow->addWidget(m_latencyPlot);
    plotRow->addWidget(m_memoryPlot);
    plotRow->addWidget(m_throughputPlot);

    auto *rows = new QSplitter(Qt::Vertical);
    rows->addWidget(m_table);
    rows->addWidget(plots);
    rows->setSizes({380, 460});

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(exports);
    layout->addWidget(rows, 1);
}

void BenchResultsView::updatePlots()
{
    for (BenchPlot *plot : {m_latencyPlot, m_memoryPlot, m_throughputPlot})
        plot->setResults(m_model->results(), m_model->roof());
}

void BenchResultsView::fitColumns()
{
    m_table->resizeColumnsToContents();
}

void BenchResultsView::setExportsEnabled(bool enabled)
{
    m_exportTable->setEnabled(enabled);
    m_exportPlots->setEnabled(enabled);
}

bool BenchResultsView::exportTable(const QString &path, QString *error) const
{
    return m_model->exportTo(path, QFileInfo(path).suffix(), error);
}

bool BenchResultsView::exportPlots(const QString &dir, const QString &format, QSize size,
                                   QStringList *written, QString *error)
{
    if (!QDir().mkpath(dir)) {
        if (error) *error = tr("Cannot create the folder %1.").arg(dir);
        return false;
    }
    const QList<QPair<BenchPlot *, QString>> plots{{m_latencyPlot, QStringLiteral("latency")},
                                                   {m_memoryPlot, QStringLiteral("memory")},
                                                   {m_throughputPlot, QStringLiteral("gflops")}};
    for (const auto &[plot, name] : plots) {
        const QString path = QDir(dir).filePath(QStringLiteral("bench-%1.%2").arg(name, format.toLower()));
        if (!plot->exportTo(path, format, size, error)) return false;
        if (written) *written << path;
    }
    return true;
}

void BenchResultsView::exportTableInteractively()
{
    const QString csv = tr("CSV table (*.csv)");
    const QString json = tr("JSON, as attention-lab bench --json (*.json)");
    QString filter = csv;
    QString path = QFileDialog::getSaveFileName(this, tr("Export results"), QStringLiteral("bench.csv"),
                                                csv + QStringLiteral(";;") + json, &filter);
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty())
        path += filter == json ? QStringLiteral(".json") : QStringLiteral(".csv");
    QString error;
    if (!exportTable(path, &error)) QMessageBox::warning(this, tr("Export failed"), error);
}

void BenchResultsView::exportPlotsInteractively()
{
    bool chosen = false;
    const QString format = QInputDialog::getItem(
        this, tr("Export plots"), tr("Format:"),
        {QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf")}, 0, false, &chosen);
    if (!chosen) return;
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Export plots to"));
    if (dir.isEmpty()) return;
    QString error;
    if (!exportPlots(dir, format, kFigureSize, nullptr, &error))
        QMessageBox::warning(this, tr("Export failed"), error);
}

} // namespace attn::ui
