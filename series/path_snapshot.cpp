#include "series/path_snapshot.hpp"

#include <algorithm>

namespace patchbay {

void PathSnapshot::capture(const TreeState& state, const std::string& path) {
    if (paths_.contains(path)) return;
    std::vector<Result<TreeEntry>> folders;
    for (auto slash = path.find('/'); slash != std::string::npos; slash = path.find('/', slash + 1))
        folders.push_back(state.lookup(path.substr(0, slash)));
    paths_.emplace(path, Captured{state.lookup(path), std::move(folders)});
}

const Result<TreeEntry>* PathSnapshot::find(const std::string& path) const {
    if (auto found = paths_.find(path); found != paths_.end()) return &found->second.entry;
    // Every captured path below `path` passes it at the same depth; the first one will do.
    const std::string folder = path + '/';
    auto below = paths_.lower_bound(folder);
    if (below == paths_.end() || !below->first.starts_with(folder)) return nullptr;
    const auto depth = static_cast<std::size_t>(std::count(path.begin(), path.end(), '/'));
    const auto& folders = below->second.folders;
    return depth < folders.size() ? &folders[depth] : nullptr;
}

}  // namespace patchbay
