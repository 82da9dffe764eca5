#pragma once
// A three-way merge of one path's states (a file, a symlink, or nothing): the change from `base`
// to `theirs` carried onto `ours`. Texts merge with git's merge (text_merge.hpp); a side that
// did not change takes the other; anything else (a file created or deleted on one side and
// changed on the other, a symlink changed on both) does not merge.

#include <optional>

#include "common/result.hpp"
#include "regenerate/text_merge.hpp"
#include "series/tree_state.hpp"

namespace patchbay {

// The merged state, or nullopt when the two changes conflict. An Error only when libgit2 fails.
Result<std::optional<PathState>> merge_states(const PathState& base, const PathState& ours,
                                              const PathState& theirs);

// What a person is given to resolve a path that does not merge: for texts, git's diff3-style
// merge with its conflict markers (`labels` name the sides); for anything else (a file deleted
// on one side, a symlink, a binary) ours as it is, their change being for the person to make.
Result<PathState> conflict_state(const PathState& base, const PathState& ours,
                                 const PathState& theirs, const MergeLabels& labels);

}  // namespace patchbay
