#pragma once
// How many threads a command spreads its per-file work over: `--jobs N`, else the PATCHBAY_JOBS
// environment variable, else one per CPU this process may run on (as `nproc` counts them: a
// `taskset` or a container's cpuset narrows it).

#include <optional>

namespace patchbay {

// `flag` is --jobs when given (CLI11 has checked it is positive); `env` is PATCHBAY_JOBS or
// null. A value that is not a positive number is ignored. At least 1.
unsigned resolve_jobs(std::optional<int> flag, const char* env);

// resolve_jobs with this process's PATCHBAY_JOBS.
unsigned resolve_jobs(std::optional<int> flag);

}  // namespace patchbay
