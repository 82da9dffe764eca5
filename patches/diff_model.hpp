#pragma once
// The diff model: a patch file is free text (the preamble) followed by file sections, each with
// its hunks. Paths are kept exactly as written; the strip level is applied by the caller
// (strip_path), because a series line may override it per patch.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace patchbay {

enum class LineKind : char { context = ' ', removed = '-', added = '+' };

struct HunkLine {
    LineKind kind = LineKind::context;
    // The line's text with its "\n"; without it when followed by "\ No newline at end of file".
    // In a file section whose header lines end in "\r\n" every "\r" before "\n" is removed (as
    // GNU patch does); when only the body lines end in "\r\n", the "\r" is kept.
    std::string text;
    std::int64_t patch_line = 0;  // 1-based line of this body line in the patch file
};

struct Hunk {
    // The numbers exactly as the "@@ -a,b +c,d @@" header states them; an omitted count is 1.
    std::int64_t old_start = 0;
    std::int64_t old_count = 0;
    std::int64_t new_start = 0;
    std::int64_t new_count = 0;
    std::string function_context;  // text after the closing "@@ " (empty when none)
    std::int64_t header_line = 0;  // 1-based line of the "@@" header in the patch file
    std::vector<HunkLine> lines;
    // Set by regenerate only (regenerate/kept_hunks.hpp): the hunk as its author's tool wrote
    // it, "@@" line included, which render_hunk writes instead of rendering it.
    std::string verbatim;

    std::int64_t body_old_count() const;  // context + removed lines in the body
    std::int64_t body_new_count() const;  // context + added lines in the body
    // Leading / trailing context lines around the changes (GNU patch's prefix/suffix context).
    std::int64_t prefix_context() const;
    std::int64_t suffix_context() const;
};

// The same hunk with old and new swapped: what reverse application (patch -R) uses.
Hunk reversed(const Hunk& hunk);

enum class FileOp { modify, create, remove, rename, copy };
const char* to_string(FileOp op);

// The data of a "GIT binary patch" stanza: its two blocks ("literal N" or "delta N" and their
// base85 lines), the change and the change that undoes it, as git writes them.
struct GitBinary {
    std::string forward;
    std::string reverse;
};

struct FileDiff {
    // Names as written in the headers, prefixes included ("a/x.py"); "/dev/null" stays as is.
    // For git diffs they come from the "---"/"+++" lines when present, else from "diff --git"
    // or "rename from/to" / "copy from/to" (with the diff --git prefix added). Always read `op`:
    // a git new or deleted file without hunks keeps its "a/x" / "b/x" names.
    std::string old_name;
    std::string new_name;
    FileOp op = FileOp::modify;
    bool git = false;                       // a "diff --git" section
    bool binary = false;                    // "GIT binary patch" or "Binary files … differ"
    std::optional<GitBinary> git_binary;    // the data of "GIT binary patch"; none for "differ"
    std::optional<std::uint32_t> old_mode;  // from "old mode", "deleted file mode", "index … MODE"
    std::optional<std::uint32_t> new_mode;  // from "new mode", "new file mode", "index … MODE"
    std::optional<int> similarity;          // "similarity index N%"
    std::string old_index;                  // abbreviated blob ids of the "index" line, if any
    std::string new_index;
    bool old_has_timestamp = false;  // "--- a/x\t2024-01-01 …" (traditional diffs)
    bool new_has_timestamp = false;
    std::int64_t header_line = 0;  // 1-based line where the section starts
    std::vector<Hunk> hunks;
    // Set by regenerate and rebase only (regenerate/old_sections.hpp): the section as its
    // author's tool wrote it, which render_file writes instead of rendering it; or, for a
    // section rewritten below the old one's header, those header lines ("Index:", "====",
    // "---"/"+++" with their timestamps), which it writes in place of its own.
    std::string verbatim;
    std::string verbatim_header;

    bool changes_mode() const { return old_mode && new_mode && *old_mode != *new_mode; }
};

// Something GNU patch accepts and applies its own way, which the parser followed and reports:
// "header-counts" (a hunk body that runs on past its header's counts: the counted lines are
// the hunk, the rest is ignored), "garbage" (text after a file section that nothing reads).
struct PatchNote {
    std::string kind;
    std::int64_t line = 0;  // 1-based line in the patch file
    std::string message;
};

struct PatchFile {
    std::string path;      // where it was read from (for messages)
    std::string preamble;  // everything above the first file section, byte for byte
    std::vector<FileDiff> files;
    std::vector<PatchNote> notes;
};

// Removes `strip` leading components ("-pN"); nullopt when the name has fewer components
// (GNU patch then cannot use the name), or for "/dev/null".
std::optional<std::string> strip_path(const std::string& name, int strip);

}  // namespace patchbay
