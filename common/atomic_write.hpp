#pragma once
// Replaces a file atomically: a temporary file in the same folder, written, flushed to disk,
// then renamed over the target. Any failure leaves the old file as it was. SIGINT, SIGHUP and
// SIGTERM wait until the write is over (common/deferred_signals.hpp); after a SIGKILL the next
// run removes the temporary file (common/stale_temporaries.hpp).

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

// A complete, flushed file beside `path` (".NAME.patchbay-XXXXXX", with the permissions of
// `path`), for a caller that renames it later: an all-or-nothing write of several files stages
// each this way first (common/journaled_write.hpp).
Result<std::filesystem::path> write_temporary_beside(const std::filesystem::path& path,
                                                     std::string_view text);

// Flushes a folder, which makes a rename in it durable.
void sync_folder(const std::filesystem::path& folder);

}  // namespace patchbay
