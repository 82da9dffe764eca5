#include "regenerate/old_sections.hpp"

#include <algorithm>

#include "common/text_lines.hpp"
#include "regenerate/mail_parts.hpp"

namespace patchbay {

namespace {

// The offset of 1-based line `line`, or `end` past the last.
std::size_t offset_of(const std::vector<std::size_t>& starts, std::int64_t line, std::size_t end) {
    const auto index = static_cast<std::size_t>(line - 1);
    return line >= 1 && index < starts.size() ? std::min(starts[index], end) : end;
}

// The end of `hunk`'s text: after its last body line and the "\ No newline at end of file"
// marker that may follow it, never past `limit`. What follows (trailing text GNU patch ignores)
// is not the hunk's.
std::size_t hunk_end(const std::vector<std::size_t>& starts, const Hunk& hunk,
                     std::string_view text, std::size_t limit) {
    std::int64_t last = hunk.header_line;
    for (const auto& line : hunk.lines) last = std::max(last, line.patch_line);
    const std::size_t end = offset_of(starts, last + 1, limit);
    if (end < limit && text[end] == '\\') return offset_of(starts, last + 2, limit);
    return end;
}

}  // namespace

std::vector<SectionText> section_texts(const PatchFile& patch, std::string_view text) {
    const auto starts = line_starts(text);
    const std::size_t end = text.size() - signature_of(text, patch).size();
    std::vector<SectionText> sections;
    for (std::size_t i = 0; i < patch.files.size(); ++i) {
        const FileDiff& file = patch.files[i];
        const std::size_t begin = offset_of(starts, file.header_line, end);
        const std::size_t next = i + 1 < patch.files.size()
                                     ? offset_of(starts, patch.files[i + 1].header_line, end)
                                     : end;
        const std::size_t first_hunk =
            file.hunks.empty() ? next : offset_of(starts, file.hunks.front().header_line, next);
        SectionText section{std::string(text.substr(begin, next - begin)),
                            std::string(text.substr(begin, first_hunk - begin)),
                            {}};
        for (const auto& hunk : file.hunks) {
            const std::size_t from = offset_of(starts, hunk.header_line, next);
            section.hunks.emplace_back(
                text.substr(from, hunk_end(starts, hunk, text, next) - from));
        }
        sections.push_back(std::move(section));
    }
    return sections;
}

}  // namespace patchbay
