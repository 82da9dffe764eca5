// The exit statuses of every command (docs/ARCHITECTURE.md §2): 0 success, 1 a negative result,
// 2 bad input. Each report is built by hand with the one thing that decides its status.

#include "tool/exit_status.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "kernels/repro_report.hpp"
#include "rebase/rebase_report.hpp"
#include "tool/repro_report_format.hpp"

namespace patchbay {
namespace {

PatchReport entry(PatchStatus status, std::vector<HunkStatus> hunks = {}) {
    PatchReport patch;
    patch.name = "p.patch";
    patch.status = status;
    FileReport file;
    file.path = "f.py";
    for (std::size_t i = 0; i < hunks.size(); ++i)
        file.hunks.push_back({static_cast<int>(i + 1), hunks[i], 1, 0, 0});
    patch.files.push_back(file);
    return patch;
}

Problem problem(ProblemKind kind, FindingSeverity severity) {
    Problem p{kind, "message", "patches/p.patch", 1};
    p.severity = severity;
    return p;
}

TEST(SeriesExitStatus, CleanSeriesIsZero) {
    SeriesReport report;
    report.patches = {entry(PatchStatus::applied, {HunkStatus::exact, HunkStatus::offset}),
                      entry(PatchStatus::skipped)};
    EXPECT_EQ(exit_status_of(report), kExitSuccess);
    EXPECT_EQ(exit_status_of(SeriesReport{}), kExitSuccess);
}

TEST(SeriesExitStatus, ARejectedHunkIsNegative) {
    SeriesReport report;
    report.patches = {entry(PatchStatus::applied, {HunkStatus::exact}),
                      entry(PatchStatus::rejected, {HunkStatus::exact, HunkStatus::rejected})};
    EXPECT_EQ(exit_status_of(report), kExitNegative);
}

TEST(SeriesExitStatus, AFailingProblemIsNegativeAWarningIsNot) {
    SeriesReport report;
    report.patches = {entry(PatchStatus::applied, {HunkStatus::exact})};
    report.patches[0].problems.push_back(
        problem(ProblemKind::whitespace, FindingSeverity::warning));
    report.series_problems.push_back(problem(ProblemKind::unlisted, FindingSeverity::warning));
    EXPECT_EQ(exit_status_of(report), kExitSuccess);
    report.series_problems.push_back(problem(ProblemKind::reverse, FindingSeverity::failure));
    EXPECT_EQ(exit_status_of(report), kExitNegative);
}

TEST(SeriesExitStatus, AFailedEntryIsBadInputWhateverElse) {
    SeriesReport report;
    report.patches = {entry(PatchStatus::rejected, {HunkStatus::rejected}),
                      entry(PatchStatus::failed)};
    EXPECT_EQ(exit_status_of(report), kExitBadInput);
}

Finding finding(Severity severity, bool is_new) {
    Finding f;
    f.rule = "r";
    f.severity = severity;
    f.is_new = is_new;
    return f;
}

TEST(AuditExitStatus, NoFindingsIsZero) {
    EXPECT_EQ(exit_status_of(AuditReport{}, AuditFailOn::all_findings), kExitSuccess);
    EXPECT_EQ(exit_status_of(AuditReport{}, AuditFailOn::new_findings), kExitSuccess);
}

TEST(AuditExitStatus, AnErrorOrWarningFailsANoteNever) {
    for (auto severity : {Severity::error, Severity::warning}) {
        AuditReport report;
        report.findings = {finding(severity, false)};
        EXPECT_EQ(exit_status_of(report, AuditFailOn::all_findings), kExitNegative);
    }
    AuditReport notes;
    notes.findings = {finding(Severity::note, true), finding(Severity::note, false)};
    EXPECT_EQ(exit_status_of(notes, AuditFailOn::all_findings), kExitSuccess);
    EXPECT_EQ(exit_status_of(notes, AuditFailOn::new_findings), kExitSuccess);
}

TEST(AuditExitStatus, FailOnNewIgnoresExistingFindings) {
    AuditReport report;
    report.findings = {finding(Severity::error, false)};
    EXPECT_EQ(exit_status_of(report, AuditFailOn::new_findings), kExitSuccess);
    report.findings.push_back(finding(Severity::warning, true));
    EXPECT_EQ(exit_status_of(report, AuditFailOn::new_findings), kExitNegative);
}

// Suppressed and fixed findings are reported, never counted in the status.
TEST(AuditExitStatus, SuppressedAndFixedFindingsDoNotFail) {
    AuditReport report;
    report.suppressed = {finding(Severity::error, true)};
    report.fixed = {finding(Severity::error, false)};
    EXPECT_EQ(exit_status_of(report, AuditFailOn::all_findings), kExitSuccess);
}

TEST(RegenerateExitStatus, StaleOrBreakingALaterPatchIsNegative) {
    EXPECT_EQ(exit_status_of(RegenerateOutcome::up_to_date), kExitSuccess);
    EXPECT_EQ(exit_status_of(RegenerateOutcome::written), kExitSuccess);
    EXPECT_EQ(exit_status_of(RegenerateOutcome::stale), kExitNegative);
    EXPECT_EQ(exit_status_of(RegenerateOutcome::written_breaking_later), kExitNegative);
}

PatchRebase carried_as(RebaseOutcome outcome) {
    PatchRebase patch;
    patch.name = "p.patch";
    patch.outcome = outcome;
    return patch;
}

int rebase_status(std::vector<PatchRebase> patches) {
    SeriesRebase rebase;
    rebase.patches = std::move(patches);
    return exit_status_of(rebase);
}

TEST(RebaseExitStatus, PatchesCarriedWithoutAPersonAreZero) {
    EXPECT_EQ(rebase_status({}), kExitSuccess);
    EXPECT_EQ(
        rebase_status({carried_as(RebaseOutcome::applies), carried_as(RebaseOutcome::offset),
                       carried_as(RebaseOutcome::fuzz), carried_as(RebaseOutcome::merged),
                       carried_as(RebaseOutcome::partly_upstream),
                       carried_as(RebaseOutcome::resolved), carried_as(RebaseOutcome::skipped)}),
        kExitSuccess);
}

TEST(RebaseExitStatus, APatchThatNeedsAPersonIsNegative) {
    for (auto outcome : {RebaseOutcome::conflict, RebaseOutcome::not_applying})
        EXPECT_EQ(rebase_status({carried_as(RebaseOutcome::applies), carried_as(outcome)}),
                  kExitNegative)
            << to_string(outcome);
    auto duplicating = carried_as(RebaseOutcome::applies);
    duplicating.duplicates.push_back({"g.txt", 1, 6, 7});
    EXPECT_EQ(rebase_status({duplicating}), kExitNegative);
    auto stale_skip = carried_as(RebaseOutcome::skipped);
    stale_skip.skip_not_upstream = true;
    EXPECT_EQ(rebase_status({stale_skip}), kExitNegative);
}

// The summary says "0 need a person": --write takes such a patch out of the series.
TEST(RebaseExitStatus, APatchAlreadyUpstreamNeedsNoPerson) {
    EXPECT_EQ(rebase_status({carried_as(RebaseOutcome::applies),
                             carried_as(RebaseOutcome::already_upstream)}),
              kExitSuccess);
}

TEST(RebaseExitStatus, BadInputInAPatchWinsOverAConflict) {
    EXPECT_EQ(
        rebase_status({carried_as(RebaseOutcome::conflict), carried_as(RebaseOutcome::failed)}),
        kExitBadInput);
}

TEST(RebaseExitStatus, MarkersLeftAtAContinueAreNegative) {
    RebaseReport report;
    report.rebase.patches = {carried_as(RebaseOutcome::applies)};
    EXPECT_EQ(exit_status_of(report), kExitSuccess);
    report.markers.push_back({"e.txt", 10, "<<<<<<< v2"});
    EXPECT_EQ(exit_status_of(report), kExitNegative);
    // Without markers the report's status is its rebase's.
    report.markers.clear();
    report.rebase.patches.push_back(carried_as(RebaseOutcome::failed));
    EXPECT_EQ(exit_status_of(report), kExitBadInput);
}

TEST(WorstExitStatus, BadInputBeatsNegativeBeatsSuccess) {
    EXPECT_EQ(worst_exit_status({}), kExitSuccess);
    EXPECT_EQ(worst_exit_status({0, 0}), kExitSuccess);
    EXPECT_EQ(worst_exit_status({0, 1, 0}), kExitNegative);
    EXPECT_EQ(worst_exit_status({1, 2, 0}), kExitBadInput);
    EXPECT_EQ(worst_exit_status({2, 1}), kExitBadInput);
}

ReproOutcome run_with(ReproStatus status, std::string detail = "") {
    ReproOutcome run;
    run.name = "r";
    run.status = status;
    run.detail = std::move(detail);
    return run;
}

ArmsRow arms_row(ArmsVerdict verdict, ReproStatus a = ReproStatus::fail,
                 ReproStatus b = ReproStatus::ok) {
    ArmsRow row;
    row.name = "r";
    row.a = run_with(a);
    row.b = run_with(b);
    row.verdict = verdict;
    return row;
}

TEST(ReproExitStatus, AFailingRunIsNegativeASkippedOneIsNot) {
    ReproReport report;
    report.runs = {run_with(ReproStatus::ok), run_with(ReproStatus::skip)};
    EXPECT_EQ(exit_status_of(report), kExitSuccess);
    report.runs.push_back(run_with(ReproStatus::fail));
    EXPECT_EQ(exit_status_of(report), kExitNegative);
}

TEST(ReproExitStatus, ArmsMustDiscriminate) {
    ReproReport report;
    report.arms = {arms_row(ArmsVerdict::discriminates)};
    EXPECT_EQ(exit_status_of(report), kExitSuccess);
    for (auto verdict : {ArmsVerdict::no_flip, ArmsVerdict::undetermined}) {
        report.arms = {arms_row(ArmsVerdict::discriminates), arms_row(verdict)};
        EXPECT_EQ(exit_status_of(report), kExitNegative) << to_string(verdict);
    }
}

TEST(ReproExitStatus, ABenchThatStoppedIsNegative) {
    ReproReport report;
    report.bench.push_back(BenchRow{});
    report.bench[0].name = "timed";
    EXPECT_EQ(exit_status_of(report), kExitSuccess);
    report.bench[0].stopped = "the reproducer printed no median_ms";
    EXPECT_EQ(exit_status_of(report), kExitNegative);
}

// Nothing ran (--compile-only): only a build that failed counts, on either arm; that the arms
// cannot discriminate without a run is no failure.
TEST(ReproExitStatus, CompileOnlyCountsOnlyFailedBuilds) {
    ReproReport report;
    report.compile_only = true;
    report.arms = {arms_row(ArmsVerdict::undetermined, ReproStatus::ok, ReproStatus::ok)};
    EXPECT_EQ(exit_status_of(report), kExitSuccess);
    report.arms = {arms_row(ArmsVerdict::undetermined, ReproStatus::ok, ReproStatus::fail)};
    EXPECT_EQ(exit_status_of(report), kExitNegative);
    report.arms.clear();
    report.runs = {run_with(ReproStatus::fail)};
    EXPECT_EQ(exit_status_of(report), kExitNegative);
}

TEST(AllSkippedReason, TheFirstReasonWhenEveryRunSkipped) {
    ReproReport report;
    EXPECT_EQ(all_skipped_reason(report), "");  // nothing to run is not "skipped"
    report.runs = {run_with(ReproStatus::skip, "no GPU: nvidia-smi not found"),
                   run_with(ReproStatus::skip, "no CUDA device")};
    EXPECT_EQ(all_skipped_reason(report), "no GPU: nvidia-smi not found");
    report.runs.push_back(run_with(ReproStatus::ok));
    EXPECT_EQ(all_skipped_reason(report), "");
}

TEST(AllSkippedReason, BothArmsOfEveryRowCount) {
    ReproReport report;
    report.arms = {arms_row(ArmsVerdict::undetermined, ReproStatus::skip, ReproStatus::skip)};
    report.arms[0].a.detail = "no GPU";
    EXPECT_EQ(all_skipped_reason(report), "no GPU");
    report.arms[0].b.status = ReproStatus::fail;
    EXPECT_EQ(all_skipped_reason(report), "");
}

}  // namespace
}  // namespace patchbay
