#pragma once
// `apply --worktree DIR`: the result of the series as a git repository, so that git log and
// git diff show each patch. The pristine tree is the first commit; each applied patch is one
// commit whose subject is the patch name (docs/ARCHITECTURE.md §2, §6). A git pristine tree is not
// hashed again: its repository's objects are hard-linked into DIR/.git (as git clone --local
// does), the first commit points at its tree id, and that commit is checked out unfiltered.

#include <filesystem>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "series/series_runner.hpp"
#include "source/pristine_source.hpp"

namespace patchbay {

struct WorktreeRequest {
    std::filesystem::path dir;  // must not exist, or be an empty folder
    const PristineSource* source = nullptr;
    std::vector<std::string> pristine_files;  // every file of the pristine tree (read only
                                              // when the source is not a git tree)
    const std::vector<AppliedStep>* steps = nullptr;
    // The caller writes more before the worktree is whole (rebase: the conflicting patch's
    // files, its state file) and calls mark_written itself: killed before that, the folder is
    // named as interrupted, not taken for a finished one.
    bool keep_marked = false;
};

// Checks everything before writing anything: an existing non-empty DIR is an Error and is
// left untouched.
Status write_worktree(const WorktreeRequest& request);

// One more commit per step on top of the HEAD of `dir`, a repository write_worktree made
// (`rebase --continue`, docs/ARCHITECTURE.md §6): each step's files written, staged and
// committed. Files the steps do not name are left as they are on disk; what was staged already
// goes into the first commit.
Status append_to_worktree(const std::filesystem::path& dir, const std::vector<AppliedStep>& steps);

// The files of `changes` (patch `name`'s) written (or removed) below `dir`, neither staged nor
// committed: what a person is given to finish by hand.
Status write_unstaged(const std::filesystem::path& dir, const std::string& name,
                      const TreeChanges& changes);

// The id of the HEAD commit of the repository at `dir`.
Result<std::string> head_commit_id(const std::filesystem::path& dir);

}  // namespace patchbay
