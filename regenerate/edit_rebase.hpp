#pragma once
// A worktree's edit carried onto the series as it is now. The worktree's base is the state
// before NAME when `apply --worktree` made it; when another patch changed a path since, diffing
// the worktree as is would undo that change in NAME's new text. Each such path is merged three
// ways instead (base: the worktree's base; ours: the series now; theirs: the worktree on disk):
// a clean merge is taken and reported, a conflict refuses the whole regeneration.

#include <functional>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "regenerate/patch_rebuild.hpp"
#include "regenerate/worktree_edits.hpp"
#include "series/tree_state.hpp"

namespace patchbay {

struct RebasedPath {
    std::string path;
    std::vector<std::string> changed_by;  // the patches that changed it since (base_drift.hpp)
};

struct CarriedEdits {
    std::vector<PathChange> changes;   // before: the series now; after: what NAME should make
    std::vector<RebasedPath> rebased;  // the paths merged onto a base that moved
};

// Names the patches that changed a path since the worktree was made; asked only for paths
// whose base differs from the series now.
using DriftOf = std::function<Result<std::vector<std::string>>(const std::string& path)>;

struct CarryContext {
    std::string worktree;  // for messages
    std::string name;      // the patch being regenerated
    DriftOf drift;
};

// An Error naming every path (and the patches that moved it) whose edit does not merge.
Result<CarriedEdits> carry_edits(const std::vector<WorktreeEdit>& edits, const TreeState& series,
                                 const CarryContext& context);

}  // namespace patchbay
