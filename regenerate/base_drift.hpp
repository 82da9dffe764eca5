#pragma once
// Which patches changed one path between two records of the series: the one a worktree keeps
// (its commits, as `apply --worktree` made them) and the series as it applies now. A worktree
// whose state before NAME is no longer the series' would, diffed as is, undo those changes in
// NAME's new text; naming them is how regenerate says why it rebased or refused the edit.

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "series/series_runner.hpp"
#include "series/tree_state.hpp"

namespace patchbay {

struct PathStep {
    std::string patch;
    std::optional<FileState> after;  // nullopt: the patch deleted the path
};

// One path through a series, oldest first: its pristine state, then each patch that changed it.
struct PathHistory {
    std::optional<FileState> pristine;
    std::vector<PathStep> steps;
};

// The path's history in `steps` (the applied patches, in order) over `source`.
Result<PathHistory> series_history(const PristineSource& source, std::span<const AppliedStep> steps,
                                   const std::string& path);

// Where `then` and `now` disagree: "the upstream" when the pristine states differ, then every
// patch that is in one history only or whose change (the lines it removes and adds, wherever
// they are) differs, in the order of `now` with those of `then` only after them.
Result<std::vector<std::string>> changed_patches(const PathHistory& then, const PathHistory& now);

}  // namespace patchbay
