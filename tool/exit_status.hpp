#pragma once
// Exit statuses are decided here and nowhere else (docs/ARCHITECTURE.md §2, ripgrep's model).

#include <vector>

#include "checks/audit.hpp"
#include "regenerate/regenerate_session.hpp"
#include "series/series_report.hpp"
#include "tool/report_format.hpp"

namespace patchbay {

constexpr int kExitSuccess = 0;
constexpr int kExitNegative = 1;  // a rejected hunk, fuzz over policy, a failed check
constexpr int kExitBadInput = 2;  // bad input, bad config, internal error

int exit_status_of(const SeriesReport& report);

int exit_status_of(const AuditReport& report, AuditFailOn fail_on);

// What regenerate did (regenerate/regenerate_session.hpp): the file on disk was already right,
// is stale (--check), was rewritten, or was rewritten and now breaks a later patch.
int exit_status_of(RegenerateOutcome outcome);

struct SeriesRebase;
// rebase: bad input in a patch is 2; a patch that needs a person (a conflict, a change already
// upstream that wants a skip entry, lines duplicated upstream, a skip rule that no longer
// holds, a patch that applies to neither upstream) is 1.
int exit_status_of(const SeriesRebase& rebase);
struct RebaseReport;
// The same, and 1 while a --continue finds conflict markers left (nothing else was done).
int exit_status_of(const RebaseReport& report);

// verify: the worst of its sections' statuses (bad input beats a negative result).
int worst_exit_status(const std::vector<int>& statuses);

struct ReproReport;
// A failing reproducer, or with --arms a patch that does not (demonstrably) flip one: 1.
int exit_status_of(const ReproReport& report);

}  // namespace patchbay
