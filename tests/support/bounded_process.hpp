#pragma once
// Runs a program (no shell) under a deadline and an address-space limit, for inputs that might
// make it hang or eat the machine: the child is killed with SIGKILL when the deadline passes.
// The deadline is a hang guard, never a speed test: a loaded machine must not trip it. What the
// child used is measured, not timed: its peak resident memory comes from the kernel (wait4).

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/process.hpp"

// ASan reserves terabytes of shadow address space: an RLIMIT_AS makes it abort at start.
#if defined(__SANITIZE_ADDRESS__)
#define PATCHBAY_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PATCHBAY_UNDER_ASAN 1
#endif
#endif
#ifndef PATCHBAY_UNDER_ASAN
#define PATCHBAY_UNDER_ASAN 0
#endif

namespace patchbay::test_support {

struct Limits {
    std::chrono::milliseconds deadline{10000};
    rlim_t address_space = 0;  // bytes; 0: no limit
};

struct BoundedResult {
    int status = -1;  // exit status; -1 when killed by a signal
    int signal = 0;   // the signal that ended it, if any
    bool timed_out = false;
    double seconds = 0;            // wall clock, for messages only
    double cpu_seconds = 0;        // user and system time: what the run cost, however busy
    std::int64_t peak_memory = 0;  // bytes: the child's largest resident set (ru_maxrss)
    std::string out;
    std::string err;
};

inline double seconds_of(const timeval& time) {
    return static_cast<double>(time.tv_sec) + static_cast<double>(time.tv_usec) / 1e6;
}

// Polls instead of blocking, so that a hung child is killed at the deadline. `usage` is the
// ended child's resource use.
inline int wait_with_deadline(pid_t pid, std::chrono::milliseconds deadline, bool& timed_out,
                              rusage& usage) {
    auto until = std::chrono::steady_clock::now() + deadline;
    int wait_status = 0;
    while (wait4(pid, &wait_status, WNOHANG, &usage) == 0) {
        if (std::chrono::steady_clock::now() > until) {
            timed_out = true;
            kill(pid, SIGKILL);
            wait4(pid, &wait_status, 0, &usage);
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return wait_status;
}

inline BoundedResult run_bounded(const std::vector<std::string>& argv,
                                 const std::filesystem::path& cwd, const Limits& limits) {
    CapturedOutput output;
    auto start = std::chrono::steady_clock::now();
    pid_t pid = fork();
    if (pid == 0) exec_child(argv, cwd, output, limits.address_space);
    BoundedResult result;
    rusage usage{};
    int wait_status = wait_with_deadline(pid, limits.deadline, result.timed_out, usage);
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    result.peak_memory = static_cast<std::int64_t>(usage.ru_maxrss) * 1024;  // kilobytes
    result.cpu_seconds = seconds_of(usage.ru_utime) + seconds_of(usage.ru_stime);
    if (WIFEXITED(wait_status)) result.status = WEXITSTATUS(wait_status);
    if (WIFSIGNALED(wait_status)) result.signal = WTERMSIG(wait_status);
    output.collect(result.out, result.err);
    return result;
}

}  // namespace patchbay::test_support
