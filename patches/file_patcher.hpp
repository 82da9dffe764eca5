#pragma once
// Applies the hunks of one file section to one file's text in memory, hunk by hunk, with the
// matching rules of GNU patch 2.7.6 (DESIGN.md §4).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "patches/diff_model.hpp"

namespace patchbay {

enum class HunkStatus { exact, offset, fuzz, rejected, already_applied };
const char* to_string(HunkStatus status);

struct HunkOutcome {
    int n = 0;                 // 1-based within the file section, as GNU patch counts
    HunkStatus status = HunkStatus::exact;
    std::int64_t line = 0;     // the line GNU patch prints: "Hunk #n succeeded at LINE" / "FAILED at"
    std::int64_t offset = 0;   // the offset GNU patch prints: "(offset K lines)" (cumulative)
    int fuzz = 0;              // the fuzz it needed
};

struct FilePatchResult {
    std::vector<HunkOutcome> hunks;
    std::string text;          // the file after every hunk that could be applied
};

struct PatchOptions {
    int max_fuzz = 0;               // GNU patch --fuzz
    bool detect_reversed = true;    // a hunk that only matches reversed is already-applied
};

// `original` is the file's current content (empty for a file being created).
FilePatchResult apply_hunks(std::string_view original, const std::vector<Hunk>& hunks,
                            const PatchOptions& options);

}  // namespace patchbay
