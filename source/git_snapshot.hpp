#pragma once
// A folder of the repository that holds the series, as it was at another revision: written to
// a scratch folder so the series at that revision can be applied like the one on disk
// (audit-kernels --base REV).

#include <filesystem>
#include <optional>
#include <string>

#include "common/result.hpp"

namespace patchbay {

// Writes the files of `folder` (a folder on disk inside a git work tree) as they are at `rev`
// into `dest`. An unknown rev, or a folder that did not exist at `rev`, is an Error.
Status extract_folder_at(const std::filesystem::path& folder, const std::string& rev,
                         const std::filesystem::path& dest);

// The root of the git work tree that holds `path` (a file or folder on disk); nullopt outside
// one, or in a bare repository.
std::optional<std::filesystem::path> work_tree_root(const std::filesystem::path& path);

}  // namespace patchbay
