#include "checks/python/jit_wrapped_names.hpp"

#include <algorithm>

#include "checks/text_contains.hpp"

namespace patchbay {
namespace {

bool is_name_byte(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

std::size_t skip_blanks(std::string_view text, std::size_t at) {
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
    return at;
}

// Whether the "jit" at `at` is Triton's or Gluon's (`triton.jit`, `gluon.jit`, a bare `jit`
// imported from either; not `numba.jit`) and no '@' starts its line: `@triton.jit(…)` is a
// decorator with options, read as one by the search for kernels.
bool is_jit_call(std::string_view text, std::size_t at) {
    if (at > 0 && is_name_byte(text[at - 1])) return false;
    if (at > 0 && text[at - 1] == '.') {
        const std::string_view before = text.substr(0, at - 1);
        if (!before.ends_with("triton") && !before.ends_with("gluon")) return false;
    }
    const std::size_t first = skip_blanks(text, text.rfind('\n', at) + 1);  // npos + 1 == 0
    return first >= text.size() || text[first] != '@';
}

// The name that the call's parentheses open on, when it is the whole first argument.
std::string_view first_argument_name(std::string_view text, std::size_t open) {
    const std::size_t begin = skip_blanks(text, open + 1);
    std::size_t end = begin;
    while (end < text.size() && is_name_byte(text[end])) ++end;
    if (end == begin || (text[begin] >= '0' && text[begin] <= '9')) return {};
    const std::size_t after = skip_blanks(text, end);
    if (after >= text.size() || (text[after] != ')' && text[after] != ',')) return {};
    return text.substr(begin, end - begin);
}

}  // namespace

std::vector<std::string_view> jit_wrapped_names(std::string_view text) {
    std::vector<std::string_view> names;
    if (!text_contains(text, "jit(")) return names;
    for (std::size_t at = text.find("jit("); at != std::string_view::npos;
         at = text.find("jit(", at + 4)) {
        if (!is_jit_call(text, at)) continue;
        auto name = first_argument_name(text, at + 3);
        if (!name.empty() && std::ranges::find(names, name) == names.end()) names.push_back(name);
    }
    return names;
}

}  // namespace patchbay
