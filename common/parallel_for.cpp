#include "common/parallel_for.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace patchbay {

namespace {

class WorkQueue {
  public:
    WorkQueue(std::size_t count, const std::function<void(std::size_t)>& work)
        : count_(count), work_(work) {}

    void drain() {
        for (auto i = next_++; i < count_; i = next_++) {
            try {
                work_(i);
            } catch (...) {
                fail(std::current_exception());
            }
        }
    }

    void rethrow_failure() const {
        if (failure_) std::rethrow_exception(failure_);
    }

  private:
    void fail(std::exception_ptr failure) {
        std::lock_guard lock(mutex_);
        if (!failure_) failure_ = std::move(failure);
        next_ = count_;  // hand out nothing more
    }

    std::size_t count_;
    const std::function<void(std::size_t)>& work_;
    std::atomic<std::size_t> next_{0};
    std::mutex mutex_;
    std::exception_ptr failure_;
};

}  // namespace

void parallel_for(std::size_t count, unsigned jobs, const std::function<void(std::size_t)>& work) {
    WorkQueue queue(count, work);
    auto helpers = std::min<std::size_t>(jobs > 1 ? jobs - 1 : 0, count > 1 ? count - 1 : 0);
    std::vector<std::thread> threads;
    threads.reserve(helpers);
    for (std::size_t t = 0; t < helpers; ++t) {
        try {
            threads.emplace_back([&queue] { queue.drain(); });
        } catch (const std::system_error&) {
            break;  // no more threads to be had: the ones running (and this one) do it all
        }
    }
    queue.drain();
    for (auto& thread : threads) thread.join();
    queue.rethrow_failure();
}

}  // namespace patchbay
