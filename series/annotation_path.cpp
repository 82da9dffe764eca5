#include "series/annotation_path.hpp"

#include "source/git_snapshot.hpp"

namespace patchbay {

namespace fs = std::filesystem;

std::string annotation_path(const fs::path& file) {
    std::error_code ec;
    auto absolute = fs::weakly_canonical(fs::absolute(file, ec), ec);
    auto root = work_tree_root(absolute).value_or(fs::current_path(ec));
    auto relative = absolute.lexically_relative(fs::weakly_canonical(root, ec));
    if (relative.empty() || *relative.begin() == "..") return absolute.generic_string();
    return relative.generic_string();
}

}  // namespace patchbay
