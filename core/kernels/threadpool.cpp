#include "core/kernels/threadpool.h"

#include <algorithm>

namespace attn::kernels {

ThreadPool::~ThreadPool()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    for (std::thread &t : m_threads) t.join();
}

ThreadPool &ThreadPool::shared()
{
    static ThreadPool pool;
    return pool;
}

int ThreadPool::hardwareThreads()
{
    return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

void ThreadPool::drain(const Job &job, int worker, std::atomic<Index> &next, std::exception_ptr &error,
                       std::mutex &errorMutex)
{
    for (Index task = next++; task < job.count; task = next++) {
        try {
            (*job.body)(task, worker);
        } catch (...) {
            std::lock_guard lock(errorMutex);
            if (!error) error = std::current_exception();
            next = job.count; // skip what is left
        }
    }
}

void ThreadPool::workerLoop(int worker)
{
    std::uint64_t seen = 0;
    for (;;) {
        Job job;
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [&] { return m_stop || m_generation != seen; });
            if (m_stop) return;
            seen = m_generation;
            job = m_job;
        }
        if (worker >= job.workers) continue; // not needed for this loop
        drain(job, worker, m_next, m_error, m_errorMutex);
        std::lock_guard lock(m_mutex);
        if (--m_pending == 0) m_done.notify_one();
    }
}

void ThreadPool::run(Index count, int threads, const std::function<void(Index, int)> &body)
{
    if (count <= 0) return;
    const int workers = static_cast<int>(std::clamp<Index>(std::min<Index>(threads, count), 1, 1024));
    if (workers == 1) {
        for (Index task = 0; task < count; ++task) body(task, 0);
        return;
    }
    std::unique_lock busy(m_busy, std::try_to_lock);
    if (!busy.owns_lock()) {
        // The pool is in use (another caller, or a task looping inside a loop): fresh threads.
        const Job job{&body, count, workers};
        std::atomic<Index> next{0};
        std::exception_ptr error;
        std::mutex errorMutex;
        std::vector<std::thread> extra;
        extra.reserve(static_cast<std::size_t>(workers - 1));
        for (int w = 1; w < workers; ++w)
            extra.emplace_back([&, w] { drain(job, w, next, error, errorMutex); });
        drain(job, 0, next, error, errorMutex);
        for (std::thread &t : extra) t.join();
        if (error) std::rethrow_exception(error);
        return;
    }
    {
        std::lock_guard lock(m_mutex);
        while (static_cast<int>(m_threads.size()) < workers - 1) {
            const int w = static_cast<int>(m_threads.size()) + 1;
            m_threads.emplace_back([this, w] { workerLoop(w); });
        }
        m_job = Job{&body, count, workers};
        m_next = 0;
        m_error = nullptr;
        m_pending = workers - 1;
        ++m_generation;
    }
    m_wake.notify_all();
    drain(m_job, 0, m_next, m_error, m_errorMutex);
    std::exception_ptr error;
    {
        std::unique_lock lock(m_mutex);
        m_done.wait(lock, [&] { return m_pending == 0; });
        error = m_error;
        m_error = nullptr;
        m_job = Job{};
    }
    if (error) std::rethrow_exception(error);
}

} // namespace attn::kernels
