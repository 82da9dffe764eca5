#pragma once
// Reads the files of one commit's tree (below the configured subdirectory) from the object
// store, through one repository handle.

#include <git2.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "common/git_handles.hpp"
#include "common/result.hpp"
#include "source/pristine_source.hpp"

namespace patchbay {

// One path read: what is there, and the object id found (zero when nothing is).
struct TreeRead {
    Result<TreeEntry> entry;
    git_oid id{};
    bool from_checkout = false;  // the bytes are the checkout's file, which hashes to `id`
};

class GitTreeReader {
  public:
    using Components = std::vector<std::string>;

    GitTreeReader(RepositoryPtr repo, TreePtr tree, Components prefix);

    // From now on a file is read from the repository's checkout when the bytes there hash to
    // the blob's id, and inflated from the object store otherwise. No-op for a bare repository.
    void prefer_checkout_files();

    // What is at `path` (relative to the prefix); a symlink or submodule among its parents
    // says why nothing is there.
    TreeRead read(const std::string& path) const;
    // What is at `full` (components from the root of the commit's tree).
    Result<TreeEntry> read_components(const Components& full) const;
    // The tree below the prefix.
    Result<TreePtr> prefix_tree() const;

    const git_oid& tree_id() const { return *git_tree_id(tree_.get()); }
    git_repository* repository() const { return repo_.get(); }
    const Components& prefix() const { return prefix_; }

  private:
    TreeRead read_full(const Components& full) const;
    Result<TreeEntryPtr> entry_at(const std::string& path) const;
    TreeRead describe(const git_tree_entry& entry, const std::string& path) const;
    TreeRead file_entry(const git_tree_entry& entry, TreeEntry::Kind kind, bool executable,
                        const std::string& path) const;
    Result<TreeEntry> classify_missing(const Components& full) const;
    std::optional<std::string> checkout_copy(const std::string& path, const git_oid& id) const;

    RepositoryPtr repo_;
    TreePtr tree_;
    Components prefix_;
    std::filesystem::path checkout_;  // empty: every blob is inflated
};

}  // namespace patchbay
