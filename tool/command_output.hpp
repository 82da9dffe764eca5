#pragma once
// Where a command's result goes (docs/ARCHITECTURE.md §2): the report to stdout or --output
// FILE, the summary appended to --summary FILE, errors and diagnostics to stderr. The one place
// that prints.

#include <string>

#include "common/error.hpp"
#include "common/result.hpp"
#include "tool/cli_options.hpp"
#include "tool/commands.hpp"

namespace patchbay {

// "patchbay: error: file:line: message" on stderr, control bytes escaped, one short line.
void print_error(const Error& error);

// "patchbay: note: ..." on stderr: what the run did besides its work (an interrupted write
// finished, a stale temporary file removed).
void print_note(const std::string& note);

// Prints or writes `result` as `options` ask and returns the process exit status: the
// command's own, or 2 when it failed or its output could not be written.
int deliver(const CliOptions& options, const Result<CommandOutput>& result);

}  // namespace patchbay
