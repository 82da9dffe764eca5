#pragma once
// Whether the new upstream already has one hunk of a patch's change to a file, where the patch
// no longer applies or merges (docs/ARCHITECTURE.md §6, rebase). Upstream often takes a fix
// with edits of its own: the hunk's context moved, a line reworded, whitespace changed, so
// neither GNU patch's reversed match nor git's three-way merge sees it. The decision is made in
// the region of the new file that the hunk's place maps to (git's line diff of the two
// upstreams' files) and is conservative: a kept change called upstream is a change lost.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "common/text_diff.hpp"

namespace patchbay {

// One hunk of a patch's change to a file: edits of the file as it was before the patch (base)
// into the file with the patch (theirs), close enough to share their context.
struct ChangeHunk {
    std::vector<LineEdit> edits;
    std::size_t base_begin() const { return edits.front().before_start; }
    std::size_t base_end() const { return edits.back().before_start + edits.back().before_count; }
    std::size_t theirs_begin() const { return edits.front().after_start; }
    std::size_t theirs_end() const { return edits.back().after_start + edits.back().after_count; }
};

// The context lines a hunk carries on each side, as diff -u writes them.
constexpr std::size_t kHunkContext = 3;

// The edits grouped into hunks as a unified diff with kHunkContext lines of context groups them.
std::vector<ChangeHunk> change_hunks(const std::vector<LineEdit>& edits);

// One file on both sides of a rebase: the lines of the old upstream's file with the earlier
// patches (base), the same with this patch (theirs), the new upstream's with the earlier
// carried patches (ours), and the edits from base to ours (what upstream did meanwhile).
struct FileSides {
    std::vector<std::string_view> base;
    std::vector<std::string_view> theirs;
    std::vector<std::string_view> ours;
    std::vector<LineEdit> upstream;
    // The whole files as token text (rebase/token_change.hpp), for a change upstream made
    // elsewhere in the file: filled by index_tokens.
    std::string base_tokens;
    std::string ours_tokens;
    std::vector<std::size_t> ours_line_starts;  // where each line of ours starts in ours_tokens
};

void index_tokens(FileSides& sides);

enum class HunkPresence {
    absent,
    exact,  // its lines, whitespace aside, with the lines around it: found reversed
    // What it deletes is gone and what it inserts is there, token by token (re-wrapped,
    // reworded around it, moved within the file): all of it for a hunk of up to 3 added lines,
    // 3 in 4 of them for a longer one.
    modified,
};

struct HunkVerdict {
    HunkPresence presence = HunkPresence::absent;
    int added = 0;    // the hunk's added lines that insert tokens the old file lacked there
    int present = 0;  // of them, those whose inserted tokens the new file has
};

HunkVerdict hunk_presence(const FileSides& sides, const ChangeHunk& hunk);

// Where base line `line` (0-based) is in ours: the start of what upstream made of it
// (`end`: one past the end of it).
std::size_t map_to_ours(const std::vector<LineEdit>& upstream, std::size_t line, bool end);

}  // namespace patchbay
