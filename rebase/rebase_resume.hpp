#pragma once
// `rebase --continue` (docs/ARCHITECTURE.md §6): what a person did in the rebase's worktree. The
// patch that stopped the rebase takes the worktree's files as its new change, as `regenerate
// --worktree` takes them (the paths it covers, plus files created or deleted since its base);
// conflict markers left in them stop the rebase again. The patches resolved before are read
// back from the commits the rebase made of their resolutions.

#include <filesystem>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "rebase/rebase_state.hpp"
#include "rebase/series_rebase.hpp"

namespace patchbay {

struct LeftMarker {
    std::string path;
    int line = 0;
    std::string text;
};

struct PendingResolution {
    TreeChanges changes;              // each path and its state on disk now
    std::vector<LeftMarker> markers;  // conflict markers still in them
};

Result<PendingResolution> read_pending(const std::filesystem::path& dir,
                                       const PendingPatch& pending);

// Every resolution the state records, each path as its commit holds it.
Result<Resolutions> recorded_resolutions(const std::filesystem::path& dir,
                                         const RebaseState& state);

}  // namespace patchbay
