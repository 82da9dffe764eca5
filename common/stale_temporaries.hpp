#pragma once
// The temporary files patchbay writes beside a file it replaces (".NAME.patchbay-XXXXXX") vanish
// when the write ends, even on Ctrl-C; a SIGKILL or a power cut leaves them behind. A later run
// removes those that no process is still writing: a writer holds a lock (flock) on its
// temporary file until it renames or removes it.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace patchbay {

// mkstemp's template for a temporary file of `target`: ".NAME.patchbay-XXXXXX".
std::string temporary_name_pattern(const std::filesystem::path& target);

// Whether `file_name` is such a temporary file's name, of any target or of `target_name` only.
bool is_temporary_name(std::string_view file_name, std::string_view target_name = {});

// The temporary files in `folder` (of `target_name` only, when given), held or not, sorted.
std::vector<std::filesystem::path> temporaries_in(const std::filesystem::path& folder,
                                                  std::string_view target_name = {});

// Removes the temporary files in `folder` (of `target_name` only, when given) that no process
// holds; returns the paths it removed. A folder that cannot be read has none. The files an
// interrupted all-or-nothing write staged are held by no one: its journal is finished first
// (common/journaled_write.hpp).
std::vector<std::filesystem::path> remove_stale_temporaries(const std::filesystem::path& folder,
                                                            std::string_view target_name = {});

}  // namespace patchbay
