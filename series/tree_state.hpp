#pragma once
// The running in-memory state of the tree while a series is applied: the pristine source with
// the changes of the patches applied so far laid over it. Nothing is ever written to disk.

#include <map>
#include <optional>
#include <string>

#include "common/result.hpp"
#include "series/symlink_paths.hpp"
#include "source/pristine_source.hpp"

namespace patchbay {

struct FileState {
    SharedText content;  // bytes, or a symlink's target
    bool executable = false;
    bool symlink = false;

    bool operator==(const FileState&) const = default;
};

// A path's state in a tree: the file, or nullopt where the path is absent.
using PathState = std::optional<FileState>;

// Present and not a symlink: a file whose content merges line by line.
inline bool is_regular_file(const PathState& state) {
    return state && !state->symlink;
}

// A set of changes: path -> new state, or nullopt for a deleted path.
using TreeChanges = std::map<std::string, PathState>;

class TreeState {
  public:
    explicit TreeState(const PristineSource& source) : source_(source) {}

    // What is at `path` now; symlinks (also ones created by earlier patches) are reported,
    // never followed.
    Result<TreeEntry> lookup(const std::string& path) const;
    // The pristine state of `path`, ignoring every change.
    Result<TreeEntry> pristine(const std::string& path) const { return source_.lookup(path); }

    // What upstream's history says about `path` when the pristine tree lacks it.
    std::optional<PathMove> pristine_move(const std::string& path) const {
        return source_.find_move(path);
    }

    // Whether `path` is in `state` now, as lookup() would describe it, without copying contents.
    bool holds(const std::string& path, const std::optional<FileState>& state) const;

    void apply(const TreeChanges& changes);
    void apply(TreeChanges&& changes);
    const TreeChanges& changes() const { return changes_; }

  private:
    std::optional<TreeEntry> overlay_parent(const std::string& path) const;

    const PristineSource& source_;
    TreeChanges changes_;
    SymlinkPaths symlinks_;  // those of changes_
};

TreeEntry to_entry(const std::optional<FileState>& state);
std::optional<FileState> to_state(const TreeEntry& entry);
// The same, taking the entry's content instead of copying it.
std::optional<FileState> to_state(TreeEntry&& entry);

}  // namespace patchbay
