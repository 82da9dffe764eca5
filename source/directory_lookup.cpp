#include "source/directory_lookup.hpp"

#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
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

// Whether every folder on the way to the last component of `path` below `root` is a folder and
// none a symlink, in one walk by the kernel (openat2, refusing symlinks) where an lstat per
// folder made the lookups of the folders of a deep path cubic in its depth: 6.7 s for a file
// 1,000 folders deep. False also when the kernel cannot tell (no openat2, a missing folder, a
// symlink on the way): the walk folder by folder then decides.
bool plain_folders_to(const fs::path& root, std::string_view path) {
    const auto slash = path.rfind('/');
    if (slash == std::string_view::npos || slash >= PATH_MAX) return false;
    const std::string_view last = path.substr(slash + 1);
    if (last.empty() || last == ".") return false;
    const int root_fd = ::open(root.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (root_fd < 0) return false;
    open_how how{};
    how.flags = O_PATH | O_DIRECTORY | O_CLOEXEC;
    how.resolve = RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH;
    const std::string folders(path.substr(0, slash));
    const long fd = ::syscall(SYS_openat2, root_fd, folders.c_str(), &how, sizeof how);
    ::close(root_fd);
    if (fd < 0) return false;
    ::close(static_cast<int>(fd));
    return true;
}

Result<TreeEntry> lookup_at(const fs::path& file, const std::string& path, const FileBytes& read) {
    auto node = lstat_node(file);
    if (!node) return node.error();
    return entry_at(file, path, node.value(), read);
}

}  // namespace

Result<TreeEntry> lookup_in_directory(const fs::path& root, const std::string& path,
                                      const FileBytes& read, FolderMemo* memo) {
    if (auto bad = tree_path_error(path)) return *bad;
    if (!memo && plain_folders_to(root, path)) return lookup_at(root / path, path, read);
    // Folder by folder, stopping at the first that is not one.
    fs::path current = root;
    std::string key;
    auto part = next_component(path, 0);
    for (auto next = next_component(path, part->next); next;
         part = next, next = next_component(path, next->next)) {
        current /= part->name;
        if (!key.empty()) key += '/';
        key += part->name;
        auto kind = folder_kind(current, key, memo);
        if (!kind) return kind.error();
        if (*kind == FolderMemo::Kind::symlink) return TreeEntry{Kind::under_symlink, "", false};
        if (*kind != FolderMemo::Kind::folder) return TreeEntry{};
    }
    current /= part->name;
    return lookup_at(current, path, read);
}

}  // namespace patchbay
