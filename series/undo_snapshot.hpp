#pragma once
// Whether undoing one applied patch gives back the state before it. The series runner asks
// this of every patch as it applies (see series_runner.cpp), and answers it on a thread of its
// own while later patches apply: so the check works on a snapshot, taken when the patch
// applied, of every path the undo can look at.

#include <map>
#include <memory>
#include <string>

#include "patches/diff_model.hpp"
#include "series/patch_undo.hpp"
#include "series/path_snapshot.hpp"
#include "series/tree_state.hpp"

namespace patchbay {

struct UndoSnapshot {
    std::shared_ptr<const PatchFile> patch;  // as it applied (not yet turned round)
    std::shared_ptr<const PatchUndo> undo;   // what undoing it takes (series/patch_undo.hpp)
    int strip = 1;
    std::string label;
    TreeChanges before;  // at each path the patch changed
    PathSnapshot after;  // at each path the undo may look up, and the folders above them
};

// Takes what the check needs: `state` is the running state right after `patch` applied,
// `before` what it held at each changed path before.
UndoSnapshot capture_undo_snapshot(const TreeState& state, std::shared_ptr<const PatchFile> patch,
                                   std::shared_ptr<const PatchUndo> undo, int strip,
                                   std::string label, TreeChanges before);

// False also when the undo looked at a path the snapshot does not hold: the caller then
// undoes the series for real, which decides.
bool undoes_cleanly(const UndoSnapshot& check);

}  // namespace patchbay
