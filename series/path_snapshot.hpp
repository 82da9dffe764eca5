#pragma once
// What a tree state held at some paths and at every folder on the way to each, kept for the
// undo check (series/undo_snapshot.hpp) to look up later, on another thread. A folder's entry
// is stored by its depth under the path that passes through it, never under a key of its own:
// a path 10,000 folders deep has 10,000 folders whose keys alone would take 100 MB, while their
// entries take a few hundred kilobytes (issue #27 item 13).

#include <map>
#include <string>
#include <vector>

#include "series/tree_state.hpp"

namespace patchbay {

class PathSnapshot {
  public:
    // What `state` holds at `path` (a canonical tree path) and at each folder above it.
    void capture(const TreeState& state, const std::string& path);
    // What was captured at `path`, a captured path or a folder above one; null for any other.
    const Result<TreeEntry>* find(const std::string& path) const;
    bool holds(const std::string& path) const { return find(path) != nullptr; }
    // Drops a captured path (and the folders above it that no other captured path passes).
    void forget(const std::string& path) { paths_.erase(path); }

  private:
    struct Captured {
        Result<TreeEntry> entry;
        std::vector<Result<TreeEntry>> folders;  // the outermost first
    };
    std::map<std::string, Captured, std::less<>> paths_;
};

}  // namespace patchbay
