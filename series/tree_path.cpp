#include "series/tree_path.hpp"

namespace patchbay {

namespace {

bool has_component(std::string_view path, std::string_view component) {
    std::size_t start = 0;
    while (start <= path.size()) {
        auto slash = path.find('/', start);
        auto end = slash == std::string_view::npos ? path.size() : slash;
        if (path.substr(start, end - start) == component) return true;
        if (slash == std::string_view::npos) break;
        start = slash + 1;
    }
    return false;
}

}  // namespace

std::optional<std::string> unsafe_path_reason(std::string_view path) {
    if (path.empty()) return "the path is empty";
    if (path.find('\0') != std::string_view::npos) return "the path contains a NUL byte";
    if (path.front() == '/') return "the path is absolute";
    if (has_component(path, "..")) return "the path leaves the tree through '..'";
    if (has_component(path, ".git")) return "the path reaches into a .git folder";
    return std::nullopt;
}

}  // namespace patchbay
