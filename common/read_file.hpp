#pragma once
// The one whole-file reader: configuration, series, patches, manifests, plain-directory trees
// and the audited files all come through it.

#include <filesystem>
#include <string>

#include "common/result.hpp"

namespace patchbay {

// The bytes of the regular file `path` (symlinks followed); an Error naming it otherwise.
Result<std::string> read_file(const std::filesystem::path& path);

}  // namespace patchbay
