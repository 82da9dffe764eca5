#pragma once
// What undoing one applied patch takes (patch -R): only what the patch changed, each hunk with
// the fuzz it needed. A hunk that was already applied, or a section whose result was not used
// (a created file that was already there), changed nothing, so the undo leaves it out; a patch
// that changed nothing has nothing to undo and so cannot fail to reverse.

#include <vector>

#include "patches/diff_model.hpp"
#include "patches/file_patcher.hpp"
#include "series/series_report.hpp"

namespace patchbay {

struct PatchUndo {
    PatchFile patch;  // turned round: sections last first, old and new swapped
    std::vector<PatchOptions> section_options;  // one per section of `patch`
};

// `report` is the report of `patch` as it applied (status applied). Copy sections are left
// out, as in reversed(): undoing a copy is deleting its target, which the caller does.
PatchUndo undo_of(const PatchFile& patch, const PatchReport& report);

}  // namespace patchbay
