#pragma once
// `repro` on a series (docs/ARCHITECTURE.md §7): the series applied, its result tree written
// (or the two trees of --arms, before and after one patch), each reproducer built and run on
// them, and with --bench the paired timings. The command picks the reproducers and renders.

#include <functional>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "config/config.hpp"
#include "kernels/repro_options.hpp"
#include "kernels/repro_report.hpp"
#include "series/series_runner.hpp"
#include "source/pristine_source.hpp"

namespace patchbay {

// The series as the command opened it.
struct ReproSeries {
    const SeriesPlan& plan;
    const PristineSource& source;
};

// What is under way, for a progress line: builds and runs take seconds each (either callback
// may be empty).
struct ReproRun {
    std::function<void(const std::string&)> status;
    Progress series_progress;

    void show(const std::string& what) const {
        if (status) status(what);
    }
};

// The [[repro]] entries named, in the order named (all of them when `names` is empty); an
// Error for a name no entry has.
Result<std::vector<ReproConfig>> select_repros(const Config& config,
                                               const std::vector<std::string>& names);

// An Error when the series does not apply cleanly, the --arms patch does not apply, or a tree
// cannot be written; a reproducer that fails or cannot be built is in the report.
Result<ReproReport> run_repro_session(const Config& config, const ReproSeries& series,
                                      const ReproOptions& options,
                                      const std::vector<ReproConfig>& repros, const ReproRun& run);

}  // namespace patchbay
