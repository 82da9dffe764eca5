#pragma once
// What a regenerated patch does to the rest of the series: the rows of check-series that
// changed for the patches after it (docs/ARCHITECTURE.md §6).

#include <optional>
#include <string>
#include <vector>

#include "series/series_report.hpp"

namespace patchbay {

struct HunkDelta {
    std::string patch;
    std::string path;
    HunkOutcome before;
    HunkOutcome after;
};

struct PatchDelta {
    std::string patch;
    PatchStatus before = PatchStatus::applied;
    PatchStatus after = PatchStatus::applied;
    std::string reason;  // the new reason, when not applied
};

struct SeriesDelta {
    std::vector<PatchDelta> patches;  // status changes
    std::vector<HunkDelta> hunks;     // hunk rows that changed
    int now_offset = 0, now_fuzz = 0, now_rejected = 0;
    bool newly_broken = false;  // a later patch applied before and does not now

    bool empty() const { return patches.empty() && hunks.empty(); }
};

// Compares the entries after `name` in two runs of the same series.
SeriesDelta later_changes(const SeriesReport& before, const SeriesReport& after,
                          const std::string& name);

}  // namespace patchbay
