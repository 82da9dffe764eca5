#pragma once
// What the user changed in a worktree made by `apply --worktree DIR --upto NAME`
// (docs/ARCHITECTURE.md §6): the paths NAME owns, plus files created (untracked and not ignored,
// or added) or deleted there, each with its state in the worktree's base and on disk now.

#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "regenerate/worktree_record.hpp"
#include "series/tree_state.hpp"

namespace patchbay {

struct WorktreeEdit {
    std::string path;
    std::optional<FileState> base;  // in the worktree's base commit (the state before NAME then)
    std::optional<FileState> now;   // on disk
};

// Changes to paths NAME does not own that neither create nor delete a file are left out.
Result<std::vector<WorktreeEdit>> worktree_edits(const WorktreeRecord& record,
                                                 const std::filesystem::path& dir,
                                                 const std::set<std::string>& owned);

// A file, a symlink or nothing at `path` on disk: a folder counts as nothing.
Result<std::optional<FileState>> read_disk_state(const std::filesystem::path& path);

}  // namespace patchbay
