#pragma once
// `apply --worktree W` and `rebase --continue` write a worktree in many steps (the pristine
// files, each patch's files, the index, the commits). A marker file in W/.git says that such a
// write is under way; a run that is killed or interrupted leaves it behind, and every later
// command that meets W says what happened and what to do, instead of "exists and is not empty".

#include <filesystem>
#include <optional>

#include "common/result.hpp"

namespace patchbay {

// The marker, below W/.git.
inline constexpr const char* kWritingMarker = "patchbay-writing";

// Marks `dir` as being written (making `dir/.git` if it is not there yet).
Status mark_writing(const std::filesystem::path& dir);

// The write is whole: the marker goes.
Status mark_written(const std::filesystem::path& dir);

// Whether a write of `dir` was interrupted (the marker is there).
bool is_interrupted_worktree(const std::filesystem::path& dir);

// The process that marked `dir`, when it is still running: two commands at once, not an
// interrupted one. A pid the system has given to another process since reads as running too,
// which only errs on the side of leaving the worktree alone.
std::optional<long> live_writer(const std::filesystem::path& dir);

// "W: an interrupted patchbay run left this worktree half-written …", with what to do; or, when
// the writer is still running, that it is and to let it finish (never "remove the folder").
Error interrupted_worktree_error(const std::filesystem::path& dir);

}  // namespace patchbay
