#include "regenerate/mail_parts.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <vector>

#include "common/text_lines.hpp"
#include "regenerate/diffstat.hpp"

namespace patchbay {

namespace {

struct Line {
    std::size_t begin;
    std::string_view text;  // without its "\n"; a "\r" before it is kept
};

std::vector<Line> lines_of(std::string_view text) {
    std::vector<Line> lines;
    for (auto line : split_lines(text)) {
        const auto begin = static_cast<std::size_t>(line.data() - text.data());
        if (line.ends_with('\n')) line.remove_suffix(1);
        lines.push_back({begin, line});
    }
    return lines;
}

bool is_file_line(std::string_view line) {
    return line.starts_with(" ") && line.find(" | ") != std::string_view::npos;
}

// " 2 files changed, ..." / " 1 file changed, ..."
bool is_totals_line(std::string_view line) {
    std::size_t i = 1;
    while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i]))) ++i;
    auto rest = line.substr(std::min(i, line.size()));
    return line.starts_with(" ") && i > 1 &&
           (rest.starts_with(" file changed") || rest.starts_with(" files changed"));
}

bool is_summary_line(std::string_view line) {
    constexpr std::array<std::string_view, 6> kinds = {
        " create mode ", " delete mode ", " rename ", " copy ", " mode change ", " rewrite "};
    return std::any_of(kinds.begin(), kinds.end(),
                       [&](std::string_view kind) { return line.starts_with(kind); });
}

// The block that starts at lines[first], if the lines from there are a diffstat.
std::optional<TextRange> block_at(const std::vector<Line>& lines, std::size_t first,
                                  std::size_t text_size) {
    std::size_t i = first;
    while (i < lines.size() && is_file_line(lines[i].text)) ++i;
    if (i == first || i == lines.size() || !is_totals_line(lines[i].text)) return std::nullopt;
    ++i;
    while (i < lines.size() && is_summary_line(lines[i].text)) ++i;
    return TextRange{lines[first].begin, i < lines.size() ? lines[i].begin : text_size};
}

std::int64_t last_line_of(const PatchFile& patch) {
    std::int64_t last = 0;
    for (const auto& file : patch.files) {
        last = std::max(last, file.header_line);
        for (const auto& hunk : file.hunks)
            for (const auto& line : hunk.lines) last = std::max(last, line.patch_line);
    }
    return last;
}

}  // namespace

std::optional<TextRange> find_diffstat(std::string_view preamble) {
    auto lines = lines_of(preamble);
    std::optional<TextRange> found;
    for (std::size_t i = 0; i + 1 < lines.size(); ++i)
        if (lines[i].text == "---")
            if (auto block = block_at(lines, i + 1, preamble.size())) found = block;
    return found;
}

std::string refreshed_preamble(const PatchFile& old, const PatchFile& rebuilt, int strip) {
    auto range = find_diffstat(rebuilt.preamble);
    if (!range) return rebuilt.preamble;
    auto stat = git_diffstat(rebuilt, strip);
    if (stat == git_diffstat(old, strip)) return rebuilt.preamble;
    std::string preamble = rebuilt.preamble;
    preamble.replace(range->begin, range->end - range->begin, stat);
    return preamble;
}

std::string signature_of(std::string_view text, const PatchFile& patch) {
    if (patch.files.empty()) return {};
    auto lines = lines_of(text);
    for (auto i = static_cast<std::size_t>(last_line_of(patch)); i < lines.size(); ++i) {
        auto line = lines[i].text;
        if (line == "-- " || line == "-- \r") return std::string(text.substr(lines[i].begin));
    }
    return {};
}

}  // namespace patchbay
