#include "series/check_queue.hpp"

namespace patchbay {

CheckQueue::CheckQueue() : thread_(&CheckQueue::run, this) {}

CheckQueue::~CheckQueue() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    changed_.notify_all();
    thread_.join();
}

// The thread only sleeps when the queue is empty: waking it for every check of a long series
// cost two context switches a patch.
void CheckQueue::push(std::function<bool()> check) {
    bool was_empty = false;
    {
        std::lock_guard lock(mutex_);
        was_empty = queue_.empty();
        queue_.push_back(std::move(check));
    }
    if (was_empty) changed_.notify_all();
}

bool CheckQueue::all_passed() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return queue_.empty() && running_ == 0; });
    return !failed_;
}

void CheckQueue::run() {
    std::unique_lock lock(mutex_);
    for (;;) {
        changed_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
        if (queue_.empty()) return;  // stopping, and nothing left
        auto check = std::move(queue_.front());
        queue_.pop_front();
        ++running_;
        lock.unlock();
        bool passed = false;
        try {
            passed = check();
        } catch (...) {
        }
        lock.lock();
        --running_;
        failed_ = failed_ || !passed;
        changed_.notify_all();
    }
}

}  // namespace patchbay
