#include "series/series_report.hpp"

#include <algorithm>

namespace patchbay {

const char* to_string(PatchStatus status) {
    switch (status) {
        case PatchStatus::applied:
            return "applied";
        case PatchStatus::rejected:
            return "rejected";
        case PatchStatus::skipped:
            return "skipped";
        case PatchStatus::failed:
            return "failed";
    }
    return "failed";
}

std::string reason_of(const Problem& problem) {
    if (problem.details.empty()) return problem.message;
    return problem.message + ": " + problem.details.front();
}

namespace {

void count_status(Totals& totals, PatchStatus status) {
    ++totals.entries;
    switch (status) {
        case PatchStatus::applied:
            ++totals.applied;
            break;
        case PatchStatus::rejected:
            ++totals.rejected;
            break;
        case PatchStatus::skipped:
            ++totals.skipped;
            break;
        case PatchStatus::failed:
            ++totals.failed;
            break;
    }
}

void count_hunk(Totals& totals, const HunkOutcome& hunk) {
    ++totals.hunks;
    switch (hunk.status) {
        case HunkStatus::exact:
            ++totals.exact;
            break;
        case HunkStatus::offset:
            ++totals.offset;
            break;
        case HunkStatus::fuzz:
            ++totals.fuzz;
            break;
        case HunkStatus::rejected:
            ++totals.rejected_hunks;
            break;
        case HunkStatus::already_applied:
            ++totals.already_applied;
            break;
    }
}

void count_patch(Totals& totals, const PatchReport& patch) {
    count_status(totals, patch.status);
    for (const auto& file : patch.files)
        for (const auto& hunk : file.hunks) count_hunk(totals, hunk);
}

const std::vector<IntegrityVerdict>& integrity_checks() {
    static const std::vector<IntegrityVerdict> checks = {
        {"every patch changes the tree", {ProblemKind::vacuous}, 0},
        {"every hunk applies within the fuzz policy", {ProblemKind::rejected}, 0},
        {"no hunk is already applied upstream",
         {ProblemKind::already_applied, ProblemKind::exists},
         0},
        {"every path resolves inside the tree", {ProblemKind::path}, 0},
        {"every patched file exists where it must",
         {ProblemKind::missing_file, ProblemKind::not_empty},
         0},
        {"hunk headers match their bodies", {ProblemKind::header_counts, ProblemKind::parse}, 0},
        {"no text that tools ignore between file sections", {ProblemKind::garbage}, 0},
        {"every file name reads the same to GNU patch", {ProblemKind::spaced_name}, 0},
        {"every binary change carries its data", {ProblemKind::binary}, 0},
        {"no whitespace errors in added lines", {ProblemKind::whitespace}, 0},
        {"series and patches folder agree",
         {ProblemKind::unlisted, ProblemKind::disabled, ProblemKind::missing_patch},
         0},
        {"the series reverses cleanly to the pristine tree", {ProblemKind::reverse}, 0},
    };
    return checks;
}

bool covers(const IntegrityVerdict& verdict, const Problem& problem) {
    return std::find(verdict.kinds.begin(), verdict.kinds.end(), problem.kind) !=
           verdict.kinds.end();
}

void count_into(IntegrityVerdict& verdict, const std::vector<Problem>& problems) {
    for (const auto& problem : problems) {
        if (!covers(verdict, problem)) continue;
        ++verdict.problems;
        if (problem.severity == FindingSeverity::failure) ++verdict.failures;
    }
}

bool any_failure(const std::vector<Problem>& problems) {
    return std::any_of(problems.begin(), problems.end(),
                       [](const Problem& p) { return p.severity == FindingSeverity::failure; });
}

}  // namespace

Totals totals_of(const PatchReport& patch) {
    Totals totals;
    count_patch(totals, patch);
    return totals;
}

Totals SeriesReport::totals() const {
    Totals totals;
    for (const auto& patch : patches) count_patch(totals, patch);
    return totals;
}

std::vector<IntegrityVerdict> SeriesReport::integrity() const {
    auto verdicts = integrity_checks();
    for (auto& verdict : verdicts) {
        count_into(verdict, series_problems);
        for (const auto& patch : patches) count_into(verdict, patch.problems);
    }
    return verdicts;
}

bool SeriesReport::has_failed_patch() const {
    return std::any_of(patches.begin(), patches.end(),
                       [](const PatchReport& p) { return p.status == PatchStatus::failed; });
}

bool SeriesReport::is_negative() const {
    auto totals_now = totals();
    if (totals_now.rejected > 0 || totals_now.rejected_hunks > 0) return true;
    if (any_failure(series_problems)) return true;
    return std::any_of(patches.begin(), patches.end(),
                       [](const PatchReport& p) { return any_failure(p.problems); });
}

void SeriesReport::apply_policy(const FindingPolicy& policy) {
    for (auto& problem : series_problems) problem.severity = policy.severity_of(problem.kind);
    for (auto& patch : patches)
        for (auto& problem : patch.problems) problem.severity = policy.severity_of(problem.kind);
}

}  // namespace patchbay
