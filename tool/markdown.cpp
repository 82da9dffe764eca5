#include "tool/markdown.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace patchbay {

std::string markdown_cell(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '|')
            out += "\\|";
        else if (c == '\n' || c == '\r')
            out += ' ';
        else
            out += c;
    }
    return out;
}

std::string markdown_code(std::string_view text) {
    std::size_t longest = 0, run = 0;
    for (char c : text) {
        run = c == '`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    std::string fence(longest + 1, '`');
    bool pad = !text.empty() && (text.front() == '`' || text.back() == '`');
    auto inner = pad ? fmt::format(" {} ", text) : std::string(text);
    return fence + markdown_cell(inner) + fence;
}

std::string markdown_left_out(std::size_t total, std::size_t shown, std::string_view noun) {
    if (total <= shown) return {};
    return fmt::format("\n… and {} more {}.\n", total - shown, noun);
}

}  // namespace patchbay
