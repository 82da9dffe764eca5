#include "patches/section_start.hpp"

namespace patchbay {

bool is_header_pair(const PatchLines& lines, std::size_t index) {
    return lines.starts_with(index, "--- ") && lines.starts_with(index + 1, "+++ ");
}

bool is_context_header_pair(const PatchLines& lines, std::size_t index) {
    return lines.starts_with(index, "*** ") && lines.starts_with(index + 1, "--- ") &&
           lines.starts_with(index + 2, "***************");
}

bool is_binary_notice(const PatchLines& lines, std::size_t index) {
    return lines.starts_with(index, "Binary files ") && lines.content(index).ends_with(" differ");
}

bool is_quilt_index(const PatchLines& lines, std::size_t index) {
    return lines.starts_with(index, "Index: ") && lines.starts_with(index + 1, "====");
}

bool is_diff_command(const PatchLines& lines, std::size_t index) {
    if (!lines.starts_with(index, "diff ") || lines.starts_with(index, "diff --git ")) return false;
    return is_header_pair(lines, index + 1) || is_context_header_pair(lines, index + 1) ||
           is_binary_notice(lines, index + 1);
}

bool is_mail_signature(const PatchLines& lines, std::size_t index) {
    return !lines.at_end(index) && lines.content(index) == "-- ";
}

bool starts_file_section(const PatchLines& lines, std::size_t index) {
    return lines.starts_with(index, "diff --git ") || is_quilt_index(lines, index) ||
           is_diff_command(lines, index) || is_header_pair(lines, index) ||
           is_context_header_pair(lines, index) || is_binary_notice(lines, index);
}

}  // namespace patchbay
