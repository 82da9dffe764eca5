#pragma once
// `regenerate NAME` (docs/ARCHITECTURE.md §6): the new text of patches/NAME from an edited worktree
// or from a fork commit, in the old patch's conventions. Writes nothing; the caller compares
// (--check) or replaces the file (write_atomically).

#include <filesystem>
#include <string>

#include "common/result.hpp"
#include "patches/diff_model.hpp"
#include "regenerate/edit_rebase.hpp"
#include "regenerate/patch_rebuild.hpp"
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
    // The worktree's paths whose base another patch changed since the worktree was made, each
    // merged onto the series as it is now (edit_rebase.hpp).
    std::vector<RebasedPath> rebased;
    // Paths changed in the worktree that the patch does not touch, left out of it (without
    // --add-files): named in the report, and stale for --check.
    std::vector<std::string> left_out;

    bool stale() const { return old_text != new_text; }
};

// The entry `name` of the series; an Error when the series does not list it (naming the
// nearest listed name, for a typo) or lists it reversed.
Result<const SeriesEntry*> regenerable_entry(const SeriesPlan& plan, const std::string& name);

// `run` is the series as it applies now (run_series over the plan up to NAME at least): the
// state before NAME is laid from the steps of the entries before it. `dir` is NAME's worktree
// (worktree_record.hpp says which are accepted); an edit made on a base that has moved since is
// merged onto the series now, or refused when it does not merge. Changes to paths the patch
// does not touch join it only with `add_files`; otherwise they are listed in `left_out`.
Result<Regeneration> regenerate_from_worktree(const SeriesPlan& plan, const PristineSource& source,
                                              const SeriesRun& run, const std::string& name,
                                              const std::filesystem::path& dir,
                                              bool add_files = false,
                                              std::optional<PatchDialect> dialect = std::nullopt);

struct CommitSource {
    std::filesystem::path repo;  // the fork checkout (any folder inside it)
    std::string rev;
    std::string directory;  // the upstream directory: paths outside it are left out, its prefix
                            // stripped
    // Whether paths the patch does not touch yet may join it; when false, a commit that changes
    // any is refused with their names.
    bool add_files = false;
};

// From commit `rev` of the fork checkout, against the commit's first parent. `dialect`: as for
// regenerate_from_worktree (rewrite_patch says how).
Result<Regeneration> regenerate_from_commit(const SeriesPlan& plan, const std::string& name,
                                            const CommitSource& commit,
                                            std::optional<PatchDialect> dialect = std::nullopt);

}  // namespace patchbay
