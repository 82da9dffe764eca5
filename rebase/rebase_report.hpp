#pragma once
// What `rebase` found and did, as plain values (docs/ARCHITECTURE.md §6): each patch's outcome,
// the worktree where a conflict waits for a person (`--worktree`), the markers a `--continue`
// found left, and what `--write` wrote. tool/ renders it.

#include <optional>
#include <string>
#include <vector>

#include "rebase/rebase_resume.hpp"
#include "rebase/series_rebase.hpp"
#include "rebase/upstream_commit.hpp"
#include "rebase/upstreamed_entries.hpp"

namespace patchbay {

struct RebaseWorktree {
    std::string dir;                    // as the user gave it
    std::string pending;                // the patch whose conflict waits there; empty when none
    std::vector<std::string> files;     // the pending patch's conflicting files
    std::vector<std::string> unmarked;  // those of them that hold no markers
};

struct RebaseReport {
    std::string from;  // the upstream the series targets, described
    std::string onto;  // the new one, described
    std::string onto_rev;
    bool continued = false;
    SeriesRebase rebase;
    std::vector<std::optional<UpstreamCommit>> since;  // per patch: what brought it upstream
    std::optional<RebaseWorktree> worktree;
    std::string resolve_with;         // the command that continues
    std::vector<LeftMarker> markers;  // --continue found them: nothing else was done
    std::string pending_name;         // the patch whose files hold those markers
    bool write_asked = false;
    std::optional<std::vector<std::string>> written;  // the patches --write rewrote
    // The patches already upstream that --write took out of the series (or skipped, or
    // deleted, by `upstreamed`).
    std::vector<std::string> upstreamed;
    UpstreamedPolicy upstreamed_policy = UpstreamedPolicy::unlist;
    std::string config_name;  // patchbay.toml, for the message
};

}  // namespace patchbay
