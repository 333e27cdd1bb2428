// The worker that runs the performance panel's benchmarks on a thread of its own, through the
// harness of core/bench.h.
#pragma once

#include "core/bench.h"
#include "ui/bench/benchplan.h"

#include <QMetaType>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

namespace attn::ui {

/// A cancel request shared by the panel (which sets it) and one run of the worker (which reads
/// it in the harness's progress callback).
using CancelToken = std::shared_ptr<std::atomic<bool>>;

/// Runs benchmarks on the thread it lives on (move it to a QThread) and reports through queued
/// signals; the harness itself knows nothing of Qt.
class BenchWorker : public QObject {
    Q_OBJECT

public:
    explicit BenchWorker(QObject *parent = nullptr);

    /// Runs `configs` one after another (they must all use `threads` threads). First measures
    /// the machine's roof with bench::measureRoof(threads) unless `roof` is given (then emits no
    /// roofMeasured). A configuration the harness refuses emits runRefused and the next one
    /// runs; a kernel error emits runFailed and the next one runs. When `cancel` becomes true
    /// the run stops at the harness's next progress report (within one kernel call) and
    /// finished(true) is emitted; otherwise finished(false) after the last configuration.
    void run(const std::vector<bench::BenchConfig> &configs, int threads, std::optional<bench::Roof> roof,
             CancelToken cancel);

signals:
    /// The roof was measured (FMA peak and SGEMM, on the run's threads).
    void roofMeasured(const attn::bench::Roof &roof);
    /// Step `step` of `steps` starts (the roof is a step when it is measured); `what` names it.
    void stepStarted(int step, int steps, const QString &what);
    /// Progress of the whole run in [0, 1].
    void progressed(double fraction);
    /// One configuration finished.
    void resultReady(const attn::bench::BenchResult &result);
    /// The harness refused a configuration; `why` is its message with the memory estimate.
    void runRefused(const QString &why);
    /// A kernel threw; `why` names the configuration and the error.
    void runFailed(const QString &why);
    /// The run ended: cancelled, or after every configuration.
    void finished(bool cancelled);
};

} // namespace attn::ui

Q_DECLARE_METATYPE(attn::bench::Roof)
Q_DECLARE_METATYPE(attn::bench::BenchResult)
