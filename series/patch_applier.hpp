#pragma once
// Applies one parsed patch to the running tree state, all or nothing: the result is a report
// and the changes the patch makes; the caller lays the changes over the state only when the
// patch applied (a rejected patch leaves the state as it was, docs/ARCHITECTURE.md §4).

#include <string>
#include <vector>

#include "patches/diff_model.hpp"
#include "patches/file_patcher.hpp"
#include "series/series_report.hpp"
#include "series/tree_state.hpp"

namespace patchbay {

struct AppliedPatch {
    PatchReport report;   // name, series_line and strip are left for the caller to fill in
    TreeChanges changes;  // complete when report.status == applied
};

// `label` names the patch file in problems ("patches/0003-x.patch"). `expected`, when given,
// holds the states the caller expects the patch to produce: a file that comes out exactly so
// shares the expected text instead of a copy (undoing a patch to check it reverses).
AppliedPatch apply_patch(const TreeState& state, const PatchFile& patch, int strip,
                         const PatchOptions& options, const std::string& label,
                         const TreeChanges* expected = nullptr);

// The same with options per file section (section_options[i] for patch.files[i]).
AppliedPatch apply_patch(const TreeState& state, const PatchFile& patch, int strip,
                         const std::vector<PatchOptions>& section_options, const std::string& label,
                         const TreeChanges* expected = nullptr);

// The tree paths apply_patch reads files from (modified, renamed, copied and deleted ones), in
// order, for reading them ahead; paths it would refuse are left out.
std::vector<std::string> source_paths(const PatchFile& patch, int strip);

// The tree paths apply_patch may look up for `patch` or for the patch turned round: both names
// of each section (it looks up the folders above them too).
std::vector<std::string> lookup_paths(const PatchFile& patch, int strip);

// The same patch undone: sections in reverse order, old and new swapped (patch -R). Copy
// sections are left out: undoing a copy is deleting its target, which the caller does.
PatchFile reversed(const PatchFile& patch);
// One section undone: old and new swapped, hunks turned round.
FileDiff reversed_section(const FileDiff& file);

}  // namespace patchbay
