#pragma once
// Applies the hunks of one file section to one file's text in memory, hunk by hunk, with the
// matching rules of GNU patch 2.7.6 (docs/ARCHITECTURE.md §4).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/shared_text.hpp"
#include "patches/diff_model.hpp"

namespace patchbay {

enum class HunkStatus { exact, offset, fuzz, rejected, already_applied };
const char* to_string(HunkStatus status);

// exact: fuzz 0 and no offset; offset: fuzz 0, offset != 0; fuzz: fuzz > 0 (offset still set).
struct HunkOutcome {
    int n = 0;  // 1-based within the file section, as GNU patch counts
    HunkStatus status = HunkStatus::exact;
    // The line GNU patch prints: "Hunk #n succeeded at LINE" / "FAILED at LINE", i.e. where the
    // hunk landed (or its old start when not found) plus the net lines added by earlier applied
    // hunks. For already_applied: where the reversed hunk was found, on the same scale.
    std::int64_t line = 0;
    std::int64_t offset = 0;  // the offset GNU patch prints: "(offset K lines)" (cumulative)
    int fuzz = 0;             // the fuzz it needed (0 when rejected)
};

struct FilePatchResult {
    std::vector<HunkOutcome> hunks;
    SharedText text;           // the file after every hunk that could be applied
    bool is_expected = false;  // it is exactly the `expected` text given; `text` is then empty
};

struct PatchOptions {
    PatchOptions(int max_fuzz_ = 0, bool detect_reversed_ = true, std::vector<int> hunk_fuzz_ = {})
        : max_fuzz(max_fuzz_),
          detect_reversed(detect_reversed_),
          hunk_fuzz(std::move(hunk_fuzz_)) {}

    int max_fuzz = 0;             // GNU patch --fuzz
    bool detect_reversed = true;  // a hunk that only matches reversed is already-applied
    // Per hunk (0-based within the section), the most fuzz that hunk may need, in place of
    // max_fuzz: undoing a patch gives each hunk the fuzz it needed going forward.
    std::vector<int> hunk_fuzz;

    int fuzz_for(std::size_t hunk) const {
        return hunk < hunk_fuzz.size() ? hunk_fuzz[hunk] : max_fuzz;
    }
};

// `original` is the file's current content (empty for a file being created). Hunks are
// searched for in `original` (never in the partly patched text), in order, each at fuzz 0, 1, …
// up to min(max_fuzz, its longer context side).
//
// Deliberate difference from GNU patch (docs/ARCHITECTURE.md §4): a hunk that does not match at
// fuzz F but whose reversed hunk does is already_applied and left alone; GNU checks this for hunk
// #1 only and then skips the whole file (-N) or reverses the whole patch. Like GNU, a reversed hunk
// with an empty new side (a pure deletion without context) always "matches"; detect_reversed=false
// turns the check off.
//
// Not decided here: a creation hunk ("@@ -0,0 +1,N @@" from /dev/null) on an existing non-empty
// file is applied (prepended) by this function; GNU patch fails it ("Patch attempted to create
// file …, which already exists"), so the caller must refuse it before calling.
//
// `expected`, when given, is the text the caller expects back: while the result agrees with it
// nothing is copied, and a result equal to it is reported as is_expected instead of built.
//
// The result is spliced from `original` and the hunks' lines (common/shared_text.hpp) and
// keeps `original` alive (and `expected`, through its owner, where it took pieces of it).
FilePatchResult apply_hunks(const SharedText& original, const std::vector<Hunk>& hunks,
                            const PatchOptions& options, const SharedText* expected = nullptr);

}  // namespace patchbay
