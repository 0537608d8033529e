// Builds whose items are independent, split into chunks taken in order by a few threads.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace pathkit::detail {

/// Runs the items first..end-1 in chunks of at most `chunk` consecutive items, taken in order,
/// on up to `threads` threads (the calling one included; never more than there are chunks).
/// Each thread calls `make_worker()` once, then the worker it returns as `worker(begin, end)`
/// for every chunk it takes (so a worker can own its scratch memory). A thread that cannot be
/// started leaves its share to the others. Threads stop taking chunks once `stop()` is true or
/// a worker has thrown; the first exception is rethrown here after every thread has finished.
/// Returns where the next chunk would have started (at most `end`): every chunk before it was
/// finished, unless an exception was thrown.
template <class MakeWorker, class Stop>
std::size_t run_in_chunks(std::size_t first, std::size_t end, std::size_t chunk, int threads,
                          MakeWorker&& make_worker, Stop&& stop) {
    chunk = std::max<std::size_t>(chunk, 1);
    std::atomic<std::size_t> next{first};
    std::atomic<bool> failed{false};
    std::exception_ptr failure;
    std::mutex failure_lock;
    const auto run = [&] {
        try {
            auto worker = make_worker();
            while (!failed.load(std::memory_order_relaxed) && !stop()) {
                const std::size_t from = next.fetch_add(chunk);
                if (from >= end) return;
                worker(from, std::min(end, from + chunk));
            }
        } catch (...) {
            const std::lock_guard<std::mutex> lock(failure_lock);
            if (!failure) failure = std::current_exception();
            failed = true;
        }
    };
    const std::size_t chunks = end > first ? (end - first + chunk - 1) / chunk : 0;
    const std::size_t helpers =
        std::min(static_cast<std::size_t>(std::max(1, threads) - 1), chunks > 0 ? chunks - 1 : 0);
    std::vector<std::thread> pool;
    pool.reserve(helpers);
    for (std::size_t i = 0; i < helpers; ++i) {
        try {
            pool.emplace_back(run);
        } catch (const std::system_error&) {
            break;  // no more threads to be had: the ones running share the work
        }
    }
    run();
    for (std::thread& thread : pool)
        thread.join();
    if (failure) std::rethrow_exception(failure);
    return std::min(end, next.load());
}

/// `run_in_chunks` that runs to the end.
template <class MakeWorker>
void run_in_chunks(std::size_t count, std::size_t chunk, int threads, MakeWorker&& make_worker) {
    (void)run_in_chunks(0, count, chunk, threads, make_worker, [] { return false; });
}

}  // namespace pathkit::detail
