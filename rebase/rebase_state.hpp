#pragma once
// What a `rebase --worktree DIR` that stopped at a conflict keeps in DIR/.git, so that
// `rebase --continue` carries on from there (docs/ARCHITECTURE.md §6): the revisions, the patches
// DIR has a commit for, the patches a person resolved (the commit that holds each resolution and
// the paths it covers), and the patch waiting for a person. Its presence is what makes DIR the
// rebase's own: any other folder is never written to. One record a line, fields split by tabs.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"

namespace patchbay {

// The file's name inside the worktree's git folder.
inline constexpr const char* kRebaseStateFile = "patchbay-rebase";

struct ResolvedPatch {
    std::string name;
    std::string commit;  // the worktree commit that holds the resolution
    std::vector<std::string> paths;
};

struct PendingPatch {
    std::string name;
    std::string base;  // the worktree commit its files were merged onto
    std::vector<std::string> paths;
};

struct PatchPrint {
    std::string name;
    std::string sha256;  // of the patch file as the rebase read it
};

struct RebaseState {
    std::string onto;  // as the user gave it
    std::string onto_commit;
    std::string from_commit;             // the revision the series targeted
    std::vector<PatchPrint> series;      // the series the rebase started from
    std::vector<std::string> committed;  // the patches DIR has a commit for, in order
    std::vector<ResolvedPatch> resolved;
    std::optional<PendingPatch> pending;
};

std::string format_rebase_state(const RebaseState& state);

// An Error (with `label` and the line) for a record it does not know or a field missing.
Result<RebaseState> parse_rebase_state(std::string_view text, const std::string& label);

}  // namespace patchbay
