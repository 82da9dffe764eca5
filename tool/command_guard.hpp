#pragma once
// The last line of defence between the library and the user: nothing in patchbay ends in
// `terminate`. Library code returns errors as values; what still escapes as an exception (no
// memory left for a huge input, a file system error from a call that throws) becomes one
// error message and exit status 2, as any other bad input.

#include <functional>

#include "common/result.hpp"

namespace patchbay {

// `command()`'s status, or 2 after printing the exception that escaped it.
int guarded(const std::function<int()>& command);

// Every command resolves paths from the current directory: one that was deleted (a shell
// left in a removed folder) is named as such, instead of failing deep in a path call.
Status check_working_directory();

}  // namespace patchbay
