#include "series/symlink_paths.hpp"

namespace patchbay {

void SymlinkPaths::record(const std::string& path, bool symlink) {
    if (symlink)
        paths_.insert(path);
    else
        paths_.erase(path);
}

bool SymlinkPaths::above(std::string_view path) const {
    if (paths_.empty()) return false;
    for (auto slash = path.find('/'); slash != std::string_view::npos;
         slash = path.find('/', slash + 1))
        if (paths_.contains(path.substr(0, slash))) return true;
    return false;
}

}  // namespace patchbay
