#pragma once
// `rebase --continue` killed while it wrote its worktree (docs/ARCHITECTURE.md §6). The run
// leaves the writing marker (worktree/interrupted_worktree.hpp), and the state file is still the
// one the run before it wrote: the person's resolution is in the worktree, in its files or in the
// commit the killed run made of it. Removing the folder would lose it, so the next --continue
// takes the worktree back to what the state file says instead: the commits the killed run made
// of patches the state does not record are undone (their files as the commit below them holds
// them, the branch and index moved back), and a resolution it had already committed is recorded
// as resolved. The lock files git takes (index.lock, a branch's .lock) that the killed run left
// are removed first: those made since its marker, the run being gone (the caller checks).
// Each step can be repeated: a --continue killed during this one does it again.

#include <filesystem>

#include "common/result.hpp"
#include "rebase/rebase_state.hpp"

namespace patchbay {

// The state to carry on from, the worktree brought back to it. The caller writes the state
// file, then removes the marker.
Result<RebaseState> undo_interrupted_continue(const std::filesystem::path& dir, RebaseState state);

}  // namespace patchbay
