#pragma once
// Reads the files of one commit's tree (below the configured subdirectory) through one
// repository handle. libgit2 handles are never shared between threads: a thread that reads
// needs its own reader (`open` a `location`).

#include <git2.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "series/git_handles.hpp"
#include "series/pristine_source.hpp"
#include "series/work_tree_files.hpp"

namespace patchbay {

// One path read: what is there, the object id found (zero when nothing is), and, when the
// bytes are the work tree's file (it holds the same blob), that file's identity then.
struct TreeRead {
    Result<TreeEntry> entry;
    git_oid id{};
    bool from_work_tree = false;
    std::optional<FileIdentity> mapped = std::nullopt;  // when the bytes are a mapping of it

    bool work_tree_same() const { return from_work_tree; }
};

class GitTreeReader {
  public:
    using Components = std::vector<std::string>;

    GitTreeReader(RepositoryPtr repo, TreePtr tree, Components prefix);

    // What another reader needs to read the same tree: plain values, safe to hand to a thread.
    struct Location {
        std::string git_dir;  // the common git folder (its object store)
        git_oid tree{};
        Components prefix;
    };
    Location location() const;
    // A reader of `where` on a handle of its own.
    static Result<GitTreeReader> open(const Location& where);
    Result<GitTreeReader> reopen() const { return open(location()); }

    // What is at `path` (relative to the prefix); a symlink or submodule among its parents
    // says why nothing is there. With a `work_tree` (the checkout's root), a regular file
    // there whose blob id is the entry's is read from it instead of inflating the blob: the
    // same bytes, checked by their id, at a fraction of the cost. `ahead`, when given, holds
    // those files already read (keyed by `path`).
    TreeRead read(const std::string& path, const std::filesystem::path& work_tree = {},
                  WorkTreeFiles* ahead = nullptr) const;
    // The object id and mode at `path`, without reading the object; nullopt when the path holds
    // no blob (nothing, a folder, or a path below a symlink).
    struct BlobId {
        git_oid id{};
        bool executable = false;
        bool symlink = false;
    };
    std::optional<BlobId> blob_id(const std::string& path) const;
    // What is at `full` (components from the root of the commit's tree).
    Result<TreeEntry> read_components(const Components& full) const;
    // The tree below the prefix.
    Result<TreePtr> prefix_tree() const;

    const git_oid& tree_id() const { return *git_tree_id(tree_.get()); }
    git_repository* repository() const { return repo_.get(); }
    const Components& prefix() const { return prefix_; }

  private:
    // Where to look for a file in the work tree: the checkout's root, the path below the
    // prefix, and the files read ahead.
    struct WorkTreeSide {
        std::filesystem::path root;
        std::string path;
        WorkTreeFiles* ahead = nullptr;
    };

    TreeRead read_full(const Components& full, const WorkTreeSide& work_tree) const;
    Result<TreeEntryPtr> entry_at(const std::string& path) const;
    TreeRead describe(const git_tree_entry& entry, const std::string& path,
                      const WorkTreeSide& work_tree) const;
    TreeRead file_entry(const git_tree_entry& entry, TreeEntry::Kind kind, bool executable,
                        const std::string& path, const WorkTreeSide& work_tree) const;
    Result<TreeEntry> classify_missing(const Components& full) const;

    RepositoryPtr repo_;
    TreePtr tree_;
    Components prefix_;
};

}  // namespace patchbay
