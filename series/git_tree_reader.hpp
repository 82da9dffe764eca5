#pragma once
// Reads the files of one commit's tree (below the configured subdirectory) through one
// repository handle. libgit2 handles are never shared between threads: a thread that reads
// needs its own reader (`reopen`).

#include <git2.h>

#include <string>
#include <vector>

#include "common/result.hpp"
#include "series/git_handles.hpp"
#include "series/pristine_source.hpp"

namespace patchbay {

class GitTreeReader {
  public:
    using Components = std::vector<std::string>;

    GitTreeReader(RepositoryPtr repo, TreePtr tree, Components prefix);

    // Another reader of the same tree on a handle of its own, for another thread.
    Result<GitTreeReader> reopen() const;

    // What is at `path` (relative to the prefix); a symlink or submodule among its parents
    // says why nothing is there. `id`, when given, gets the object id of what was found (zero
    // when nothing is there).
    Result<TreeEntry> read(const std::string& path, git_oid* id = nullptr) const;
    // The same for components from the root of the commit's tree.
    Result<TreeEntry> read_components(const Components& full, git_oid* id = nullptr) const;
    // The tree below the prefix.
    Result<TreePtr> prefix_tree() const;

    const git_oid& tree_id() const { return *git_tree_id(tree_.get()); }
    git_repository* repository() const { return repo_.get(); }
    const Components& prefix() const { return prefix_; }

  private:
    Result<TreeEntryPtr> entry_at(const std::string& path) const;
    Result<TreeEntry> describe(const git_tree_entry& entry, const std::string& path) const;
    Result<TreeEntry> blob_entry(const git_tree_entry& entry, TreeEntry::Kind kind, bool executable,
                                 const std::string& path) const;
    Result<TreeEntry> classify_missing(const Components& full) const;

    RepositoryPtr repo_;
    TreePtr tree_;
    Components prefix_;
};

}  // namespace patchbay
