#pragma once
// `regenerate NAME` as one call (docs/ARCHITECTURE.md §6): runs the series, rebuilds NAME from
// a worktree or a fork commit, and either compares (--check) or writes the patch file and says
// what the new text does to the later patches.

#include <optional>
#include <string>

#include "common/result.hpp"
#include "regenerate/regenerate.hpp"
#include "series/series_delta.hpp"
#include "series/series_runner.hpp"
#include "series/series_write.hpp"
#include "source/pristine_source.hpp"

namespace patchbay {

struct RegenerateRequest {
    std::string name;                          // the series entry to rebuild
    std::string worktree;                      // rebuild from this edited worktree, or
    CommitSource commit;                       // from this fork commit (commit.rev not empty)
    bool add_files = false;                    // paths the patch does not touch yet may join it
    std::optional<PatchDialect> dialect = {};  // --dialect: write the patch anew in it
    bool check = false;                        // write nothing; say whether the file is stale
    SeriesWriteBack write_back = {};  // how the patch file is written (not used by --check)
};

// The file on disk was already right, is stale (--check), was rewritten, or was rewritten and
// now breaks a later patch.
enum class RegenerateOutcome { up_to_date, stale, written, written_breaking_later };

struct RegenerateResult {
    Regeneration regeneration;
    RegenerateOutcome outcome = RegenerateOutcome::up_to_date;
    bool checked = false;  // --check: only compared, nothing was to be written
    // After a write: what the new text changed in the later patches' report.
    std::optional<SeriesDelta> later;
};

// `plan` is the command's plan (its `upto` is reset here: --check runs the series up to NAME,
// a write runs it whole, before and after). An Error for bad input; otherwise what happened.
Result<RegenerateResult> run_regenerate_session(SeriesPlan plan, const PristineSource& source,
                                                const RegenerateRequest& request);

}  // namespace patchbay
