#include "common/jobs.hpp"

#include <sched.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <string_view>
#include <thread>

namespace patchbay {

namespace {

std::optional<unsigned> positive(std::string_view text) {
    unsigned value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value == 0) return std::nullopt;
    return value;
}

// hardware_concurrency() counts the machine's CPUs: under `taskset -c 0` it would put two
// workers on the one core the process may use.
unsigned usable_cpus() {
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    if (sched_getaffinity(0, sizeof(allowed), &allowed) == 0 && CPU_COUNT(&allowed) > 0)
        return static_cast<unsigned>(CPU_COUNT(&allowed));
    return std::max(1u, std::thread::hardware_concurrency());
}

}  // namespace

unsigned resolve_jobs(std::optional<int> flag, const char* env) {
    if (flag && *flag > 0) return static_cast<unsigned>(*flag);
    if (env)
        if (auto jobs = positive(env)) return *jobs;
    return usable_cpus();
}

unsigned resolve_jobs(std::optional<int> flag) {
    return resolve_jobs(flag, std::getenv("PATCHBAY_JOBS"));
}

}  // namespace patchbay
