#pragma once
// The one whole-file reader: configuration, series, patches, manifests, plain-directory trees
// and the audited files all come through it.

#include <filesystem>
#include <string>
#include <string_view>

#include "common/result.hpp"

namespace patchbay {

// The bytes of the regular file `path` (symlinks followed); an Error naming it otherwise.
Result<std::string> read_file(const std::filesystem::path& path);
// The same for `name` relative to the folder open as file descriptor `folder` (openat(2); a walk
// that reads a folder's files this way spares the kernel looking up the whole path of each).
// Errors name `shown`.
Result<std::string> read_file_at(int folder, const char* name, std::string_view shown);
// The same into `buffer`, which is only ever grown: the bytes are a view of its start, valid
// until its next use. A walk that reads thousands of files through one buffer touches fresh
// memory only for the largest of them.
Result<std::string_view> read_file_at(int folder, const char* name, std::string_view shown,
                                      std::string& buffer);

// Whether the file at `path` holds exactly `expected`; false when it cannot be read. Compared a
// block at a time: no second copy of a large file is made.
bool file_holds(const std::filesystem::path& path, std::string_view expected);

}  // namespace patchbay
