#pragma once
// Checks that run in order on one thread of their own while the caller goes on, each
// answering pass or fail. The series runner undoes each applied patch here, beside the
// application of the next ones (see series_runner.cpp).

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace patchbay {

class CheckQueue {
  public:
    CheckQueue();
    ~CheckQueue();  // runs what is queued, then ends the thread
    CheckQueue(const CheckQueue&) = delete;
    CheckQueue& operator=(const CheckQueue&) = delete;

    void push(std::function<bool()> check);
    // Waits for every check queued so far; whether all of them passed (a check that throws
    // fails).
    bool all_passed();

  private:
    void run();

    std::deque<std::function<bool()>> queue_;
    std::size_t running_ = 0;
    bool failed_ = false;
    bool stopping_ = false;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::thread thread_;  // last: started once everything above exists
};

}  // namespace patchbay
