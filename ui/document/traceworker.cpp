#include "ui/document/traceworker.h"

#include <QThreadPool>

#include <exception>

namespace attn::doc {

TraceWorker::TraceWorker(Compute compute, QObject *parent)
    : QObject(parent), m_compute(std::move(compute)), m_pool(new QThreadPool(this))
{
    // One thread: a cancelled request stops at its next head, so two never hold a trace each for long.
    m_pool->setMaxThreadCount(1);
    m_pool->setExpiryTimeout(-1);
}

TraceWorker::~TraceWorker()
{
    cancel();
    m_pool->waitForDone();
}

quint64 TraceWorker::start(Scenario scenario, std::vector<bool> heads)
{
    cancel();
    const quint64 request = ++m_next;
    m_pending = request;
    auto cancelled = std::make_shared<std::atomic<bool>>(false);
    m_cancelled = cancelled;
    auto input = std::make_shared<const Scenario>(std::move(scenario));
    m_pool->start([this, request, cancelled, input, heads = std::move(heads)] {
        if (*cancelled) return; // a newer request came before this one began
        AttendControl control;
        control.heads = heads;
        control.cancelled = [cancelled] { return cancelled->load(); };
        control.progress = [this, request, cancelled](int done, int total) {
            if (*cancelled) return;
            QMetaObject::invokeMethod(
                this,
                [this, request, done, total] {
                    if (request == m_pending) emit progress(request, done, total);
                },
                Qt::QueuedConnection);
        };
        std::shared_ptr<AttentionTrace> trace;
        QString error;
        try {
            trace = std::make_shared<AttentionTrace>(m_compute(*input, control));
        } catch (const AttendCancelled &) {
            return;
        } catch (const ScenarioError &e) {
            error = QString::fromStdString(e.what());
        } catch (const std::exception &e) {
            // e.g. std::bad_alloc for an impossible size.
            error = tr("cannot compute attention: %1").arg(QString::fromLocal8Bit(e.what()));
        }
        if (*cancelled) return;
        // Delivered on the worker's own thread; dropped there if a newer request started meanwhile.
        QMetaObject::invokeMethod(
            this, [this, request, trace, error] { deliver(request, trace, error); }, Qt::QueuedConnection);
    });
    return request;
}

void TraceWorker::cancel()
{
    if (m_cancelled) *m_cancelled = true;
    m_cancelled.reset();
    m_pending = 0;
}

void TraceWorker::deliver(quint64 request, std::shared_ptr<AttentionTrace> trace, const QString &error)
{
    if (request != m_pending) return; // stale: a newer request or a cancel came after it
    m_pending = 0;
    m_cancelled.reset();
    emit finished(request, std::move(trace), error);
}

} // namespace attn::doc
