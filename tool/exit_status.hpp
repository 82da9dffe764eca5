#pragma once
// Exit statuses are decided here and nowhere else (DESIGN.md §2, ripgrep's model).

#include "series/series_report.hpp"

namespace patchbay {

constexpr int kExitSuccess = 0;
constexpr int kExitNegative = 1;  // a rejected hunk, fuzz over policy, a failed check
constexpr int kExitBadInput = 2;  // bad input, bad config, internal error

int exit_status_of(const SeriesReport& report);

struct ReproReport;
// A failing reproducer, or with --arms a patch that does not (demonstrably) flip one: 1.
int exit_status_of(const ReproReport& report);

}  // namespace patchbay
