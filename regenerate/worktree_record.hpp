#pragma once
// What `apply --worktree DIR --upto NAME` recorded in DIR (docs/ARCHITECTURE.md §6): a git
// repository whose first commit is the pristine tree and each later commit one patch, its
// subject the patch name. The commit before NAME's is the state the user's edit was made on
// (the worktree's base); the commits below it say what each earlier patch was when DIR was
// made.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "common/git_handles.hpp"
#include "common/result.hpp"
#include "regenerate/base_drift.hpp"
#include "series/tree_state.hpp"

namespace patchbay {

// The subject of the pristine commit apply --worktree writes.
inline constexpr const char* kPristineSubject = "pristine upstream";

struct WorktreeRequirement {
    std::string name;                  // the patch being regenerated
    std::vector<std::string> earlier;  // the series entries before it
    // Whether NAME applies to the series now. When it does not, a worktree that stops before
    // it (HEAD is an earlier entry's commit, or the pristine one) is accepted: that is what
    // apply --worktree --upto NAME makes then, and the user applies NAME's change there.
    bool name_applies = true;
    // The series entries after it: a HEAD commit above NAME's that is none of these (nor an
    // earlier entry's) is the user's own, its change squashed into NAME's.
    std::vector<std::string> later = {};
};

class WorktreeRecord {
  public:
    // An Error when `dir` is no git repository or its HEAD is not a commit the requirement
    // accepts; the message says how to make one that is.
    static Result<WorktreeRecord> open(const std::filesystem::path& dir,
                                       const WorktreeRequirement& requirement);

    // `dir` with the commit `id` as its base: a rebase worktree (rebase_state.hpp), whose base
    // is the commit a conflict's files were merged onto, or a resolution's commit.
    static Result<WorktreeRecord> at_commit(const std::filesystem::path& dir,
                                            const std::string& id);

    git_repository* repository() const { return repo_.get(); }
    git_tree* base_tree() const { return base_tree_.get(); }
    // Whether HEAD is NAME's own commit (else it is the base itself).
    bool holds_name() const { return holds_name_; }

    // The path in the base tree: a file, a symlink, or nothing (a folder counts as nothing).
    Result<std::optional<FileState>> base_state(const std::string& path) const;
    // The path through the base commit's first-parent chain, pristine commit first.
    Result<PathHistory> history(const std::string& path) const;

  private:
    RepositoryPtr repo_;
    CommitPtr base_;
    TreePtr base_tree_;
    bool holds_name_ = true;
};

}  // namespace patchbay
