#pragma once
// Where a worktree may go: never inside the pristine tree, which is read and never written
// (docs/ARCHITECTURE.md §4). `apply --worktree` and `rebase --worktree` both ask.

#include <string>

#include "common/result.hpp"
#include "config/config.hpp"

namespace patchbay {

// An Error when `worktree` is the pristine tree of `config` or inside it; symlinks are resolved
// on both sides.
Status check_worktree_outside(const Config& config, const std::string& worktree);

}  // namespace patchbay
