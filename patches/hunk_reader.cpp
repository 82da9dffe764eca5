#include "patches/hunk_reader.hpp"

#include <optional>
#include <utility>

#include "patches/hunk_header.hpp"
#include "patches/section_start.hpp"

namespace patchbay {

namespace {

struct BodyCounts {
    std::int64_t old_lines = 0;
    std::int64_t new_lines = 0;
};

// The kind of a body line, as GNU patch reads it: an empty line, or one that starts with a
// TAB, is context whose leading space an editor ate; "=" is an old spelling of context.
std::optional<LineKind> body_kind(std::string_view content) {
    if (content.empty() || content == "\r" || content[0] == '\t') return LineKind::context;
    if (content[0] == '=') return LineKind::context;
    if (content[0] == ' ' || content[0] == '-' || content[0] == '+')
        return static_cast<LineKind>(content[0]);
    return std::nullopt;
}

// Lines that keep their first byte as text: the space was eaten, nothing marks the kind.
bool keeps_first_byte(std::string_view content) {
    return content.empty() || content == "\r" || content[0] == '\t';
}

// "---" alone: the separator of a topgit or format-patch footer, not a removed "--" line.
bool is_separator(std::string_view content) {
    return content == "---" || content == "---\r";
}

// Inside the counts only a new traditional header (with its hunk) ends a body early; everything
// else that starts a section is no body line anyway.
bool ends_body(const PatchLines& lines, std::size_t index) {
    return lines.at_end(index) ||
           (is_header_pair(lines, index) && lines.starts_with(index + 2, "@@ "));
}

void count_line(BodyCounts& counts, LineKind kind) {
    if (kind != LineKind::added) ++counts.old_lines;
    if (kind != LineKind::removed) ++counts.new_lines;
}

// The body as a reader without counts sees it: body-looking lines up to the next section, not
// counting trailing empty lines (they separate rather than belong).
BodyCounts natural_body(const PatchLines& lines, std::size_t index) {
    BodyCounts counts;
    std::int64_t pending_empty = 0;
    for (; !ends_body(lines, index) && !is_mail_signature(lines, index); ++index) {
        std::string_view content = lines.content(index);
        if (content.starts_with('\\')) continue;
        std::optional<LineKind> kind = body_kind(content);
        if (!kind) break;
        if (content.empty() || content == "\r") {
            ++pending_empty;
            continue;
        }
        if (is_separator(content)) break;
        counts.old_lines += pending_empty, counts.new_lines += pending_empty, pending_empty = 0;
        count_line(counts, *kind);
    }
    return counts;
}

std::string mismatch_message(const PatchLines& lines, const Hunk& hunk) {
    std::size_t header = static_cast<std::size_t>(hunk.header_line - 1);
    BodyCounts body = natural_body(lines, header + 1);
    std::string right = "@@ -" + std::to_string(hunk.old_start) + "," +
                        std::to_string(body.old_lines) + " +" + std::to_string(hunk.new_start) +
                        "," + std::to_string(body.new_lines) + " @@";
    return "hunk header " + std::string(hunk_ranges(lines.content(header))) +
           " does not match its body (" + std::to_string(body.old_lines) + " old, " +
           std::to_string(body.new_lines) + " new lines): " + right + " would match";
}

Error count_mismatch(const PatchLines& lines, const Hunk& hunk, const std::string& path) {
    Error error = make_error(path, hunk.header_line, mismatch_message(lines, hunk));
    error.kind = "header-counts";
    return error;
}

// The body runs on past the counts: GNU patch applies the counted lines and ignores the rest
// (the next line is no "@@", so its file section ends there).
PatchNote runs_on_note(const PatchLines& lines, const Hunk& hunk, std::size_t index) {
    return PatchNote{"header-counts", hunk.header_line,
                     mismatch_message(lines, hunk) + "; GNU patch applies the " +
                         std::to_string(hunk.lines.size()) + " counted lines and ignores line " +
                         std::to_string(line_number(index)) + " on"};
}

// "\ No newline at end of file" (in any language) takes the "\n" off the line before it.
bool take_no_newline_marker(const PatchLines& lines, std::size_t& index, Hunk& hunk) {
    if (!lines.starts_with(index, "\\")) return false;
    if (!hunk.lines.empty() && hunk.lines.back().text.ends_with('\n'))
        hunk.lines.back().text.pop_back();
    ++index;
    return true;
}

// Takes one body line within the counts; false when the line does not fit them.
bool take_body_line(const PatchLines& lines, std::size_t& index, Hunk& hunk, BodyCounts& left) {
    std::string_view content = lines.content(index);
    std::optional<LineKind> kind = body_kind(content);
    if (!kind) return false;
    bool old_side = *kind != LineKind::added, new_side = *kind != LineKind::removed;
    if ((old_side && left.old_lines == 0) || (new_side && left.new_lines == 0)) return false;
    left.old_lines -= old_side, left.new_lines -= new_side;
    std::string text = keeps_first_byte(content) ? lines.text(index) : lines.text(index).substr(1);
    hunk.lines.push_back(HunkLine{*kind, std::move(text), line_number(index)});
    ++index;
    return true;
}

// After the counts are used up, more body lines (past blank ones) mean the counts are too small.
bool body_runs_on(const PatchLines& lines, std::size_t index) {
    while (!lines.at_end(index) && lines.content(index).empty()) ++index;
    if (lines.at_end(index) || is_header_pair(lines, index) || is_mail_signature(lines, index) ||
        is_separator(lines.content(index)))
        return false;
    char first = lines.content(index)[0];
    return first == ' ' || first == '-' || first == '+' || first == '\t' || first == '=';
}

bool has_change(const Hunk& hunk) {
    for (const HunkLine& line : hunk.lines)
        if (line.kind != LineKind::context) return true;
    return false;
}

Status read_body(const PatchLines& lines, std::size_t& index, Hunk& hunk, const std::string& path,
                 std::vector<PatchNote>* notes) {
    BodyCounts left{hunk.old_count, hunk.new_count};
    while (left.old_lines > 0 || left.new_lines > 0) {
        if (ends_body(lines, index)) return count_mismatch(lines, hunk, path);
        if (take_no_newline_marker(lines, index, hunk)) continue;
        if (!lines.terminated(index) && body_kind(lines.content(index)))
            return make_error(
                path, line_number(index),
                "the patch ends in the middle of a hunk line (GNU patch rejects it as "
                "malformed)");
        if (!take_body_line(lines, index, hunk, left)) return count_mismatch(lines, hunk, path);
    }
    take_no_newline_marker(lines, index, hunk);
    if (!body_runs_on(lines, index)) return Ok{};
    if (!notes) return count_mismatch(lines, hunk, path);
    std::size_t first = index;
    while (lines.content(first).empty()) ++first;
    notes->push_back(runs_on_note(lines, hunk, first));
    return Ok{};
}

}  // namespace

Result<Hunk> read_hunk(const PatchLines& lines, std::size_t& index, const std::string& path,
                       std::vector<PatchNote>* notes) {
    std::size_t header = index++;
    Result<Hunk> hunk = parse_hunk_header(lines.content(header), path, line_number(header));
    if (!hunk) return hunk;
    if (Status body = read_body(lines, index, *hunk, path, notes); !body) return body.error();
    // Counts that end the hunk before its first change: GNU patch calls it malformed.
    if (!has_change(*hunk) && body_runs_on(lines, index)) return count_mismatch(lines, *hunk, path);
    if (!has_change(*hunk))
        return make_error(path, hunk->header_line,
                          "hunk " + std::string(hunk_ranges(lines.content(header))) +
                              " has no added or removed line");
    return hunk;
}

}  // namespace patchbay
