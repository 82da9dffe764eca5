#pragma once
// A text as one array of lines, each a view that keeps its terminator ("\n", or none for an
// unterminated last line). Hunks are matched and applied over this array (libgit2's model).

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace patchbay {

std::vector<std::string_view> split_lines(std::string_view text);
// The same, appended to `lines`.
void append_lines(std::string_view text, std::vector<std::string_view>& lines);

// Where each line of `text` begins, and one more entry, text.size(), for the line past the
// last: line i (0-based) is text[starts[i], starts[i + 1]).
std::vector<std::size_t> line_starts(std::string_view text);

// How many lines split_lines(text) gives, without splitting.
std::size_t line_count(std::string_view text);

// The line without its "\n" (and without a "\r" before it).
std::string_view without_terminator(std::string_view line);

// The offset of 1-based `line`'s first byte: 0 for line 1 (or less), text.size() past the last.
std::size_t line_offset(std::string_view text, std::int64_t line);
// 1-based `line` with its terminator; empty past the last line.
std::string_view nth_line(std::string_view text, std::int64_t line);

// The 1-based number of the line that holds byte `offset` (a "\n" is on the line it ends).
std::int64_t line_number_at(std::string_view text, std::size_t offset);
// The line, with its terminator, that holds byte `offset`.
std::string_view line_holding(std::string_view text, std::size_t offset);

}  // namespace patchbay
