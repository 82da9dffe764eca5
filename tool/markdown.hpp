#pragma once
// Pieces of the Markdown summaries (check-series and audit-kernels --format markdown, --summary):
// GitHub-flavoured tables that must stay short enough for a PR comment.

#include <cstddef>
#include <string>
#include <string_view>

namespace patchbay {

// Text for one table cell: "|" escaped, line breaks as spaces.
std::string markdown_cell(std::string_view text);

// Text as inline code (`x`), with a fence longer than any run of backticks inside it.
std::string markdown_code(std::string_view text);

// "\n… and 12 more rejected hunks.\n" when `total` rows exceed `shown`; empty otherwise.
std::string markdown_left_out(std::size_t total, std::size_t shown, std::string_view noun);

}  // namespace patchbay
