#pragma once
// Locating a hunk in a file the way GNU patch 2.7.6 does (its locate_hunk and patch_match):
// offsets 0, +1, -1, +2, -2, … from the first guess, never above the last line an earlier hunk
// consumed, with `fuzz` outer context lines ignored and short-context sides anchored at the
// start or end of the file.

#include <cstdint>
#include <string_view>
#include <vector>

#include "patches/diff_model.hpp"

namespace patchbay {

// What locate_hunk needs of a hunk: its old side (context and removed lines) and its anchors.
struct HunkPattern {
    std::vector<std::string_view> lines;  // old side, each with its "\n" (none when unterminated)
    std::int64_t first = 0;  // old start; +1 for an empty old side (append, not insert)
    std::int64_t prefix_context = 0;
    std::int64_t suffix_context = 0;
};

// Views into `hunk`, which must outlive the pattern.
HunkPattern pattern_of(const Hunk& hunk);

// pattern_of(reversed(hunk)), the new side, as views into `hunk` itself: no copy of the hunk
// (whose one added line may be 100 MB) to look for it already applied.
HunkPattern reversed_pattern_of(const Hunk& hunk);

// The most fuzz worth trying: fuzz beyond the longer context side changes nothing.
std::int64_t useful_fuzz(const HunkPattern& pattern, std::int64_t max_fuzz);

// Per-file search state, carried from hunk to hunk.
struct MatchState {
    std::int64_t in_offset = 0;         // offset the previous hunks found (cumulative)
    std::int64_t last_frozen_line = 0;  // input lines already consumed by earlier hunks
};

// The 1-based input line where the pattern's first line goes at `fuzz`, or 0 when it does not
// match. A match adds its offset to state.in_offset. An empty pattern always "matches" at its
// first guess, which may then lie outside the file (GNU patch does the same).
std::int64_t locate_hunk(const std::vector<std::string_view>& input, const HunkPattern& pattern,
                         std::int64_t fuzz, MatchState& state);

}  // namespace patchbay
