#pragma once
// Runs a program as a child process with a wall-clock limit, so a crash, an illegal memory
// access or a hang becomes a result, never a crash of the tool (docs/ARCHITECTURE.md §7).

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "common/result.hpp"

namespace patchbay {

struct ChildRequest {
    std::vector<std::string> argv;           // argv[0] is looked up on PATH when it has no '/'
    std::map<std::string, std::string> env;  // laid over this process's environment
    std::filesystem::path cwd;               // empty: the current folder
    double timeout_s = 0;                    // 0: no limit
};

struct ChildResult {
    int exit_code = -1;        // when the child exited
    int signal = 0;            // when a signal ended it
    bool timed_out = false;    // killed (with its process group) at the limit
    bool not_started = false;  // exec failed: exit_code is 127
    double seconds = 0;
    std::string out;
    std::string err;
};

// An Error only when the child cannot be created at all (fork or temp files fail).
Result<ChildResult> run_child(const ChildRequest& request);

// "SIGSEGV" for 11; "signal N" for one without a name.
std::string signal_name(int signal);

}  // namespace patchbay
