#include "rebase/rebase_resume.hpp"

#include <set>

#include "rebase/conflict_markers.hpp"
#include "regenerate/worktree_edits.hpp"
#include "regenerate/worktree_record.hpp"

namespace patchbay {

namespace fs = std::filesystem;

namespace {

// Markers in the file now that its base (the state the conflict was merged onto) did not have.
void find_markers(const WorktreeEdit& edit, std::vector<LeftMarker>& markers) {
    if (!edit.now || edit.now->symlink) return;
    std::vector<std::string_view> own;
    if (edit.base) own.push_back(edit.base->content.view());
    for (auto& marker : leftover_markers(edit.now->content.view(), own))
        markers.push_back({edit.path, marker.line, std::move(marker.text)});
}

}  // namespace

Result<PendingResolution> read_pending(const fs::path& dir, const PendingPatch& pending) {
    auto record = WorktreeRecord::at_commit(dir, pending.base);
    if (!record) return record.error();
    std::set<std::string> owned(pending.paths.begin(), pending.paths.end());
    auto edits = worktree_edits(*record, dir, owned, OutsidePaths::created_and_deleted);
    if (!edits) return edits.error();
    PendingResolution resolution;
    for (const auto& edit : edits->edits) {
        find_markers(edit, resolution.markers);
        resolution.changes.emplace(edit.path, edit.now);
    }
    return resolution;
}

Result<Resolutions> recorded_resolutions(const fs::path& dir, const RebaseState& state) {
    Resolutions resolutions;
    for (const auto& patch : state.resolved) {
        auto record = WorktreeRecord::at_commit(dir, patch.commit);
        if (!record) return record.error();
        TreeChanges& changes = resolutions[patch.name];
        for (const auto& path : patch.paths) {
            auto held = record->base_state(path);
            if (!held) return held.error();
            changes.emplace(path, std::move(*held));
        }
    }
    return resolutions;
}

}  // namespace patchbay
