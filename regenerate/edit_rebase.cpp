#include "regenerate/edit_rebase.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "regenerate/state_merge.hpp"

namespace patchbay {

namespace {

// The merged state of one path whose base moved; nullopt when the edit does not merge.
Result<std::optional<PathState>> merged_state(const WorktreeEdit& edit, const PathState& series) {
    return merge_states(edit.base, series, edit.now);
}

std::string describe(const RebasedPath& path) {
    if (path.changed_by.empty()) return path.path;
    return fmt::format("{} (changed since by {})", path.path, fmt::join(path.changed_by, ", "));
}

Error conflict_error(const std::vector<RebasedPath>& conflicts, const CarryContext& context) {
    std::vector<std::string> parts;
    for (const auto& conflict : conflicts) parts.push_back(describe(conflict));
    return make_error(
        context.worktree, 0,
        fmt::format("the series changed since this worktree was made, and its edit does not "
                    "merge onto the series as it is now: {}; nothing was written. Make a new "
                    "worktree with `patchbay apply --worktree NEW_DIR --upto {}` and carry the "
                    "edit over",
                    fmt::join(parts, "; "), context.name));
}

// Records a path whose base moved: merged and reported, or a conflict.
Status carry_moved(const WorktreeEdit& edit, const PathState& series, const CarryContext& context,
                   CarriedEdits& carried, std::vector<RebasedPath>& conflicts) {
    auto merged = merged_state(edit, series);
    if (!merged) return merged.error();
    bool merged_by_text = merged->has_value() && edit.now != edit.base && edit.now != series;
    if (!merged->has_value() || merged_by_text) {
        auto changed_by = context.drift(edit.path);
        if (!changed_by) return changed_by.error();
        auto& list = merged->has_value() ? carried.rebased : conflicts;
        list.push_back({edit.path, std::move(*changed_by)});
    }
    if (merged->has_value()) carried.changes.push_back({edit.path, series, std::move(**merged)});
    return Ok{};
}

}  // namespace

Result<CarriedEdits> carry_edits(const std::vector<WorktreeEdit>& edits, const TreeState& series,
                                 const CarryContext& context) {
    CarriedEdits carried;
    std::vector<RebasedPath> conflicts;
    for (const auto& edit : edits) {
        auto entry = series.lookup(edit.path);
        if (!entry) return entry.error();
        PathState now = to_state(std::move(entry).value());
        if (edit.base == now) {
            carried.changes.push_back({edit.path, now, edit.now});
            continue;
        }
        if (auto moved = carry_moved(edit, now, context, carried, conflicts); !moved)
            return moved.error();
    }
    if (!conflicts.empty()) return conflict_error(conflicts, context);
    return carried;
}

}  // namespace patchbay
