#include "source/directory_source.hpp"

#include <algorithm>

#include "common/read_file.hpp"
#include "common/tree_path.hpp"
#include "source/directory_lookup.hpp"
#include "source/manifest.hpp"

namespace patchbay {
namespace {

namespace fs = std::filesystem;
using Kind = TreeEntry::Kind;

class DirectorySource : public PristineSource {
  public:
    DirectorySource(fs::path root, SourceDescription description)
        : root_(std::move(root)), description_(std::move(description)) {}

    Result<TreeEntry> lookup(const std::string& path) const override {
        return lookup_in_directory(
            root_, path, [](const fs::path& file, const std::string&) -> Result<SharedText> {
                auto bytes = read_file(file);
                if (!bytes) return bytes.error();
                return SharedText(std::move(bytes).value());
            });
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
    return std::unique_ptr<PristineSource>(
        new DirectorySource(options.folder(), std::move(description)));
}

}  // namespace patchbay
