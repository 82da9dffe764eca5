#include "patches/whitespace_errors.hpp"

#include <string_view>

#include "common/text_lines.hpp"

namespace patchbay {

namespace {

bool has_trailing_whitespace(std::string_view body) {
    return !body.empty() && (body.back() == ' ' || body.back() == '\t');
}

bool has_space_before_tab(std::string_view body) {
    auto indent_end = body.find_first_not_of(" \t");
    auto indent = body.substr(0, indent_end == std::string_view::npos ? body.size() : indent_end);
    return indent.find(" \t") != std::string_view::npos;
}

// Added blank lines that end the file: the hunk reaches the end of the file when no context
// follows its last change, and the old side reaches the file's end too.
void check_blank_at_eof(const Hunk& hunk, std::vector<WhitespaceError>& errors) {
    if (hunk.suffix_context() != 0 || hunk.lines.empty()) return;
    const auto& last = hunk.lines.back();
    if (last.kind != LineKind::added || !without_terminator(last.text).empty()) return;
    if (last.text.empty()) return;
    errors.push_back({last.patch_line, "blank line added at end of file"});
}

void check_line(const HunkLine& line, std::vector<WhitespaceError>& errors) {
    if (line.kind != LineKind::added) return;
    auto body = without_terminator(line.text);
    if (has_trailing_whitespace(body))
        errors.push_back({line.patch_line, "trailing whitespace in an added line"});
    if (has_space_before_tab(body))
        errors.push_back({line.patch_line, "space before tab in the indent of an added line"});
}

}  // namespace

std::vector<WhitespaceError> whitespace_errors(const FileDiff& file) {
    std::vector<WhitespaceError> errors;
    for (const auto& hunk : file.hunks) {
        for (const auto& line : hunk.lines) check_line(line, errors);
        check_blank_at_eof(hunk, errors);
    }
    return errors;
}

}  // namespace patchbay
