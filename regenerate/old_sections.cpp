#include "regenerate/old_sections.hpp"

#include "common/text_lines.hpp"
#include "regenerate/mail_parts.hpp"

namespace patchbay {

namespace {

// Where each line of `text` begins; one more entry, the end, for the line past the last.
std::vector<std::size_t> line_starts(std::string_view text) {
    std::vector<std::size_t> starts;
    for (const auto line : split_lines(text))
        starts.push_back(static_cast<std::size_t>(line.data() - text.data()));
    starts.push_back(text.size());
    return starts;
}

// The offset of 1-based line `line`, or `end` past the last.
std::size_t offset_of(const std::vector<std::size_t>& starts, std::int64_t line, std::size_t end) {
    const auto index = static_cast<std::size_t>(line - 1);
    return line >= 1 && index < starts.size() ? std::min(starts[index], end) : end;
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
        sections.push_back({std::string(text.substr(begin, next - begin)),
                            std::string(text.substr(begin, first_hunk - begin))});
    }
    return sections;
}

}  // namespace patchbay
