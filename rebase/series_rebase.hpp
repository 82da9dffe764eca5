#pragma once
// `rebase --onto REV` (docs/ARCHITECTURE.md §6): the series carried, patch by patch and in
// memory, from the upstream it targets to a new upstream. Each patch is applied to the new
// upstream with the earlier carried patches; what it takes is its outcome. A patch that no
// longer applies is merged three ways (base: the old upstream with the earlier patches; theirs:
// that state with the patch; ours: the new state), and its new text rebuilt from the merge.
// A patch a person resolved (`rebase --continue`) takes the resolution as its change. Nothing is
// written here.

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "rebase/hunk_carry.hpp"
#include "rebase/name_presence.hpp"
#include "rebase/upstream_presence.hpp"
#include "series/series_runner.hpp"

namespace patchbay {

enum class RebaseOutcome {
    applies,           // as is
    offset,            // at an offset: its text is refreshed
    fuzz,              // with fuzz within the policy: its text is refreshed
    merged,            // did not apply; the three-way merge is clean: its text is rebuilt
    partly_upstream,   // some hunks are already upstream: the rest is kept, the text rebuilt
    already_upstream,  // its whole change is upstream: propose a skip entry
    conflict,          // the merge conflicts: a person resolves it
    resolved,          // a person resolved its conflict: its text is rebuilt from that
    skipped,           // a skip rule; re-checked against the new upstream
    not_applying,      // it applied to neither upstream
    failed,            // bad input
};
const char* to_string(RebaseOutcome outcome);

// Whether the outcome carries the patch to the new upstream with no person involved (its
// duplicates aside, which are reported separately).
bool carried(RebaseOutcome outcome);

struct PatchRebase;
// Whether the patch needs a person before the series is carried: a conflict, a patch that
// applies to neither upstream, added lines the new upstream already has, a skip rule whose
// change is not upstream. A patch already upstream does not: the series drops or skips it.
// The summary and the exit status both say this (tool/exit_status.cpp).
bool needs_person(const PatchRebase& patch);

// What the hunk-by-hunk carry found in a patch that did not merge as a whole
// (rebase/hunk_carry.hpp), for the report.
struct HunkShare {
    int hunks = 0;                  // the hunks looked at one by one
    int upstream = 0;               // of them, already upstream
    int modified = 0;               // of those, in a modified form
    int added = 0;                  // the modified ones' significant added lines
    int present = 0;                // of them, those the new upstream has
    int fuzz = 0;                   // carried with fuzz
    std::vector<std::string> left;  // the conflicting hunks, "path:line" of the new file
};

struct PatchRebase {
    std::string name;
    RebaseOutcome outcome = RebaseOutcome::applies;
    std::string reason;                  // the rejection or skip reason, the bad input
    std::vector<std::string> conflicts;  // paths whose merge conflicts
    // For a conflict: what a person is given to resolve, each path the patch changes as merged,
    // the conflicting ones with conflict markers (state_merge.hpp: conflict_state).
    TreeChanges attempt;
    // The conflicting paths that cannot hold markers (deleted on one side, a symlink, a binary):
    // the attempt has the new state's side there, and the patch's side is for the person.
    std::vector<std::string> unmarked;
    std::vector<DuplicatedLines> duplicates;  // added lines the new upstream already has
    HunkShare share;
    // The names its change brings in and takes out, against the new upstream's files: with some
    // hunks found, what calls a conflicting patch upstream in a modified form
    // (rebase/name_presence.hpp).
    NameShare names;
    bool upstream_by_names = false;
    // Where the patch says it came from, found again in the new upstream (rebase/provenance.hpp):
    // shown, never on its own a reason to call it upstream.
    std::vector<std::string> evidence;
    // The paths upstream moved that the patch was followed to: old path -> new path.
    std::map<std::string, std::string> moved;
    // A skipped patch whose change is not (or no longer) in the new upstream.
    bool skip_not_upstream = false;
    std::filesystem::path patch_path;
    std::string old_text;
    std::optional<std::string> new_text;  // set when the patch file should be rewritten
    std::optional<PatchFile> parsed;      // as read (not reversed), for later lookups
    std::optional<PatchFile> rebuilt;     // its sections rebuilt on the new upstream, if they were
    int strip = 1;
};

struct SeriesRebase {
    std::vector<PatchRebase> patches;
    std::vector<AppliedStep> steps;  // the carried patches' changes over the new upstream
    // The first conflict (an index into `patches`), and how many steps were carried before it:
    // the state a person resolves it on. The patches after it are carried without it.
    std::optional<std::size_t> first_conflict;
    std::size_t steps_before_conflict = 0;
};

// A person's resolution of a patch: each path it changes and the state it leaves.
using Resolutions = std::map<std::string, TreeChanges>;

struct RebaseOptions {
    std::string old_label = "old upstream";  // the conflict markers' names of the two upstreams
    std::string new_label = "new upstream";
    const Resolutions* resolutions = nullptr;
};

// `old_upstream` is the one the series targets now. An Error only for input that stops the
// whole run (the series' own errors are outcomes).
Result<SeriesRebase> rebase_series(const SeriesPlan& plan, const PristineSource& old_upstream,
                                   const PristineSource& new_upstream,
                                   const RebaseOptions& options = {});

}  // namespace patchbay
