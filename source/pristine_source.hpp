#pragma once
// The pristine upstream tree, read-only: a git revision (through libgit2, reading only the
// blobs asked for) or a plain directory. Paths are relative to the configured subdirectory
// and use "/".

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "common/shared_text.hpp"

namespace patchbay {

struct TreeEntry {
    enum class Kind { absent, file, symlink, directory, under_symlink };
    Kind kind = Kind::absent;
    SharedText content;  // file bytes, or the symlink's target
    bool executable = false;
};

struct SourceDescription {
    std::string path;                // the upstream path as configured
    std::string rev;                 // the revision asked for (may be empty)
    std::string commit;              // full commit id read from (empty for a plain directory)
    std::string directory;           // the subdirectory patch paths are relative to
    std::vector<std::string> notes;  // e.g. "checkout is at abc123, not at v0.28.0"
};

// What happened to a file the tree read does not have, found in the upstream's history.
struct PathMove {
    struct Step {
        std::string commit;    // full id of the commit that removed or moved the path
        std::string subject;   // its summary line
        std::string new_path;  // where git's rename detection found it; empty: deleted
    };
    std::vector<Step> steps;  // oldest first; each step's new path is the next step's old path
};

// Where a git pristine tree's objects are, so that apply --worktree can reuse them instead of
// hashing every file again.
struct GitTreeRef {
    std::filesystem::path objects_dir;  // the repository's objects folder
    std::string tree_id;                // hex id of the tree below the subdirectory
};

class PristineSource {
  public:
    virtual ~PristineSource() = default;
    // What is at `path`. A path with a symlink as one of its parent components is
    // Kind::under_symlink; ".." or an absolute path is an Error.
    virtual Result<TreeEntry> lookup(const std::string& path) const = 0;
    virtual const SourceDescription& description() const = 0;
    // Every file and symlink of the tree (below the subdirectory), sorted; for apply --worktree.
    virtual Result<std::vector<std::string>> list_files() const = 0;
    // The checks left for the end by SourceOptions::defer_checks: for a git checkout, whether
    // a file read so far has local modifications (the Error names them); Ok when there are
    // none. Callable more than once.
    virtual Status finish_checks() const { return Ok{}; }
    // For a path this tree lacks: the commits of the upstream's history that removed or moved
    // it, with its path now (relative to the subdirectory; from the repository's root with a
    // leading '/' when it left the subdirectory). nullopt for a plain directory or a path no
    // commit in reach had.
    virtual std::optional<PathMove> find_move(const std::string& path) const {
        (void)path;
        return std::nullopt;
    }
    // The tree as git objects; nullopt for a plain directory.
    virtual std::optional<GitTreeRef> git_tree_ref() const { return std::nullopt; }
};

struct SourceOptions {
    std::filesystem::path path;  // git checkout (or bare repo) or plain directory
    std::string rev;             // git only; must resolve
    std::string directory;       // subdirectory
    // git only: a checkout with local modifications is an Error, unless this is set (by
    // --allow-dirty, or by an explicit --rev, which names the commit's bytes): then the commit
    // is read and a note says that uncommitted edits are not used.
    bool allow_dirty = false;
    std::filesystem::path manifest;  // plain directory only: RECORD or sha256sum to verify
    // git only: instead of refusing any local modification at open, check at finish_checks()
    // only the files that were read (check-series: a checkout of 27,000 files took longer to
    // check than the series to apply). The caller must call finish_checks() before reporting.
    bool defer_checks = false;

    // The folder patch paths are relative to: `path`/`directory`.
    std::filesystem::path folder() const { return directory.empty() ? path : path / directory; }
};

// A git repository when `path` is one (or is inside one, and `rev` is given), else a plain
// directory. A missing path, an unknown rev, a dirty checkout or a manifest mismatch is an Error.
Result<std::unique_ptr<PristineSource>> open_pristine(const SourceOptions& options);

}  // namespace patchbay
