#pragma once
// Where a path that a revision lacks went: the commit that removed it from the history, and
// where git's rename detection says it moved. This is what explains a patch that names a file
// upstream has since reorganised.

#include <git2.h>

#include <cstddef>
#include <map>
#include <optional>
#include <string>

#include "source/pristine_source.hpp"

namespace patchbay {

// The renames git's rename detection finds in each commit looked at (against its first parent,
// old path -> new path), by commit id. A rebase asks about every path its patches name that
// the new upstream lacks, and one commit can change thousands of files (a release imported as
// one commit): its rename detection runs once, not once per path.
using RenameCache = std::map<std::string, std::map<std::string, std::string>>;

// Walks first parents back from `start` (at most `max_commits`) to the commit that removed the
// file `repo_path` (a path from the repository's root), then follows its new path forward the
// same way while that one is missing at `start` too. A merge that brought the removal into the
// first-parent line is looked through to the commit on the merged side that made it, as
// `git log --follow` would name it. nullopt when no commit in reach had the file.
std::optional<PathMove> find_path_move(git_repository* repo, const git_oid& start,
                                       const std::string& repo_path, std::size_t max_commits,
                                       RenameCache& renames);

}  // namespace patchbay
