#include "source/directory_lookup.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include "common/tree_path.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using Kind = TreeEntry::Kind;

struct NodeStat {
    enum class Type { absent, file, symlink, directory, other } type = Type::absent;
    bool executable = false;
};

Result<NodeStat> lstat_node(const fs::path& path) {
    struct stat info {};
    if (::lstat(path.c_str(), &info) != 0) {
        if (errno == ENOENT || errno == ENOTDIR) return NodeStat{};
        return make_error(path.string(), 0, std::string("cannot stat: ") + std::strerror(errno));
    }
    using Type = NodeStat::Type;
    const bool executable = (info.st_mode & S_IXUSR) != 0;
    if (S_ISREG(info.st_mode)) return NodeStat{Type::file, executable};
    if (S_ISLNK(info.st_mode)) return NodeStat{Type::symlink, false};
    if (S_ISDIR(info.st_mode)) return NodeStat{Type::directory, false};
    return NodeStat{Type::other, false};
}

Result<TreeEntry> entry_at(const fs::path& file, const std::string& path, const NodeStat& node,
                           const FileBytes& read) {
    using Type = NodeStat::Type;
    switch (node.type) {
        case Type::absent:
            return TreeEntry{};
        case Type::directory:
            return TreeEntry{Kind::directory, "", false};
        case Type::symlink: {
            std::error_code ec;
            const fs::path target = fs::read_symlink(file, ec);
            if (ec) return make_error(file.string(), 0, "cannot read symlink: " + ec.message());
            return TreeEntry{Kind::symlink, target.string(), false};
        }
        case Type::file: {
            auto bytes = read(file, path);
            if (!bytes) return bytes.error();
            return TreeEntry{Kind::file, std::move(bytes).value(), node.executable};
        }
        case Type::other:
            break;
    }
    return make_error(file.string(), 0, "is neither a file, a directory nor a symlink");
}

}  // namespace

const FolderMemo::Kind* FolderMemo::find(const std::string& path) const {
    auto found = kinds_.find(path);
    return found == kinds_.end() ? nullptr : &found->second;
}

namespace {

FolderMemo::Kind memo_kind(NodeStat::Type type) {
    if (type == NodeStat::Type::directory) return FolderMemo::Kind::folder;
    return type == NodeStat::Type::symlink ? FolderMemo::Kind::symlink : FolderMemo::Kind::other;
}

// What the folder on the way at `current` (`key` below the root) is, from the memo or lstat.
Result<FolderMemo::Kind> folder_kind(const fs::path& current, const std::string& key,
                                     FolderMemo* memo) {
    if (memo)
        if (const auto* known = memo->find(key)) return *known;
    auto node = lstat_node(current);
    if (!node) return node.error();
    const auto kind = memo_kind(node->type);
    if (memo) memo->remember(key, kind);
    return kind;
}

}  // namespace

Result<TreeEntry> lookup_in_directory(const fs::path& root, const std::string& path,
                                      const FileBytes& read, FolderMemo* memo) {
    auto components = tree_path_components(path);
    if (!components) return components.error();
    fs::path current = root;
    std::string key;
    const std::size_t count = components->size();
    for (std::size_t i = 0; i + 1 < count; ++i) {
        current /= (*components)[i];
        key += (i > 0 ? "/" : "") + (*components)[i];
        auto kind = folder_kind(current, key, memo);
        if (!kind) return kind.error();
        if (*kind == FolderMemo::Kind::symlink) return TreeEntry{Kind::under_symlink, "", false};
        if (*kind != FolderMemo::Kind::folder) return TreeEntry{};
    }
    current /= components->back();
    auto node = lstat_node(current);
    if (!node) return node.error();
    return entry_at(current, path, node.value(), read);
}

}  // namespace patchbay
