#pragma once
// Writes one file state (a file with its mode, or a symlink) at a tree path below a folder: the
// one writer of tree states to disk, for `apply --worktree` and for the reproducers' result
// tree. The last line of defence against writing outside the folder: the applier already
// refuses unsafe paths, but a path that is not in its one spelling, or whose folders include a
// symlink (one the series created), never reaches the file system.

#include <filesystem>
#include <string>

#include "common/result.hpp"
#include "series/tree_state.hpp"

namespace patchbay {

Status write_file_state(const std::filesystem::path& dir, const std::string& path,
                        const FileState& state);

// Removes what is at `path` below `dir` (a deleted file), under the same guard.
Status remove_file_state(const std::filesystem::path& dir, const std::string& path);

}  // namespace patchbay
