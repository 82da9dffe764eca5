#include "series/directory_source.hpp"

#include <algorithm>

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include "series/manifest.hpp"
#include "series/read_file.hpp"
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

Result<TreeEntry> entry_at(const fs::path& path, const NodeStat& node) {
    using Type = NodeStat::Type;
    switch (node.type) {
        case Type::absent:
            return TreeEntry{};
        case Type::directory:
            return TreeEntry{Kind::directory, "", false};
        case Type::symlink: {
            std::error_code ec;
            const fs::path target = fs::read_symlink(path, ec);
            if (ec) return make_error(path.string(), 0, "cannot read symlink: " + ec.message());
            return TreeEntry{Kind::symlink, target.string(), false};
        }
        case Type::file: {
            auto bytes = read_file(path);
            if (!bytes) return bytes.error();
            return TreeEntry{Kind::file, std::move(bytes).value(), node.executable};
        }
        case Type::other:
            break;
    }
    return make_error(path.string(), 0, "is neither a file, a directory nor a symlink");
}

class DirectorySource : public PristineSource {
  public:
    DirectorySource(fs::path root, SourceDescription description)
        : root_(std::move(root)), description_(std::move(description)) {}

    Result<TreeEntry> lookup(const std::string& path) const override {
        auto components = tree_path_components(path);
        if (!components) return components.error();
        fs::path current = root_;
        const std::size_t count = components->size();
        for (std::size_t i = 0; i < count; ++i) {
            current /= (*components)[i];
            auto node = lstat_node(current);
            if (!node) return node.error();
            if (i + 1 == count) return entry_at(current, node.value());
            if (node->type == NodeStat::Type::symlink)
                return TreeEntry{Kind::under_symlink, "", false};
            if (node->type != NodeStat::Type::directory) return TreeEntry{};
        }
        return TreeEntry{};  // not reached: tree_path_components never returns an empty list
    }

    const SourceDescription& description() const override { return description_; }

    // Files and symlinks; symlinked folders are listed as symlinks, never entered.
    Result<std::vector<std::string>> list_files() const override {
        std::vector<std::string> paths;
        std::error_code ec;
        for (auto it = fs::recursive_directory_iterator(root_, ec);
             !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
            if (it->is_symlink(ec) || it->is_regular_file(ec))
                paths.push_back(it->path().lexically_relative(root_).generic_string());
        }
        if (ec) return make_error(root_.string(), 0, "cannot list the folder: " + ec.message());
        std::sort(paths.begin(), paths.end());
        return paths;
    }

  private:
    fs::path root_;
    SourceDescription description_;
};

// The configured subfolder must be a real directory: reached through no symlink.
Status check_subdirectory(const DirectorySource& top, const std::string& directory) {
    auto entry = top.lookup(directory);
    if (!entry) return entry.error();
    if (entry->kind == Kind::directory) return Ok{};
    const char* what = entry->kind == Kind::absent ? "does not exist" : "is not a real directory";
    return make_error("upstream directory '" + directory + "' " + what + " in " +
                      top.description().path);
}

}  // namespace

Result<std::unique_ptr<PristineSource>> open_directory_source(const SourceOptions& options) {
    std::error_code ec;
    if (!fs::is_directory(options.path, ec)) {
        return make_error(options.path.string(), 0, "upstream path is not a directory");
    }
    SourceDescription description{options.path.string(), "", "", options.directory, {}};
    const DirectorySource top(options.path, description);
    if (!options.directory.empty()) {
        if (auto status = check_subdirectory(top, options.directory); !status)
            return status.error();
    }
    if (!options.manifest.empty()) {
        if (auto status = verify_manifest(options.manifest, options.path); !status) {
            return status.error();
        }
        description.notes.push_back("verified against manifest " + options.manifest.string());
    }
    const fs::path root =
        options.directory.empty() ? options.path : options.path / options.directory;
    return std::unique_ptr<PristineSource>(new DirectorySource(root, std::move(description)));
}

}  // namespace patchbay
