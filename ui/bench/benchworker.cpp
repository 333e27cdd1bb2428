#include "ui/bench/benchworker.h"

#include <algorithm>
#include <exception>

namespace attn::ui {

BenchWorker::BenchWorker(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<attn::bench::Roof>();
    qRegisterMetaType<attn::bench::BenchResult>();
}

void BenchWorker::run(const std::vector<bench::BenchConfig> &configs, int threads,
                      std::optional<bench::Roof> roof, CancelToken cancel)
{
    // The roof counts as one step, like each configuration.
    const int steps = static_cast<int>(configs.size()) + (roof ? 0 : 1);
    int step = 0;
    // Progress is sent when it moved by a thousandth at least (the bar's resolution), so that
    // thousands of tiny runs do not flood the GUI thread; cancel is checked on every report.
    double sent = -1;
    const auto progressOfStep = [&](double fraction) {
        const double overall = (step + fraction) / std::max(steps, 1);
        if (overall - sent >= 1e-3 || fraction == 0.0) {
            emit progressed(overall);
            sent = overall;
        }
        return !cancel->load();
    };
    try {
        if (!roof) {
            emit stepStarted(
                step, steps,
                tr("Measuring the roof: FMA loop and SGEMM 2048³ on %n thread(s)", nullptr, threads));
            roof = bench::measureRoof(threads, progressOfStep);
            emit roofMeasured(*roof);
            ++step;
        }
        bench::ReferenceCache cache; // kernels on the same problem share one reference run
        for (const bench::BenchConfig &config : configs) {
            emit stepStarted(step, steps, describeConfig(config));
            try {
                emit resultReady(bench::runBench(config, *roof, progressOfStep, &cache));
            } catch (const bench::BenchRefused &e) {
                emit runRefused(QString::fromStdString(e.what()));
            } catch (const bench::BenchCancelled &) {
                throw;
            } catch (const std::exception &e) {
                emit runFailed(tr("%1: %2").arg(describeConfig(config), QString::fromStdString(e.what())));
            }
            ++step;
        }
    } catch (const bench::BenchCancelled &) {
        emit finished(true);
        return;
    }
    emit progressed(1.0);
    emit finished(false);
}

} // namespace attn::ui
