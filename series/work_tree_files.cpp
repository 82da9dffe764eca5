#include "series/work_tree_files.hpp"

#include "series/blob_hash.hpp"

namespace patchbay {

namespace fs = std::filesystem;

std::optional<WorkTreeFile> read_work_tree_file(const fs::path& file) {
    auto mapped = map_file(file);
    if (!mapped) return std::nullopt;
    return WorkTreeFile{mapped->bytes, blob_oid(mapped->bytes), mapped->mapped};
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
