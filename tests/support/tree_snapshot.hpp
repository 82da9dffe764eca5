#pragma once
// Every file, symlink and folder under a root with what identifies its state: to prove that a
// command changed nothing there. Symlinks are recorded, never followed.

#include <sys/stat.h>

#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <string>

#include "tests/support/temp_dir.hpp"

namespace patchbay::test_support {

namespace fs = std::filesystem;

using TreeSnapshot = std::map<std::string, std::string>;  // relative path -> state

inline std::string node_state(const fs::directory_entry& entry) {
    struct stat info {};
    ::lstat(entry.path().c_str(), &info);
    std::string meta = std::to_string(info.st_mode) + " " + std::to_string(info.st_size) + " " +
                       std::to_string(info.st_mtim.tv_sec) + "." +
                       std::to_string(info.st_mtim.tv_nsec);
    if (S_ISLNK(info.st_mode)) return "link " + fs::read_symlink(entry.path()).string();
    if (S_ISDIR(info.st_mode)) return "dir " + std::to_string(info.st_mode);
    if (!S_ISREG(info.st_mode)) return "special " + meta;  // a FIFO: reading it would block
    auto bytes = read_file(entry.path());
    return "file " + meta + " " + std::to_string(std::hash<std::string>{}(bytes));
}

// `skip`: paths (relative to `root`) whose subtree may change.
inline TreeSnapshot snapshot_tree(const fs::path& root, const std::set<std::string>& skip = {}) {
    TreeSnapshot nodes;
    for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator();
         ++it) {
        auto rel = it->path().lexically_relative(root).generic_string();
        if (skip.count(rel)) {
            it.disable_recursion_pending();
            continue;
        }
        nodes[rel] = node_state(*it);
    }
    return nodes;
}

// The paths whose state differs between two snapshots (added, removed or changed).
inline std::set<std::string> changed_paths(const TreeSnapshot& before, const TreeSnapshot& after) {
    std::set<std::string> changed;
    for (const auto& [path, state] : before) {
        auto found = after.find(path);
        if (found == after.end() || found->second != state) changed.insert(path);
    }
    for (const auto& [path, state] : after)
        if (!before.count(path)) changed.insert(path);
    return changed;
}

}  // namespace patchbay::test_support
