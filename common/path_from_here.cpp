#include "common/path_from_here.hpp"

namespace patchbay {

namespace fs = std::filesystem;

std::string path_from_here(const fs::path& path) {
    std::error_code ec;
    fs::path here = fs::current_path(ec);  // a removed working folder is no error here
    if (ec || !path.is_absolute()) return path.string();
    fs::path relative = path.lexically_normal().lexically_relative(here);
    if (relative.empty() || *relative.begin() == "..") return path.string();
    return relative.string();
}

}  // namespace patchbay
