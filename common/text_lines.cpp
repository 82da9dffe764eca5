#include "common/text_lines.hpp"

namespace patchbay {

// Room for lines of 24 bytes on average, reserved up front: growing from nothing by doubling
// faulted in three times the memory for a file of many lines. Counting the lines first
// doubled the instructions (std::count is not vectorised); room that is never written is
// never faulted in.
std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    lines.reserve(text.size() / 24 + 1);
    append_lines(text, lines);
    return lines;
}

void append_lines(std::string_view text, std::vector<std::string_view>& lines) {
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t newline = text.find('\n', start);
        std::size_t end = newline == std::string_view::npos ? text.size() : newline + 1;
        lines.push_back(text.substr(start, end - start));
        start = end;
    }
}

std::string_view without_terminator(std::string_view line) {
    if (!line.empty() && line.back() == '\n') line.remove_suffix(1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    return line;
}

std::string join_lines(const std::vector<std::string_view>& lines) {
    std::size_t size = 0;
    for (auto line : lines) size += line.size();
    std::string text;
    text.reserve(size);
    for (auto line : lines) text += line;
    return text;
}

}  // namespace patchbay
