#pragma once
// What the user changed in a worktree made by `apply --worktree DIR --upto NAME` (docs/ARCHITECTURE.md §6):
// the paths NAME owns, plus files created (untracked and not ignored, or added) or deleted
// there, each with its state before NAME and its state on disk now.

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "regenerate/patch_rebuild.hpp"
#include "series/tree_state.hpp"

namespace patchbay {

// An Error when `dir` is no git repository or its HEAD commit's subject is not `name`.
// Changes to paths NAME does not own that neither create nor delete a file are left out.
Result<std::vector<PathChange>> worktree_edits(const std::filesystem::path& dir,
                                               const std::string& name,
                                               const std::set<std::string>& owned,
                                               const TreeState& before);

// A file, a symlink or nothing at `path` on disk: a folder counts as nothing.
Result<std::optional<FileState>> read_disk_state(const std::filesystem::path& path);

}  // namespace patchbay
