// A small reusable pool of std::threads for the kernels' parallel loops: the threads are started
// once and then sleep between calls, so a kernel call pays a wake-up, not a thread start.
#pragma once

#include "core/tensor.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace attn::kernels {

/// Runs loops of independent tasks on up to `threads` threads: the calling thread plus pool
/// threads, which are started when first needed and kept. One loop at a time uses the pool; a
/// loop started while the pool is busy (another caller, or a task that itself loops) runs on
/// fresh std::threads instead, so nothing ever waits for the pool. Thread-safe.
class ThreadPool {
public:
    ThreadPool() = default;
    ~ThreadPool();
    ThreadPool(const ThreadPool &) = delete;
    ThreadPool &operator=(const ThreadPool &) = delete;

    /// The process-wide pool the kernels share.
    static ThreadPool &shared();

    /// Runs body(task, worker) for task = 0 … count − 1 on min(threads, count) workers
    /// (worker in [0, workers); worker 0 is the calling thread). Tasks are handed out one at a
    /// time from a shared counter, in increasing order, so uneven tasks balance. Returns when
    /// every task is done; the first exception a task throws is rethrown here (the remaining
    /// tasks are skipped).
    void run(Index count, int threads, const std::function<void(Index, int)> &body);

    /// Hardware threads (std::thread::hardware_concurrency, at least 1).
    static int hardwareThreads();

private:
    struct Job {
        const std::function<void(Index, int)> *body = nullptr;
        Index count = 0;
        int workers = 0;
    };
    void workerLoop(int worker);
    static void drain(const Job &job, int worker, std::atomic<Index> &next, std::exception_ptr &error,
                      std::mutex &errorMutex);

    std::mutex m_busy;                  // held by the one loop that uses the pool threads
    std::mutex m_mutex;                 // guards the fields below
    std::condition_variable m_wake;     // a new job (or stop) for the workers
    std::condition_variable m_done;     // a worker finished its share
    std::vector<std::thread> m_threads; // pool worker w + 1 is m_threads[w]
    Job m_job;
    std::uint64_t m_generation = 0;
    int m_pending = 0;
    bool m_stop = false;
    std::atomic<Index> m_next{0};
    std::exception_ptr m_error;
    std::mutex m_errorMutex;
};

} // namespace attn::kernels
