#include "patches/context_hunk_reader.hpp"

#include <optional>
#include <string_view>
#include <vector>

namespace patchbay {

namespace {

// One line of a part: its mark (' ', '-', '+' or '!') and its text.
struct PartLine {
    char mark = ' ';
    HunkLine line;
};

// "*** a,b ****" / "--- c,d ----": first and last line; a lone number N is line N, or the
// empty range after it when the part turns out to hold nothing.
struct ContextRange {
    std::int64_t first = 0;
    std::int64_t count = 0;
    bool lone = false;  // no ",b"
};

std::optional<std::int64_t> number_at(std::string_view& text) {
    if (text.empty() || text[0] < '0' || text[0] > '9') return std::nullopt;
    std::int64_t value = 0;
    while (!text.empty() && text[0] >= '0' && text[0] <= '9') {
        if (value > 100'000'000'000) return std::nullopt;
        value = value * 10 + (text[0] - '0');
        text.remove_prefix(1);
    }
    return value;
}

std::optional<ContextRange> parse_range(std::string_view content, std::string_view head,
                                        std::string_view tail) {
    if (!content.starts_with(head) || !content.ends_with(tail)) return std::nullopt;
    std::string_view text = content.substr(head.size(), content.size() - head.size() - tail.size());
    auto first = number_at(text);
    if (!first) return std::nullopt;
    ContextRange range{*first, *first == 0 ? 0 : 1, true};
    if (!text.empty() && text[0] == ',') {
        text.remove_prefix(1);
        auto last = number_at(text);
        if (!last || *last + 1 < *first) return std::nullopt;
        range = ContextRange{*first, *last - *first + 1, false};
    }
    if (!text.empty()) return std::nullopt;
    return range;
}

bool is_range_line(const PatchLines& lines, std::size_t index, std::string_view head,
                   std::string_view tail) {
    if (lines.at_end(index)) return false;
    std::string_view content = lines.content(index);
    return content.starts_with(head) && content.ends_with(tail) &&
           content.size() > head.size() + tail.size();
}

bool is_new_range(const PatchLines& lines, std::size_t index) {
    return is_range_line(lines, index, "--- ", " ----");
}

// A line of a part: "  x", "- x", "+ x", "! x", or an empty line (context whose spaces an
// editor ate). As GNU patch, the space after the mark may be a TAB or missing (" x" is context
// "x": a munged context diff).
std::optional<PartLine> part_line(const PatchLines& lines, std::size_t index) {
    if (lines.at_end(index)) return std::nullopt;
    std::string_view content = lines.content(index);
    if (content.empty())
        return PartLine{' ', {LineKind::context, lines.text(index), line_number(index)}};
    const char mark = content[0];
    if (std::string_view(" -+!").find(mark) == std::string_view::npos) return std::nullopt;
    const std::size_t skip =
        content.size() >= 2 && (content[1] == ' ' || content[1] == '\t') ? 2 : 1;
    return PartLine{mark, {LineKind::context, lines.text(index).substr(skip), line_number(index)}};
}

// "\ No newline at end of file" takes the "\n" off the line before it.
void take_no_newline(const PatchLines& lines, std::size_t& index, std::vector<PartLine>& part) {
    if (!lines.starts_with(index, "\\")) return;
    if (!part.empty() && part.back().line.text.ends_with('\n')) part.back().line.text.pop_back();
    ++index;
}

Result<std::vector<PartLine>> read_part(const PatchLines& lines, std::size_t& index,
                                        std::int64_t count, const std::string& path) {
    std::vector<PartLine> part;
    for (std::int64_t i = 0; i < count; ++i) {
        auto line = part_line(lines, index);
        if (!line)
            return make_error(path, line_number(index),
                              "context hunk line expected (\"  \", \"- \", \"+ \" or \"! \")");
        part.push_back(std::move(*line));
        ++index;
        take_no_newline(lines, index, part);
    }
    return part;
}

std::vector<PartLine> context_of(const std::vector<PartLine>& part) {
    std::vector<PartLine> context;
    for (const auto& line : part)
        if (line.mark == ' ') context.push_back(line);
    return context;
}

bool is_change(const PartLine& line) {
    return line.mark != ' ';
}

// Old and new parts as one unified body: each change block's old lines, then its new lines,
// then the context they share.
Result<std::vector<HunkLine>> merge(const std::vector<PartLine>& old_part,
                                    const std::vector<PartLine>& new_part, const std::string& path,
                                    std::int64_t header) {
    std::vector<HunkLine> body;
    std::size_t i = 0, j = 0;
    while (i < old_part.size() || j < new_part.size()) {
        if (i < old_part.size() && is_change(old_part[i])) {
            body.push_back(old_part[i++].line);
            body.back().kind = LineKind::removed;
        } else if (j < new_part.size() && is_change(new_part[j])) {
            body.push_back(new_part[j++].line);
            body.back().kind = LineKind::added;
        } else if (i < old_part.size() && j < new_part.size()) {
            body.push_back(old_part[i++].line);
            ++j;
        } else {
            return make_error(path, header,
                              "context mangled in hunk: the two parts' context "
                              "lines differ in number");
        }
    }
    return body;
}

// "*************** name": the function context after the stars, if any.
std::string function_context_of(std::string_view stars) {
    auto function = stars.find_first_not_of('*');
    if (function == std::string_view::npos || stars[function] != ' ') return {};
    return std::string(stars.substr(function + 1));
}

// The "*** a,b ****" or "--- c,d ----" line at `index`, read and stepped over.
Result<ContextRange> range_at(const PatchLines& lines, std::size_t& index, std::string_view head,
                              std::string_view tail, const std::string& path) {
    auto range = is_range_line(lines, index, head, tail)
                     ? parse_range(lines.content(index), head, tail)
                     : std::nullopt;
    if (!range)
        return make_error(
            path, line_number(index),
            "context hunk: \"" + std::string(head) + "a,b" + std::string(tail) + "\" expected");
    ++index;
    return *range;
}

using OptionalPart = std::optional<std::vector<PartLine>>;

// The old part; none when the "--- c,d ----" line follows at once (the part was left out).
Result<OptionalPart> read_old_part(const PatchLines& lines, std::size_t& index, std::int64_t count,
                                   const std::string& path) {
    if (is_new_range(lines, index)) return OptionalPart();
    auto part = read_part(lines, index, count, path);
    if (!part) return part.error();
    return OptionalPart(std::move(*part));
}

// The new part; none when what follows is no part line (the part was left out), empty when
// its range is empty.
Result<OptionalPart> read_new_part(const PatchLines& lines, std::size_t& index, std::int64_t count,
                                   const std::string& path) {
    if (count == 0) return OptionalPart(std::vector<PartLine>{});
    if (!part_line(lines, index) || lines.content(index).empty()) return OptionalPart();
    auto part = read_part(lines, index, count, path);
    if (!part) return part.error();
    return OptionalPart(std::move(*part));
}

// The old lines match the old range (a lone number with no old line at all is the empty range
// after that line, as `diff -C0` writes an insertion; "*** 0 ****" is the one before line 1),
// and the hunk changes something.
Status check_hunk(const Hunk& hunk, const ContextRange& old_range, const std::string& path) {
    const std::int64_t expected = old_range.lone && hunk.old_count == 0 ? 0 : old_range.count;
    if (hunk.old_count != expected)
        return make_error(path, hunk.header_line,
                          "context hunk: \"*** " + std::to_string(old_range.first) +
                              "\" range does not match its " + std::to_string(hunk.old_count) +
                              " old lines");
    for (const auto& line : hunk.lines)
        if (line.kind != LineKind::context) return Ok{};
    return make_error(path, hunk.header_line, "context hunk has no change");
}

}  // namespace

bool is_context_hunk_start(const PatchLines& lines, std::size_t index) {
    return lines.starts_with(index, "***************");
}

Result<Hunk> read_context_hunk(const PatchLines& lines, std::size_t& index,
                               const std::string& path) {
    Hunk hunk;
    hunk.function_context = function_context_of(lines.content(index++));
    hunk.header_line = line_number(index);
    auto old_range = range_at(lines, index, "*** ", " ****", path);
    if (!old_range) return old_range.error();
    auto old_part = read_old_part(lines, index, old_range->count, path);
    if (!old_part) return old_part.error();
    auto new_range = range_at(lines, index, "--- ", " ----", path);
    if (!new_range) return new_range.error();
    auto new_part = read_new_part(lines, index, new_range->count, path);
    if (!new_part) return new_part.error();
    // A part left out holds only the context of the other part.
    if (!*old_part) *old_part = context_of(new_part->value_or(std::vector<PartLine>{}));
    if (!*new_part) *new_part = context_of(**old_part);
    auto body = merge(**old_part, **new_part, path, hunk.header_line);
    if (!body) return body.error();
    hunk.lines = std::move(*body);
    hunk.old_start = old_range->first, hunk.old_count = hunk.body_old_count();
    hunk.new_start = new_range->first, hunk.new_count = hunk.body_new_count();
    if (Status checked = check_hunk(hunk, *old_range, path); !checked) return checked.error();
    return hunk;
}

}  // namespace patchbay
