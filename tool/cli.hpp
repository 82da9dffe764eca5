#pragma once

namespace patchbay {

// Parses the command line, runs one subcommand, prints its result and any error, and returns
// the process exit status (docs/ARCHITECTURE.md §2: 0 success, 1 negative result, 2 bad input).
int run_cli(int argc, char** argv);

}  // namespace patchbay
