#include "series/work_tree_files.hpp"

#include "series/blob_hash.hpp"
#include "series/read_file.hpp"

namespace patchbay {

namespace fs = std::filesystem;

std::optional<WorkTreeFile> read_work_tree_file(const fs::path& file) {
    std::error_code ec;
    if (!fs::is_regular_file(fs::symlink_status(file, ec))) return std::nullopt;
    auto bytes = read_file(file);
    if (!bytes) return std::nullopt;
    WorkTreeFile read{std::move(bytes).value(), {}};
    read.id = blob_oid(read.bytes);
    return read;
}

std::shared_ptr<WorkTreeFiles> read_work_tree_ahead(fs::path root,
                                                    std::function<std::vector<std::string>()> paths,
                                                    unsigned workers) {
    auto maker = [root = std::move(root)]() -> WorkTreeFiles::Maker {
        return [root](const std::string& path) { return read_work_tree_file(root / path); };
    };
    return std::make_shared<WorkTreeFiles>(std::move(paths), std::move(maker), workers);
}

}  // namespace patchbay
