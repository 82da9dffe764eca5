#include "patches/diff_parser.hpp"

#include <algorithm>
#include <cstddef>
#include <optional>
#include <utility>

#include "common/text_lines.hpp"
#include "patches/context_hunk_reader.hpp"
#include "patches/git_header.hpp"
#include "patches/hunk_header.hpp"
#include "patches/hunk_reader.hpp"
#include "patches/patch_lines.hpp"
#include "patches/section_start.hpp"
#include "patches/unified_name.hpp"

namespace patchbay {

namespace {

// One file section being read: the lines, where we are, and the file being filled.
struct SectionReader {
    PatchLines& lines;
    std::size_t& index;
    const std::string& path;
    std::vector<PatchNote>& notes;
    FileDiff file;

    Error error_here(std::string message) const {
        return make_error(path, line_number(index), std::move(message));
    }
};

// A raw NUL byte in a section's headers, where it ends up in a file name, is bad input (GNU patch
// cuts the name there and patches another file); a quoted "\000" is left to the path checks. In
// a hunk body or free text a NUL is a byte like any other, as for GNU patch: vim 9.0.1378-2's
// CVE-2023-4781.patch adds a test file with NULs.
std::optional<Error> nul_in_names(const PatchFile& patch, std::string_view text,
                                  const std::string& path) {
    for (const FileDiff& file : patch.files) {
        if (file.old_name.find('\0') == std::string::npos &&
            file.new_name.find('\0') == std::string::npos)
            continue;
        const std::size_t headers = line_offset(text, file.header_line);
        const std::size_t body =
            file.hunks.empty() ? text.size() : line_offset(text, file.hunks.front().header_line);
        const std::size_t nul = text.find('\0', headers);
        if (nul < body)
            return make_error(path, line_number_at(text, nul), "NUL byte in a file name");
    }
    return std::nullopt;
}

Status read_hunks(SectionReader& reader) {
    while (reader.lines.starts_with(reader.index, "@@")) {
        Result<Hunk> hunk = read_hunk(reader.lines, reader.index, reader.path, &reader.notes);
        if (!hunk) return hunk.error();
        reader.file.hunks.push_back(std::move(*hunk));
    }
    return Ok{};
}

// "Binary files A and B differ": the names are the best split at " and ".
void read_binary_notice(SectionReader& reader) {
    std::string_view notice = reader.lines.content(reader.index++);
    notice.remove_prefix(std::string_view("Binary files ").size());
    notice.remove_suffix(std::string_view(" differ").size());
    auto and_at = notice.find(" and ");
    reader.file.binary = true;
    if (and_at == std::string_view::npos) return;
    if (reader.file.old_name.empty()) reader.file.old_name = std::string(notice.substr(0, and_at));
    if (reader.file.new_name.empty()) reader.file.new_name = std::string(notice.substr(and_at + 5));
}

bool starts_binary_block(const PatchLines& lines, std::size_t index) {
    return lines.starts_with(index, "literal ") || lines.starts_with(index, "delta ");
}

bool is_base85_digit(char c) {
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
           std::string_view("!#$%&()*+-;<=>?@^_`{|}~").find(c) != std::string_view::npos;
}

// A data line of git's binary format: a length letter (A-Z: 1-26 bytes, a-z: 27-52), then
// five base85 digits per four bytes.
bool is_binary_data_line(std::string_view line) {
    if (line.empty()) return false;
    const char letter = line[0];
    std::size_t bytes = 0;
    if (letter >= 'A' && letter <= 'Z')
        bytes = static_cast<std::size_t>(letter - 'A') + 1;
    else if (letter >= 'a' && letter <= 'z')
        bytes = static_cast<std::size_t>(letter - 'a') + 27;
    else
        return false;
    if (line.size() != 1 + (bytes + 3) / 4 * 5) return false;
    return std::all_of(line.begin() + 1, line.end(), is_base85_digit);
}

// One "literal N" / "delta N" block with its base85 lines, up to (not with) the blank line. A
// line that is not base85 data is bad input, as for git ("corrupt binary patch").
Result<std::string> read_binary_block(SectionReader& reader) {
    std::string block(reader.lines.content(reader.index++));
    block += "\n";
    while (!reader.lines.at_end(reader.index) && !reader.lines.content(reader.index).empty()) {
        std::string_view line = reader.lines.content(reader.index);
        if (!is_binary_data_line(line)) return reader.error_here("corrupt binary patch");
        block += std::string(line) + "\n";
        ++reader.index;
    }
    if (!reader.lines.at_end(reader.index)) ++reader.index;
    return block;
}

// "GIT binary patch": the change and the change that undoes it, each a base85 block.
Status read_git_binary_patch(SectionReader& reader) {
    reader.file.binary = true;
    ++reader.index;
    GitBinary data;
    for (std::string* side : {&data.forward, &data.reverse}) {
        if (!starts_binary_block(reader.lines, reader.index)) break;
        auto block = read_binary_block(reader);
        if (!block) return block.error();
        *side = std::move(*block);
    }
    if (data.forward.empty()) return reader.error_here("GIT binary patch without data");
    reader.file.git_binary = std::move(data);
    return Ok{};
}

// A name GNU patch reads differently: patchbay takes the whole name its author wrote, and says
// which file GNU patch (and so quilt and dpkg-source) would patch instead.
void note_spaced_name(SectionReader& reader, const UnifiedName& side, std::size_t header) {
    if (!side.spaced) return;
    std::string gnu_name = side.name.substr(0, side.name.find(' '));
    reader.notes.push_back(PatchNote{
        "spaced-name", line_number(header),
        "the name \"" + side.name + "\" has a space and no TAB after it: GNU patch reads it as \"" +
            gnu_name + "\"; patchbay uses the whole name"});
}

// "--- a/x" / "+++ b/x": reads both names and the hunks that must follow.
Status read_header_pair(SectionReader& reader, UnifiedName& old_side, UnifiedName& new_side) {
    std::size_t header = reader.index;
    old_side = parse_unified_name(reader.lines.content(header).substr(4));
    new_side = parse_unified_name(reader.lines.content(header + 1).substr(4));
    // One note per section: the new name when GNU patch misreads it, else the old one.
    if (new_side.spaced)
        note_spaced_name(reader, new_side, header + 1);
    else
        note_spaced_name(reader, old_side, header);
    reader.index += 2;
    if (!reader.lines.starts_with(reader.index, "@@"))
        return make_error(reader.path, line_number(header),
                          "file header \"" + std::string(reader.lines.content(header)) +
                              "\" is not followed by a hunk");
    return read_hunks(reader);
}

bool creates_from_nothing(const FileDiff& file) {
    return file.hunks.size() == 1 && file.hunks[0].old_start == 0 && file.hunks[0].old_count == 0;
}

FileOp traditional_op(const FileDiff& file, const UnifiedName& old_side,
                      const UnifiedName& new_side) {
    if (old_side.name == "/dev/null" || old_side.epoch) return FileOp::create;
    if (new_side.name == "/dev/null" || new_side.epoch) return FileOp::remove;
    if (creates_from_nothing(file)) return FileOp::create;
    return FileOp::modify;
}

Status read_traditional_section(SectionReader& reader) {
    UnifiedName old_side, new_side;
    if (Status read = read_header_pair(reader, old_side, new_side); !read) return read;
    FileDiff& file = reader.file;
    file.old_name = old_side.name, file.new_name = new_side.name;
    file.old_has_timestamp = old_side.has_timestamp,
    file.new_has_timestamp = new_side.has_timestamp;
    file.op = traditional_op(file, old_side, new_side);
    return Ok{};
}

Status read_git_extended_lines(SectionReader& reader, GitExtendedHeader& extended) {
    for (;; ++reader.index) {
        if (reader.lines.at_end(reader.index)) return Ok{};
        Result<bool> read =
            read_git_extended_line(reader.lines.content(reader.index), reader.file, extended,
                                   reader.path, line_number(reader.index));
        if (!read) return read.error();
        if (!*read) return Ok{};
    }
}

// The diff after the extended lines: binary, or a "---"/"+++" pair with hunks, or nothing (a pure
// rename, a mode change, an empty new file).
Status read_git_diff(SectionReader& reader, GitNames& names) {
    PatchLines& lines = reader.lines;
    if (lines.starts_with(reader.index, "GIT binary patch")) return read_git_binary_patch(reader);
    if (is_binary_notice(lines, reader.index)) return read_binary_notice(reader), Ok{};
    if (!is_header_pair(lines, reader.index)) return read_hunks(reader);
    UnifiedName old_side, new_side;
    if (Status read = read_header_pair(reader, old_side, new_side); !read) return read;
    names = GitNames{old_side.name, new_side.name};
    return Ok{};
}

FileOp git_op(const FileDiff& file, const GitExtendedHeader& extended) {
    if (extended.deleted_file || file.new_name == "/dev/null") return FileOp::remove;
    if (extended.new_file || file.old_name == "/dev/null") return FileOp::create;
    return extended.rename_or_copy.value_or(FileOp::modify);
}

// Names from "---"/"+++" when present; else "rename/copy from/to" prefixed like the "diff --git"
// names; else the "diff --git" names.
void set_git_names(FileDiff& file, const GitNames& git, const std::optional<GitNames>& pair,
                   const GitExtendedHeader& extended) {
    if (pair) {
        file.old_name = pair->old_name, file.new_name = pair->new_name;
    } else if (extended.rename_or_copy && !extended.source.empty() && !extended.target.empty()) {
        file.old_name = prefixed_like(git.old_name, extended.source);
        file.new_name = prefixed_like(git.new_name, extended.target);
    } else {
        file.old_name = git.old_name, file.new_name = git.new_name;
    }
}

Status read_git_section(SectionReader& reader) {
    std::string_view diff_line = reader.lines.content(reader.index);
    std::optional<GitNames> git = split_git_names(diff_line.substr(11));
    if (!git)
        return reader.error_here("cannot read the file names of \"" + std::string(diff_line) +
                                 "\"");
    reader.file.git = true;
    ++reader.index;
    GitExtendedHeader extended;
    if (Status read = read_git_extended_lines(reader, extended); !read) return read;
    GitNames pair_names;
    if (Status read = read_git_diff(reader, pair_names); !read) return read;
    std::optional<GitNames> pair;
    if (!pair_names.old_name.empty()) pair = pair_names;
    if (extended.rename_or_copy)
        git = split_git_names_by(diff_line.substr(11), extended.source, extended.target)
                  .value_or(*git);
    set_git_names(reader.file, *git, pair, extended);
    reader.file.op = git_op(reader.file, extended);
    return Ok{};
}

// Quilt's "Index:"/"====" lines and a "diff -u …" command line belong to the section's header.
void skip_header_prelude(SectionReader& reader) {
    if (is_quilt_index(reader.lines, reader.index)) reader.index += 2;
    if (is_diff_command(reader.lines, reader.index)) ++reader.index;
}

// "*** a/x" / "--- b/x" and the context hunks after them (`diff -c`).
Status read_context_section(SectionReader& reader) {
    const std::size_t header = reader.index;
    UnifiedName old_side = parse_unified_name(reader.lines.content(header).substr(4));
    UnifiedName new_side = parse_unified_name(reader.lines.content(header + 1).substr(4));
    reader.index += 2;
    while (is_context_hunk_start(reader.lines, reader.index)) {
        Result<Hunk> hunk = read_context_hunk(reader.lines, reader.index, reader.path);
        if (!hunk) return hunk.error();
        reader.file.hunks.push_back(std::move(*hunk));
    }
    FileDiff& file = reader.file;
    file.old_name = old_side.name, file.new_name = new_side.name;
    file.old_has_timestamp = old_side.has_timestamp;
    file.new_has_timestamp = new_side.has_timestamp;
    file.op = traditional_op(file, old_side, new_side);
    return Ok{};
}

Status read_section_body(SectionReader& reader) {
    PatchLines& lines = reader.lines;
    if (lines.starts_with(reader.index, "diff --git ")) return read_git_section(reader);
    if (is_context_header_pair(lines, reader.index)) return read_context_section(reader);
    if (is_header_pair(lines, reader.index)) return read_traditional_section(reader);
    if (is_binary_notice(lines, reader.index)) return read_binary_notice(reader), Ok{};
    return reader.error_here("file header is not followed by a diff");
}

Result<FileDiff> read_file_section(PatchLines& lines, std::size_t& index, const std::string& path,
                                   std::vector<PatchNote>& notes) {
    SectionReader reader{lines, index, path, notes, FileDiff{}};
    reader.file.header_line = line_number(index);
    lines.strip_trailing_cr(lines.ends_in_crlf(index));
    skip_header_prelude(reader);
    Status read = read_section_body(reader);
    lines.strip_trailing_cr(false);
    if (!read) return read.error();
    return std::move(reader.file);
}

std::size_t first_section(const PatchLines& lines) {
    std::size_t index = 0;
    while (!lines.at_end(index) && !starts_file_section(lines, index)) ++index;
    return index;
}

// Text after the sections that nothing reads: counted for one "garbage" note per patch. Blank
// lines and a mail signature with what follows it are not garbage.
struct Garbage {
    std::int64_t lines = 0;
    std::int64_t first = 0;
    std::string first_text;
    bool in_signature = false;
    bool after_run_on = false;  // the lines a header-counts note already reports

    void see(const PatchLines& lines_of, std::size_t index) {
        if (is_mail_signature(lines_of, index)) in_signature = true;
        std::string_view content = lines_of.content(index);
        if (in_signature || content.empty() || content == "\r") return;
        if (after_run_on && std::string_view(" +-\t=").find(content[0]) != std::string_view::npos)
            return;
        after_run_on = false;
        if (lines++ == 0)
            first = line_number(index), first_text = std::string(content.substr(0, 60));
    }
    std::optional<PatchNote> note() const {
        if (lines == 0) return std::nullopt;
        return PatchNote{"garbage", first,
                         std::to_string(lines) + " line" + (lines == 1 ? "" : "s") +
                             " of text between or after the file sections, which no tool "
                             "reads (first: \"" +
                             first_text + "\")"};
    }
};

// A hunk header outside a file section: GNU patch would ask which file it patches.
Error orphan_hunk(const PatchLines& lines, std::size_t index, const std::string& path) {
    return make_error(path, line_number(index),
                      "hunk header \"" + std::string(hunk_ranges(lines.content(index))) +
                          "\" follows text, not a file header or a hunk: no file to patch");
}

}  // namespace

Result<PatchFile> parse_patch(std::string_view text, const std::string& path) {
    PatchLines lines(text);
    PatchFile patch{path, "", {}, {}};
    std::size_t index = first_section(lines);
    patch.preamble = std::string(text.substr(0, lines.offset(index)));
    Garbage garbage;
    while (!lines.at_end(index)) {
        if (!starts_file_section(lines, index)) {
            if (lines.starts_with(index, "@@ -") && !garbage.in_signature)
                return orphan_hunk(lines, index, path);
            garbage.see(lines, index++);  // free text ("Only in …", a mail signature)
            continue;
        }
        const std::size_t notes_before = patch.notes.size();
        Result<FileDiff> file = read_file_section(lines, index, path, patch.notes);
        if (!file) return file.error();
        garbage.after_run_on = patch.notes.size() > notes_before;
        patch.files.push_back(std::move(*file));
    }
    if (auto note = garbage.note()) patch.notes.push_back(std::move(*note));
    if (auto error = nul_in_names(patch, text, path)) return *error;
    return patch;
}

}  // namespace patchbay
