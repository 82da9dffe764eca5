#pragma once
// What the user changed in a worktree made by `apply --worktree DIR --upto NAME`
// (docs/ARCHITECTURE.md §6): the paths NAME owns, and the other paths changed there (edited,
// created untracked and not ignored or added, deleted), each with its state in the worktree's
// base and on disk now.

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

// Which changed paths that NAME does not own join the edit.
enum class OutsidePaths {
    created_and_deleted,  // rebase --continue: files made or removed while resolving
    none,                 // regenerate: left out and named (issue #28 item 4)
    all,                  // regenerate --add-files
};

struct WorktreeEdits {
    std::vector<WorktreeEdit> edits;    // NAME's paths, and the outside paths that join
    std::vector<std::string> left_out;  // the other changed paths, sorted
};

// Every path NAME owns, changed or not, and the changed paths `outside` lets in.
Result<WorktreeEdits> worktree_edits(const WorktreeRecord& record, const std::filesystem::path& dir,
                                     const std::set<std::string>& owned, OutsidePaths outside);

// A file, a symlink or nothing at `path` on disk: a folder counts as nothing.
Result<std::optional<FileState>> read_disk_state(const std::filesystem::path& path);

}  // namespace patchbay
