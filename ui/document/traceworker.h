// Computes attention traces off the interface thread, one at a time: a newer request cancels the
// one still running, and only the newest request's result is ever delivered (a result that a newer
// edit made stale is dropped). QtCore only.
#pragma once

#include "core/attendcontrol.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

class QThreadPool;

namespace attn::doc {

class TraceWorker : public QObject {
    Q_OBJECT

public:
    /// The engine: computes one trace, asking `control` whether to go on; throws
    /// attn::ScenarioError (or std::exception) when it cannot, AttendCancelled when cancelled.
    using Compute = std::function<AttentionTrace(const Scenario &, const AttendControl &)>;

    explicit TraceWorker(Compute compute, QObject *parent = nullptr);
    /// Cancels the running computation and waits for its thread (at most one query head's work).
    ~TraceWorker() override;

    /// Starts computing `scenario` (only the query heads `heads` names, see AttendControl::heads;
    /// empty: every head) on the worker thread and returns the request's number (> 0). The
    /// request still running, if any, is cancelled: its finished() never arrives.
    quint64 start(Scenario scenario, std::vector<bool> heads = {});

    /// Cancels the current request, if any: its finished() never arrives.
    void cancel();

    /// Number of the request whose result is still awaited, or 0 when none.
    quint64 pending() const { return m_pending; }

signals:
    /// `done` of `total` query heads of request `request` are computed (sent from the event loop).
    void progress(quint64 request, int done, int total);
    /// The newest request finished: `trace` on success, else null and the engine's reason in
    /// `error`. Sent from the event loop of the worker's thread; never for a cancelled request.
    void finished(quint64 request, std::shared_ptr<attn::AttentionTrace> trace, QString error);

private:
    void deliver(quint64 request, std::shared_ptr<AttentionTrace> trace, const QString &error);

    Compute m_compute;
    QThreadPool *m_pool = nullptr;
    quint64 m_next = 0;
    quint64 m_pending = 0;
    std::shared_ptr<std::atomic<bool>> m_cancelled; // of the pending request
};

} // namespace attn::doc
