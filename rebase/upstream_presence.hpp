#pragma once
// Whether a patch's change is already in the upstream it is carried to (docs/ARCHITECTURE.md
// §6, rebase): all of it (every hunk found reversed, every file it creates there with its
// content), part of it, or none; and, for a patch that still applies, the lines it adds that
// the new upstream has gained meanwhile, so that applying it would write them twice.

#include <cstdint>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "patches/diff_model.hpp"
#include "rebase/hunk_presence.hpp"
#include "series/patch_applier.hpp"
#include "source/pristine_source.hpp"

namespace patchbay {

enum class Presence { none, partial, all };

// From apply_patch's result with reversed-hunk detection on.
Presence presence_of(const AppliedPatch& applied);

struct DuplicatedLines {
    std::string path;
    int hunk = 0;            // 1-based within its file section
    std::int64_t first = 0;  // 1-based lines of the new upstream file that already hold
    std::int64_t last = 0;   // the hunk's added lines
};

// The runs of added lines (blank lines and indentation aside, at least 20 other characters)
// that the new upstream file holds, in order, and the old upstream file did not.
Result<std::vector<DuplicatedLines>> duplicated_lines(const PatchFile& patch, int strip,
                                                      const PristineSource& old_upstream,
                                                      const PristineSource& new_upstream);

// Whether upstream wrote a hunk of a patch, as it is, into another file (openssh moved the kex
// table from kex.c to kex-names.c with the patch's entry in it). Whole lines, not words: a
// large neighbour has every common word.
using LineRuns = std::vector<std::vector<std::string_view>>;

// The runs of lines a hunk that only inserts adds (of `theirs_lines`, trimmed, counted as
// duplicated_lines counts them); none for a hunk that replaces lines. Written elsewhere when
// another file's new text has all of them and its old text none.
LineRuns inserted_runs(const ChangeHunk& hunk, const std::vector<std::string_view>& theirs_lines);

// Whether `text` has every one of `runs` (at least one), or any of them, as whole lines.
bool all_runs_in(const LineRuns& runs, std::string_view text);
bool any_run_in(const LineRuns& runs, std::string_view text);

}  // namespace patchbay
