// The encoder–decoder page's batches of whole runs: Compare (scores, or global against local-p,
// side by side) and accuracy against length with and without attention; and the page's export.
#include "ui/plots/curveplot.h"
#include "ui/plots/heatmapplot.h"
#include "ui/plots/plotexport.h"
#include "ui/views/common/paintedexport.h"
#include "ui/views/seq2seq/seq2seqview.h"

#include <QLabel>
#include <QPainter>
#include <QTabWidget>

#include <algorithm>
#include <cmath>

namespace attn::ui {

void Seq2SeqView::startBatch(Job job, const std::vector<train::Seq2SeqTrainConfig> &configs)
{
    if (isRunning()) return;
    m_stop = std::make_shared<std::atomic<bool>>(false);
    m_job = job;
    m_jobDone = 0;
    m_jobTotal = 0;
    for (const train::Seq2SeqTrainConfig &c : configs) m_jobTotal += c.steps;
    setBusy();
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, job, configs, stop = m_stop] { worker->runBatch(job, configs, stop); },
        Qt::QueuedConnection);
}

void Seq2SeqView::compare(bool locality)
{
    if (isRunning()) return;
    train::Seq2SeqTrainConfig base = config();
    base.model.attention = true;
    std::vector<train::Seq2SeqTrainConfig> configs;
    if (locality) {
        // The page's score, global and local-p (its D, or 2 when the page is global).
        for (int D : {0, base.model.local_window > 0 ? base.model.local_window : 2}) {
            train::Seq2SeqTrainConfig c = base;
            c.model.local_window = D;
            configs.push_back(c);
        }
    } else {
        for (train::ScoreKind score :
             {train::ScoreKind::Additive, train::ScoreKind::Dot, train::ScoreKind::General}) {
            train::Seq2SeqTrainConfig c = base;
            c.model.score = score;
            configs.push_back(c);
        }
    }
    m_compared.clear();
    m_compareRuns = int(configs.size());
    refreshComparison();
    m_side->setCurrentIndex(1);
    startBatch(CompareJob, configs);
}

void Seq2SeqView::measureLengths()
{
    if (isRunning()) return;
    train::Seq2SeqTrainConfig with = config();
    with.task.kind = train::Seq2SeqTaskKind::Reverse;
    with.model.attention = true;
    train::Seq2SeqTrainConfig without = with;
    without.model.attention = false;
    without.model.local_window = 0;
    std::vector<train::Seq2SeqTrainConfig> configs;
    for (int length : sweepLengths())
        for (train::Seq2SeqTrainConfig c : {with, without}) {
            c.task.length = length;
            configs.push_back(c);
        }
    m_lengthRuns.clear();
    refreshLengths();
    m_side->setCurrentIndex(2);
    startBatch(LengthJob, configs);
}

void Seq2SeqView::onBatchResult(const Seq2SeqRunResultPtr &result)
{
    if (result->job == CompareJob) {
        m_compared.push_back(result);
        refreshComparison();
    } else {
        m_lengthRuns.push_back(result);
        refreshLengths();
    }
    emit taskValuesChanged();
}

void Seq2SeqView::refreshComparison()
{
    for (std::size_t i = 0; i < m_compareMaps.size(); ++i) {
        HeatmapPlot *map = m_compareMaps[i];
        map->setVisible(int(i) < std::max(2, m_compareRuns > 0 ? m_compareRuns : 3));
        if (i >= m_compared.size()) {
            map->clear();
            map->setTitle(m_compareRuns > int(i) ? tr("(training…)") : QString());
            continue;
        }
        const Seq2SeqRunResult &r = *m_compared[i];
        map->setHead(alignmentHead(r.trace, r.config.model.local_window), tokenNames(r.probe.target, r.task),
                     tokenNames(r.probe.source, r.task));
        map->setTitle(runName(r.config.model));
    }
    QStringList lines;
    for (const Seq2SeqRunResultPtr &r : m_compared)
        lines
            << tr("%1: greedy accuracy %2, largest weight on the reference token in %3 of the steps (%4 one "
                  "after it), %5 parameters, %6 s")
                   .arg(runName(r->config.model))
                   .arg(r->final.greedy_accuracy, 0, 'f', 3)
                   .arg(r->final.alignment_accuracy, 0, 'f', 3)
                   .arg(r->final.alignment_after, 0, 'f', 3)
                   .arg(r->parameters)
                   .arg(r->final.seconds, 0, 'f', 1);
    m_compareNote->setText(lines.isEmpty()
                               ? tr("Compare trains each variant from step 0 on the page's task, "
                                    "length, seed and steps, and shows the first held-out example.")
                               : tr("Colours as in the map on the left (weight 0 to 1).") +
                                     QLatin1Char('\n') + lines.join(QLatin1Char('\n')));
}

void Seq2SeqView::refreshLengths()
{
    CurveData with{tr("with attention"), {}, {}, QColor(0x1b, 0x6c, 0x8c), 2.5, Qt::SolidLine, true};
    CurveData without{
        tr("without attention (last state only)"), {}, {}, QColor(0xd9, 0x5f, 0x02), 2.5, Qt::DashLine, true};
    QString model;
    for (const Seq2SeqRunResultPtr &r : m_lengthRuns) {
        CurveData &c = r->config.model.attention ? with : without;
        c.x.push_back(r->config.task.length);
        c.y.push_back(r->final.greedy_accuracy);
        if (r->config.model.attention) model = runName(r->config.model);
    }
    m_lengthPlot->setCurves({with, without}, 1.0);
    const std::vector<int> lengths = sweepLengths();
    m_lengthPlot->setXRange(lengths.front() - 2, lengths.back() + 2);
    m_lengthPlot->setXTicks(std::vector<double>(lengths.begin(), lengths.end()));
    m_lengthNote->setText(
        m_lengthRuns.empty()
            ? tr("Measure trains the reversal at each length twice, with the page's attention and without "
                 "it, "
                 "on the same data, seed and steps; each point is the held-out greedy accuracy.")
            : tr("Reversal, %1 steps per run, seed %2; with attention: %3. Hover a point for its exact "
                 "value.")
                  .arg(m_lengthRuns.front()->config.steps)
                  .arg(m_lengthRuns.front()->config.seed)
                  .arg(model));
}

void Seq2SeqView::showSide(int tab)
{
    m_side->setCurrentIndex(std::clamp(tab, 0, m_side->count() - 1));
}

bool Seq2SeqView::exportTo(const QString &path, const QString &format, QSize size, QString *error) const
{
    if (m_side->currentIndex() == 2) return exportPlot(m_lengthPlot, path, format, size, error);
    if (m_side->currentIndex() != 1 || m_compared.empty())
        return m_heatmap->exportTo(path, format, size, error);
    // The comparison: its maps side by side, each drawn by its own plot.
    const int count = int(m_compared.size());
    return exportPainted(
        path, format, size,
        [this, count](QPainter &painter, QSizeF s) {
            const double w = s.width() / count;
            for (int i = 0; i < count; ++i)
                paintPlotInto(m_compareMaps[std::size_t(i)], painter, QRectF(i * w, 0, w, s.height()));
        },
        error);
}

} // namespace attn::ui
