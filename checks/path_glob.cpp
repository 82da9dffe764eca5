#include "checks/path_glob.hpp"

#include <fnmatch.h>

namespace patchbay {

namespace {

bool match_segment(std::string_view pattern, std::string_view name) {
    return fnmatch(std::string(pattern).c_str(), std::string(name).c_str(), FNM_PATHNAME) == 0;
}

std::string_view head(std::string_view path) {
    return path.substr(0, path.find('/'));
}

std::string_view tail(std::string_view path) {
    auto slash = path.find('/');
    return slash == std::string_view::npos ? std::string_view() : path.substr(slash + 1);
}

bool is_last(std::string_view path) {
    return path.find('/') == std::string_view::npos;
}

}  // namespace

bool glob_match(std::string_view pattern, std::string_view path) {
    if (head(pattern) == "**") {
        if (is_last(pattern)) return true;  // "**" at the end matches everything below
        std::string_view rest = tail(pattern);
        // "**/*.py", the include of every audit: a last segment can match only the path's last
        // one, so that is the one fnmatch call instead of one per folder of the path.
        if (is_last(rest) && rest != "**")
            return match_segment(rest, path.substr(path.rfind('/') + 1));
        for (std::string_view p = path;; p = tail(p)) {
            if (glob_match(rest, p)) return true;
            if (is_last(p)) return false;
        }
    }
    if (!match_segment(head(pattern), head(path))) return false;
    if (is_last(pattern) || is_last(path)) return is_last(pattern) && is_last(path);
    return glob_match(tail(pattern), tail(path));
}

bool matches_any(const std::vector<std::string>& patterns, std::string_view path) {
    for (const auto& pattern : patterns)
        if (glob_match(pattern, path)) return true;
    return false;
}

}  // namespace patchbay
