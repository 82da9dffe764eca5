#include "tool/command_output.hpp"

#include <fmt/format.h>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>

#include "common/atomic_append.hpp"
#include "common/atomic_write.hpp"
#include "common/stale_temporaries.hpp"
#include "tool/exit_status.hpp"
#include "tool/printable_message.hpp"

namespace patchbay {

void print_error(const Error& error) {
    std::cerr << "patchbay: error: " << printable_message(error.located()) << "\n";
}

void print_note(const std::string& note) {
    std::cerr << "patchbay: note: " << printable_message(note) << "\n";
}

namespace {

// How writing the report went: a reader that closed the pipe early (`patchbay ... | head`)
// wanted no more of it, which is no error (ripgrep ends such a run quietly, with status 0).
enum class Written { whole, pipe_closed };

Result<Written> write_to_stdout(const std::string& text) {
    const std::size_t count = std::fwrite(text.data(), 1, text.size(), stdout);
    if (count == text.size() && std::fflush(stdout) == 0) return Written::whole;
    if (errno == EPIPE) return Written::pipe_closed;
    return make_error("cannot write the report to standard output: " +
                      std::string(strerror(errno)));
}

// --output FILE is replaced atomically: a temporary file beside it, then a rename.
Result<Written> write_output(const std::string& path, const std::string& text) {
    if (path.empty() || path == "-") return write_to_stdout(text);
    // A unique temporary name (never one an earlier run or someone else left, which could be
    // a symlink) and an fsync before the rename: write_atomically, as regenerate uses. The
    // temporary files of this report that a killed run left go first.
    const std::filesystem::path file(path);
    for (const auto& removed :
         remove_stale_temporaries(file.parent_path(), file.filename().string()))
        print_note(removed.string() + ": removed, a temporary file an interrupted run left");
    if (auto written = write_atomically(path, text); !written) return written.error();
    return Written::whole;
}

// --summary FILE is appended to, as GitHub's step summary file expects from each step.
Status append_summary(const std::string& path, const std::string& text) {
    if (path.empty()) return Ok{};
    return append_all_or_nothing(path, text);
}

constexpr std::size_t kMaxDiagnostics = 20;

// A series of 100,000 bad entries must not print 100,000 lines: the report lists them all.
void print_diagnostics(const std::vector<Error>& diagnostics) {
    for (std::size_t i = 0; i < diagnostics.size() && i < kMaxDiagnostics; ++i)
        print_error(diagnostics[i]);
    if (diagnostics.size() > kMaxDiagnostics)
        std::cerr << "patchbay: error: ... and " << diagnostics.size() - kMaxDiagnostics
                  << " more (see the report)\n";
}

}  // namespace

int deliver(const CliOptions& options, const Result<CommandOutput>& result) {
    if (!result) {
        print_error(result.error());
        return kExitBadInput;
    }
    print_diagnostics(result->diagnostics);
    if (auto appended = append_summary(options.summary, result->summary); !appended) {
        print_error(appended.error());
        return kExitBadInput;
    }
    auto written = write_output(options.output, result->report);
    if (!written) {
        print_error(written.error());
        return kExitBadInput;
    }
    return *written == Written::pipe_closed ? kExitSuccess : result->exit_status;
}

}  // namespace patchbay
