#include "common/text_lines.hpp"

#include <algorithm>
#include <cstdint>

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

std::vector<std::size_t> line_starts(std::string_view text) {
    std::vector<std::size_t> starts;
    for (const auto line : split_lines(text))
        starts.push_back(static_cast<std::size_t>(line.data() - text.data()));
    starts.push_back(text.size());
    return starts;
}

std::size_t line_count(std::string_view text) {
    const auto newlines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
    return newlines + (!text.empty() && text.back() != '\n' ? 1 : 0);
}

std::string_view without_terminator(std::string_view line) {
    if (!line.empty() && line.back() == '\n') line.remove_suffix(1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    return line;
}

// Newlines are counted 64 bytes at a time (the fixed-length loop vectorises), and only the block
// holding the line's start is walked byte by byte: a find('\n') per line was a call per line
// for every finding's source line, tens of calls deep into a file.
std::size_t line_offset(std::string_view text, std::int64_t line) {
    constexpr std::size_t kBlock = 64;
    std::int64_t newlines_before = line - 1;  // still to pass
    std::size_t offset = 0;
    while (newlines_before > 0 && offset + kBlock <= text.size()) {
        std::uint8_t in_block = 0;  // at most 64
        for (std::size_t i = 0; i < kBlock; ++i)
            in_block = static_cast<std::uint8_t>(in_block + (text[offset + i] == '\n'));
        if (in_block >= newlines_before) break;
        newlines_before -= in_block;
        offset += kBlock;
    }
    for (; newlines_before > 0 && offset < text.size(); ++offset)
        if (text[offset] == '\n') --newlines_before;
    return offset;
}

std::string_view nth_line(std::string_view text, std::int64_t line) {
    const std::size_t start = line_offset(text, line);
    const std::size_t newline = text.find('\n', start);
    return text.substr(start, newline == std::string_view::npos ? newline : newline + 1 - start);
}

std::int64_t line_number_at(std::string_view text, std::size_t offset) {
    const std::string_view before = text.substr(0, offset);
    return 1 + static_cast<std::int64_t>(std::count(before.begin(), before.end(), '\n'));
}

std::string_view line_holding(std::string_view text, std::size_t offset) {
    offset = std::min(offset, text.size());
    const std::size_t newline_before =
        offset == 0 ? std::string_view::npos : text.rfind('\n', offset - 1);
    const std::size_t start = newline_before == std::string_view::npos ? 0 : newline_before + 1;
    const std::size_t newline = text.find('\n', offset);
    return text.substr(start, newline == std::string_view::npos ? newline : newline + 1 - start);
}

}  // namespace patchbay
