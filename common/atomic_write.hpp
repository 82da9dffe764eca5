#pragma once
// Replaces a file atomically: a temporary file in the same folder, written, flushed to disk,
// then renamed over the target. Any failure leaves the old file as it was.

#include <filesystem>
#include <functional>
#include <string_view>

#include "common/result.hpp"

namespace patchbay {

// Runs after the temporary file is complete and before the rename; an Error aborts the write.
// Tests inject failures with it.
using BeforeRename = std::function<Status(const std::filesystem::path& temporary)>;

// The new file keeps the permissions of the old one.
Status write_atomically(const std::filesystem::path& path, std::string_view text,
                        const BeforeRename& before_rename = {});

}  // namespace patchbay
