#pragma once
// A text as one array of lines, each a view that keeps its terminator ("\n", or none for an
// unterminated last line). Hunks are matched and applied over this array (libgit2's model).

#include <string>
#include <string_view>
#include <vector>

namespace patchbay {

std::vector<std::string_view> split_lines(std::string_view text);
// The same, appended to `lines`.
void append_lines(std::string_view text, std::vector<std::string_view>& lines);

// The line without its "\n" (and without a "\r" before it).
std::string_view without_terminator(std::string_view line);

std::string join_lines(const std::vector<std::string_view>& lines);

}  // namespace patchbay
