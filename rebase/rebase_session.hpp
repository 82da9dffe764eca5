#pragma once
// `rebase --onto REV` as one call (docs/ARCHITECTURE.md §6): carries the series onto REV, leaves
// the first conflict in a worktree for a person, continues from it, and with `write` rewrites
// the patches and the target revision once no conflict is left.

#include <string>

#include "common/result.hpp"
#include "config/config.hpp"
#include "rebase/rebase_report.hpp"
#include "rebase/upstreamed_entries.hpp"
#include "series/series_runner.hpp"
#include "series/series_write.hpp"
#include "source/pristine_source.hpp"

namespace patchbay {

// The series as the command opened it: its configuration, plan and current upstream.
struct RebaseSeries {
    const Config& config;
    const SeriesPlan& plan;
    const PristineSource& source;
    const SeriesWriteBack& write_back;  // how --write writes (series/series_write.hpp)
};

struct RebaseRequest {
    std::string onto;      // the new upstream revision, as the user wrote it
    std::string worktree;  // the folder a conflict is left in, as given; empty when none
    bool write = false;    // rewrite the patches and patchbay.toml's rev when nothing conflicts
    bool continue_rebase = false;  // carry on in `worktree` after a person resolved it
    // What --write does with a patch already upstream (rebase/upstreamed_entries.hpp).
    UpstreamedPolicy upstreamed = UpstreamedPolicy::unlist;
};

// An Error for bad input (an upstream that is no git repository, a worktree that is not this
// rebase's, a series edited since it stopped); otherwise the report, conflicts included.
Result<RebaseReport> run_rebase_session(const RebaseSeries& series, const RebaseRequest& request);

}  // namespace patchbay
