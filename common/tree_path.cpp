#include "common/tree_path.hpp"

#include "common/dot_git_name.hpp"

namespace patchbay {
namespace {

std::vector<std::string> split_on_slash(std::string_view path) {
    std::vector<std::string> components;
    for (auto part = next_component(path, 0); part; part = next_component(path, part->next))
        components.emplace_back(part->name);
    return components;
}

// Searched for as substrings, not component by component: most paths have no ".." at all,
// which one memchr-fast scan for '.' shows.
bool has_dotdot_component(std::string_view path) {
    if (path.find("..") == std::string_view::npos) return false;
    return path == ".." || path.starts_with("../") || path.ends_with("/..") ||
           path.find("/../") != std::string_view::npos;
}

Error bad_path(std::string_view path, std::string_view why) {
    return make_error("path '" + std::string(path) + "' " + std::string(why));
}

}  // namespace

std::optional<PathComponent> next_component(std::string_view path, std::size_t start) {
    while (start <= path.size()) {
        std::size_t end = path.find('/', start);
        if (end == std::string_view::npos) end = path.size();
        const std::string_view part = path.substr(start, end - start);
        if (!part.empty() && part != ".") return PathComponent{part, end + 1};
        start = end + 1;
    }
    return std::nullopt;
}

std::optional<Error> tree_path_error(std::string_view path) {
    if (path.find('\0') != std::string_view::npos) return bad_path(path, "contains a NUL byte");
    if (path.starts_with('/')) return bad_path(path, "is absolute");
    if (has_dotdot_component(path)) return bad_path(path, "leaves the tree (a '..' component)");
    // Only slashes and dots: perhaps no component but "." and empty ones.
    if (path.find_first_not_of("/.") == std::string_view::npos && !next_component(path, 0))
        return bad_path(path, "names no file");
    return std::nullopt;
}

Result<std::vector<std::string>> tree_path_components(std::string_view path) {
    if (auto bad = tree_path_error(path)) return *bad;
    return split_on_slash(path);
}

std::optional<std::string> unsafe_path_reason(std::string_view path) {
    auto components = tree_path_components(path);
    if (!components) return components.error().message;
    for (const std::string& component : *components) {
        auto spelling = dot_git_spelling(component);
        if (!spelling) continue;
        std::string reason = "path '" + std::string(path) + "' reaches into a .git folder";
        return spelling->empty() ? reason : reason + " (" + *spelling + ")";
    }
    return std::nullopt;
}

std::string canonical_tree_path(std::string_view path) {
    auto components = split_on_slash(path);
    return join_components(components, components.size());
}

std::string join_components(const std::vector<std::string>& components, std::size_t count) {
    std::string joined;
    for (std::size_t i = 0; i < count && i < components.size(); ++i) {
        if (i > 0) joined += '/';
        joined += components[i];
    }
    return joined;
}

}  // namespace patchbay
