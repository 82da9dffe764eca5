#pragma once
// `regenerate NAME` (docs/ARCHITECTURE.md §6): the new text of patches/NAME from an edited worktree or from
// a fork commit, in the old patch's conventions. Writes nothing; the caller compares (--check)
// or replaces the file (write_atomically).

#include <filesystem>
#include <string>

#include "common/result.hpp"
#include "patches/diff_model.hpp"
#include "series/series_runner.hpp"

namespace patchbay {

struct Regeneration {
    std::string name;
    std::string label;  // "patches/NAME", for messages
    std::filesystem::path patch_path;
    std::string old_text;
    std::string new_text;
    PatchFile old_patch;
    PatchFile new_patch;

    bool stale() const { return old_text != new_text; }
};

// `run` is the series as it applies now (run_series over the whole plan): the state before
// NAME is laid from its steps. NAME must have applied, and `dir` must be its worktree.
Result<Regeneration> regenerate_from_worktree(const SeriesPlan& plan, const PristineSource& source,
                                              const SeriesRun& run, const std::string& name,
                                              const std::filesystem::path& dir);

// From commit `rev` of the fork checkout at `repo`, limited to `directory` (prefix stripped).
Result<Regeneration> regenerate_from_commit(const SeriesPlan& plan, const std::string& name,
                                            const std::filesystem::path& repo,
                                            const std::string& rev, const std::string& directory);

}  // namespace patchbay
