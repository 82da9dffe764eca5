#include "tool/exit_status.hpp"

#include <algorithm>

#include "rebase/series_rebase.hpp"
#include "tool/rebase_report_format.hpp"
#include "tool/repro_report_format.hpp"

namespace patchbay {

int exit_status_of(const SeriesReport& report) {
    if (report.has_failed_patch()) return kExitBadInput;
    return report.is_negative() ? kExitNegative : kExitSuccess;
}

int exit_status_of(const AuditReport& report, AuditFailOn fail_on) {
    auto fails = [&](const Finding& finding) {
        if (finding.severity == Severity::note) return false;
        return fail_on == AuditFailOn::all_findings || finding.is_new;
    };
    return std::any_of(report.findings.begin(), report.findings.end(), fails) ? kExitNegative
                                                                              : kExitSuccess;
}

int exit_status_of(RegenerateOutcome outcome) {
    switch (outcome) {
        case RegenerateOutcome::stale:
        case RegenerateOutcome::written_breaking_later:
            return kExitNegative;
        case RegenerateOutcome::up_to_date:
        case RegenerateOutcome::written:
            return kExitSuccess;
    }
    return kExitBadInput;
}

int exit_status_of(const SeriesRebase& rebase) {
    auto failed = [](const PatchRebase& p) { return p.outcome == RebaseOutcome::failed; };
    const auto& patches = rebase.patches;
    if (std::any_of(patches.begin(), patches.end(), failed)) return kExitBadInput;
    auto person = [](const PatchRebase& p) { return needs_person(p); };
    return std::any_of(patches.begin(), patches.end(), person) ? kExitNegative : kExitSuccess;
}

int exit_status_of(const RebaseReport& report) {
    return report.markers.empty() ? exit_status_of(report.rebase) : kExitNegative;
}

int worst_exit_status(const std::vector<int>& statuses) {
    return statuses.empty() ? kExitSuccess : *std::max_element(statuses.begin(), statuses.end());
}

int exit_status_of(const ReproReport& report) {
    auto fails = [](const ReproOutcome& run) { return run.status == ReproStatus::fail; };
    auto no_flip = [](const ArmsRow& row) { return row.verdict != ArmsVerdict::discriminates; };
    auto stopped = [](const BenchRow& row) { return !row.stopped.empty(); };
    if (report.compile_only) {
        auto arm_fails = [&](const ArmsRow& row) { return fails(row.a) || fails(row.b); };
        bool any = std::any_of(report.runs.begin(), report.runs.end(), fails) ||
                   std::any_of(report.arms.begin(), report.arms.end(), arm_fails);
        return any ? kExitNegative : kExitSuccess;
    }
    if (std::any_of(report.runs.begin(), report.runs.end(), fails) ||
        std::any_of(report.arms.begin(), report.arms.end(), no_flip) ||
        std::any_of(report.bench.begin(), report.bench.end(), stopped))
        return kExitNegative;
    return kExitSuccess;
}

std::string all_skipped_reason(const ReproReport& report) {
    std::vector<const ReproOutcome*> outcomes;
    for (const auto& run : report.runs) outcomes.push_back(&run);
    for (const auto& row : report.arms) outcomes.insert(outcomes.end(), {&row.a, &row.b});
    auto skipped = [](const ReproOutcome* o) { return o->status == ReproStatus::skip; };
    if (outcomes.empty() || !std::all_of(outcomes.begin(), outcomes.end(), skipped)) return "";
    return outcomes.front()->detail;
}

}  // namespace patchbay
