#pragma once
// Where a path that a revision lacks went: the commit that removed it from the history, and
// where git's rename detection says it moved. This is what explains a patch that names a file
// upstream has since reorganised.

#include <git2.h>

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "source/pristine_source.hpp"

namespace patchbay {

// What each commit looked at deleted and added (against its first parent), by commit id, and
// the moves found so far. A rebase asks about every path its patches name that the new upstream
// lacks, and one commit can change thousands of files (a release imported as one commit): the
// commit is diffed once, and a move is looked for among the added files that could be it.
struct CommitFiles {
    std::map<std::string, git_oid> deleted;
    std::vector<std::pair<std::string, git_oid>> added;
    std::map<std::string, std::string> moves;  // old path -> new path ("" when deleted)
};
using RenameCache = std::map<std::string, CommitFiles>;

// Walks first parents back from `start` (at most `max_commits`) to the commit that removed the
// file `repo_path` (a path from the repository's root), then follows its new path forward the
// same way while that one is missing at `start` too. A merge that brought the removal into the
// first-parent line is looked through to the commit on the merged side that made it, as
// `git log --follow` would name it. nullopt when no commit in reach had the file.
std::optional<PathMove> find_path_move(git_repository* repo, const git_oid& start,
                                       const std::string& repo_path, std::size_t max_commits,
                                       RenameCache& renames);

}  // namespace patchbay
