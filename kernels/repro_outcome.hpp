#pragma once
// What one reproducer run came to: OK, FAIL or SKIP, with the one-line reason a user needs
// (the CUDA error text, the NaN count, the timeout, why it was skipped).

#include <string>

#include "kernels/child_process.hpp"
#include "kernels/flat_json.hpp"

namespace patchbay {

enum class ReproStatus { ok, fail, skip };
const char* to_string(ReproStatus status);  // "OK", "FAIL", "SKIP"

// Exit statuses of the reproducer protocol (kernels/README.md).
constexpr int kReproExitOk = 0;
constexpr int kReproExitSkip = 77;  // the automake / CTest convention for "skipped"

struct ReproOutcome {
    std::string name;
    ReproStatus status = ReproStatus::skip;
    std::string detail;       // one line
    std::string json;         // the reproducer's JSON line as printed; empty when none
    FlatJson fields;          // that line, parsed
    std::string build;        // "compiled", "cached" or "" (a command entry)
    std::string output_tail;  // the last lines of stderr, for reports
    double seconds = 0;
};

ReproOutcome skipped(const std::string& name, const std::string& reason);
ReproOutcome failed(const std::string& name, const std::string& reason);

// Classifies a finished child: a timeout or a signal is a FAIL, exit 77 a SKIP, 0 an OK, any
// other exit a FAIL, each with its reason taken from the JSON line when there is one.
ReproOutcome interpret(const std::string& name, const ChildResult& child, double timeout_s);

// The last `lines` lines of `text`.
std::string tail_lines(const std::string& text, int lines);

}  // namespace patchbay
