#pragma once
// Whole-file reads for configuration, manifests and plain-directory trees.

#include <filesystem>
#include <string>

#include "common/result.hpp"

namespace patchbay {

// The bytes of the regular file `path` (symlinks followed); an Error naming it otherwise.
Result<std::string> read_file(const std::filesystem::path& path);

}  // namespace patchbay
