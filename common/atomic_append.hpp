#pragma once
// Appends to a file all or nothing: GitHub's step summary file collects every step's summary,
// and one cut mid-word by a full disk spoils the rest. A failed append is taken back
// (truncated to the old size); SIGINT, SIGHUP and SIGTERM wait until it is over.

#include <filesystem>
#include <string_view>

#include "common/result.hpp"

namespace patchbay {

Status append_all_or_nothing(const std::filesystem::path& path, std::string_view text);

}  // namespace patchbay
