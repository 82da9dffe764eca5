#pragma once
// Every byte of a text to a file descriptor: write(2) may take part of it, or be interrupted by
// a signal, and is called again for the rest. The one such loop (atomic writes, appends).

#include <string_view>

namespace patchbay {

// 0 when every byte went out; otherwise the errno of the write that failed.
int write_whole(int fd, std::string_view text);

}  // namespace patchbay
