#pragma once
// Whole-file reads for configuration, manifests and plain-directory trees, and the comparison
// of a file on disk with bytes in memory.

#include <filesystem>
#include <string>
#include <string_view>

#include "common/result.hpp"

namespace patchbay {

// The bytes of the regular file `path` (symlinks followed); an Error naming it otherwise.
Result<std::string> read_file(const std::filesystem::path& path);

// Whether the file at `path` holds exactly `expected`; false when it cannot be read. Compared a
// block at a time: no second copy of a large file is made.
bool file_holds(const std::filesystem::path& path, std::string_view expected);

}  // namespace patchbay
