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
};

// Checks everything before writing anything: an existing non-empty DIR is an Error and is
// left untouched.
Status write_worktree(const WorktreeRequest& request);

}  // namespace patchbay
