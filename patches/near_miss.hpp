#pragma once
// Where a rejected hunk almost matched: the place in the file where most of its old side (its
// context and removed lines) is found in order, and the lines that differ there. It tells a
// user which line upstream changed under the hunk, which "Hunk #1 FAILED at 40" does not.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "patches/diff_model.hpp"

namespace patchbay {

struct LineMismatch {
    std::int64_t line = 0;  // 1-based line of the file
    std::string expected;   // the hunk's line, without its terminator
    std::string found;      // the file's line there ("" past the end of the file)
};

struct NearMiss {
    std::int64_t line = 0;      // 1-based line of the file where the old side would start
    std::int64_t matching = 0;  // old-side lines that are equal there
    std::int64_t total = 0;     // old-side lines
    std::vector<LineMismatch> mismatches;  // the first few that differ
};

// The start line with the most equal lines (ties: nearest the hunk's old start); nullopt when
// no line of the old side is found anywhere, or the hunk has no old side. Files too large for
// a full scan (lines × old-side lines over 50 million) are scanned near the old start only.
std::optional<NearMiss> near_miss(const std::vector<std::string_view>& file, const Hunk& hunk);

// "closest match at line 41 (5 of 7 lines equal): line 43 expected "x", found "y""
std::string describe(const NearMiss& miss);

}  // namespace patchbay
