#include "series/tree_state.hpp"

namespace patchbay {

TreeEntry to_entry(const std::optional<FileState>& state) {
    TreeEntry entry;
    if (!state) return entry;
    entry.kind = state->symlink ? TreeEntry::Kind::symlink : TreeEntry::Kind::file;
    entry.content = state->content;
    entry.executable = state->executable;
    return entry;
}

std::optional<FileState> to_state(const TreeEntry& entry) {
    if (entry.kind == TreeEntry::Kind::file)
        return FileState{entry.content, entry.executable, false};
    if (entry.kind == TreeEntry::Kind::symlink) return FileState{entry.content, false, true};
    return std::nullopt;
}

std::optional<FileState> to_state(TreeEntry&& entry) {
    if (entry.kind == TreeEntry::Kind::file)
        return FileState{std::move(entry.content), entry.executable, false};
    if (entry.kind == TreeEntry::Kind::symlink)
        return FileState{std::move(entry.content), false, true};
    return std::nullopt;
}

// to_state(to_entry(known)) == state, compared field by field.
bool same_state(const std::optional<FileState>& known, const std::optional<FileState>& state) {
    if (!known || !state) return !known && !state;
    const bool executable = known->executable && !known->symlink;
    return known->symlink == state->symlink && executable == state->executable &&
           known->content == state->content;
}

// A symlink created by an earlier patch above `path` makes `path` unreachable without
// following it.
std::optional<TreeEntry> TreeState::overlay_parent(const std::string& path) const {
    if (!symlinks_.above(path)) return std::nullopt;
    TreeEntry entry;
    entry.kind = TreeEntry::Kind::under_symlink;
    return entry;
}

Result<TreeEntry> TreeState::lookup(const std::string& path) const {
    if (auto parent = overlay_parent(path)) return *parent;
    auto found = changes_.find(path);
    if (found != changes_.end()) return to_entry(found->second);
    return source_.lookup(path);
}

bool TreeState::holds(const std::string& path, const std::optional<FileState>& state) const {
    if (overlay_parent(path)) return !state;
    if (auto found = changes_.find(path); found != changes_.end())
        return same_state(found->second, state);
    auto entry = source_.lookup(path);
    return entry && to_state(std::move(entry).value()) == state;
}

void TreeState::apply(const TreeChanges& changes) {
    for (const auto& [path, state] : changes) {
        symlinks_.record(path, state && state->symlink);
        changes_[path] = state;
    }
}

void TreeState::apply(TreeChanges&& changes) {
    for (auto& [path, state] : changes) {
        symlinks_.record(path, state && state->symlink);
        changes_[path] = std::move(state);
    }
}

}  // namespace patchbay
