#include "series/directory_lookup.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include "series/tree_path.hpp"

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

Result<TreeEntry> lookup_in_directory(const fs::path& root, const std::string& path,
                                      const FileBytes& read) {
    auto components = tree_path_components(path);
    if (!components) return components.error();
    fs::path current = root;
    const std::size_t count = components->size();
    for (std::size_t i = 0; i < count; ++i) {
        current /= (*components)[i];
        auto node = lstat_node(current);
        if (!node) return node.error();
        if (i + 1 == count) return entry_at(current, path, node.value(), read);
        if (node->type == NodeStat::Type::symlink) return TreeEntry{Kind::under_symlink, "", false};
        if (node->type != NodeStat::Type::directory) return TreeEntry{};
    }
    return TreeEntry{};  // not reached: tree_path_components never returns an empty list
}

}  // namespace patchbay
