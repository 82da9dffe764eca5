#pragma once
// Where a path that a revision lacks went: the commit that removed it from the history, and
// where git's rename detection says it moved. This is what explains a patch that names a file
// upstream has since reorganised.

#include <git2.h>

#include <cstddef>
#include <optional>
#include <string>

#include "source/pristine_source.hpp"

namespace patchbay {

// Walks first parents back from `start` (at most `max_commits`) to the commit that removed the
// file `repo_path` (a path from the repository's root), then follows its new path forward the
// same way while that one is missing at `start` too. A merge that brought the removal into the
// first-parent line is looked through to the commit on the merged side that made it, as
// `git log --follow` would name it. nullopt when no commit in reach had the file.
std::optional<PathMove> find_path_move(git_repository* repo, const git_oid& start,
                                       const std::string& repo_path, std::size_t max_commits);

}  // namespace patchbay
